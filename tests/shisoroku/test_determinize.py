"""determinize (optional platform hook for searching bots): a state the seat cannot tell from the real
one (its view is unchanged), each player's hidden cards re-dealt among that player's hidden zones (the view, rng determinism and playability of a
sample: tests/conformance/test_capabilities.py)."""
import random

from engine.core import Rng
from engine.games.shisoroku.state import all_cards
from tests.positions import midgame as random_midgame
from tests.shisoroku.agent import choose
from tests.shisoroku.table import GAME


def midgame(i, steps=150):
    return random_midgame(GAME, "standard", 3, b"det-%d" % i, steps, random.Random(i), choose)


def test_each_players_cards_are_kept_and_hidden_ones_move():
    moved = 0
    for i in range(8):
        state = midgame(i)
        for seat in range(3):
            sample = GAME.determinize(state, seat, Rng(b"k%d" % i))
            for p, q in zip(sample["players"], state["players"]):
                assert sorted(all_cards(p)) == sorted(all_cards(q))
            mine, real = sample["players"][seat], state["players"][seat]
            assert mine["hand"] == real["hand"] and mine["looking"] == real["looking"]
            moved += any(sample["players"][o]["hand"] != state["players"][o]["hand"] for o in range(3) if o != seat)
    assert moved > 5
