"""The choice protocol for 東方祀爭録 (engine/core/choices.py; issue 15): a card decision picks its cards
one at a time (any subset the decision allows, not only the first decisions.LIST_LIMIT the list
shows; an order card by card), a mode its options one at a time, the end of the turn the card left
on top of the discard pile (l.74), and the rest field by field over the listed moves."""
from engine.core.choices import Part, Step, from_actions, headed
from engine.games.shisoroku import decisions, turn
from engine.games.shisoroku.cards import CARDS


def choices(state, seat, partial, listed) -> Step:
    q = state["pending"]
    if q is not None and listed and q["kind"] in ("cards", "mode"):
        return headed(partial, listed, lambda action: [_part(state, seat, q)], ("cards", "options"))
    actions = list(listed)
    if {"type": "end_turn"} in listed:
        actions += [{"type": "end_turn", "top": c} for c in dict.fromkeys(turn.cleanup_order(state, seat))]
    kind = partial.get("type") if isinstance(partial, dict) else None
    prompts = {"type": "Choose what to do", "top": "Choose the card left on top of your discard pile (or Done)",
               "card": f"Buy a card ({state['coins']} coins)" if kind == "buy" else "Choose a card",
               "option": "Choose which resolves next"}
    return from_actions(actions, partial, prompts=prompts, labels=_label)


def _part(state, seat, q) -> Part:
    if q["kind"] == "mode":
        return Part("options", f"Choose ({q['count']})", list(q["options"]), many=True, need=(q["count"],) * 2)
    zone = state["players"][seat][q["zone"]]
    pool = sorted(zone) if q["purpose"] == "order" else sorted(c for c in zone if decisions.fits(c, q))
    purpose = "in order, first chosen first" if q["purpose"] == "order" else q["purpose"]
    return Part("cards", f"Choose cards of your {q['zone']} ({purpose}; {q['min']}–{q['max']})", pool, many=True,
                need=(q["min"], q["max"]), label=lambda c: _label("cards", c))


def _label(field, value) -> str:
    if isinstance(value, str) and value in CARDS:
        return f"{CARDS[value].name} ({value})"
    if field == "type" and isinstance(value, str):
        return value.replace("_", " ")
    return "None" if value is None else str(value)
