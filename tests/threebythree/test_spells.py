"""2.0 呪文フェイズ: removal (2.1), enhancement (2.2), counters (2.3) — seed 003."""
from tests.threebythree.table import Table, of_type, position, types

# 016 突撃兵 水5, 027 突撃兵 草5, 040 突撃兵 天5, 003 先行打撃兵 炎2, 014 占欲の魔女 水4, 021 灯火幽鬼 草1 (透化)
# 024 重装歩兵 草3, 032 怪造騎士 草8 (強化不可), 045/046 調律, 047/048 呪文砕き


def removal_table(hand0, hand1=(), units1=("040",), units0=()):
    return Table(position(hands=[hand0, hand1], units=[units0, units1], deck=["011", "042", "037"]))


def test_single_removal_needs_equal_cost():
    """2.1 ○1枚除去: one card whose cost equals the target's cost destroys it."""
    t = removal_table(["016", "014"])
    assert t.step == "removal"
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "040", "with": ["014"]}]})
    assert bad.rule == "threebythree/2.1.single"
    events = t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}]})
    resolved = of_type(events, "SpellsResolved")[0]
    assert resolved.data["destroyed"] == ["040"]
    assert t.player(1)["units"] == []
    assert set(t.state["discard"]) == {"016", "040"}


def test_double_removal_needs_sum_at_least_cost():
    """2.1 ○2枚除去 例1/例2: 1+2 < 5 fails; 4+2 >= 5 removes."""
    t = removal_table(["021", "003", "014"])
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "040", "with": ["021", "003"]}]})
    assert bad.rule == "threebythree/2.1.double"
    t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["014", "003"]}]})
    assert t.player(1)["units"] == []


def test_tuning_counts_as_chosen_value():
    """○《調律》 / 2.1 例3-例4: 調律 counts 1-3 as its user says; it must say."""
    t = removal_table(["045", "003"], units1=["036"])          # target 036 先行打撃兵 cost 2
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "036", "with": ["045"]}]})
    assert bad.rule == "threebythree/card.調律"
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "036", "with": ["045"], "as": {"045": 4}}]})
    assert bad.rule == "threebythree/card.調律"
    t.act(0, {"type": "remove", "spells": [{"target": "036", "with": ["045"], "as": {"045": 2}}]})
    assert t.player(1)["units"] == []

    t = removal_table(["045", "003"])                            # 3 + 2 = 5 = cost of 040
    t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["045", "003"], "as": {"045": 3}}]})
    assert t.player(1)["units"] == []


def test_spellbreaker_cannot_remove():
    """2.1 例3 / ワイルドカード: 呪文砕き has no removal effect."""
    t = removal_table(["047", "016"])
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "040", "with": ["047", "016"]}]})
    assert bad.rule == "threebythree/card.呪文砕き"


def test_all_removals_are_declared_at_once_and_one_per_target():
    """【呪文発動条件1・2】 and Q&A: several targets in one declaration; never the same target twice."""
    t = removal_table(["016", "027", "003"], units1=["040", "041"])
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}, {"target": "040", "with": ["027"]}]})
    assert bad.rule == "threebythree/2.0.once-per-target"
    bad = t.illegal(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}, {"target": "041", "with": ["016"]}]})
    assert bad.rule == "threebythree/2.0.simultaneous"
    events = t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}, {"target": "041", "with": ["027"]}]})
    assert of_type(events, "SpellsResolved")[0].data["destroyed"] == ["040", "041"]
    # the removal step is over: no second declaration this turn (Q&A 呪文関連)
    assert t.step != "removal"


def test_counter_needs_same_count_and_numbers_and_voids_the_spell():
    """2.3 ○打消 / 例2: the answer shows exactly the same numbers; the countered removal does nothing."""
    t = removal_table(["016", "003"], hand1=["027", "014"])
    t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}]})
    assert t.step == "counter" and t.to_act == [1]
    bad = t.illegal(1, {"type": "counter", "with": ["014"]})
    assert bad.rule == "threebythree/2.3"
    bad = t.illegal(1, {"type": "counter", "with": ["027", "014"]})
    assert bad.rule == "threebythree/2.3"
    t.act(1, {"type": "counter", "with": ["027"]})              # 5 answers 5
    assert t.to_act == [0]                                        # the chain goes back to the caster
    events = t.act(0, {"type": "pass"})
    closed = of_type(events, "ChainClosed")[0]
    assert closed.data["countered"] is True
    assert t.player(1)["units"] == ["040"]                        # 例2: the unit stays
    assert set(t.state["discard"]) == {"016", "027"}


def test_counter_of_counter_resolves_last_first():
    """2.3 ・打消の特性 / ○打消後の解決 例1: enhancement +5, countered, re-countered with 呪文砕き: it stands."""
    t = Table(position(hands=[["016", "047"], ["027", "003"]], units=[["040"], ["011"]],
                       territories=[["034"], []], deck=["036", "037", "042"]))
    t.passes(0, "enhance")
    assert "036" in t.player(0)["hand"]                          # drawn: 036 先行打撃兵 天2, like 040 天
    t.act(0, {"type": "enhance", "spells": [{"target": "040", "with": ["036"]}]})
    t.act(1, {"type": "counter", "with": ["003"]})              # 2 answers 2
    t.act(0, {"type": "counter", "with": ["047"]})              # 呪文砕き answers anything
    bad = t.illegal(1, {"type": "counter", "with": ["027"]})    # only 呪文砕き answers 呪文砕き
    assert bad.rule == "threebythree/card.呪文砕き"
    events = t.act(1, {"type": "pass"})
    assert of_type(events, "ChainClosed")[0].data["countered"] is False
    attacked = of_type(events, "Attacked")[0]
    assert attacked.data["attack"] == 5 + 2                       # the +2 enhancement stood


def test_spellbreaker_counter_keeps_the_card_count():
    """ワイルドカード: 呪文砕き alone cannot answer a two-card removal."""
    t = removal_table(["014", "003"], hand1=["047", "027"])
    t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["014", "003"]}]})
    bad = t.illegal(1, {"type": "counter", "with": ["047"]})
    assert bad.rule == "threebythree/2.3"
    # 047 answers 014 (any number) but 027 (5) does not match 003 (2)
    bad = t.illegal(1, {"type": "counter", "with": ["047", "027"]})
    assert bad.rule == "threebythree/2.3"


def test_counter_window_only_for_a_hand_big_enough():
    """2.3: with fewer cards in hand than the spell shows, no counter is possible and none is asked for."""
    t = removal_table(["014", "003"], hand1=["027"])
    events = t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["014", "003"]}]})
    assert "CounterWindowOpened" not in types(events)
    assert t.player(1)["units"] == []


def test_enhancement_same_colour_adds_cost_until_battle_end():
    """2.2 ○強化 and 3.3: +cost power for the battle; the card goes to the discard pile at once."""
    t = Table(position(hands=[["014", "027"], []], units=[["016"], []], deck=["036", "037", "042"]))
    assert t.step == "enhance"
    bad = t.illegal(0, {"type": "enhance", "spells": [{"target": "016", "with": ["027"]}]})
    assert bad.rule == "threebythree/2.2"
    events = t.act(0, {"type": "enhance", "spells": [{"target": "016", "with": ["014"]}]})
    attacked = of_type(events, "Attacked")[0]
    assert attacked.data["attack"] == 5 + 4 and attacked.data["damage"] == 9
    assert "BattleEnded" in types(events)
    assert t.power("016") == 5
    assert "014" in t.state["discard"]


def test_no_enhance_trait_refuses_enhancement():
    """○ユニットの特性 強化不可: 怪造騎士 cannot be enhanced."""
    t = Table(position(hands=[["027"], []], units=[["032"], []], deck=["036", "037"]))
    bad = t.illegal(0, {"type": "enhance", "spells": [{"target": "032", "with": ["027"]}]})
    assert bad.rule == "threebythree/trait.強化不可"


def test_phasing_card_gives_pierce_instead_of_power():
    """透化 (inferred in shared/cards): any colour, +0 power, the target attacks in the 透過 step."""
    t = Table(position(hands=[["021"], []], units=[["016"], ["024"]], deck=["036", "037"]))
    t.passes(0, "enhance")
    events = t.act(0, {"type": "enhance", "spells": [{"target": "016", "with": ["021"]}]})
    attacked = of_type(events, "Attacked")
    assert [a.data["step"] for a in attacked] == ["pierce"]
    assert attacked[0].data["attack"] == 5 and attacked[0].data["defence"] == 3
