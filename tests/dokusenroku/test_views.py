"""Hidden information: hands, decks, removed cards, face-down supports (戦闘の流れ Ⅰ-Ⅱ) — seed 002."""
import json

from tests.dokusenroku.table import GAME, Table, of_type, one, owned, position


def test_a_seat_sees_its_own_hand_only_and_spectators_none():
    t = Table(seats=3)
    for seat in (0, 1, 2, None):
        players = t.view(seat)["players"]
        for p in players:
            assert p["hand_count"] == 6
            assert (p["hand"] == t.hand(p["seat"])) if p["seat"] == seat else p["hand"] is None


def test_deal_and_draws_are_hidden_from_the_other_seats():
    t = Table(seats=2)
    dealt = of_type(t.events, "CardsDealt")[1]
    assert GAME.redact(dealt, 1).data["cards"] == dealt.data["cards"]
    for seat in (0, None):
        assert GAME.redact(dealt, seat).data == {"seat": 1, "pile": 0, "cards_count": 5}
    seat = t.state["active"]
    drawn = one(t.act(seat, {"type": "draw"}), "CardDrawn")
    assert GAME.redact(drawn, seat).data["card"] == drawn.data["card"]
    assert "card" not in GAME.redact(drawn, 1 - seat).data and "card" not in GAME.redact(drawn, None).data


def test_nobody_sees_the_deck_order():
    t = Table(seats=2)
    shuffled = one(t.events, "DeckShuffled")
    deck = set(t.state["piles"][0]["deck"])
    for seat in (0, 1, None):
        assert GAME.redact(shuffled, seat).data == {"pile": 0, "order_count": 66}
        shown = json.dumps(t.view(seat), ensure_ascii=False)
        assert not [c for c in deck if f'"{c}"' in shown]


def test_an_analysis_position_hides_hands_and_decks():
    t = Table(position(hands=[["C01a"], ["C02a", "C03a"]], decks=[["C04a", "C05a"]]))
    pos = one(t.events, "PositionSet")
    assert GAME.redact(pos, 0).data["hands"] == [["C01a"], 2]
    assert GAME.redact(pos, None).data["hands"] == [1, 2] and GAME.redact(pos, None).data["decks"] == [2]


def test_revealed_supports_and_the_battle_are_public():
    t = Table(position(hands=[["C20a", "C13a"], ["X00b"]], lands={"L04": owned(1, "C10a")}, money=[100, 0]))
    t.act(0, {"type": "roll"}, dice=[5])
    t.act(0, {"type": "invade", "card": "C20a", "support": "C13a"})
    assert t.view(None)["battle"]["attacker"] == "C20a"                    # the character is played face up
    assert t.view(None)["battle"]["supports"] == {"invader": None, "defender": None}
    assert t.view(None)["battle"]["committed"] == {"invader": True, "defender": False}
    events = t.act(1, {"type": "support", "card": "X00b"})
    committed = of_type(events, "SupportCommitted")[0]
    assert GAME.redact(committed, 0).data == {"seat": 1, "role": "defender", "face_down": True}
    for e in of_type(events, "SupportRevealed"):
        assert GAME.redact(e, None) == e
    assert GAME.redact(one(events, "BattleResolved"), None).data["supports"] == {"invader": "C13a", "defender": "X00b"}
