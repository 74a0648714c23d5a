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
from datetime import timedelta

from engine.core import get_game
from service.application import clock
from service.application.match.reactions import Reaction
from service.application.match.transcript import records as read_records
from service.application.ratings import model
from service.application.ratings.ends import rated_end
from service.application.ratings.model import Ladder, RatedEnd, order_key
from service.application.storage import ratings as stored

log = logging.getLogger(__name__)
TRIES = 100
SAFETY_SECONDS = 30         # the due rate_match job's delay: the reaction's own ``after`` has done it by then


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
        known = stored.figures(store, end.game, end.variant, end.seats) if end.counts else []
        for who, figure in zip(end.seats, known):
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
    """The append that ends a rated match: before it, a due ``rate_match`` job ``SAFETY_SECONDS`` on
    (recorded with the other due jobs, so a process that dies between the append and ``after`` loses
    nothing: the job folds the end in); after it, the end folded into the ratings at once (``record``;
    the job then finds it "known"). A failure of both is what ``kifu ratings verify`` finds and
    ``kifu ratings rebuild`` mends."""

    name = "ratings"

    def __init__(self, min_moves: int):
        self.min_moves = min_moves

    def before(self, store, commit):
        if commit.ended and commit.meta.get("rated"):
            store.jobs.enqueue("default", "rate_match", commit.match_id, job_id=f"rate-{commit.match_id}",
                               at=clock.now() + timedelta(seconds=SAFETY_SECONDS), keep=86400)
        return None

    def after(self, store, commit, prepared) -> None:
        if commit.ended and commit.meta.get("rated"):
            log.info("ratings: %s %s", commit.match_id, rate_match(store, commit.match_id, self.min_moves))


def rate_match(store, match_id: str, min_moves: int) -> str:
    """Fold an ended rated match's end into the ratings once (the reaction's and the due job's step)."""
    meta = store.meta(match_id) or {}
    end = end_of(store, match_id, meta, min_moves) if meta.get("rated") else None
    return "not rated or not ended" if end is None else record(store, end)
