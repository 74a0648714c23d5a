"""土地 Ⅰ-Ⅲ and 土地カード ①-⑤: levels, chains, tolls, base values, investing — seed 002."""
import pytest

from engine.games.dokusenroku.board import AREA_LANDS, LANDS, base_value, toll
from engine.games.dokusenroku.state import chain, current_toll, land_value
from tests.dokusenroku.table import Table, one, owned, position

ROLL = {"type": "roll"}
BLUE = AREA_LANDS["blue"]                     # L01..L06; L04 carries the seed's figure


def test_the_seeds_example_level_3_in_a_4_chain_is_100():
    """土地カード ④ 例:土地レベル3で4連鎖の場合、通行料は100圓."""
    assert toll("L04", 3, 4) == 100
    lands = {"L01": owned(1, "C10a"), "L02": owned(1, "C11a"), "L03": owned(1, "C12a"), "L04": owned(1, "C13a", 3)}
    t = Table(position(hands=[[], []], lands=lands, money=[150, 0]))
    assert chain(t.state, "L04") == 4 and current_toll(t.state, "L04") == 100
    t.act(0, ROLL, dice=[5])
    assert one(t.events[-4:], "TollPaid").data["amount"] == 100 and t.money() == [50, 100]


def test_chain_counts_the_owners_lands_of_the_same_area_only():
    """土地 Ⅱ 同じエリアの土地を複数所持する事で連鎖が発生."""
    lands = {"L01": owned(0, "C10a"), "L02": owned(0, "C11a"), "L03": owned(1, "C12a"), "L07": owned(0, "C13a")}
    t = Table(position(hands=[[], []], lands=lands))
    assert [chain(t.state, lid) for lid in ("L01", "L02", "L03", "L07")] == [2, 2, 1, 1]


def test_six_or_more_in_a_chain_count_as_five():
    """土地カード ③ 6連鎖以上の場合はすべて5連鎖として扱う."""
    lands = {lid: owned(1, "C%02da" % (10 + i)) for i, lid in enumerate(BLUE)}
    t = Table(position(hands=[[], []], lands=lands))
    assert chain(t.state, "L04") == 6
    assert current_toll(t.state, "L04") == toll("L04", 1, 5) == LANDS["L04"].tolls[0][4]


@pytest.mark.parametrize("lid", sorted(LANDS))
def test_tolls_rise_with_level_and_chain_and_values_with_level(lid):
    """土地 Ⅰ① 通行料が上がる / Ⅱ 連鎖をすると通行料が飛躍的に上がる / ② レベルに応じて価値が上がる."""
    land = LANDS[lid]
    for level in range(1, 6):
        row = [toll(lid, level, c) for c in range(1, 6)]
        assert row == sorted(row) and row[4] > row[0]
        if level > 1:
            assert all(toll(lid, level, c) > toll(lid, level - 1, c) for c in range(1, 6))
            assert base_value(lid, level) > base_value(lid, level - 1)
    assert land.invest > 0


def test_invest_raises_the_level_for_the_lands_investment_per_level():
    """土地カード ⑤ 投資: 土地レベルを上げるために必要な金額; 土地 Ⅰ the owner invests in their turn."""
    t = Table(position(hands=[[], []], lands={"L06": owned(0, "C10a")}, money=[100, 40]))
    inv = one(t.act(0, {"type": "invest", "land": "L06", "levels": 3}), "Invested")
    assert inv.data == {"seat": 0, "land": "L06", "levels": 3, "cost": 3 * LANDS["L06"].invest, "level": 4}
    assert t.money()[0] == 100 - 3 * LANDS["L06"].invest and current_toll(t.state, "L06") == toll("L06", 4, 1)


def test_investing_limits():
    t = Table(position(hands=[[], []], lands={"L06": owned(0, "C10a", 4), "L07": owned(1, "C13a")}, money=[20, 40]))
    assert t.illegal(0, {"type": "invest", "land": "L06", "levels": 2}).rule == "dokusenroku/land.level"
    assert t.illegal(0, {"type": "invest", "land": "L07"}).rule == "dokusenroku/actions"
    assert t.illegal(0, {"type": "invest", "land": "L06"}).rule == "dokusenroku/turn.invest"   # 28圓 > 20圓


def test_land_value_is_base_value_plus_current_toll():
    """土地カード ② ( )の中の値が基本価値; total assets count a land at base value + toll (kifu)."""
    lands = {"L04": owned(0, "C10a", 3), "L05": owned(0, "C13a", 2)}
    t = Table(position(hands=[[], []], lands=lands))
    assert land_value(t.state, "L04") == base_value("L04", 3) + toll("L04", 3, 2)
    assert t.view(1)["players"][0]["assets"] == 40 + land_value(t.state, "L04") + land_value(t.state, "L05")


def test_level_bonus_adds_level_times_10_hp_to_the_defender():
    """土地 Ⅰ② 配置しているキャラクターが戦闘中土地レベル×10の値を体力にボーナスとして追加."""
    # C25 霊烏路空 (70 attack) invades C26 星熊勇儀 (60 HP) on a level-2 land: 60 + 20 = 80 HP survives 70.
    t = Table(position(hands=[["C25a"], []], lands={"L04": owned(1, "C26a", 2)}, money=[50, 0]))
    t.act(0, ROLL, dice=[5])
    fight = one(t.act(0, {"type": "invade", "card": "C25a", "support": None}), "BattleResolved").data
    assert ["land", 20] in fight["parts"]["defender"]["hp"] and fight["stats"]["defender"]["hp"] == 80
    assert fight["winner"] == "defender"


def test_a_captured_land_keeps_its_level():
    """土地 Ⅲ 違うプレイヤーに所有になった場合、土地のレベルはそのまま引き継がれます."""
    t = Table(position(hands=[["C25a"], []], lands={"L04": owned(1, "C10a", 3)}, money=[50, 0]))
    t.act(0, ROLL, dice=[5])
    t.act(0, {"type": "invade", "card": "C25a", "support": None})
    assert t.land("L04") == owned(0, "C25a", 3)
