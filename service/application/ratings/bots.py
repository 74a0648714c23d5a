"""Bots' ratings, measured by rated bot-vs-bot simulations: ``POST /simulations`` with ``"rated": true``
(the simulation job path: ``simulate_chunk`` jobs) plays each game as a stored rated match whose seats
are the bots, so the Ratings reaction rates it like any other and a rebuild from the log finds it. The
lobby and quick pairing then know how strong each bot is ("near 1500")."""
from engine.core import ConfigError, get_game
from service.application.match.creating import create_match
from service.application.match.loading import open_match
from service.application.ratings.ends import bot_key
from service.application.turns.dispatch import dispatch


def check(spec: dict) -> None:
    """A rated simulation seats different bots (a bot playing itself rates nothing)."""
    keys = [bot_key(s) for s in spec["seats"]]
    if len(set(keys)) < len(keys):
        raise ConfigError("rated: a rated simulation seats different bots (a bot playing itself rates nothing)",
                          rule="kifu/ratings")


def rated_game(store, spec: dict, index: int, run_jobs) -> dict:
    """Game ``index`` of a rated simulation, stored and played to its end on ``store`` (its bots' moves
    run by ``run_jobs()``: a store whose jobs run in this process); the simulation's record of it."""
    game = get_game(spec["game"])
    seats = [{"name": bot_key(b).partition(":")[2], **b} for b in spec["seats"]]
    created = create_match(store, {"game": game.id, "variant": spec["variant"], "seats": seats, "options": {},
                                   "setup": None, "audit_live": False, "deadline": None, "rated": True})
    dispatch(store.jobs, created.match_id, open_match(store, created.match_id).state)
    run_jobs()
    m = open_match(store, created.match_id)
    outcome = m.outcome()
    results = m.game.results(outcome, len(seats)) if outcome is not None and "reason" not in outcome else None
    winner = outcome.get("winner") if outcome else None
    return {"index": index, "winner": winner, "draw": outcome is not None and winner is None,
            "unfinished": outcome is None, "length": m.version, "cards": [[] for _ in seats],
            "match_id": created.match_id, **({"results": results} if results is not None else {})}
