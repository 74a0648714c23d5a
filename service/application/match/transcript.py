"""A match as JSON Lines: a header, then one event per line, as the caller may see it.

Read page by page from the stream and written as it goes, so an export never holds the match in
memory. When the caller sees the full truth and the seed is revealed, the first event of each batch
also carries ``rng``: the version the batch's rng was keyed with and every draw it made (inputs and
results), which tools/rederive.py re-derives from the seed with nothing but the standard library.
"""
import json

from engine.audit.redecide import redecide
from service.application.match import visibility
from service.application.match.house_rules import in_force
from service.application.match.loading import match_game

FORMAT = "kifu-export/1"
PAGE = 500


def header(match_id: str, game, first, caller, meta: dict) -> dict:
    created = first.event.data
    full = caller.sees_all(meta)
    return {"format": FORMAT, "match_id": match_id, "game": created["game"], "variant": created["variant"],
            "engine_version": created["engine_version"], "cardset_version": created["cardset_version"],
            "seats": created["seats"], "options": created.get("options", {}),
            "rulings": in_force(game, created.get("rulings")),
            "analysis": created.get("analysis", False), "audit_live": meta.get("audit_live") == "1",
            "commitment": created["commitment"],
            "version": int(meta["version"]), "ended": visibility.ended(meta),
            "redacted_for": None if full else caller.label,
            "rng": "HMAC-SHA256(seed, 'kifu-rng:<version>') keys a SHA-256 counter stream; see tools/rederive.py"}


def records(store, match_id: str, until: int, after: int = 0):
    while after < until:
        page = store.read(match_id, after, until, count=PAGE)
        if not page:
            return
        yield from page
        after = page[-1].version


def export_lines(store, match_id: str, caller, meta: dict):
    """Yield the export's lines (each ending in a newline)."""
    game, until = match_game(meta), int(meta["version"])
    first = store.read(match_id, 0, 1)
    yield _line(header(match_id, game, first[0], caller, meta))
    seed = _seed(store, match_id, meta) if caller.sees_all(meta) else None
    done = 0
    if seed is not None:
        for batch in redecide(game, records(store, match_id, until), seed, follow="stored"):
            for i, record in enumerate(batch.records):
                shown = {**visibility.item(game, record, caller, meta), "schema": record.event.schema}
                if i == 0 and batch.draws:
                    shown["rng"] = {"version": batch.rng_version, "draws": batch.draws}
                yield _line(shown)
                done = record.version
    for record in records(store, match_id, until, after=done):   # all of it, unless re-decided above
        shown = visibility.item(game, record, caller, meta)
        if shown is not None:
            yield _line({**shown, "schema": record.event.schema})


def _seed(store, match_id: str, meta: dict) -> bytes | None:
    """The seed, only once the match has revealed it (never for a live auditor mid-match)."""
    return store.secret(match_id) if visibility.ended(meta) else None


def _line(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"
