"""The games the suite runs over, read from the registry when the tests are collected."""
import pytest

from engine.core import can, list_games
from tests import plaingame, toygame

TEST_ONLY = frozenset({toygame.GAME.id, plaingame.GAME.id})      # registered by tests/conftest.py



def covered() -> list:
    """Every registered game; the test-only toys only if they implement the contract."""
    return [g for g in list_games() if g.id not in TEST_ONLY or can(g, "secrets")]


GAMES = covered()
GAME_IDS = [g.id for g in GAMES]


def variants_of(game) -> list:
    """(variant id, seat counts): two seats, and three where a variant takes them."""
    return [(v.id, [n for n in (2, 3) if v.min_seats <= n <= v.max_seats]) for v in game.variants.values()]


def by_game(ids_per_case):
    """pytest params over (game, *case) for every covered game, ids '<game>-<case id>'."""
    return [pytest.param(g, *case, id=f"{g.id}-{cid}") for g in GAMES for cid, case in ids_per_case(g)]


def secrets(game, state, seat):
    """The game's declared secrets for ``seat``; a clear failure for a game without the hook."""
    if not can(game, "secrets"):
        pytest.fail(f"{game.id} declares no secrets() (engine/core/game.py: Game.secrets)", pytrace=False)
    return game.secrets(state, seat)
