"""Moving a bot's private copy of a state on with the bot's rng: the compact path (engine.core.advance)."""
from engine.core import Game, advance as after, clone


def advance(game: Game, state: dict, seat: int, action: dict, rng, copy: bool = True) -> dict:
    """The state after ``seat`` takes ``action`` (``state`` itself is left alone unless copy=False,
    when it is used up): the compact path, ``engine.core.advance``."""
    return after(game, clone(state) if copy else state, seat, action, rng)


def actor(game: Game, state: dict) -> int | None:
    """The seat that moves next in a bot's own playout (the lowest one when several may act)."""
    seats = game.to_act(state)
    return min(seats) if seats else None
