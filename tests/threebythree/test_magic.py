"""◇魔法 at the Overlord level: once per turn, requirement, condition, cost, effects — seed 003."""
from tests.threebythree.table import Table, of_type, position

# A01 火炎弾 (①+炎, designed: 3 damage), A08 毒殺 (designed req ②+水水), A11 収穫 (designed req ①+草),
# A14 風読み (①+天天, [main phase only], draw 1)
# units: 005 重装歩兵 炎3, 016 突撃兵 水5, 017 黒妖犬 水6, 018 のうなし腕力 水7, 024/025 重装歩兵 草3,
#        026 占欲の魔女 草4, 040 突撃兵 天5, 042 黒妖犬 天6, 007 突撃兵 炎5


def next_turn_of_seat_0(t):
    while t.state["active"] == 0:
        t.act(0, {"type": "pass"})
    while t.state["active"] == 1:
        t.act(1, {"type": "pass"})


def test_magic_is_once_per_turn_and_paid_down_up_sideways():
    """【魔法の基本ルール:初級】 once per turn; ○發動コスト: face down -> face up -> sideways, at most twice."""
    t = Table(position(units=[["005"], ["016"]], magic=[["A01"], []], deck=["011", "042", "043", "044", "040", "041"]))
    events = t.act(0, {"type": "magic", "card": "A01"})
    used = of_type(events, "MagicUsed")[0].data
    assert (used["from"], used["to"]) == ("down", "up")
    assert t.life() == [30, 27]
    assert t.illegal(0, {"type": "magic", "card": "A01"}).rule == "threebythree/magic.basic"
    next_turn_of_seat_0(t)
    t.act(0, {"type": "magic", "card": "A01"})
    assert t.player(0)["magic"] == [{"card": "A01", "state": "side"}]
    next_turn_of_seat_0(t)
    assert t.illegal(0, {"type": "magic", "card": "A01"}).rule == "threebythree/magic.cost"


def test_requirement_counts_units_on_both_fields():
    """○必要魔力: ①+天天 is met by units of either player."""
    t = Table(position(units=[["040"], ["016"]], magic=[["A14"], []], deck=["011", "043", "044"]))
    t.passes(0, "territory")
    assert t.illegal(0, {"type": "magic", "card": "A14"}).rule == "threebythree/magic.requirement"
    t = Table(position(units=[["040"], ["042", "016"]], magic=[["A14"], []], deck=["011", "043", "044"]))
    t.passes(0, "territory")
    t.act(0, {"type": "magic", "card": "A14"})
    assert t.player(0)["hand"] == ["011", "043"]        # drew in the draw step, then 1 more


def test_condition_main_phase_only():
    """○發動条件: 風読み says [あなたのメインフェイズ限定]."""
    t = Table(position(units=[["040"], ["042", "016"]], magic=[["A14"], []], deck=["011", "043", "044"]))
    assert t.step == "removal"
    assert t.illegal(0, {"type": "magic", "card": "A14"}).rule == "threebythree/magic.condition"


def test_poisoning_destroys_and_costs_life_in_the_sample_positions():
    """毒殺 (shared/cards: destroy one opposing unit, lose life = its cost), usable with 草2 水3 on the fields."""
    t = Table(position(units=[["024", "016", "017"], ["025", "018"]], magic=[["A08"], []], deck=["011", "043"]))
    t.act(0, {"type": "magic", "card": "A08", "target": "018"})
    assert t.player(1)["units"] == ["025"]
    assert "018" in t.state["discard"]
    assert t.life() == [23, 30]


def test_harvest_adds_three_territories_for_the_strategy_step():
    """収穫: territory modifier +3 for this turn's strategy step (used after the battle, 草1 水3 炎1 on the fields)."""
    t = Table(position(hands=[["029"], []], units=[["024", "016"], ["017", "005", "014"]],
                       territories=[["011", "036", "043"], []], magic=[["A11"], []], deck=["044", "040"]))
    t.passes(0, "territory")
    assert t.illegal(0, {"type": "deploy", "card": "029"}).rule == "threebythree/4.2"
    t.act(0, {"type": "magic", "card": "A11"})
    t.passes(0, "strategy")
    t.act(0, {"type": "deploy", "card": "029"})         # cost 6 > 3 territories, but <= 3 + 3
    assert t.player(0)["units"][-1] == "029"


def test_magic_needs_a_legal_target():
    t = Table(position(units=[["024", "016", "017"], ["025", "018"]], magic=[["A08"], []], deck=["011", "043"]))
    assert t.illegal(0, {"type": "magic", "card": "A08", "target": "016"}).rule == "threebythree/magic.effect"
    assert t.illegal(0, {"type": "magic", "card": "A08"}).rule == "threebythree/magic.effect"
