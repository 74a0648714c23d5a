"""移動の方法 Ⅰ-Ⅶ: each kind of square, the lap bonus and the START bonus — seed 002."""
from engine.games.dokusenroku.board import EVENT_TABLE
from tests.dokusenroku.table import SQUARE, Table, one, owned, position, types

ROLL = {"type": "roll"}
# C10 小悪魔 cost 10; C13 ルーミア cost 10; C20 伊吹萃香 cost 40; S06 a spell; X00 カリスマ


def at_empty_land(hand, money=40):
    t = Table(position(hands=[hand, []], money=[money, 40]))
    t.act(0, ROLL, dice=[5])                     # square 5: L04, empty
    return t


def test_empty_land_place_a_character_paying_its_cost():
    """Ⅰ 空いている土地: コストを支払い、キャラクターカードを配置して土地の権利を得られる."""
    t = at_empty_land(["C20a", "C10a"])
    assert t.step == "land" and t.to_act == [0]
    t.act(0, {"type": "place", "card": "C20a"})
    assert t.land("L04") == owned(0, "C20a") and t.money()[0] == 0 and t.hand(0) == ["C10a"]
    assert t.state["active"] == 1


def test_empty_land_placing_is_optional():
    """(配置しなくてもよい)."""
    t = at_empty_land(["C20a"])
    t.act(0, {"type": "pass"})
    assert t.land("L04")["owner"] is None and t.money()[0] == 40 and t.state["active"] == 1


def test_only_characters_can_be_placed_and_only_when_affordable():
    """スペルカードは土地に配置する事ができない; the カリスマ card is support only; the cost must be paid."""
    t = at_empty_land(["S06a", "X00a", "C20a"], money=30)
    assert t.illegal(0, {"type": "place", "card": "S06a"}).rule == "dokusenroku/spell.not-placeable"
    assert t.illegal(0, {"type": "place", "card": "X00a"}).rule == "dokusenroku/card.charisma"
    assert t.illegal(0, {"type": "place", "card": "C20a"}).rule == "dokusenroku/card.cost"


def test_no_decision_without_a_card_or_the_money_for_any_character():
    """Whether a land waits depends only on public facts (hand count, money)."""
    t = at_empty_land([], money=40)
    assert t.state["active"] == 1 and "StepEntered" not in types(t.events[-3:])
    t = at_empty_land(["C10a"], money=9)
    assert t.state["active"] == 1


def test_own_land_replace_and_the_old_character_returns_to_hand():
    """Ⅱ 所有している土地: 新しくキャラクターカードを配置しなおす; 配置されていたキャラクターは手札に戻す."""
    t = Table(position(hands=[["C20a"], []], lands={"L04": owned(0, "C10a", 2)}, money=[50, 40]))
    t.act(0, ROLL, dice=[5])
    assert t.step == "own"
    t.act(0, {"type": "place", "card": "C20a"})
    assert t.land("L04") == owned(0, "C20a", 2) and t.hand(0) == ["C10a"] and t.money()[0] == 10


def test_other_players_land_pay_the_toll():
    """Ⅲ① 通行料を支払う: the land card's toll goes to the land's owner."""
    t = Table(position(hands=[["C10a"], []], lands={"L04": owned(1, "C13a", 3)}, money=[40, 0]))
    t.act(0, ROLL, dice=[5])
    assert t.step == "other" and t.to_act == [0]
    paid = one(t.act(0, {"type": "pay"}), "TollPaid")
    assert paid.data["amount"] == 20 and paid.seat == 0             # L04 level 3, 1-chain: 20圓
    assert t.money() == [20, 20]


def test_other_players_land_toll_is_automatic_when_invading_is_impossible():
    t = Table(position(hands=[[], []], lands={"L04": owned(1, "C13a")}, money=[40, 0]))
    t.act(0, ROLL, dice=[5])
    assert one(t.events[-4:], "TollPaid").data["amount"] == 5 and t.money() == [35, 5]


def test_passing_start_gives_20_plus_3_per_land_owned_by_anyone():
    """Ⅳ 周回ボーナスとして20圓+(全てのプレイヤーが所有する土地数×3)."""
    lands = {"L01": owned(0, "C10a"), "L02": owned(1, "C13a"), "L20": owned(1, "C20a")}
    t = Table(position(hands=[[], []], lands=lands, at=[28, 0], money=[0, 0]))
    moved = one(t.act(0, ROLL, dice=[6]), "Moved")                 # 28 -> 2 (own... L02 is seat 1's)
    assert moved.data["passed_start"] and moved.data["to"] == 2
    gained = [e for e in t.events if e.type == "MoneyGained"]
    assert [(e.data["why"], e.data["amount"]) for e in gained] == [("lap", 20 + 3 * 3)]
    assert gained[0].rule == "dokusenroku/square.pass-start"


def test_stopping_on_start_adds_40_to_the_lap_bonus():
    """Ⅴ STARTマスにぴったり止まると周回ボーナスとは別に40圓を得る."""
    t = Table(position(hands=[[], []], lands={"L01": owned(1, "C10a")}, at=[25, 0], money=[0, 0]))
    t.act(0, ROLL, dice=[7])
    gained = [(e.data["why"], e.data["amount"], e.rule) for e in t.events if e.type == "MoneyGained"]
    assert gained == [("lap", 23, "dokusenroku/square.pass-start"), ("start", 40, "dokusenroku/square.start")]
    assert t.money()[0] == 63 and t.player(0)["at"] == 0


def test_event_square_replace_a_character_on_an_owned_land():
    """Ⅵ① 所有している土地の中から1ヶ所選びキャラクターを配置しなおしても良い (cost paid, old one to hand)."""
    t = Table(position(hands=[["C20a"], []], lands={"L20": owned(0, "C10a", 2)}, money=[45, 40]))
    t.act(0, ROLL, dice=[8])
    assert t.step == "event"
    assert t.illegal(0, {"type": "replace", "land": "L01", "card": "C20a"}).rule == "dokusenroku/actions"
    t.act(0, {"type": "replace", "land": "L20", "card": "C20a"})
    assert t.land("L20") == owned(0, "C20a", 2) and t.hand(0) == ["C10a"] and t.money()[0] == 5


def test_event_square_bonus_rolls_2d6_on_the_board_table():
    """Ⅵ② サイコロを2個ふって、ボードに記載された指示に従う (4: gain 20圓; 7: draw 1)."""
    t = Table(position(hands=[[], []], money=[0, 0]))
    t.act(0, ROLL, dice=[8])
    rolled = one(t.act(0, {"type": "bonus"}, dice=[1, 3]), "EventRolled")
    assert rolled.data["total"] == 4 and rolled.data["name"] == EVENT_TABLE[4]["name"]
    assert t.money()[0] == 20
    t2 = Table(position(hands=[[], []]))
    t2.act(0, ROLL, dice=[8])
    t2.act(0, {"type": "bonus"}, dice=[3, 4])
    assert len(t2.hand(0)) == 1


def test_event_bonus_choices_wait_for_the_player():
    """Ⅵ② 5: raise one of your lands a level (a choice when there are several); 10: recover a character."""
    lands = {"L01": owned(0, "C10a"), "L02": owned(0, "C13a", 5), "L03": owned(0, "C26a")}
    t = Table(position(hands=[[], []], lands=lands))
    t.act(0, ROLL, dice=[8])
    t.act(0, {"type": "bonus"}, dice=[2, 3])
    assert t.step == "choose" and t.state["pending"]["options"] == ["L01", "L03"]
    t.act(0, {"type": "choose", "land": "L03"})
    assert t.land("L03")["level"] == 2 and t.state["active"] == 1
    t = Table(position(hands=[[], []], graveyards=[["S01a", "C25a", "C11a"]]))
    t.act(0, ROLL, dice=[8])
    t.act(0, {"type": "bonus"}, dice=[4, 6])
    assert t.state["pending"]["options"] == ["C11a", "C25a"]
    t.act(0, {"type": "choose", "card": "C25a"})
    assert t.hand(0) == ["C25a"] and t.graveyard() == ["S01a", "C11a"]


def test_event_square_may_be_declined():
    t = Table(position(hands=[["C10a"], []]))
    t.act(0, ROLL, dice=[8])
    t.act(0, {"type": "pass"})
    assert t.state["active"] == 1


def test_sukima_square_nothing_happens():
    """Ⅶ スキママスに止まる: 特に何も起こらない."""
    t = Table(position(hands=[["C10a"], []]))
    before = [dict(p) for p in t.state["players"]]
    t.act(0, ROLL, dice=[4])
    assert t.player(0)["at"] == 4 and t.player(0)["money"] == before[0]["money"]
    assert types(t.events[-3:]) == ["Moved", "TurnEnded", "TurnStarted"]


def test_the_board_has_every_kind_of_square_the_seed_names():
    """移動の方法: START, lands, EVENT and スキマ squares on one loop (layout designed, board.json)."""
    from engine.games.dokusenroku.board import SQUARES, land_at, square_kind
    assert {lid: sq for sq in range(len(SQUARES)) if (lid := land_at(sq))} == SQUARE
    kinds = [square_kind(sq) for sq in range(len(SQUARES))]
    assert kinds[0] == "start" and kinds.count("event") == 3 and kinds.count("sukima") == 4
