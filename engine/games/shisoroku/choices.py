"""The choice protocol for 東方祀爭録 (engine/core/choices.py; issue 15): a card decision picks its cards
one at a time (any subset the decision allows, not only the first decisions.LIST_LIMIT the list
shows; an order card by card), a mode its options one at a time, the end of the turn the card left
on top of the discard pile (l.74), and the rest field by field over the listed moves.

Prompts and labels are messages of the shisoroku catalog (engine/core/i18n.py), in the rulebook's
terms in Japanese; a card is named by its printed name alone (no two cards of cards.json share one).
A prompt names the options its step offers: the end of the turn's "As it is" is in both."""
from engine.core.choices import Option, Part, Step, from_actions, headed
from engine.core.i18n import N_, Catalog
from engine.games.shisoroku import decisions, turn
from engine.games.shisoroku.cards import CARDS
from engine.games.shisoroku.narration import answer, name, zone

_, ngettext = Catalog.of("shisoroku").functions()

ACTIONS = {"play": N_("play"), "play_treasures": N_("play treasures"), "end_actions": N_("end actions"),
           "buy": N_("buy"), "end_turn": N_("end turn"), "choose": N_("choose")}
PURPOSES = {       # a card decision's purpose (decisions.py "cards"): what the chosen cards are for
    "trash": N_("Choose cards from %(zone)s to trash (%(least)s–%(most)s)"),
    "discard": N_("Choose cards from %(zone)s to discard (%(least)s–%(most)s)"),
    "play": N_("Choose cards from %(zone)s to play (%(least)s–%(most)s)"),
    "pass": N_("Choose cards from %(zone)s to pass to the next player (%(least)s–%(most)s)"),
    "reveal": N_("Choose cards from %(zone)s to reveal (%(least)s–%(most)s)"),
    "reveal_to_deck": N_("Choose cards from %(zone)s to reveal and put on top of your deck (%(least)s–%(most)s)"),
    "order": N_("Choose the cards of %(zone)s in order, first chosen first (%(least)s–%(most)s)"),
}


def choices(state, seat, partial, listed) -> Step:
    q = state["pending"]
    if q is not None and listed and q["kind"] in ("cards", "mode"):
        return headed(partial, listed, lambda action: [_part(state, seat, q)], ("cards", "options"),
                      prompts=_prompts(state, q, None), labels=_label)
    actions = list(listed)
    if {"type": "end_turn"} in listed:
        if partial == {"type": "end_turn"}:
            step = _top(state, seat)
            if step is not None:
                return step
        actions += [{"type": "end_turn", "top": c} for c in dict.fromkeys(turn.cleanup_order(state, seat))]
    kind = partial.get("type") if isinstance(partial, dict) else None
    return from_actions(actions, partial, prompts=_prompts(state, q, kind), labels=_label)


def _prompts(state, q, kind) -> dict:
    asks = (q or {}).get("kind")
    if kind == "buy":
        card = ngettext("Buy a card (%(n)s coin)", "Buy a card (%(n)s coins)", state["coins"])
    elif kind == "play":
        card = _("Choose a card to play")
    elif asks == "gain":
        card = _("Choose a card to gain")
    elif asks == "react":
        card = _("Choose a reaction card to reveal, or Do not reveal")
    elif asks == "name":
        card = _("Name a card")
    else:
        card = _("Choose a card")
    what = _("A card asks you to choose") if q is not None else _("Choose what to do")
    return {"type": what, "card": card, "option": _("Choose which resolves next")}


def _top(state, seat) -> Step | None:
    """The end of the turn (l.74): the card to leave on top of the discard pile, or the order as it is
    (the last card played, else the hand's last, on top)."""
    order = turn.cleanup_order(state, seat)
    if not order:
        return None
    options = [Option({"type": "end_turn"}, _("As it is (%(card)s on top)", card=name(order[-1])), None, True)]
    options += [Option({"type": "end_turn", "top": c}, name(c), c, True) for c in dict.fromkeys(order)]
    return Step(_("Choose the card to leave on top of your discard pile, or As it is"), "top", options)


def _part(state, seat, q) -> Part:
    if q["kind"] == "mode":
        return Part("options", ngettext("Choose %(n)s option", "Choose %(n)s options", q["count"]), list(q["options"]),
                    many=True, need=(q["count"],) * 2, label=answer, close_label=_("Done"))
    pool = state["players"][seat][q["zone"]]
    pool = sorted(pool) if q["purpose"] == "order" else sorted(c for c in pool if decisions.fits(c, q))
    said = {"zone": zone(q["zone"]), "least": q["min"], "most": q["max"]}
    prompt = _(PURPOSES[q["purpose"]], **said) if q["purpose"] in PURPOSES else \
        _("Choose cards from %(zone)s (%(least)s–%(most)s)", **said)
    return Part("cards", prompt, pool, many=True, need=(q["min"], q["max"]), label=name, close_label=_("Done"))


def _label(field, value) -> str:
    if isinstance(value, str) and value in CARDS:
        return name(value)
    if field == "type" and value in ACTIONS:
        return _(ACTIONS[value])
    if value is None:
        return _("Do not reveal") if field == "card" else _("None")
    return answer(value) if isinstance(value, str) else str(value)
