"""A rated match's end as the ratings read it (``model.RatedEnd``), from the match's stored records
and meta: the one function the live reaction, ``kifu ratings rebuild`` and the ``ratings`` dataset
share, so they read the same ends.

Rules (README, "Ratings"):

- a match is rated when its ``MatchCreated`` says ``"rated": true`` (chosen at creation);
- it counts when it has an outcome, every seat is held by a signed-in player (``player:<id>``, bound
  in the meta) or a bot (``bot:<name>``, a ``SeatControlled`` of the table that is no stand-in), no
  one holds two seats, and the seats made at least ``min_moves`` moves (``KIFU_RATING_MIN_MOVES``): a
  match aborted in its first moves — resigned, forfeited or agreed drawn before then — does not count;
- a forfeit on a missed deadline and a resignation are losses for the seats that forfeited or
  resigned, a draw (agreed, or the game's) is a draw: what ``engine.core.match_results`` says each
  seat's result is worth. A stand-in bot playing a seat after a missed deadline plays it for its player.
"""
import json

from engine.core import get_game
from engine.core.outcomes import rewards
from service.application.ratings.model import RatedEnd

TABLE_REASONS = ("forfeit", "resign", "draw_agreed")


def is_rated(first_record) -> bool:
    """The match was created rated (its first record, ``MatchCreated``, says so)."""
    data = first_record.event.data
    return first_record.event.type == "MatchCreated" and bool(data.get("rated")) and not data.get("analysis")


def bot_key(config: dict) -> str:
    """A bot as the ratings know it: its name, and an ismcts bot's budget (a stronger search is
    another player)."""
    budget = config.get("budget") or {}
    return "bot:" + config["bot"] + "".join(f"/{k}={v}" for k, v in sorted(budget.items()))


def results_of(game, outcome: dict, n_seats: int) -> list[float]:
    """Per seat, what the outcome is worth (``engine.core.match_results``, read from the stored outcome)."""
    if outcome.get("reason") in TABLE_REASONS:
        return rewards(outcome, n_seats)
    return list(game.results(outcome, n_seats))


def rated_end(match_id: str, records: list, meta: dict, min_moves: int) -> RatedEnd | None:
    """The end of a rated match from its records up to its end (version ``meta["ended"]``) and its
    meta; None for a match that was not created rated, or has not ended."""
    if not records or not is_rated(records[0]) or not meta.get("ended"):
        return None
    created = records[0].event.data
    game = get_game(created["game"])
    n = len(created["seats"])
    ended = int(meta["ended"])
    upto = [r for r in records if r.version <= ended]
    bots = {}
    for r in upto:
        e = r.event
        if e.type == "SeatControlled" and e.data.get("by") == "bot" and not e.data.get("stand_in"):
            bots[e.data["seat"]] = bot_key(e.data["bot"])
    seats = [bots.get(s) or (f"player:{meta[f'player:{s}']}" if meta.get(f"player:{s}") else None)
             for s in range(n)]
    moves = sum(1 for r in upto if r.command and "action" in r.command and r.command.get("seat") is not None)
    outcome = json.loads(meta["outcome"]) if meta.get("outcome") else None
    reason = None
    if meta.get("continued_in"):
        reason = "continued after a dispute"
    elif outcome is None:
        reason = "no outcome"
    elif None in seats:
        reason = f"seat {seats.index(None)} was not held by a signed-in player or a bot"
    elif len(set(seats)) < n:
        reason = "one player or bot held two seats"
    elif moves < min_moves:
        reason = f"aborted: {moves} moves, fewer than {min_moves}"
    results = results_of(game, outcome, n) if outcome is not None else [0.0] * n
    return RatedEnd(match_id=match_id, game=created["game"], variant=created["variant"], ended_at=upto[-1].at,
                    seats=[s or "" for s in seats], results=[float(x) for x in results], moves=moves,
                    counts=reason is None, reason=reason, outcome=outcome or {})

