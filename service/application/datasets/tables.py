"""Datasets for analysis tools: the listed matches that have ended, as four tables (``matches``,
``events``, ``decisions``, ``ratings``) in JSON Lines or Parquet. The schema is docs/DATASETS.md; every row
carries ``schema_version`` (and every Parquet file says it in its metadata, ``kifu.schema_version``).

A ``ratings`` table holds one row per rated match (its end and the change the live ratings made).

Only ended matches are exported: their seed is revealed, so their whole truth is public and the
rows hold every event unredacted. A running match is skipped (its hidden cards are nobody's to
export); it is exported by a later run once it has ended (its cursor position is its creation
time, so a resumed run will not see it again: export it with a fresh run or an earlier cursor).
Analysis and private matches are never listed (service.application.match.listing), so never exported.

Streaming: matches are read one at a time from the index, each match's stream page by page and
folded once (a decision's ``view`` and ``legal`` are the seat's view and legal actions in the state
before its command; the fold takes up each stored snapshot as it passes it, exactly as
``EventStore.load`` does for ``GET /state?version=``, so a view is the same JSON, down to the order
of a dict the game builds a list from), rows buffered up to ``ROW_GROUP`` per table and written as one Parquet row
group (or as lines), so memory does not grow with the export. Output layout, one directory per
table so pyarrow, pandas and DuckDB read each as one dataset::

    DIR/manifest.json                       filter, format, counts, the cursor, finished
    DIR/matches/part-00000.parquet          (.jsonl)
    DIR/events/part-00000.parquet
    DIR/decisions/part-00000.parquet

Resumable: every ``part_matches`` matches the open parts are closed and the manifest records the
cursor of the last match they hold. A run given a cursor (``kifu export --cursor``, or the cursor
of the manifest with ``resume``) starts after it with new part files and first deletes part files
the manifest does not list (left by a run that stopped mid-part).
"""
import json
import os
from pathlib import Path

from engine.core import apply, match_outcome
from service.application.match import listing
from service.application.match.transcript import records
from service.application.match.loading import match_game
from service.application.ratings.ends import rated_end
from service.application.storage import listing as indexes
from service.application.storage import ratings as stored_ratings

SCHEMA_VERSION = 1
TABLES = ("matches", "events", "decisions", "ratings")
FORMATS = {"jsonl": "jsonl", "parquet": "parquet"}
ROW_GROUP = 5_000           # rows buffered per table before a Parquet row group is written ...
ROW_GROUP_BYTES = 4 << 20   # ... or this many bytes of text (decisions' views are large): memory stays flat
PART_MATCHES = 1000         # matches per part file (the unit a resumed run may lose)

COLUMNS = {
    "matches": [("schema_version", "int16"), ("match_id", "string"), ("game", "string"),
                ("variant", "string"), ("engine_version", "string"), ("cardset_version", "string"),
                ("seats", "json"), ("outcome", "json"), ("length", "int32"), ("commands", "int32"),
                ("commitment", "string"), ("created_at", "string")],
    "events": [("schema_version", "int16"), ("match_id", "string"), ("version", "int32"),
               ("type", "string"), ("seat", "int16"), ("rule", "string"), ("cause", "int32"),
               ("data", "json"), ("at", "string")],
    "decisions": [("schema_version", "int16"), ("match_id", "string"), ("version", "int32"),
                  ("seat", "int16"), ("view", "json"), ("legal", "json"), ("action", "json")],
    # one row per rated match: its end as the ratings read it from the log (service.application.ratings.ends:
    # who held each seat, the results, the moves, whether it counts and why not) and the change the live
    # ratings made (each seat's figure before and after; null when it did not count) — `kifu ratings
    # verify --from-export DIR` rebuilds the figures from the ends and compares them with the changes
    "ratings": [("schema_version", "int16"), ("match_id", "string"), ("game", "string"), ("variant", "string"),
                ("ended_at", "string"), ("counts", "int16"), ("reason", "string"), ("seats", "json"),
                ("results", "json"), ("end", "json"), ("change", "json")],
}


def dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def match_rows(store, match_id: str, meta: dict, min_moves: int = 2):
    """The rows of one ended match as ``(table, row)`` pairs, folding its stream once: a decision
    row (before its command's events) holds the seat's view and legal actions at the version the
    command was decided at; the ``matches`` row comes last."""
    game = match_game(meta)
    snapshots = {s["version"]: s["state"] for s in store.snapshots(match_id)}
    state, created, bots, decisions, kept = None, None, {}, 0, []
    for record in records(store, match_id, int(meta["version"])):
        event, command = record.event, record.command or {}
        if event.type == "MatchCreated":
            created = event.data
        if created.get("rated"):
            kept.append(record)
        if "action" in command and command.get("seat") is not None:
            seat = command["seat"]
            decisions += 1
            yield "decisions", {"schema_version": SCHEMA_VERSION, "match_id": match_id,
                                "version": record.version - 1, "seat": seat,
                                "view": dumps(game.view(state, seat)),
                                "legal": dumps(list(game.legal_actions(state, seat))),
                                "action": dumps(command["action"])}
        if event.type == "SeatControlled" and event.data.get("by") == "bot" and not event.data.get("stand_in"):
            bots[event.data["seat"]] = event.data["bot"]
        yield "events", {"schema_version": SCHEMA_VERSION, "match_id": match_id, "version": record.version,
                         "type": event.type, "seat": event.seat, "rule": event.rule, "cause": event.cause,
                         "data": dumps(event.data), "at": record.at}
        state = snapshots.pop(record.version, None) or apply(game, state, event)
    seats = [{"name": name, "bot": bots.get(s)} for s, name in enumerate(created["seats"])]
    yield "matches", {"schema_version": SCHEMA_VERSION, "match_id": match_id, "game": created["game"],
                      "variant": created["variant"], "engine_version": str(created["engine_version"]),
                      "cardset_version": str(created["cardset_version"]), "seats": dumps(seats),
                      "outcome": dumps(match_outcome(game, state)), "length": state["version"],
                      "commands": decisions, "commitment": created["commitment"],
                      "created_at": meta.get("created_at")}
    if kept:
        yield from rating_rows(store, match_id, kept, min_moves)


def rating_rows(store, match_id: str, kept: list, min_moves: int):
    """The ``ratings`` row of a rated match: its end read from its records and whole meta, and the change
    the live figures recorded for it."""
    end = rated_end(match_id, kept, store.meta(match_id) or {}, min_moves)
    if end is None:
        return
    recorded = stored_ratings.ends(store, end.game, end.variant, [match_id])[0]
    yield "ratings", {"schema_version": SCHEMA_VERSION, "match_id": match_id, "game": end.game,
                      "variant": end.variant, "ended_at": end.ended_at, "counts": int(end.counts),
                      "reason": end.reason, "seats": dumps(end.seats), "results": dumps(end.results),
                      "end": dumps(end.to_dict()), "change": dumps(recorded["change"] if recorded else None)}


class TableWriter:
    """One table's current part file: lines written as they come (JSON Lines) or rows buffered into
    row groups (Parquet)."""

    def __init__(self, directory: Path, table: str, fmt: str, part: int):
        self.table, self.fmt = table, fmt
        self.name = f"part-{part:05d}.{fmt}"
        self.path = directory / table / self.name
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.rows, self.buffer, self.buffered = 0, [], 0
        if fmt == "jsonl":
            self.out = open(self.path, "w", encoding="utf-8")
        else:
            import pyarrow.parquet as pq      # only for Parquet: heavy to import for every `kifu` command
            self.schema = arrow_schema(table)
            self.out = pq.ParquetWriter(self.path, self.schema, compression="zstd")

    def write(self, row: dict) -> None:
        self.rows += 1
        if self.fmt == "jsonl":
            self.out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
            return
        self.buffer.append(row)
        self.buffered += sum(len(v) for v in row.values() if isinstance(v, str))
        if len(self.buffer) >= ROW_GROUP or self.buffered >= ROW_GROUP_BYTES:
            self.flush()

    def flush(self) -> None:
        if self.fmt == "parquet" and self.buffer:
            import pyarrow as pa              # only for Parquet (see above)
            self.out.write_table(pa.Table.from_pylist(self.buffer, schema=self.schema))
            self.buffer, self.buffered = [], 0

    def close(self) -> dict:
        self.flush()
        self.out.close()
        return {"file": f"{self.table}/{self.name}", "rows": self.rows, "bytes": self.path.stat().st_size}


def arrow_schema(table: str):
    import pyarrow as pa                  # only for Parquet (see TableWriter)
    types = {"string": pa.string(), "json": pa.string(), "int16": pa.int16(), "int32": pa.int32()}
    fields = [pa.field(name, types[kind], nullable=name not in ("schema_version", "match_id"),
                       metadata={"kifu.type": "json"} if kind == "json" else None)
              for name, kind in COLUMNS[table]]
    return pa.schema(fields, metadata={"kifu.schema_version": str(SCHEMA_VERSION), "kifu.table": table})


def read_manifest(directory) -> dict | None:
    path = Path(directory) / "manifest.json"
    return json.loads(path.read_text("utf-8")) if path.exists() else None


def _write_manifest(directory: Path, manifest: dict) -> None:
    tmp = directory / "manifest.json.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, ensure_ascii=False), "utf-8")
    os.replace(tmp, directory / "manifest.json")


def export(store, directory, game=None, variant=None, since=None, fmt: str = "parquet",
           cursor: str | None = None, resume: bool = False, progress=None,
           part_matches: int = PART_MATCHES, min_moves: int = 2) -> dict:
    """Write the dataset of the listed ended matches matching the filter into ``directory``; returns
    the manifest. ``progress(done, total, cursor)`` after each index entry looked at (``total`` is
    the number of index entries the filter's index holds, running matches included)."""
    if fmt not in FORMATS:
        raise ValueError(f"format is one of {', '.join(FORMATS)}")
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    previous = read_manifest(directory)
    spec = {"game": game, "variant": variant, "since": since, "format": fmt}
    if resume and previous is not None:
        cursor = cursor or previous.get("cursor")
    if previous is not None and (cursor is not None or resume):
        if previous["filter"] != spec:
            raise ValueError(f"{directory} holds an export of another filter: {previous['filter']}")
        manifest = previous
    else:
        if previous is not None and previous.get("tables", {}).get("matches", {}).get("files"):
            raise ValueError(f"{directory} already holds an export; resume it (--cursor / --resume) "
                             "or write to an empty directory")
        manifest = {"schema_version": SCHEMA_VERSION, "filter": spec, "cursor": cursor, "finished": False,
                    "matches_exported": 0, "tables": {t: {"rows": 0, "files": []} for t in TABLES}}
    manifest["finished"] = False
    _clean_unlisted(directory, manifest)
    key = indexes.driving_index(game, variant, "ended")
    since_ms = None if since is None else listing.since_score(since)
    total = indexes.count(store, key, since_ms if cursor is None else listing.decode_cursor(cursor)[0])
    part = len(manifest["tables"]["matches"]["files"])
    writers, in_part, done, last = None, 0, 0, cursor
    for score, match_id, meta in listing.walk(store, key, since_ms, cursor):
        if listing.matches_filter(meta, game, variant, "ended"):
            if writers is None:
                writers = {t: TableWriter(directory, t, fmt, part) for t in TABLES}
            for table, row in match_rows(store, match_id, meta, min_moves):
                writers[table].write(row)
            in_part += 1
            manifest["matches_exported"] += 1
        done += 1
        last = listing.encode_cursor(score, match_id)
        if writers is not None and in_part >= part_matches:
            _close_part(directory, manifest, writers, last)
            writers, in_part, part = None, 0, part + 1
        if progress is not None:
            progress(done, max(total, done), last)
    if writers is not None:
        _close_part(directory, manifest, writers, last)
    manifest["cursor"], manifest["finished"] = last, True
    _write_manifest(directory, manifest)
    return manifest


def _close_part(directory: Path, manifest: dict, writers: dict, cursor: str) -> None:
    for table, writer in writers.items():
        closed = writer.close()
        manifest["tables"][table]["rows"] += closed["rows"]
        manifest["tables"][table]["files"].append(closed)
    manifest["cursor"] = cursor
    _write_manifest(directory, manifest)


def _clean_unlisted(directory: Path, manifest: dict) -> None:
    """Delete part files the manifest does not list (a run that stopped before closing them)."""
    for table in TABLES:
        listed = {f["file"] for f in manifest["tables"][table]["files"]}
        folder = directory / table
        if folder.is_dir():
            for path in folder.iterdir():
                if f"{table}/{path.name}" not in listed:
                    path.unlink()
