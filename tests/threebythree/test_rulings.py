"""The readings of what seed 003 leaves open (rulings.json, README "Rulings"): each selectable one under
both (every) choices, the fixed ones as kifu plays them, and explain naming the ruling an event
depends on. Line numbers are the seed file's (shared/seeds/003_*.txt)."""
import pytest

from engine.audit.platform_rules import rule_text
from engine.core import ConfigError
from tests.engine_table import assert_protocol_complete
from tests.threebythree.table import GAME, Table, of_type, position, types

W = "wizard"


def ruling_ids(game, rule, event=None, state=None):
    return [r["id"] for r in rule_text(game, rule, event, state).get("rulings", [])]


# ---- ★天写's target (l.757-767, l.841-843, l.1046-1049) --------------------------------------------

def used_own_fire(rulings):
    """Seat 0 turns its 火炎弾 face up in turn 1 and gets its turn 3 with ★天写 (風読み) face down."""
    t = Table(position(units=[["005", "016"], []], magic=[["A14", "A01"], []], deck=["043", "044", "040", "041"]),
              variant=W, rulings=rulings)
    t.act(0, {"type": "magic", "card": "A01"})
    t.next_turn(), t.next_turn()
    return t


def test_tensha_default_copies_only_a_face_down_magic_of_your_own():
    """Summary sheet l.1047-1049 「他の裏側の魔法…をコピー」: a face-up magic is refused, naming the ruling."""
    t = used_own_fire(None)
    refused = t.illegal(0, {"type": "grand", "card": "A14", "copy": "A01"})
    assert refused.rule == "threebythree/grand.天写" and "ruling threebythree/ruling.tensha-target: own-face-down" in refused.message
    assert not any(a.get("copy") == "A01" for a in GAME.legal_actions(t.state, 0))


def test_tensha_own_face_up_copies_your_face_up_magic_not_a_face_down_one():
    """Q&A l.841-843 (横側 is not 表側) read as its premise: ★天写 copies a face-up magic."""
    t = used_own_fire({"tensha-target": "own-face-up"})
    assert {"type": "grand", "card": "A14", "copy": "A01"} in GAME.legal_actions(t.state, 0)
    t.act(0, {"type": "grand", "card": "A14", "copy": "A01"})
    assert [(e.data["seat"], e.data["amount"]) for e in of_type(t.events, "LifeLost")] == [(1, 3), (1, 3)]
    copied = of_type(t.events, "MagicCopied")[0]
    assert copied.data == {"seat": 0, "card": "A01", "by": "A14"}
    t = Table(position(units=[[], ["026"]], magic=[["A14", "A08"], []], deck=["043", "044"]), variant=W,
              rulings={"tensha-target": "own-face-up"})
    assert t.illegal(0, {"type": "grand", "card": "A14", "copy": "A08", "target": "026"}).rule == "threebythree/grand.天写"


def test_tensha_any_face_up_copies_the_opponents_face_up_magic():
    """any-face-up: the opponent's face-up 火炎弾 is used by the ★天写 player, against the opponent."""
    t = Table(position(units=[["005", "016"], []], magic=[["A01"], ["A14", "A13"]], deck=["043", "044"]),
              variant=W, rulings={"tensha-target": "any-face-up"})
    t.act(0, {"type": "magic", "card": "A01"})
    t.act(1, {"type": "pass"})                               # seat 1 does not negate it
    t.next_turn()
    assert t.state["active"] == 1
    hidden = t.illegal(1, {"type": "grand", "card": "A14", "copy": "A13"})     # its own face-down one: refused
    assert hidden.rule == "threebythree/grand.天写"
    t.act(1, {"type": "grand", "card": "A14", "copy": "A01"})
    if t.to_act == [0]:
        t.act(0, {"type": "pass"})                           # seat 0 may negate with its face-up 炎 magic
    assert [(e.data["seat"], e.data["card"]) for e in of_type(t.events, "LifeLost")] == [(1, "A01"), (0, "A01")]
    assert of_type(t.events, "MagicCopied")[0].data == {"seat": 1, "card": "A01", "by": "A14", "owner": 0}
    assert t.player(0)["magic"] == [{"card": "A01", "state": "up"}]


def test_the_choice_protocol_reaches_copies_of_the_opponents_magic():
    t = Table(position(units=[["005", "016"], []], magic=[["A01"], ["A14", "A13"]], deck=["043", "044"]),
              variant=W, rulings={"tensha-target": "any-face-up"})
    t.act(0, {"type": "magic", "card": "A01"})
    t.act(1, {"type": "pass"})
    t.next_turn()
    assert {"type": "grand", "card": "A14", "copy": "A01"} in GAME.legal_actions(t.state, 1)
    assert_protocol_complete(GAME, t.state, 1)


def test_tensha_refuses_the_opponents_face_down_magic_as_it_refuses_no_magic():
    """A hidden magic gets the answer an id that does not exist gets (README "What each seat may know")."""
    t = Table(position(units=[[], []], magic=[["A14"], ["A13"]], deck=["043", "044"]), variant=W,
              rulings={"tensha-target": "any-face-up"})
    hidden = t.illegal(0, {"type": "grand", "card": "A14", "copy": "A13"})
    missing = t.illegal(0, {"type": "grand", "card": "A14", "copy": "A99"})
    assert (hidden.rule, hidden.message.replace("A13", "A99")) == (missing.rule, missing.message)


# ---- 不死 optional (l.659-663, l.785-787) -------------------------------------------------------

def remove_undying(rulings):
    """Seat 0 removes seat 1's のうなし腕力 (天 7, 不死) with a card of cost 7; seat 1 holds no card."""
    t = Table(position(hands=[["018"], []], units=[[], ["043"]], deck=["040", "041"]), variant=W, rulings=rulings)
    return t, t.act(0, {"type": "remove", "spells": [{"target": "043", "with": ["018"]}]})


def test_fushi_default_always_returns_the_unit_to_the_hand():
    t, events = remove_undying(None)
    assert of_type(events, "SpellsResolved")[0].data["to_hand"] == ["043"] and t.player(1)["hand"] == ["043"]
    assert "DecisionOpened" not in types(events)


def test_fushi_optional_asks_the_owner_who_takes_the_unit_back():
    t, events = remove_undying({"fushi-optional": "optional"})
    assert of_type(events, "SpellsResolved")[0].data["to_hand"] == [] and "043" in t.state["discard"]
    opened = of_type(events, "DecisionOpened")[0]
    assert opened.rule == "threebythree/trait.不死" and opened.data["kind"] == "undying" and t.to_act == [1]
    assert GAME.legal_actions(t.state, 1) == [{"type": "pass"}, {"type": "undying", "card": "043"}]
    events = t.act(1, {"type": "undying", "card": "043"})
    assert t.player(1)["hand"] == ["043"] and "043" not in t.state["discard"]
    assert types(events)[:2] == ["UndyingUsed", "DecisionClosed"] and t.state["active"] == 0 and t.to_act == [0]


def test_the_choice_protocol_reaches_the_undying_answers():
    t, _ = remove_undying({"fushi-optional": "optional"})
    assert_protocol_complete(GAME, t.state, 1)


def test_fushi_optional_owner_may_leave_the_unit_in_the_discard_pile():
    t, _ = remove_undying({"fushi-optional": "optional"})
    events = t.act(1, {"type": "pass"})
    assert events[0].rule == "threebythree/trait.不死"
    assert t.player(1)["hand"] == [] and "043" in t.state["discard"] and t.to_act == [0]


def test_fushi_optional_after_a_destroying_magic():
    """毒殺 (A08) destroys the unit (marked undying), its user loses its cost, then the owner is asked."""
    t = Table(position(units=[["016", "015", "014"], ["043"]], magic=[["A08"], []], deck=["040", "041"]),
              variant=W, rulings={"fushi-optional": "optional"})
    events = t.act(0, {"type": "magic", "card": "A08", "target": "043"})
    destroyed = of_type(events, "UnitDestroyed")[0]
    assert destroyed.data["to"] == "discard" and destroyed.data["undying"] and destroyed.rule == "threebythree/trait.不死"
    assert t.life()[0] == 23 and t.to_act == [1]
    t.act(1, {"type": "undying", "card": "043"})
    assert t.player(1)["hand"] == ["043"]


# ---- 豊穡 for 入植 (l.643-647, l.813-815) ------------------------------------------------------

def test_housyoku_counted_by_default_for_nyushoku():
    t = Table(position(hands=[["005"], []], territories=[["040", "041"], []], units=[["012"], []],
                       magic=[["A19"], []], deck=["043", "044"]), variant=W)
    t.passes(0, "territory")
    events = t.act(0, {"type": "magic", "card": "A19", "target": "005"})
    deployed = of_type(events, "UnitDeployed")[0]
    assert deployed.data["limit"] == 3 and "005" in t.player(0)["units"]
    assert ruling_ids(GAME, deployed.rule, deployed, t.state) == ["threebythree/ruling.housyoku-nyushoku"]


def test_housyoku_not_counted_for_nyushoku():
    t = Table(position(hands=[["005", "042"], []], territories=[["040", "041"], []], units=[["012"], []],
                       magic=[["A19"], []], deck=["043", "044"]), variant=W, rulings={"housyoku-nyushoku": "not-counted"})
    t.passes(0, "territory")
    refused = t.illegal(0, {"type": "magic", "card": "A19", "target": "005"})
    assert refused.rule == "threebythree/magic.effect" and "housyoku-nyushoku: not-counted" in refused.message
    assert all(a.get("target") != "005" for a in GAME.legal_actions(t.state, 0) if a.get("card") == "A19")


# ---- 師匠's ① part (l.489-495) -------------------------------------------------------------------

def harvest(rulings):
    """中級: 師匠 瓶詰火霊 (炎); 収穫 needs ① + 草 and one 草 unit is on the fields."""
    return Table(position(units=[["027"], []], magic=[["A11"], []], deck=["043", "044"], mentors=["001", "012"]),
                 variant="apprentice", rulings=rulings)


def test_mentor_point_fills_the_any_part_by_default():
    t = harvest(None)
    before = t.state
    used = t.act(0, {"type": "magic", "card": "A11"})[0]
    assert used.type == "MagicUsed"
    assert ruling_ids(GAME, used.rule, used, before) == ["threebythree/ruling.mentor-any"]
    assert rule_text(GAME, used.rule, used, before)["rulings"][0]["choice"] == "any"


def test_mentor_point_fills_only_its_colour_under_colour_only():
    t = harvest({"mentor-any": "colour-only"})
    refused = t.illegal(0, {"type": "magic", "card": "A11"})
    assert refused.rule == "threebythree/magic.requirement" and "mentor-any: colour-only" in refused.message
    t = Table(position(units=[["016"], []], magic=[["A01"], []], deck=["043", "044"], mentors=["001", "012"]),
              variant="apprentice", rulings={"mentor-any": "colour-only"})
    t.act(0, {"type": "magic", "card": "A01"})                # the manual's example: 炎 from the 師匠, ① a unit
    assert t.life()[1] == 27


# ---- 速攻's step (l.665-669, l.817-819): fixed ------------------------------------------------------

def test_sokkou_deploys_before_the_battle_with_harvest_and_explain_names_it():
    t = Table(position(hands=[["029"], []], territories=[["040", "041", "042"], []], magic=[["A11"], []],
                       units=[["027", "024"], []], deck=["043", "044"]), variant=W)
    t.passes(0, "enhance")
    t.act(0, {"type": "magic", "card": "A11"})
    before = t.state
    deployed = of_type(t.act(0, {"type": "deploy", "card": "029"}), "UnitDeployed")[0]
    assert deployed.data["limit"] == 6 and "029" in t.player(0)["units"]
    assert ruling_ids(GAME, deployed.rule, deployed, before) == ["threebythree/ruling.sokkou-timing"]
    t.passes(0, "territory")
    assert of_type(t.events, "Attacked")[0].data["attackers"] == ["027", "024", "029"]      # it attacks at once


# ---- the declaration, the match option and explain -----------------------------------------------

def test_every_ruling_is_described_and_its_rules_cite_it():
    described = {r["name"]: r for r in GAME.describe()["rulings"]}
    assert set(described) == {"tensha-target", "fushi-optional", "housyoku-nyushoku", "mentor-any", "sokkou-timing"}
    rules = GAME.describe()["rules"]
    for r in described.values():
        assert r["id"] == f"threebythree/ruling.{r['name']}" and r["seed"].startswith("003 l.")
        assert all(r["id"] in rules[rule_id]["rulings"] for rule_id in r["rules"])
    assert described["sokkou-timing"].get("choices") is None
    assert described["fushi-optional"]["default"] == "always"


@pytest.mark.parametrize("rulings, message", [
    ({"no-such": "x"}, "unknown ruling 'no-such'"),
    ({"fushi-optional": "sometimes"}, "ruling 'fushi-optional' has no choice 'sometimes'"),
    ({"sokkou-timing": "before"}, "unknown ruling 'sokkou-timing'"),       # a fixed reading is no choice
])
def test_unknown_rulings_and_choices_are_refused_at_creation(rulings, message):
    with pytest.raises(ConfigError) as info:
        Table(variant=W, rulings=rulings)
    assert message in info.value.message


def test_chosen_rulings_are_recorded_in_match_created_and_the_state():
    t = Table(variant=W, rulings={"fushi-optional": "optional"})
    assert t.events[0].data["rulings"] == {"fushi-optional": "optional"}
    assert t.state["match"]["rulings"] == {"fushi-optional": "optional"}
    plain = Table(variant=W)
    assert "rulings" not in plain.events[0].data and "rulings" not in plain.state["match"]


def test_explain_names_the_ruling_of_an_event_and_the_matchs_choice():
    """An event citing a rule a ruling decides (trait.不死), and one that depends on a ruling by its data."""
    t, events = remove_undying(None)
    resolved = of_type(events, "SpellsResolved")[0]
    text = rule_text(GAME, resolved.rule, resolved, t.state)
    assert [r["id"] for r in text["rulings"]] == ["threebythree/ruling.fushi-optional"]
    assert text["rulings"][0]["choice"] == "always" and "使用可能" in text["rulings"][0]["text"]["ja"]
    t, events = remove_undying({"fushi-optional": "optional"})
    opened = of_type(events, "DecisionOpened")[0]
    cited = rule_text(GAME, opened.rule, opened, t.state)["rulings"][0]
    assert cited["id"] == "threebythree/ruling.fushi-optional" and cited["choice"] == "optional"
    assert "rulings" not in rule_text(GAME, "threebythree/1.1")
