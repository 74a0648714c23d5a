"""ゲームの進行 Ⅰ-Ⅴ: draw, one spell, one investment, the mandatory roll, the hand limit — seed 002."""
from tests.dokusenroku.table import GAME, Table, of_type, one, owned, position, types

ROLL = {"type": "roll"}
# C10 小悪魔 (cost 10), C13 ルーミア (10), C01 博麗霊夢 (30); S06 ミスディレクション (draw 2, cost 10),
# S05 マスタースパーク (another pays 30 to the bank, cost 20), S14 グレイテストトレジャー (free, +10圓)


def test_the_draw_is_optional_and_comes_first():
    """Ⅰ 山札からカードを一枚引く事ができる; Ⅰ-Ⅲ may be skipped; Ⅰ-Ⅴ in order."""
    t = Table(position(hands=[["S06a"], []], decks=[["C10a", "C13a", "C20a"]]))
    assert GAME.legal_actions(t.state, 0)[0] == {"type": "draw"}
    t.act(0, {"type": "draw"})
    assert t.hand(0) == ["S06a", "C10a"]
    assert t.illegal(0, {"type": "draw"}).rule == "dokusenroku/turn.order"
    skip = Table(position(hands=[["S06a"], []]))
    skip.act(0, ROLL, dice=[4])                       # no draw at all: straight to the roll
    assert "CardDrawn" not in types(skip.events)


def test_no_draw_after_a_spell():
    t = Table(position(hands=[["S14a"], []]))
    t.act(0, {"type": "spell", "card": "S14a"})
    assert t.illegal(0, {"type": "draw"}).rule == "dokusenroku/turn.order"


def test_one_spell_per_turn_except_cards_that_say_otherwise():
    """Ⅱ スペルカードを1枚まで使用できる / 一部を除くスペルカードは自分のターンに1枚だけ使用できる."""
    t = Table(position(hands=[["S06a", "S05a", "S14a"], []], money=[60, 40]))
    t.act(0, {"type": "spell", "card": "S06a"})
    err = t.illegal(0, {"type": "spell", "card": "S05a", "target": 1})
    assert err.rule == "dokusenroku/turn.spell"
    t.act(0, {"type": "spell", "card": "S14a"})          # the free spell still may be used
    assert t.money()[0] == 60 - 10 + 10
    assert sorted(t.graveyard()) == ["S06a", "S14a"]


def test_a_spell_is_paid_for_and_goes_to_the_graveyard():
    """スペルカード ① cost; a used spell leaves the hand; spells cannot be placed on lands."""
    t = Table(position(hands=[["S05a"], []], money=[19, 40]))
    assert t.illegal(0, {"type": "spell", "card": "S05a", "target": 1}).rule == "dokusenroku/card.cost"
    t = Table(position(hands=[["S05a"], []], money=[20, 40]))
    t.act(0, {"type": "spell", "card": "S05a", "target": 1})
    assert t.money() == [0, 10] and t.hand(0) == [] and t.graveyard() == ["S05a"]


def test_invest_once_in_one_land_after_spells():
    """Ⅲ 所有する土地1ヶ所に対し投資ができる; spells (Ⅱ) come before it."""
    lands = {"L01": owned(0, "C10a"), "L04": owned(0, "C13a")}
    t = Table(position(hands=[["S14a"], []], lands=lands, money=[100, 40]))
    t.act(0, {"type": "invest", "land": "L04", "levels": 2})
    assert t.land("L04")["level"] == 3 and t.money()[0] == 100 - 2 * 20
    assert t.illegal(0, {"type": "invest", "land": "L01"}).rule == "dokusenroku/turn.invest"
    assert t.illegal(0, {"type": "spell", "card": "S14a"}).rule == "dokusenroku/turn.order"


def test_the_roll_cannot_be_skipped():
    """Ⅳ and Ⅴ must be done: the turn waits in the main step until the player rolls."""
    t = Table(position(hands=[["C10a"], []]))
    assert t.illegal(0, {"type": "pass"}).rule == "dokusenroku/turn.order"
    assert t.to_act == [0]
    t.act(0, ROLL, dice=[4])                          # スキマ: nothing to decide
    assert t.state["active"] == 1 and t.state["turn"] == 2


def test_hand_limit_discards_down_to_six():
    """Ⅴ 手札が7枚以上ある場合は6枚になるまで手札を墓地に捨てる."""
    hand = ["C01a", "C02a", "C03a", "C04a", "C05a", "C06a"]
    t = Table(position(hands=[hand, []], decks=[["C10a", "C13a", "C20a", "C25a"]]))
    t.act(0, {"type": "draw"})
    t.act(0, ROLL, dice=[4])
    assert t.step == "discard" and t.to_act == [0]
    assert t.illegal(0, {"type": "discard", "cards": ["C01a", "C02a"]}).rule == "dokusenroku/turn.hand-limit"
    t.act(0, {"type": "discard", "cards": ["C10a"]})
    assert len(t.hand(0)) == 6 and t.graveyard() == ["C10a"] and t.state["active"] == 1


def test_six_cards_need_no_discard():
    hand = ["C01a", "C02a", "C03a", "C04a", "C05a"]
    t = Table(position(hands=[hand, []], decks=[["C10a", "C13a"]]))
    t.act(0, {"type": "draw"})
    t.act(0, ROLL, dice=[4])
    assert t.state["active"] == 1 and len(t.hand(0)) == 6


def test_turn_passes_to_the_left_in_turn_order():
    """これらの行動が終了したら左隣プレイヤーに順番が移ります (clockwise from the first player)."""
    t = Table(position(order=[2, 0, 1], hands=[[], [], []]))
    seen = []
    for _ in range(4):
        seat = t.state["active"]
        seen.append(seat)
        t.act(seat, ROLL, dice=[4] if t.player(seat)["at"] == 0 else [8])
    assert seen == [2, 0, 1, 2]
    ended = [e.data["seat"] for e in of_type(t.events, "TurnEnded")]
    assert ended == [2, 0, 1, 2]


def test_only_the_seat_to_act_may_act():
    t = Table(position(hands=[["C10a"], ["C13a"]]))
    assert t.illegal(1, ROLL).rule == "dokusenroku/turn.order"
    assert t.illegal(0, {"type": "fly"}).rule == "dokusenroku/actions"
    assert t.illegal(0, {"type": "pay"}).rule == "dokusenroku/square.toll"
    assert one(t.act(0, ROLL, dice=[4]), "Moved").data["steps"] == 4


def test_a_discard_beyond_the_listed_combinations_is_accepted():
    """legal_actions caps the discard combinations it lists; any other legal discard is accepted."""
    hand = ["C01a", "C02a", "C03a", "C04a", "C05a", "C06a", "C07a", "C08a"]
    t = Table(position(hands=[hand, []], decks=[["C10a", "C11a"]]))
    t.act(0, {"type": "draw"})
    t.act(0, ROLL, dice=[4])
    listed = GAME.legal_actions(t.state, 0)
    last = {"type": "discard", "cards": ["C06a", "C07a", "C10a"]}
    assert len(listed) == 40 and last not in listed
    t.act(0, last)
    assert sorted(t.graveyard()) == ["C06a", "C07a", "C10a"] and t.state["active"] == 1
