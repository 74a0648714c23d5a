"""determinize re-deals the same cards and moves the opponent's hand (the view, rng determinism and
playability of a sample: tests/conformance/test_capabilities.py)."""
import random

from engine.core import Rng
from tests.positions import midgame as random_midgame
from tests.threebythree.table import GAME


def midgame(variant, i, steps=60):
    return random_midgame(GAME, variant, 2, b"det-%d" % i, steps, random.Random(i))


def test_the_same_cards_are_re_dealt_and_the_opponents_hand_moves():
    moved = 0
    for variant in ("overlord", "apprentice", "wizard", "seven-mage"):
        for i in range(5):
            state = midgame(variant, i)
            for seat in (0, 1):
                sample = GAME.determinize(state, seat, Rng(b"k%d" % i))
                cards = lambda s: sorted(c for p in s["players"] for z in ("hand", "territories", "units")
                                         for c in p[z]) + sorted(s["deck"] + s["discard"] + s["leftovers"])
                assert sorted(cards(sample)) == sorted(cards(state))          # the same cards, re-dealt
                moved += sample["players"][1 - seat]["hand"] != state["players"][1 - seat]["hand"]
    assert moved > 10
