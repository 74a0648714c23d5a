"""The choice protocol for 3x3Wars (engine/games/threebythree/choices.py, issue 15), seed 003."""
import pytest

from engine.core import IllegalAction
from engine.core.choices import MAX_OPTIONS, reachable
from tests.threebythree.table import GAME, Table, position

# 016 突撃兵 水5, 040 突撃兵 天5, 003 先行打撃兵 炎2, 036 先行打撃兵 cost 2, 045 調律, 014 占欲の魔女 水4


def options(t, seat, partial):
    return GAME.choices(t.state, seat, partial).options


def follow(t, seat, *labels):
    """Takes the option whose label contains each text in turn; the last option."""
    partial, option = {}, None
    for text in labels:
        found = [o for o in options(t, seat, partial) if text in o.label]
        assert found, f"{text!r} not offered after {partial}: {[o.label for o in options(t, seat, partial)]}"
        option = found[0]
        partial = option.action
    return option


def test_overlord_setup_picks_three_territories_one_at_a_time_then_the_magic():
    """003 ゲーム準備 (初級): three dealt cards as territories and one of two magic — never one list of
    every combination (C(9,3) × 2 = 168)."""
    t = Table(None, variant="overlord")
    seat = t.to_act[0]
    hand, magic = sorted(t.state["players"][seat]["hand"]), t.state["players"][seat]["offered_magic"]
    first = GAME.choices(t.state, seat, {"type": "choose"})
    assert first.field == "territories" and len(first.options) == len(hand) <= MAX_OPTIONS
    partial = {"type": "choose"}
    for c in (hand[5], hand[0], hand[7]):
        partial = next(o.action for o in options(t, seat, partial) if o.ref == c)
    last = options(t, seat, partial)
    assert sorted(o.action["magic"] for o in last) == sorted(magic) and all(o.done for o in last)
    t.act(seat, last[0].action)
    assert sorted(t.state["players"][seat]["territories"]) == sorted([hand[5], hand[0], hand[7]])


def test_seven_mage_keeps_one_dealt_hand_card_by_card():
    """セブンメイジ戦 準備: keep one of the two 6-card hands whole; after the first card only its hand is offered."""
    t = Table(None, variant="seven-mage")
    seat = t.to_act[0]
    a, b = t.state["players"][seat]["offered_hands"]
    partial = next(o.action for o in options(t, seat, {"type": "choose"}) if o.ref == b[2])
    assert {o.ref for o in options(t, seat, partial)} == set(b) - {b[2]}
    assert reachable(GAME, t.state, seat, {"type": "choose", "hand": [b[2]] + [c for c in b if c != b[2]][::-1]})


def test_a_removal_on_two_targets_with_a_tuning_value_of_the_players_choosing():
    """2.1 ○1枚除去 / ○2枚除去 and 変幻 (調律 counts 1-3 as its user says): two targets in one declaration."""
    t = Table(position(hands=[["045", "003", "016"], []], units=[[], ["036", "040"]], deck=["011", "042", "037"]))
    assert t.step == "removal"
    assert not follow(t, 0, "Cast removal").done                     # a removal needs a spell
    last = follow(t, 0, "Cast removal", "Remove", "調律", "counts as 2", "Remove", "突撃兵")
    assert last.done is False
    done = next(o for o in options(t, 0, last.action) if o.done)
    assert done.action == {"type": "remove", "spells": [{"target": "036", "with": ["045"], "as": {"045": 2}},
                                                        {"target": "040", "with": ["016"]}]}
    t.act(0, done.action)
    assert t.player(1)["units"] == []


def test_a_single_tuning_removal_needs_the_targets_cost():
    """2.1 ○1枚除去: one card needs the target's cost exactly, so 調律 alone on cost 2 is done only as 2;
    counted as 1 it needs a second card (○2枚除去)."""
    t = Table(position(hands=[["045"], []], units=[[], ["036"]], deck=["011", "042", "037"]))
    spell = {"target": "036", "with": ["045"]}
    as_two = options(t, 0, {"type": "remove", "spells": [{**spell, "as": {"045": 2}}]})
    assert any(o.done for o in as_two)
    as_one = options(t, 0, {"type": "remove", "spells": [{**spell, "as": {"045": 1}}]})
    assert not any(o.done for o in as_one) and all(len(o.action["spells"][0]["with"]) == 2 for o in as_one)
    with pytest.raises(IllegalAction):
        GAME.choices(t.state, 0, {"type": "remove", "spells": [{**spell, "as": {"045": 4}}]})


def test_redeploy_discards_any_units_and_sends_back_only_the_swap_units_chosen():
    """4.2 再配置 and ○交代 (011, designed text): discard units of your field one at a time; a 交代
    unit may go back to the hand, or not."""
    t = Table(position(hands=[["016"], []], units=[["011", "024"], []], territories=[["040", "041"], []],
                       deck=["043", "044"]), variant="wizard")
    t.passes(0, "strategy")
    keep_out = {"type": "redeploy", "card": "016", "discard": ["024", "011"], "to_hand": []}
    assert reachable(GAME, t.state, 0, keep_out)
    assert reachable(GAME, t.state, 0, {**keep_out, "to_hand": ["011"]})
    t.act(0, keep_out)
    assert "011" in t.state["discard"]


def test_setup_of_apprentice_never_lists_combinations():
    """003 中級 準備: the hand (6 of 9) and the magic are picks, each step at most the cards offered."""
    t = Table(None, variant="apprentice")
    seat = t.to_act[0]
    step = GAME.choices(t.state, seat, {"type": "choose"})
    assert step.field == "hand" and step.need == (6, 6) and len(step.options) == 9
    types = {o.action["type"] for o in GAME.choices(t.state, seat, {}).options}
    assert types == {"choose", "mulligan"}
