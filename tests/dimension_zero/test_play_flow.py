"""Issue 38 in Dimension Zero (001 ch.3 §4(1) / 000 優先権): which passes a seat's settings may make for
it (the ``passing`` hook), and the payment in words with its default marked."""
from engine.core.seat_settings import automatic, fold as fold_settings
from tests.dimension_zero.table import GAME, Table, player


def settle(t, seat, mode):
    fold_settings(t.state["match"], {"seat": seat, "settings": {"pass": mode, "pay": "auto", "single": "auto",
                                                                "confirm": False}})


def test_priority_in_the_own_main_phase_with_nothing_stacked_is_the_seats_own_decision():
    """001 ch.3 §4(1): the active player gets priority; with nothing stacked a pass ends its main phase."""
    t = Table([player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2), player()])
    (seat,) = t.to_act
    assert GAME.passing(t.state, seat) == {"action": {"type": "pass"}, "respond": None}
    settle(t, seat, "unless-respond")
    assert automatic(GAME, t.state, seat) is None


def test_answering_a_stacked_ability_with_nothing_to_answer_is_passed_for_the_seat():
    """000 優先権: after the active player stacks something the other seat gets priority; with no card it
    could play it has nothing to answer, and unless-respond (and only-choice) pass for it."""
    t = Table([player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2), player(hand=[], energy=[])])
    t.act(0, {"type": "plan_create", "pay": [t.id(0, "dz-red-striker", "energy", 0)]})
    assert t.to_act == [0] and GAME.passing(t.state, 0)["respond"] is not None      # its own stack: it may add
    t.act(0, {"type": "pass"})                      # the active player first, then the other seat
    assert t.to_act == [1] and t.state["stack"]
    assert GAME.legal_actions(t.state, 1) == [{"type": "pass"}]
    assert GAME.passing(t.state, 1)["respond"] is False
    for mode, why in (("only-choice", "only-choice"), ("unless-respond", "only-choice")):
        settle(t, 1, mode)
        assert automatic(GAME, t.state, 1) == {"action": {"type": "pass"}, "setting": {"pass": mode}, "why": why}
    settle(t, 1, "manual")
    assert automatic(GAME, t.state, 1) is None


def test_the_payment_is_said_in_words_and_its_default_marked():
    """001 ch.2 Column コストの支払い: any released energy cards that pay the cost; the first way the rules
    find is the default, marked on its way and never a raw cost code."""
    t = Table([player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2), player()])
    card = t.id(0, "dz-red-striker", "hand")
    step = GAME.choices(t.state, 0, {"type": "play", "card": card, "square": 0}).to_dict()
    assert step["field"] == "pay" and "energy" in step["prompt"] and "R1" not in step["prompt"]
    assert [o for o in step["options"] if o.get("default")][0]["action"]["pay"][0] in t.pay(0, {"R": 1, "X": 1})
