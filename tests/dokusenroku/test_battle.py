"""戦闘の流れ Ⅰ-Ⅴ, 移動の方法 Ⅲ②, その他 ①-③ and 【妖精】 — seed 002.

Cards (cards.json, numbers designed): C10 小悪魔 10/30 cost 10 (support +10 HP); C13 ルーミア 20/20
cost 10 (support +10 attack); C20 伊吹萃香 50/50 cost 40 (support +20 attack); C26 星熊勇儀 60/60
cost 50; C29 八坂神奈子 50/60 堅守+20; X00 カリスマ cost 0 (support +10/+10).
"""
import pytest

from tests.dokusenroku.table import GAME, Table, of_type, one, owned, position, types

ROLL = {"type": "roll"}


def at_war(att_hand, def_hand, defender, level=1, money=(100, 100), lands=None):
    """Seat 0 stops on L04 (square 5), which seat 1 holds with ``defender``."""
    t = Table(position(hands=[att_hand, def_hand], lands={"L04": owned(1, defender, level), **(lands or {})},
                       money=list(money)))
    t.act(0, ROLL, dice=[5])
    assert t.step == "other" and t.to_act == [0]
    return t


def invade(t, card, support=None, **kw):
    return t.act(0, {"type": "invade", "card": card, "support": support, **kw})


def test_invader_commits_face_down_and_the_defender_answers_in_the_invaders_turn():
    """Ⅰ 援護に使用するカードは伏せておく; Ⅱ 防御側は援護用のキャラクターカードのみを伏せて出す."""
    t = at_war(["C20a", "C13a"], ["X00b", "C11a"], "C10a")
    events = invade(t, "C20a", "C13a")
    assert types(events)[:3] == ["InvasionDeclared", "SupportCommitted", "StepEntered"]
    assert t.step == "defend" and t.to_act == [1] and t.state["active"] == 0
    assert GAME.legal_actions(t.state, 0) == []
    assert {"type": "support", "card": "X00b"} in GAME.legal_actions(t.state, 1)
    assert t.money()[0] == 60                                    # the character's cost is paid at once
    committed = one(events, "SupportCommitted")
    for seat in (1, None):
        assert GAME.redact(committed, seat).data == {"seat": 0, "role": "invader", "face_down": True}
        assert t.view(seat)["battle"]["supports"] == {"invader": None, "defender": None}
    assert GAME.redact(committed, 0).data["card"] == "C13a"
    assert t.view(0)["battle"]["supports"]["invader"] == "C13a"


def test_reveal_pay_supports_strike_and_take_the_land():
    """Ⅲ reveal and apply supports and the land bonus; Ⅳ① the invader strikes; Ⅴ① the land changes hands."""
    t = at_war(["C20a", "C13a"], ["X00b"], "C10a", level=1)
    invade(t, "C20a", "C13a")
    events = t.act(1, {"type": "support", "card": "X00b"})
    revealed = [(e.data["card"], e.data["cost"]) for e in of_type(events, "SupportRevealed")]
    assert revealed == [("C13a", 10), ("X00b", 0)]
    fight = one(events, "BattleResolved").data
    assert fight["stats"] == {"invader": {"attack": 60, "hp": 50}, "defender": {"attack": 20, "hp": 50}}
    assert fight["strikes"] == [{"by": "invader", "damage": 60, "hp_left": -10}] and fight["winner"] == "invader"
    assert fight["applied"] == ["dokusenroku/" + r for r in ("battle.reveal", "land.level-bonus", "battle.strike",
                                                               "battle.graveyard", "land.keep-level")]
    assert t.land("L04") == owned(0, "C20a", 1)
    assert sorted(t.graveyard()) == ["C10a", "C13a", "X00b"]        # 使用したカードを墓地に送る
    assert t.money() == [50, 100] and t.state["active"] == 1


def test_surviving_defender_strikes_back_and_destroys_the_invader_who_pays_the_toll():
    """Ⅳ② 防御側の体力が残っている場合は防御側の勝利…反撃; Ⅴ② 侵略側は通行料を支払います."""
    t = at_war(["C13a"], [], "C26a")
    events = invade(t, "C13a", None)
    fight = one(events, "BattleResolved").data
    assert fight["strikes"] == [{"by": "invader", "damage": 20, "hp_left": 50},
                                {"by": "defender", "damage": 60, "hp_left": -40}]
    assert fight["winner"] == "defender" and t.graveyard() == ["C13a"]
    assert one(events, "TollPaid").data["amount"] == 5 and t.money() == [100 - 10 - 5, 105]
    assert t.land("L04") == owned(1, "C26a")


def test_a_losing_invader_that_survives_returns_to_hand():
    """Ⅳ 侵略側キャラクターカードの体力が残っている場合、そのキャラクターカードは手札に戻る."""
    t = at_war(["C26a"], [], "C29a")
    events = invade(t, "C26a", None)
    fight = one(events, "BattleResolved").data
    assert fight["stats"]["defender"]["hp"] == 60 + 20 + 10 and fight["strikes"][-1]["hp_left"] == 10
    assert t.hand(0) == ["C26a"] and t.graveyard() == [] and "TollPaid" in types(events)


def test_the_defender_with_no_cards_is_not_asked():
    t = at_war(["C13a"], [], "C10a")
    events = invade(t, "C13a", None)
    committed = of_type(events, "SupportCommitted")
    assert [(e.data["role"], e.data["card"]) for e in committed] == [("invader", None), ("defender", None)]
    assert "StepEntered" not in types(events)
    assert "BattleResolved" in types(events)


def test_support_costs_the_same_as_the_character_and_must_be_affordable():
    """キャラクターカード ① キャラクターとして使用する場合も援護カードとして使用する場合も同じ金額を支払う."""
    t = at_war(["C13a", "C25a", "C20a"], ["C11a"], "C10a", money=(50, 5))
    assert t.illegal(0, {"type": "invade", "card": "C13a", "support": "C25a"}).rule == "dokusenroku/card.cost"
    invade(t, "C13a", "C20a")
    assert t.illegal(1, {"type": "support", "card": "C11a"}).rule == "dokusenroku/card.cost"
    t.act(1, {"type": "support", "card": None})
    assert t.money()[0] == 0


def test_charisma_is_support_only_and_spells_cannot_support():
    """カリスマ: support only (rules page); 援護に使用するキャラクターカード: spells do not support."""
    t = at_war(["X00a", "S06a", "C13a"], [], "C10a")
    assert t.illegal(0, {"type": "invade", "card": "X00a", "support": None}).rule == "dokusenroku/battle.invader"
    assert t.illegal(0, {"type": "invade", "card": "S06a", "support": None}).rule == "dokusenroku/spell.not-placeable"
    assert t.illegal(0, {"type": "invade", "card": "C13a", "support": "S06a"}).rule == "dokusenroku/card.support"
    assert t.illegal(0, {"type": "invade", "card": "C13a"}).rule == "dokusenroku/battle.invader"
    invade(t, "C13a", "X00a")
    assert "X00a" in t.graveyard()


# ---- その他 ① 【先制攻撃】 -----------------------------------------------------------------------

def test_first_strike_lets_the_defender_strike_first():
    """① 防御側が先に攻撃できるようになる能力 (C05 十六夜咲夜 40/30 先制攻撃)."""
    t = at_war(["C13a"], [], "C05a")
    fight = one(invade(t, "C13a", None), "BattleResolved").data
    assert fight["first"] == "defender" and "dokusenroku/ability.first-strike" in fight["applied"]
    assert fight["strikes"] == [{"by": "defender", "damage": 40, "hp_left": -20}]
    assert fight["winner"] == "defender" and t.graveyard() == ["C13a"]


def test_first_strike_on_both_sides_means_the_invader_strikes_first():
    """① 両者がこの能力を持つ場合は、侵略側が先に攻撃できます (C21 射命丸文 40/30 先制攻撃)."""
    t = at_war(["C21a"], [], "C05a")
    fight = one(invade(t, "C21a", None), "BattleResolved").data
    assert fight["first"] == "invader" and fight["winner"] == "invader"
    assert len(fight["strikes"]) == 1 and t.land("L04")["character"] == "C21a"


def test_first_strike_from_a_support():
    """A support adding 先制攻撃 (C43 スターサファイア) turns the order for the defender."""
    t = at_war(["C13a"], ["C43a"], "C10a")
    invade(t, "C13a", None)
    fight = one(t.act(1, {"type": "support", "card": "C43a"}), "BattleResolved").data
    assert fight["first"] == "defender"
    assert [s["by"] for s in fight["strikes"]] == ["defender", "invader"] and fight["winner"] == "defender"


# ---- その他 ② 【妨害】 ------------------------------------------------------------------------------

def test_jamming_character_voids_the_opposing_support():
    """② (C27 水橋パルスィ 20/30 妨害): the invader's +20 attack support is void; its cost is still paid."""
    t = at_war(["C13a", "C20a"], [], "C27a", money=(60, 0))
    fight = one(invade(t, "C13a", "C20a"), "BattleResolved").data
    assert fight["void"] == {"invader": True, "defender": False}
    assert fight["stats"]["invader"]["attack"] == 20 and fight["winner"] == "defender"
    assert t.money()[0] == 60 - 10 - 40 - 5 and sorted(t.graveyard()) == ["C13a", "C20a"]


def test_a_support_adding_jamming_against_jamming_is_void():
    """② 相手が【妨害】を持っている時に援護カードとして【妨害】を追加する援護カードを使った場合それは無効."""
    t = at_war(["C13a", "C27a"], ["X00b"], "C01a")                # C01 博麗霊夢: 妨害
    invade(t, "C13a", "C27a")                                      # C27 as support adds 妨害
    fight = one(t.act(1, {"type": "support", "card": "X00b"}), "BattleResolved").data
    assert fight["void"] == {"invader": True, "defender": False}
    assert ["support", 10] in fight["parts"]["defender"]["hp"]


def test_jamming_supports_on_both_sides_are_both_void():
    """② applied both ways when neither character has 妨害 (kifu's reading, RULES.md)."""
    t = at_war(["C13a", "C27a"], ["C39a"], "C10a", money=(100, 100))
    invade(t, "C13a", "C27a")
    fight = one(t.act(1, {"type": "support", "card": "C39a"}), "BattleResolved").data
    assert fight["void"] == {"invader": True, "defender": True}


def test_a_jamming_support_voids_the_other_support():
    t = at_war(["C13a", "C27a"], ["X00b"], "C10a")
    invade(t, "C13a", "C27a")
    fight = one(t.act(1, {"type": "support", "card": "X00b"}), "BattleResolved").data
    assert fight["void"] == {"invader": False, "defender": True}
    assert fight["stats"]["defender"] == {"attack": 10, "hp": 40}


# ---- その他 ③ 【第三の目】 -----------------------------------------------------------------------

def test_defenders_third_eye_sees_the_invaders_support_before_choosing():
    """③ 対戦相手が先に援護カードを選びオープンしてその内容を確認してから援護カードを出す (C22 古明地さとり)."""
    t = at_war(["C20a", "C13a"], ["X00b"], "C22a")
    events = invade(t, "C20a", "C13a")
    assert types(events)[-2:] == ["SupportRevealed", "StepEntered"] and t.to_act == [1]
    assert t.view(1)["battle"]["supports"]["invader"] == "C13a"
    events = t.act(1, {"type": "support", "card": "X00b"})
    assert [e.data["role"] for e in of_type(events, "SupportRevealed")] == ["defender"]


def test_invaders_third_eye_chooses_after_the_defenders_support_is_shown():
    """③ with the invader holding 第三の目 (C23 古明地こいし): defender first, revealed, then the invader."""
    t = at_war(["C23a", "C13a", "C20a"], ["X00b"], "C10a")
    err = t.illegal(0, {"type": "invade", "card": "C23a", "support": "C13a"})
    assert err.rule == "dokusenroku/ability.third-eye"
    events = t.act(0, {"type": "invade", "card": "C23a"})
    assert "SupportCommitted" not in types(events) and t.to_act == [1]
    events = t.act(1, {"type": "support", "card": "X00b"})
    assert one(events, "SupportRevealed").data["card"] == "X00b"
    assert t.step == "invader_support" and t.to_act == [0]
    assert t.view(0)["battle"]["supports"]["defender"] == "X00b"
    fight = one(t.act(0, {"type": "support", "card": "C20a"}), "BattleResolved").data
    assert fight["stats"]["invader"]["attack"] == 60 and fight["winner"] == "invader"


def test_third_eye_on_both_sides_keeps_the_normal_order():
    t = at_war(["C23a"], ["X00b"], "C22a")
    assert t.illegal(0, {"type": "invade", "card": "C23a"}).rule == "dokusenroku/battle.invader"
    invade(t, "C23a", None)
    assert t.step == "defend"


# ---- 【妖精】 ------------------------------------------------------------------------------------

FAIRY_LANDS = {"L01": ("C11", 1), "L02": ("C12", 0)}         # チルノ for seat 1, 大妖精 for seat 0


def test_fairy_counts_every_other_fairy_on_the_board_in_standard():
    """【妖精】: +10 attack per other 妖精 placed; in standard everyone's fairies count."""
    lands = {lid: owned(o, c + "a") for lid, (c, o) in FAIRY_LANDS.items()}
    t = at_war(["C42a"], [], "C41a", lands=lands)
    fight = one(invade(t, "C42a", None), "BattleResolved").data
    assert ["fairy", 30] in fight["parts"]["invader"]["attack"]      # C11, C12, C41
    assert ["fairy", 20] in fight["parts"]["defender"]["attack"]     # C11, C12 (not itself)


def test_fairy_benefits_only_its_owner_in_constructed():
    """追加ルール: 【妖精】の能力についてはその所有しているプレイヤーのみ効果を適応する."""
    lands = {lid: owned(o, f"{o}:{c}a") for lid, (c, o) in FAIRY_LANDS.items()}
    lands["L04"] = owned(1, "1:C41a")
    t = Table(position(hands=[["0:C42a"], []], lands=lands, decks=[["0:C01a"], ["1:C01a"]]), variant="constructed")
    t.act(0, ROLL, dice=[5])
    fight = one(invade(t, "0:C42a", None), "BattleResolved").data
    assert ["fairy", 10] in fight["parts"]["invader"]["attack"]      # only seat 0's C12
    assert ["fairy", 10] in fight["parts"]["defender"]["attack"]     # only seat 1's C11
    assert sorted(t.state["piles"][0]["graveyard"] + t.state["piles"][1]["graveyard"]) != []


# ---- kifu's designed abilities ------------------------------------------------------------------

@pytest.mark.parametrize("attacker, defender, part, side", [
    ("C03a", "C10a", ["assault", 10], ("invader", "attack")),        # 強襲: 霧雨魔理沙 invading
    ("C13a", "C09a", ["guard", 20], ("defender", "hp")),            # 堅守: 紅美鈴 defending
    ("C13a", "C31a", ["terrain", 20], ("defender", "hp")),          # 地の利: 河城にとり on a blue land
])
def test_designed_stat_abilities(attacker, defender, part, side):
    t = at_war([attacker], [], defender)
    fight = one(invade(t, attacker, None), "BattleResolved").data
    assert part in fight["parts"][side[0]][side[1]]


def test_terrain_applies_only_in_its_area():
    t = Table(position(hands=[["C13a"], []], lands={"L07": owned(1, "C31a")}))
    t.act(0, ROLL, dice=[9])
    fight = one(invade(t, "C13a", None), "BattleResolved").data
    assert not any(p[0] == "terrain" for p in fight["parts"]["defender"]["hp"])


def test_breaker_ignores_the_land_bonus():
    """結界破り (C04 霧雨魔理沙): no level × 10 HP for the defender."""
    t = at_war(["C04a"], [], "C26a", level=4)
    fight = one(invade(t, "C04a", None), "BattleResolved").data
    assert fight["breaker"] and fight["stats"]["defender"]["hp"] == 60


def test_resurrect_returns_a_destroyed_character_to_hand():
    """リザレクション (C32 藤原妹紅 40/40): destroyed, it goes back to its owner's hand."""
    t = at_war(["C26a"], [], "C32a")
    fight = one(invade(t, "C26a", None), "BattleResolved").data
    assert t.land("L04")["character"] == "C26a" and t.hand(1) == ["C32a"] and t.graveyard() == []
    assert fight["applied"][-2:] == ["dokusenroku/ability.resurrect", "dokusenroku/land.keep-level"]


def test_bounty_pays_the_winner():
    """略奪 (C24 火焔猫燐): +10圓 when it wins a battle."""
    t = at_war(["C24a"], [], "C13a", money=(100, 0))
    events = invade(t, "C24a", None)
    assert one(events, "MoneyGained").data == {"seat": 0, "amount": 10, "why": "bounty"}
    assert t.money()[0] == 100 - 20 + 10
