"""determinize re-deals only what a seat cannot see, as what it may be (the view, rng determinism and
playability of a sample in general: tests/conformance/test_capabilities.py)."""
import random

from engine.core import Rng
from engine.games.dokusenroku.cards import can_support
from tests.positions import midgame as random_midgame
from tests.dokusenroku.table import GAME, Table, owned, position


def drawing(state, legal, rng):
    """Random, but always draws when it may (so hands and decks change)."""
    return legal[0] if legal[0]["type"] == "draw" else rng.choice(legal)


def midgame(variant, seats, i, steps):
    return random_midgame(GAME, variant, seats, b"det-%d" % i, steps, random.Random(i), drawing)


def every_card(s):
    cards = [c for p in s["players"] for c in p["hand"]] + [land["character"] for land in s["lands"].values()]
    cards += [c for pile in s["piles"] for z in ("deck", "graveyard", "removed") for c in pile[z]]
    if s["battle"]:
        cards += [s["battle"]["attacker"]] + [c for c in s["battle"]["supports"].values() if c]
    return sorted(cards)


def test_the_same_cards_are_re_dealt_and_other_hands_move():
    moved = 0
    for variant in ("standard", "constructed"):
        for seats in (2, 4):
            for i in range(6):
                state = midgame(variant, seats, i, 25 + 7 * i)
                for seat in range(seats):
                    sample = GAME.determinize(state, seat, Rng(b"k%d" % i))
                    assert every_card(sample) == every_card(state)
                    moved += any(sample["players"][q]["hand"] != state["players"][q]["hand"]
                                 for q in range(seats) if q != seat)
    assert moved > 20


def test_face_down_supports_are_re_dealt_as_supports():
    t = Table(position(hands=[["C20a", "C13a", "C01a", "S06a"], ["X00b", "C11a", "S05a"]],
                       lands={"L04": owned(1, "C10a")}, money=[100, 100]))
    t.act(0, {"type": "roll"}, dice=[5])
    t.act(0, {"type": "invade", "card": "C20a", "support": "C13a"})
    supports = set()
    for k in range(30):
        sample = GAME.determinize(t.state, 1, Rng(b"s%d" % k))
        assert GAME.view(sample, 1) == GAME.view(t.state, 1)
        card = sample["battle"]["supports"]["invader"]
        assert can_support(card) and card not in sample["players"][0]["hand"]
        supports.add(card)
        assert "X00b" in sample["players"][1]["hand"]
    assert len(supports) > 1 and "S06a" not in supports



def test_a_searching_seat_keeps_the_deck_it_is_looking_through():
    t = Table(position(hands=[["S07a"], ["C30a", "C31a"]], decks=[["C01a", "C02a", "C03a", "C04a"]]))
    t.act(0, {"type": "spell", "card": "S07a"})
    for k in range(10):
        sample = GAME.determinize(t.state, 0, Rng(b"q%d" % k))
        assert sorted(sample["piles"][0]["deck"]) == ["C01a", "C02a", "C03a", "C04a"]
        assert sorted(sample["players"][1]["hand"]) == ["C30a", "C31a"]
        other = GAME.determinize(t.state, 1, Rng(b"q%d" % k))
        assert GAME.view(other, 1) == GAME.view(t.state, 1)
