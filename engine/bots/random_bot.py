"""random: a uniformly random option at every step of the choice protocol (engine/core/choices.py),
so every legal move has a chance (the baseline every other bot is measured against)."""
from engine.core import Game
from engine.core.choices import random_action


def choose(game: Game, state: dict, seat: int, rng, budget: dict | None = None) -> dict:
    return random_action(game, state, seat, rng)
