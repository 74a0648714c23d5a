"""The live ratings: each rated match's end recorded and folded in by the ``Ratings`` reaction once its
last append is stored (docs/ARCHITECTURE.md, "What follows a commit"), and the same figures rebuilt
from scratch (``rewrite``).

One step per end, on the figures of the game and variant as they stand: read the seq, the seats'
figures and whether a later end is already recorded; compute (``model``); write the end, the figures,
the board and the histories in one script that applies only if the seq has not moved
(``storage.ratings.Writes``), else read and compute again. So two matches that end at once are both
counted, once each, one after the other. An end older than one already recorded (the end that
finished first came second) makes the step a rewrite of the game and variant in match-end order:
the figures are always those of the ends folded in match-end order, as a rebuild computes them.
"""
import logging

from engine.core import get_game
from service.application.match.reactions import Reaction
from service.application.match.transcript import records as read_records
from service.application.ratings import model
from service.application.ratings.ends import rated_end
from service.application.ratings.model import Ladder, RatedEnd, order_key
from service.application.storage import ratings as stored

log = logging.getLogger(__name__)
TRIES = 100


def model_of(game_id: str, variant: str) -> str:
    return model.model_for(get_game(game_id).facts.variants[variant].max_seats)


def end_of(store, match_id: str, meta: dict, min_moves: int) -> RatedEnd | None:
    """The match's rated end from its log (None: not rated, or not ended)."""
    if not meta.get("ended"):
        return None
    return rated_end(match_id, list(read_records(store, match_id, int(meta["ended"]))), meta, min_moves)


def record(store, end: RatedEnd) -> str:
    """Fold ``end`` into the live figures once: "counted", "not counted" (recorded, no change),
    "known" (recorded before) or "rewritten" (it came after a later end: all rewritten in order)."""
    for _ in range(TRIES):
        seq = stored.seq(store, end.game, end.variant)
        if stored.has_end(store, end.game, end.variant, end.match_id):
            return "known"
        if stored.ends_after(store, end.game, end.variant, order_key(end)):
            recorded = [model.RatedEnd.from_dict(r["end"]) for r in stored.all_ends(store, end.game, end.variant)]
            if _rewrite(store, end.game, end.variant, [*recorded, end], seq):
                return "rewritten"
            continue
        ladder = Ladder(model_of(end.game, end.variant))
        for who, figure in zip(end.seats, stored.figures(store, end.game, end.variant, end.seats) if end.counts else []):
            if figure is not None:
                ladder.figures[who] = figure
        change = ladder.apply(end)
        writes = stored.Writes(end.game, end.variant)
        writes.end(order_key(end), end.match_id, {"end": end.to_dict(), "change": change})
        for row in change or []:
            writes.figure(row["who"], row["after"])
            writes.history(row["who"], end.match_id)
        if writes.apply(store, seq):
            return "counted" if change else "not counted"
    raise RuntimeError(f"ratings of {end.game}/{end.variant}: {TRIES} tries lost their race")


def _rewrite(store, game: str, variant: str, ends: list, seq: int) -> bool:
    ladder = model.project(model_of(game, variant), ends)
    writes = stored.Writes(game, variant)
    everyone = sorted({who for e in ends for who in e.seats if who})
    writes.clear(everyone)
    for end in sorted(ends, key=order_key):
        change = ladder.changes.get(end.match_id)
        writes.end(order_key(end), end.match_id, {"end": end.to_dict(), "change": change})
        for row in change or []:
            writes.history(row["who"], end.match_id)
    for who, figure in sorted(ladder.figures.items()):
        writes.figure(who, figure)
    return writes.apply(store, seq)


def rewrite(store, game: str, variant: str, ends: list) -> Ladder:
    """Replace the live figures of a game and variant with those of ``ends`` (a rebuild)."""
    for _ in range(TRIES):
        seq = stored.seq(store, game, variant)
        if _rewrite(store, game, variant, ends, seq):
            return model.project(model_of(game, variant), ends)
    raise RuntimeError(f"ratings of {game}/{variant}: {TRIES} tries lost their race")


class Ratings(Reaction):
    """After the append that ends a rated match: its end folded into the ratings (``record``). A
    failure is logged (the reaction's rule); ``kifu ratings verify`` finds the end missing and
    ``kifu ratings rebuild`` puts it in."""

    name = "ratings"

    def __init__(self, min_moves: int):
        self.min_moves = min_moves

    def after(self, store, commit, prepared) -> None:
        if not (commit.ended and commit.meta.get("rated")):
            return
        end = end_of(store, commit.match_id, dict(commit.meta), self.min_moves)
        if end is not None:
            log.info("ratings: %s of %s/%s %s", commit.match_id, end.game, end.variant, record(store, end))
