"""How good a state looks to a seat, in [0, 1] (1: that seat has won).

A game may offer ``evaluate(state, seat)``; it must read only what the seat knows: what
``view(state, seat)`` shows, and what the public record has told it (a deckbuilder's gains and
trashes are public, so 東方祀爭録's evaluation counts each player's owned cards without reading
where they lie). A bot must not learn a hidden card through its evaluation; each game's tests
check that re-dealing what the seat cannot see leaves the value unchanged. Without it, a state
is worth its outcome when the game is over and 0.5 before.
"""
from engine.core import Game, can


def seat_count(state: dict) -> int:
    return len(state["match"]["seats"])


def evaluator(game: Game):
    """``value(state, seat)`` for ``game``: its own heuristic when it has one, else the default."""
    own = game.evaluate if can(game, "evaluate") else None

    def value(state: dict, seat: int) -> float:
        outcome = game.outcome(state)
        if outcome is not None:
            return game.results(outcome, seat_count(state))[seat]
        return own(state, seat) if own is not None else 0.5
    return value


def seats_evaluator(game: Game):
    """``values(state)``: ``value(state, s)`` for every seat, by the game's ``evaluate_seats`` where it
    has one (a position's seat-independent parts worked out once, not once per seat)."""
    value = evaluator(game)
    together = game.evaluate_seats if can(game, "evaluate_seats") else None

    def values(state: dict) -> list[float]:
        if together is not None and game.outcome(state) is None:
            return together(state)
        return [value(state, s) for s in range(seat_count(state))]
    return values
