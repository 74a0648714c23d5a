"""Ⅳ moving (移動の方法): the roll, passing and stopping on START, and what each square asks for.

Whether a square waits for the player never depends on the hidden hand: a land waits when the
player holds any card and has the money for the cheapest character of the game; otherwise it is
settled at once (an empty or own land: nothing; another's land: the toll).
"""
from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.dokusenroku import flow, money
from engine.games.dokusenroku.board import BOARD_SIZE, ECON, land_at, square_kind
from engine.games.dokusenroku.cards import MIN_CHARACTER_COST
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.state import current_lap_bonus

_ = Catalog.of("dokusenroku").gettext


def steps_for(state, seat, action, rng):
    """(dice, steps, rule id): 2d6, or what the latest movement spell says (その他 ④)."""
    mod = state["players"][seat]["move"]
    steps_given = action.get("steps")
    if mod is not None and mod["kind"] == "choose":
        if type(steps_given) is not int or not mod["min"] <= steps_given <= mod["max"]:
            raise IllegalAction(rule("spell.movement"),
                                _('choose how far you move: "steps" from %(min)s to %(max)s', min=mod["min"],
                                  max=mod["max"]))
        return None, steps_given, "spell.movement"
    if steps_given is not None:
        raise IllegalAction(rule("turn.move"), _('only a move you choose takes "steps"; roll the dice'))
    if mod is not None and mod["kind"] == "fixed":
        return None, mod["n"], "spell.movement"
    dice = [rng.die(6), rng.die(6)]
    if mod is not None and mod["kind"] == "plus":
        return dice, sum(dice) + mod["n"], "spell.movement"
    return dice, sum(dice), "turn.move"


def roll(em, seat, action, rng):
    state = em.state
    dice, steps, rule_id = steps_for(state, seat, action, rng)
    start = state["players"][seat]["at"]
    to = (start + steps) % BOARD_SIZE
    passed = start + steps >= BOARD_SIZE
    v = em.emit("Moved", {"seat": seat, "dice": dice, "move": state["players"][seat]["move"], "steps": steps,
                          "from": start, "to": to, "passed_start": passed}, rule(rule_id), seat)
    if passed:
        bonus = current_lap_bonus(em.state)
        em.emit("MoneyGained", {"seat": seat, "amount": bonus, "why": "lap"}, rule("square.pass-start"), cause=v)
        if to == 0:
            em.emit("MoneyGained", {"seat": seat, "amount": ECON["start_square_bonus"], "why": "start"},
                    rule("square.start"), cause=v)
    arrive(em, seat, to, v)


def could_place(state, seat) -> bool:
    """Public test: the seat holds a card and can pay for the cheapest character."""
    p = state["players"][seat]
    return bool(p["hand"]) and p["money"] >= MIN_CHARACTER_COST


def arrive(em, seat, square, cause):
    kind = square_kind(square)
    if kind == "event":
        flow.wait(em, "event", seat, cause)
        return
    if kind != "land":                         # START (bonuses already paid) or スキマ (nothing happens)
        flow.finish_turn(em, cause)
        return
    lid = land_at(square)
    owner = em.state["lands"][lid]["owner"] if lid in em.state["lands"] else None
    if owner is None or owner == seat:
        if could_place(em.state, seat):
            flow.wait(em, "land" if owner is None else "own", seat, cause, land=lid)
        else:
            flow.finish_turn(em, cause)
    elif could_place(em.state, seat):
        flow.wait(em, "other", seat, cause, land=lid, owner=owner)
    else:
        money.charge_toll(em, seat, lid, cause)
