"""The ratings from scratch: every rated end read again from the match log (``from_log``) or from the
``ratings`` table of an export (``from_export``: no Redis at all), folded in match-end order by the
pure model, and compared with the live figures (``differences``) or written over them (``rewrite``).
``kifu ratings rebuild`` and ``kifu ratings verify`` (service/cli/ratings.py) are these."""
import json
from pathlib import Path

from service.application.ratings import live, model
from service.application.ratings.model import Ladder, RatedEnd
from service.application.storage import listing as indexes
from service.application.storage import ratings as stored



def from_log(store, min_moves: int) -> list[RatedEnd]:
    """Every rated end of the listed ended matches (a rated match is always listed: public, no setup),
    read from each match's records and meta as the live reaction reads it."""
    ends = []
    for _, match_id, meta in indexes.walk(store, indexes.status_index("ended"), ["version", "rated"]):
        if meta is None or not meta.get("rated"):
            continue
        end = live.end_of(store, match_id, store.meta(match_id) or {}, min_moves)
        if end is not None:
            ends.append(end)
    return ends


def export_rows(directory) -> list[dict]:
    """The rows of an export's ``ratings`` table (JSON Lines or Parquet), ``end`` and ``change`` read."""
    folder = Path(directory) / "ratings"
    rows = []
    for path in sorted(folder.glob("*.jsonl")):
        rows += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    for path in sorted(folder.glob("*.parquet")):
        import pyarrow.parquet as pq          # only for a Parquet export
        rows += pq.read_table(path).to_pylist()
    return [{**r, "end": _json(r["end"]), "change": _json(r.get("change"))} for r in rows]


def _json(value):
    return json.loads(value) if isinstance(value, str) else value


def from_export(directory) -> list[RatedEnd]:
    """The ends the ``ratings`` table of an export holds, no store needed."""
    return [RatedEnd.from_dict(r["end"]) for r in export_rows(directory)]


def export_differences(directory, ladders: dict) -> list[str]:
    """How the changes an export recorded (the live figures when it was made) differ from ``ladders``."""
    found = []
    for row in export_rows(directory):
        end = row["end"]
        ladder = ladders.get((end["game"], end["variant"]))
        rebuilt = ladder.changes.get(end["match_id"]) if ladder else None
        if rebuilt != row["change"]:
            found.append(f"{end['game']}/{end['variant']} match {end['match_id']}: exported change "
                         f"{row['change']} rebuilt {rebuilt}")
    return found


def project(ends: list[RatedEnd]) -> dict:
    """(game, variant) -> the Ladder its ends leave, folded in match-end order."""
    by = {}
    for end in ends:
        by.setdefault((end.game, end.variant), []).append(end)
    return {gv: model.project(live.model_of(*gv), group) for gv, group in sorted(by.items())}


def differences(store, ladders: dict) -> list[str]:
    """How the live figures differ from ``ladders`` (none: equal to the last bit), per game and variant:
    a figure, and each counted end's before and after."""
    found = []
    for (game, variant), ladder in ladders.items():
        live_figures = stored.all_figures(store, game, variant)
        for who in sorted(set(live_figures) | set(ladder.figures)):
            if live_figures.get(who) != ladder.figures.get(who):
                found.append(f"{game}/{variant} {who}: live {live_figures.get(who)} rebuilt {ladder.figures.get(who)}")
        recorded = {r["end"]["match_id"]: r["change"] for r in stored.all_ends(store, game, variant)}
        for match_id, change in ladder.changes.items():
            if recorded.get(match_id) != change:
                found.append(f"{game}/{variant} match {match_id}: live change {recorded.get(match_id)} "
                             f"rebuilt {change}")
    return found


def rewrite(store, ends: list[RatedEnd]) -> dict:
    """Write the figures of ``ends`` over the live ones of each game and variant they cover."""
    by = {}
    for end in ends:
        by.setdefault((end.game, end.variant), []).append(end)
    return {gv: live.rewrite(store, *gv, group) for gv, group in sorted(by.items())}


def summary(ladders: dict) -> dict:
    """What a rebuild found, for people and scripts: per game and variant, the ends counted and every
    figure."""
    return {f"{g}/{v}": {"counted": len(ladder.changes), "figures": ladder.figures}
            for (g, v), ladder in ladders.items()}


def same(a: dict, b: dict) -> bool:
    return {k: v.figures for k, v in a.items()} == {k: v.figures for k, v in b.items()}


__all__ = ["from_log", "from_export", "project", "differences", "rewrite", "summary", "same", "Ladder"]
