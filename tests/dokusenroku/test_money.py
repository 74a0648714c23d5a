"""破産: selling lands one at a time at base value + toll, bankruptcy, refill; capped payments — seed 002."""
from engine.games.dokusenroku.board import base_value, toll
from engine.games.dokusenroku.state import current_toll
from tests.dokusenroku.table import GAME, Table, of_type, one, owned, position, types

ROLL = {"type": "roll"}
RED = {"L07": owned(1, "C20a"), "L08": owned(1, "C21a"), "L09": owned(1, "C22a"), "L10": owned(1, "C23a", 5)}
BLUE3 = {"L01": owned(0, "C10a"), "L02": owned(0, "C11a"), "L03": owned(0, "C12a")}


def owing(lands, money=0, hand=(), toll_square=13):
    """Seat 0 (no cards: no invasion possible) stops on seat 1's L10 (square 13)."""
    t = Table(position(hands=[list(hand), []], lands=lands, money=[money, 0], at=[toll_square - 10, 0],
                       decks=[["C30a", "C31a", "C32a", "C33a", "C34a", "C35a"]]))
    t.act(0, ROLL, dice=[10])
    return t


def test_a_player_short_of_money_sells_lands_chosen_one_by_one():
    """破産: 支払うための資金を所持していない場合には所有する土地を売却 / 土地の売却処理は1つづつ."""
    t = owing({**RED, **BLUE3})
    assert t.step == "sell" and t.to_act == [0] and t.state["debt"]["amount"] == 220
    assert GAME.legal_actions(t.state, 0) == [{"type": "sell", "land": lid} for lid in ("L01", "L02", "L03")]
    assert t.illegal(0, {"type": "sell", "land": "L07"}).rule == "dokusenroku/actions"


def test_a_chain_sells_at_3_chain_then_2_then_1():
    """例:3連鎖の土地をすべて売却する場合は3連鎖、2連鎖、1連鎖それぞれの価格で売却を行う."""
    t = owing({**RED, **BLUE3})
    sold = []
    for lid in ("L02", "L01", "L03"):
        sold.append(one(t.act(0, {"type": "sell", "land": lid}), "LandSold").data)
    assert [s["chain"] for s in sold] == [3, 2, 1]
    assert [s["price"] for s in sold] == [base_value(s["land"], 1) + toll(s["land"], 1, s["chain"]) for s in sold]
    assert sold[0]["price"] > base_value("L02", 1) + toll("L02", 1, 1)


def test_a_sold_land_loses_its_character_to_the_graveyard_and_returns_to_level_1():
    """土地が売却された場合、配置していたキャラクターカードは墓地へ送られ、土地のレベルが1になる."""
    lands = {**RED, "L05": owned(0, "C13a", 4), "L06": owned(0, "C14a", 2)}
    t = owing(lands, money=10)
    price = base_value("L05", 4) + toll("L05", 4, 2)
    t.act(0, {"type": "sell", "land": "L05"})
    assert t.land("L05") == {"owner": None, "level": 1, "character": None} and t.graveyard() == ["C13a"]
    assert t.money()[0] == 10 + price < 220 and t.step == "sell"


def test_selling_stops_as_soon_as_the_toll_can_be_paid():
    lands = {"L10": owned(1, "C23a", 3), "L05": owned(0, "C13a", 3), "L06": owned(0, "C14a", 3)}
    t = owing(lands, money=5)
    due = current_toll(t.state, "L10")
    price = base_value("L06", 3) + toll("L06", 3, 2)
    assert 5 < due <= 5 + price
    events = t.act(0, {"type": "sell", "land": "L06"})
    assert one(events, "TollPaid").data["amount"] == due
    assert t.land("L05")["owner"] == 0 and t.money() == [5 + price - due, due]


def test_bankruptcy_bank_pays_the_shortfall_and_the_player_restarts_at_start():
    """上記の処理を行っても…破産となり、周回ボーナスと同じ金額を所持した状態でSTARTマスへ移動する /
    支払いに不足した分の資金は銀行から代わりに支払われる."""
    t = owing({**RED, **BLUE3}, money=3)
    for lid in ("L01", "L02", "L03"):
        events = t.act(0, {"type": "sell", "land": lid})
    broke = one(events, "Bankrupted").data
    raised = 3 + sum(e.data["price"] for e in of_type(t.events, "LandSold"))
    assert broke["paid"] == raised and broke["bank"] == 220 - raised
    assert t.money() == [20 + 3 * 4, 220]                 # lap bonus with 4 lands owned (seat 1's)
    assert t.player(0)["at"] == 0


def test_bankrupt_player_may_draw_up_to_five_cards():
    """この時手札を5枚になるまで山札からカードを引いても良い."""
    t = owing(RED, hand=[], money=0)
    assert "Bankrupted" in types(t.events) and t.step == "refill" and t.to_act == [0]
    t.act(0, {"type": "refill"})
    assert t.hand(0) == ["C30a", "C31a", "C32a", "C33a", "C34a"] and t.state["active"] == 1
    t = owing(RED, money=0)
    t.act(0, {"type": "pass"})
    assert t.hand(0) == [] and t.state["active"] == 1


def test_bankrupt_player_with_five_cards_is_not_asked():
    hand = ["C01a", "C02a", "C03a", "C04a", "C05a"]
    t = Table(position(hands=[hand, []], lands=RED, money=[0, 0], at=[3, 0]))
    t.act(0, ROLL, dice=[10])                             # no money for any character: the toll at once
    assert "Bankrupted" in types(t.events) and t.state["active"] == 1


def test_losing_an_invasion_can_bankrupt_too():
    """Ⅴ② 敗北した場合、通行料を支払う — the same selling and bankruptcy apply."""
    t = Table(position(hands=[["C13a"], []], lands={"L04": owned(1, "C26a", 3), "L01": owned(0, "C10a")},
                       money=[10, 0]))
    t.act(0, ROLL, dice=[5])
    t.act(0, {"type": "invade", "card": "C13a", "support": None})
    assert t.step == "sell" and t.state["debt"]["amount"] == 20


def test_other_payments_take_at_most_what_the_payer_has():
    """(kifu) money.capped: 恋符「マスタースパーク」 asks 30圓 of a player holding 12."""
    t = Table(position(hands=[["S05a"], []], money=[40, 12]))
    paid = one(t.act(0, {"type": "spell", "card": "S05a", "target": 1}), "MoneyPaid").data
    assert paid == {"seat": 1, "to": None, "amount": 12, "asked": 30, "why": "spell"} and t.money() == [20, 0]
