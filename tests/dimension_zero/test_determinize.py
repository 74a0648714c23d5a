"""determinize keeps what a seat can see and re-deals only what it cannot."""
import random

from engine.core import Rng, play
from tests.positions import midgame as random_midgame
from tests.dimension_zero.table import GAME


def midgame(variant, i, steps=120):
    return random_midgame(GAME, variant, 2, b"det-%d" % i, steps, random.Random(i))


def test_view_is_unchanged_and_hidden_cards_move():
    moved = 0
    for variant in ("first-century", "touhou", "touhou-instant"):
        for i in range(4):
            state = midgame(variant, i)
            for seat in (0, 1):
                sample = GAME.determinize(state, seat, Rng(b"k%d" % i))
                assert GAME.view(sample, seat) == GAME.view(state, seat)
                for owner in (0, 1):
                    mine = lambda s: sorted(k for c, k in s["cards"].items() if c.startswith(f"{owner}-"))
                    assert mine(sample) == mine(state)                       # the same cards, re-dealt
                opp = state["players"][1 - seat]["hand"]
                moved += [sample["cards"][c] for c in opp] != [state["cards"][c] for c in opp]
    assert moved > 6


def test_a_sample_is_playable():
    state = midgame("touhou", 3)
    seat = GAME.to_act(state)[0]
    sample = GAME.determinize(state, seat, Rng(b"x"))
    for action in GAME.legal_actions(sample, seat)[:20]:
        play(GAME, sample, seat, action, b"seed")
