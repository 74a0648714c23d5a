"""A scripted five-turn game from an explicit position, money worked out by hand from seed 002 and
the tables in RULES.md (L04 level 1 1-chain toll 5; L09 level 2 1-chain toll 10; EVENT 12: +60圓).

Cards: C20 伊吹萃香 50/50 cost 40; C13 ルーミア cost 10, support +10 attack; C10 小悪魔 10/30 cost 10;
X00 カリスマ support +10/+10; C12 大妖精 on L09; S14 グレイテストトレジャー (free, +10圓).
"""
from tests.dokusenroku.table import Table, owned, position

ROLL = {"type": "roll"}


def test_five_turns_money_by_hand():
    t = Table(position(
        order=[0, 1], money=[40, 40], at=[0, 0],
        hands=[["C20a", "C13a", "S14a"], ["C10a", "X00b", "C26a"]],
        lands={"L09": owned(1, "C12a", 2)},
        decks=[["C01a", "C02a", "C03a", "C04a", "C05a", "C06a"]]))
    after = []

    # turn 1, seat 0: draws C01a; +10 from S14; 2+3 -> L04 (empty): places 萃香 for 40.
    t.act(0, {"type": "draw"})
    t.act(0, {"type": "spell", "card": "S14a"})
    t.act(0, ROLL, dice=[2, 3])
    t.act(0, {"type": "place", "card": "C20a"})
    after.append(t.money())

    # turn 2, seat 1: draws C02a; 2+3 -> L04: invades with 小悪魔 (10) + カリスマ (0) against 萃香;
    # seat 0 answers with ルーミア (10). 20 attack vs 50 + 10 (land) HP: 40 left; 60 back vs 40 HP: destroyed.
    # The loser pays L04's toll, 5圓.
    t.act(1, {"type": "draw"})
    t.act(1, ROLL, dice=[2, 3])
    t.act(1, {"type": "invade", "card": "C10a", "support": "X00b"})
    assert t.to_act == [0]
    t.act(0, {"type": "support", "card": "C13a"})
    after.append(t.money())
    assert t.graveyard() == ["S14a", "X00b", "C13a", "C10a"] and t.land("L04") == owned(0, "C20a")

    # turn 3, seat 0: no draw; 1+2 -> EVENT; the bonus roll 6+6: 龍神の恵み +60圓.
    t.act(0, ROLL, dice=[1, 2])
    t.act(0, {"type": "bonus"}, dice=[6, 6])
    after.append(t.money())

    # turn 4, seat 1: draws C03a; 3+3 -> L09, its own land: keeps 大妖精.
    t.act(1, {"type": "draw"})
    t.act(1, ROLL, dice=[3, 3])
    t.act(1, {"type": "pass"})
    after.append(t.money())

    # turn 5, seat 0: invests 20 in L04 (level 2); 1+2 -> L09 (seat 1, level 2, 1-chain): pays 10.
    t.act(0, {"type": "invest", "land": "L04"})
    t.act(0, ROLL, dice=[1, 2])
    t.act(0, {"type": "pay"})
    after.append(t.money())

    assert after == [[10, 40], [5, 25], [65, 25], [65, 25], [35, 35]]
    assert t.state["turn"] == 6 and t.state["active"] == 1
    assert [p["at"] for p in t.state["players"]] == [11, 11]
    assert t.hand(0) == ["C01a"] and t.hand(1) == ["C26a", "C02a", "C03a"]
    assert t.land("L04")["level"] == 2 and len(t.state["piles"][0]["deck"]) == 3
