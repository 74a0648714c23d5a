"""Hidden information: a seat never sees the other's hand, territories or face-down magic; spectators see neither.

Seed 003: the hand is held "相手に見えないように"; territories and magic are face down ("設置したあなたは常時確認可").
"""
from tests.threebythree.table import GAME, Table, position


def started():
    t = Table(position(hands=[["016", "027"], ["040"]], territories=[["011"], ["036", "042"]],
                       units=[["024"], ["005"]], magic=[["A01"], ["A08"]], deck=["043", "044"]))
    return t


def test_a_seat_sees_its_own_secrets_only():
    t = started()
    mine, theirs = GAME.view(t.state, 0)["players"]
    assert mine["hand"] == ["016", "027", "043"] and mine["territories"] == ["011"]
    assert mine["magic"] == [{"card": "A01", "state": "down"}]
    assert theirs["hand"] is None and theirs["hand_count"] == 1
    assert theirs["territories"] is None and theirs["territory_count"] == 2
    assert theirs["magic"] == [{"card": None, "state": "down"}]
    assert [u["card"] for u in theirs["units"]] == ["005"]          # units are public


def test_spectator_sees_no_secret():
    t = started()
    for p in GAME.view(t.state, None)["players"]:
        assert p["hand"] is None and p["territories"] is None and p["magic"][0]["card"] is None


def test_used_magic_is_public():
    t = started()
    t.act(0, {"type": "magic", "card": "A01"})
    assert GAME.view(t.state, 1)["players"][0]["magic"] == [{"card": "A01", "state": "up"}]


def test_events_hide_drawn_cards_and_territories_from_the_other_seat():
    t = started()
    drawn = next(e for e in t.events if e.type == "CardDrawn")
    assert GAME.redact(drawn, 0).data["card"] == "043"
    assert "card" not in GAME.redact(drawn, 1).data and "card" not in GAME.redact(drawn, None).data
    position_set = next(e for e in t.events if e.type == "PositionSet")
    seen_by_1 = GAME.redact(position_set, 1).data
    assert seen_by_1["hands"] == [2, ["040"]] and seen_by_1["deck"] == len(position_set.data["deck"])
    assert seen_by_1["magic"] == [1, ["A08"]]


def test_the_deal_is_secret_even_from_the_dealt_seat_order():
    t = Table()
    shuffled = next(e for e in t.events if e.type == "DeckShuffled")
    for seat in (0, 1, None):
        assert GAME.redact(shuffled, seat).data == {"count": 40}
