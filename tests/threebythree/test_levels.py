"""中級 (Apprentice), 上級 (Wizard) and セブンメイジ戦 setups and magic rules — seed 003."""
from engine.games.threebythree.cards import MAGIC_DECKS
from engine.games.threebythree.setup import BASIC_MAGIC, MENTORS, OVERLORD_DECK
from tests.threebythree.table import Table, of_type, position


def test_apprentice_deal_mentor_magic_deck_nine_cards():
    """★中級 ○開始前手順: a random 魔法山札 and 師匠 each; 9 cards each; no territories."""
    t = Table(variant="apprentice", options={"first": 0})
    mentors = [p["mentor"] for p in t.state["players"]]
    assert all(m in MENTORS for m in mentors) and mentors[0] != mentors[1]
    decks = [sorted(p["offered_magic"]) for p in t.state["players"]]
    assert all(d in [sorted(v) for v in MAGIC_DECKS.values()] for d in decks) and decks[0] != decks[1]
    assert [len(p["hand"]) for p in t.state["players"]] == [9, 9]
    assert set(t.state["deck"]) | {c for p in t.state["players"] for c in p["hand"]} == set(OVERLORD_DECK)


def test_mulligan_nine_eight_seven_six_then_no_more():
    """・マリガン: all back, reshuffle, one fewer each time; at most 3; the last 6 cannot be chosen from."""
    t = Table(variant="apprentice", options={"first": 0})
    for size in (8, 7, 6):
        t.act(0, {"type": "mulligan"})
        assert len(t.player(0)["hand"]) == size
    assert t.illegal(0, {"type": "mulligan"}).rule == "threebythree/apprentice.mulligan"
    assert len(t.state["deck"]) + 6 + 9 == 40


def test_apprentice_choice_keeps_six_and_three_magic_and_bottoms_the_rest():
    """Keep 6 of 9 and 3 of 4 magic; the unchosen cards of both go under the deck, mixed."""
    t = Table(variant="apprentice", options={"first": 1})
    returned = []
    for seat in (0, 1):
        hand, magic = sorted(t.player(seat)["hand"]), list(t.player(seat)["offered_magic"])
        returned += hand[6:]
        t.act(seat, {"type": "choose", "hand": hand[:6], "magic": magic[:3]})
    assert sorted(t.state["deck"][-6:]) == sorted(returned)
    assert [len(p["territories"]) for p in t.state["players"]] == [0, 0]
    assert len(t.player(1)["hand"]) == 7 and len(t.player(0)["hand"]) == 6    # the first player drew
    assert [len(p["magic"]) for p in t.state["players"]] == [3, 3]


def test_mentor_colour_is_a_requirement_point_for_its_owner_only():
    """○魔法の「師匠」: 瓶詰火霊 (炎) stands in for the 炎 of 火炎弾 (①+炎) — for its owner only."""
    pos = position(units=[["016"], []], magic=[["A01"], ["A05"]], mentors=["001", "038"], deck=["042", "043"])
    t = Table(pos, variant="apprentice")
    t.act(0, {"type": "magic", "card": "A01"})
    assert t.life() == [30, 27]
    pos = position(units=[["016"], []], magic=[["A01"], ["A05"]], mentors=["038", "001"], deck=["042", "043"])
    t = Table(pos, variant="apprentice")
    assert t.illegal(0, {"type": "magic", "card": "A01"}).rule == "threebythree/magic.requirement"


def test_apprentice_each_magic_once_per_turn_but_several_magic():
    """【魔法の基本ルール:中級】: each magic once per turn, so up to three different ones."""
    pos = position(units=[["005", "026"], ["016"]], magic=[["A01", "A11"], []], deck=["042", "043"])
    t = Table(pos, variant="apprentice")
    t.act(0, {"type": "magic", "card": "A01"})
    assert t.illegal(0, {"type": "magic", "card": "A01"}).rule == "threebythree/magic.basic"
    t.act(0, {"type": "magic", "card": "A11"})
    assert t.state["flags"]["magic"] == ["A01", "A11"]


def test_wizard_deal_basic_magic_and_all_48_cards():
    """★上級: 転生 入植 透禍の槍 to each, 4 of the 16 others; 9 of all 48 deck cards each."""
    t = Table(variant="wizard", options={"first": 0})
    offered = [p["offered_magic"] for p in t.state["players"]]
    assert [len(o) for o in offered] == [7, 7]
    assert sorted(offered[0][4:] + offered[1][4:]) == BASIC_MAGIC
    assert len(t.state["deck"]) == 48 - 18
    hand, magic = sorted(t.player(0)["hand"]), offered[0]
    t.act(0, {"type": "choose", "hand": hand[:6], "magic": magic[:3]})
    assert t.illegal(1, {"type": "choose", "hand": sorted(t.player(1)["hand"])[:5], "magic": offered[1][:3]}).rule \
        == "threebythree/wizard.setup"


def test_seven_mage_two_hands_then_seven_magic():
    """・セブンメイジ戦: two 6-card hands, keep one (no mulligan, magic unseen), then 7 magic, keep 3."""
    t = Table(variant="seven-mage", options={"first": 0})
    p0 = t.player(0)
    assert [len(h) for h in p0["offered_hands"]] == [6, 6] and p0["offered_magic"] == []
    assert t.illegal(0, {"type": "mulligan"}).rule == "threebythree/seven-mage.setup"
    kept = list(p0["offered_hands"][1])
    t.act(0, {"type": "choose", "hand": kept})
    assert t.player(0)["hand"] == kept and t.to_act == [1]          # magic waits for both hands
    t.act(1, {"type": "choose", "hand": list(t.player(1)["offered_hands"][0])})
    offered = [p["offered_magic"] for p in t.state["players"]]
    assert [len(o) for o in offered] == [7, 7] and not set(offered[0] + offered[1]) & set(BASIC_MAGIC)
    assert len(t.state["deck"]) == 48 - 12
    for seat in (0, 1):
        t.act(seat, {"type": "choose", "magic": offered[seat][:3]})
    assert t.state["phase"] == "turns" and len(t.player(0)["hand"]) == 7


def test_setup_choices_are_hidden_from_the_other_seat():
    t = Table(variant="wizard", options={"first": 0})
    from tests.threebythree.table import GAME
    dealt = [e for e in t.events if e.type == "CardsDealt"]
    assert all("cards" not in GAME.redact(e, 1 - e.data["to"]).data for e in dealt)
    hand, magic = sorted(t.player(0)["hand"]), t.player(0)["offered_magic"]
    events = t.act(0, {"type": "choose", "hand": hand[:6], "magic": magic[:3]})
    seen = GAME.redact(of_type(events, "SetupChosen")[0], 1).data
    assert seen == {"seat": 0, "territory_count": 0, "magic_count": 3}
