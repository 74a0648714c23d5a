"""◇ゲーム準備 and ○初級ルール(オーバーロード戦)開始前手順 — seed 003."""
import pytest

from engine.core import ConfigError
from engine.games.threebythree.setup import OVERLORD_DECK
from tests.threebythree.table import GAME, Table, of_type, position


def test_overlord_sets_aside_the_seed_lists():
    """◇ゲーム準備: 8 deck cards and 14 magic cards are not used at the Overlord level."""
    aside = of_type(Table().events, "CardsSetAside")[0].data
    assert aside["deck"] == ["001", "002", "012", "013", "022", "023", "038", "039"]
    assert aside["magic"] == ["A02", "A03", "A06", "A07", "A09", "A10", "A13", "A15",
                              "A17", "A18", "A19", "A20", "A21", "A22"]


def test_deal_8_and_9_and_two_magic_each():
    t = Table(options={"first": 1})
    assert t.state["first"] == 1
    assert len(t.player(1)["hand"]) == 8 and len(t.player(0)["hand"]) == 9
    assert [len(p["offered_magic"]) for p in t.state["players"]] == [2, 2]
    assert len(t.state["deck"]) == 40 - 17
    assert t.to_act == [0, 1]


def test_first_player_by_lot_depends_on_the_seed_only():
    firsts = {Table(seed=b"seed-%d" % i).state["first"] for i in range(12)}
    assert firsts == {0, 1}
    assert Table(seed=b"same").state["deck"] == Table(seed=b"same").state["deck"]


def test_choose_three_territories_and_one_magic_then_play():
    """Hands of 5 / 6, 3 face-down territories, 1 face-down magic, life 30; the first player draws."""
    t = Table(options={"first": 0})
    for seat in (0, 1):
        p = t.player(seat)
        t.act(seat, {"type": "choose", "territories": sorted(p["hand"])[:3], "magic": p["offered_magic"][0]})
    assert [len(p["territories"]) for p in t.state["players"]] == [3, 3]
    assert [p["magic"][0]["state"] for p in t.state["players"]] == ["down", "down"]
    assert len(t.player(0)["hand"]) == 5 + 1 and len(t.player(1)["hand"]) == 6
    assert t.life() == [30, 30] and t.state["active"] == 0 and t.state["turn"] == 1


def test_bad_choices_are_refused():
    t = Table(options={"first": 0})
    hand, magic = list(t.player(0)["hand"]), t.player(0)["offered_magic"][0]
    bad = t.illegal(0, {"type": "choose", "territories": hand[:2], "magic": magic})
    assert bad.rule == "threebythree/setup.choose"
    bad = t.illegal(0, {"type": "choose", "territories": [hand[0]] * 3, "magic": magic})
    assert bad.rule == "threebythree/setup.choose"
    bad = t.illegal(0, {"type": "choose", "territories": hand[:3], "magic": t.player(1)["offered_magic"][0]})
    assert bad.rule == "threebythree/setup.choose"
    t.act(0, {"type": "choose", "territories": hand[:3], "magic": magic})
    assert t.to_act == [1]
    bad = t.illegal(0, {"type": "choose", "territories": hand[3:6], "magic": magic})
    assert bad.rule == "threebythree/turn.order"


@pytest.mark.parametrize("pos, message", [
    (position(hands=[["007"], ["007"]]), "in both"),
    (position(hands=[["001"], []]), "set aside"),
    (position(hands=[["999"], []]), "not a 3x3Wars deck card"),
    (position(magic=[["A17"], []]), "overlord pool"),
    (position(units=[["045"], []]), "unit"),
    ({"first": 0, "hands": [[], []]}, "missing keys"),
])
def test_analysis_setup_is_validated(pos, message):
    with pytest.raises(ConfigError) as info:
        Table(pos)
    assert message in info.value.message


def test_analysis_setup_keeps_the_given_deck_order_then_the_rest_seeded():
    t = Table(position(hands=[["007"], ["016"]], deck=["040", "027"]))
    assert t.player(0)["hand"] == ["007", "040"]                 # drew the given top card
    assert t.state["deck"][0] == "027" and len(t.state["deck"]) == 40 - 2 - 1
    assert sorted(t.state["deck"] + t.player(0)["hand"] + t.player(1)["hand"]) == OVERLORD_DECK


def test_unknown_options_and_variants_are_refused():
    from engine.core import MatchConfig
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("threebythree", "expert", ["a", "b"], {}))
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("threebythree", "overlord", ["a", "b"], {"colour": "red"}))
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("threebythree", "overlord", ["a"], {}))
