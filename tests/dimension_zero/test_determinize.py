"""determinize re-deals each owner's own cards and the opponent's hand (the view, rng determinism and
playability of a sample: tests/conformance/test_capabilities.py)."""
import random

from engine.core import Rng
from tests.positions import midgame as random_midgame
from tests.dimension_zero.table import GAME


def midgame(variant, i, steps=120):
    return random_midgame(GAME, variant, 2, b"det-%d" % i, steps, random.Random(i))


def test_each_owners_cards_are_kept_and_the_opponents_hand_moves():
    moved = 0
    for variant in ("first-century", "touhou", "touhou-instant"):
        for i in range(4):
            state = midgame(variant, i)
            for seat in (0, 1):
                sample = GAME.determinize(state, seat, Rng(b"k%d" % i))
                for owner in (0, 1):
                    mine = lambda s: sorted(k for c, k in s["cards"].items() if c.startswith(f"{owner}-"))
                    assert mine(sample) == mine(state)                       # the same cards, re-dealt
                opp = state["players"][1 - seat]["hand"]
                moved += [sample["cards"][c] for c in opp] != [state["cards"][c] for c in opp]
    assert moved > 6
