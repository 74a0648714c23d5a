"""determinize keeps what a seat can see and re-deals only what it cannot."""
import random

from engine.core import Rng, play
from tests.positions import midgame as random_midgame
from tests.threebythree.table import GAME


def midgame(variant, i, steps=60):
    return random_midgame(GAME, variant, 2, b"det-%d" % i, steps, random.Random(i))


def test_view_is_unchanged_and_hidden_cards_move():
    moved = 0
    for variant in ("overlord", "apprentice", "wizard", "seven-mage"):
        for i in range(5):
            state = midgame(variant, i)
            for seat in (0, 1):
                sample = GAME.determinize(state, seat, Rng(b"k%d" % i))
                assert GAME.view(sample, seat) == GAME.view(state, seat)
                cards = lambda s: sorted(c for p in s["players"] for z in ("hand", "territories", "units")
                                         for c in p[z]) + sorted(s["deck"] + s["discard"] + s["leftovers"])
                assert sorted(cards(sample)) == sorted(cards(state))          # the same cards, re-dealt
                moved += sample["players"][1 - seat]["hand"] != state["players"][1 - seat]["hand"]
    assert moved > 10


def test_a_sample_is_playable():
    state = midgame("wizard", 3)
    seat = GAME.to_act(state)[0]
    sample = GAME.determinize(state, seat, Rng(b"x"))
    for action in GAME.legal_actions(sample, seat)[:20]:
        play(GAME, sample, seat, action, b"seed")
