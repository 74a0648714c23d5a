"""3.0 戦闘フェイズ: 透過 attack step (3.1), attack step (3.2), battle end (3.3) — seed 003."""
from tests.threebythree.table import Table, of_type, position, types

# 003 先行打撃兵 炎2 (透過 ブロック不可), 021 灯火幽鬼 草1 (透過), 024/037 重装歩兵 3 (双壁),
# 016 突撃兵 水5, 017 黒妖犬 水6, 040 突撃兵 天5


def battle_of(attackers, defenders, life=None):
    t = Table(position(units=[attackers, defenders], deck=["011", "042", "043"], life=life))
    if t.step == "removal":
        t.passes(0, "enhance")
    return t, of_type(t.act(0, {"type": "pass"}), "Attacked")


def test_pierce_step_is_blocked_only_by_double_wall():
    """3.1: 透過 total minus the defender's 双壁 total; 3.2: the rest against all defenders."""
    t, attacks = battle_of(["003", "021", "016"], ["024", "040"])
    pierce, attack = (a.data for a in attacks)
    assert (pierce["step"], pierce["attack"], pierce["defence"], pierce["damage"]) == ("pierce", 3, 3, 0)
    assert (attack["step"], attack["attack"], attack["defence"], attack["damage"]) == ("attack", 5, 8, 0)
    assert t.life() == [30, 30]


def test_damage_never_goes_below_zero_and_units_survive():
    """3.1/3.2 (値がマイナスになった時はダメージ0) and 3.0: battles never destroy units."""
    t, attacks = battle_of(["016"], ["017"])
    assert attacks[0].data["damage"] == 0
    assert t.player(0)["units"] == ["016"] and t.player(1)["units"] == ["017"]


def test_unblockable_unit_does_not_defend():
    """ブロック不可: this unit's power does not count when defending."""
    t, attacks = battle_of(["016"], ["003"])
    assert attacks[0].data["defence"] == 0 and attacks[0].data["damage"] == 5
    assert t.life() == [30, 25]


def test_double_wall_defends_in_both_steps():
    """3.2 Tips: 双壁 blocks in the 透過 step and again in the attack step."""
    t, attacks = battle_of(["021", "016"], ["037"])
    assert [a.data["defence"] for a in attacks] == [3, 3]
    assert t.life() == [30, 28]


def test_no_units_no_battle():
    """3.0: with no unit on your field the battle phase is skipped."""
    t = Table(position(units=[[], ["016"]], hands=[["040"], []], deck=["011", "042"]))
    t.act(0, {"type": "pass"})                   # removal; nothing to enhance, so on to the main phase
    assert t.step == "territory"
    assert "Attacked" not in types(t.events) and "BattleEnded" not in types(t.events)


def test_life_zero_ends_the_game_at_once():
    """◇勝利条件: life 0 or less ends the game immediately — no attack step after a lethal 透過 step."""
    t, attacks = battle_of(["003", "016"], [], life=[30, 2])
    assert [a.data["step"] for a in attacks] == ["pierce"]
    assert t.state["outcome"] == {"winner": 0, "draw": False, "reason": "life", "life": [30, 0]}
    assert t.to_act == []
