"""Every event cites the rule that produced it: the ids an auditor reads, scenario by scenario."""
from tests.dokusenroku.table import Table, of_type, owned, position

ROLL = {"type": "roll"}


def cited(events):
    return {(e.type, e.rule.removeprefix("dokusenroku/")) for e in events}


def test_setup_cites_ゲームの準備_and_the_adjustment():
    t = Table(variant="constructed", seats=3)
    assert {("DeckShuffled", "setup.deck"), ("CardsRemoved", "constructed.adjust"), ("FundsGiven", "setup.money"),
            ("CardsDealt", "setup.hand"), ("CharismaGiven", "setup.hand"), ("OrderRolled", "setup.order"),
            ("TurnOrderSet", "setup.order"), ("TurnStarted", "turn.order")} <= cited(t.events)
    assert cited(Table(position(hands=[[], []])).events) >= {("PositionSet", "setup.position")}


def test_squares_cite_移動の方法():
    t = Table(position(hands=[["C10a", "C11a"], []], lands={"L20": owned(0, "C12a")}, money=[100, 40]))
    t.act(0, ROLL, dice=[5])
    t.act(0, {"type": "place", "card": "C10a"})
    t.act(1, ROLL, dice=[3])                                     # to L03: no card, no decision
    t.act(0, ROLL, dice=[3])                                     # 5 -> 8: EVENT
    t.act(0, {"type": "replace", "land": "L20", "card": "C11a"})
    assert {("StepEntered", "square.empty"), ("CharacterPlaced", "square.empty"), ("TurnEnded", "turn.end"),
            ("StepEntered", "square.event"), ("CharacterPlaced", "square.event.replace")} <= cited(t.events)
    t.act(1, ROLL, dice=[2])                                     # 3 -> 5: seat 0's L04
    assert ("TollPaid", "square.toll") in cited(t.events)


def test_money_cites_破産():
    t = Table(position(hands=[[], []], lands={"L10": owned(1, "C20a", 5), "L01": owned(0, "C10a")},
                       money=[0, 0], at=[3, 0], decks=[["C30a", "C31a"]]))
    t.act(0, ROLL, dice=[10])
    t.act(0, {"type": "sell", "land": "L01"})
    t.act(0, {"type": "refill"})
    assert {("DebtOpened", "money.sell"), ("LandSold", "money.sell-price"), ("Bankrupted", "money.bankrupt"),
            ("RefillChosen", "money.refill"), ("CardDrawn", "money.refill")} <= cited(t.events)
    assert ("GameEnded", "end.deck-out") in cited(t.events)    # the refill took the deck's last card


def test_battles_cite_戦闘の流れ():
    t = Table(position(hands=[["C13a", "C20a"], ["X00b"]], lands={"L04": owned(1, "C26a")}, money=[100, 40]))
    t.act(0, ROLL, dice=[5])
    t.act(0, {"type": "invade", "card": "C13a", "support": "C20a"})
    t.act(1, {"type": "support", "card": "X00b"})
    assert {("StepEntered", "square.other"), ("InvasionDeclared", "square.invade"),
            ("SupportCommitted", "battle.invader"), ("StepEntered", "battle.defender"),
            ("SupportCommitted", "battle.defender"), ("SupportRevealed", "battle.reveal"),
            ("BattleResolved", "battle.lose"), ("TollPaid", "square.toll")} <= cited(t.events)
    applied = of_type(t.events, "BattleResolved")[0].data["applied"]
    assert "dokusenroku/battle.counter" in applied and "dokusenroku/land.level-bonus" in applied


def test_effects_cite_the_spell_and_the_event_table():
    t = Table(position(hands=[["S07a"], []], decks=[["C01a", "C02a"]]))
    t.act(0, {"type": "spell", "card": "S07a"})
    t.act(0, {"type": "choose", "card": "C02a"})
    t.act(0, ROLL, dice=[8])
    t.act(0, {"type": "bonus"}, dice=[2, 2])
    assert {("SpellCast", "turn.spell"), ("SearchStarted", "constructed.search"), ("CardSearched", "constructed.search"),
            ("EventRolled", "square.event.bonus"), ("MoneyGained", "square.event.bonus")} <= cited(t.events)
