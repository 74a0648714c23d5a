"""The choice protocol for 東方独占録 (engine/core/choices.py; issue 15): moves field by field over the
listed moves with every copy of a card in hand offered (the list names one copy of each card; any copy
is accepted), and the hand-limit discard (RULES.md turn.hand-limit) picked one card at a time."""
from itertools import product

from engine.core.choices import Part, Step, from_actions, headed
from engine.games.dokusenroku.board import HAND_LIMIT
from engine.games.dokusenroku.cards import CHARACTERS, CHARISMA, SPELLS, card_of

HAND_FIELDS = ("card", "support")        # the fields naming a card of the hand
HAND_TYPES = frozenset({"place", "invade", "spell", "replace", "support"})


def choices(state, seat, partial, listed) -> Step:
    hand = sorted(state["players"][seat]["hand"]) if 0 <= seat < len(state["players"]) else []
    label = _label(hand)
    if state["step"] == "discard" and listed:
        need = len(hand) - HAND_LIMIT
        part = Part("cards", f"Choose a card to discard ({need})", hand, many=True, need=(need, need), label=label)
        return headed(partial, listed, lambda action: [part], ("cards",))
    return from_actions(_every_copy(listed, hand), partial, labels=lambda field, value: (
        label(value) if field in HAND_FIELDS else _type_label(value) if field == "type" else str(value)))


def _every_copy(listed, hand) -> list:
    copies = {}
    for c in hand:
        copies.setdefault(card_of(c), []).append(c)
    out = []
    for a in listed:
        if a.get("type") not in HAND_TYPES:
            out.append(a)
            continue
        fields = [k for k in HAND_FIELDS if isinstance(a.get(k), str) and a[k] in hand]
        for chosen in product(*[copies[card_of(a[k])] for k in fields]):
            if len(set(chosen)) == len(chosen):
                out.append({**a, **dict(zip(fields, chosen))})
    return out


def _label(hand):
    def label(value) -> str:
        if value is None:
            return "None"
        if isinstance(value, str) and len(value) >= 4:
            card = CHARACTERS.get(card_of(value)) or SPELLS.get(card_of(value)) or CHARISMA.get(card_of(value))
            if card is not None:
                return f"{card.name} ({value})"
        return str(value)
    return label


def _type_label(value) -> str:
    return {"draw": "Draw a card", "spell": "Cast a spell card", "invest": "Invest in a land", "roll": "Roll",
            "place": "Place a character", "pass": "Pass", "pay": "Pay the toll", "invade": "Invade",
            "bonus": "Take the bonus", "replace": "Replace a character", "support": "Support",
            "choose": "Choose", "sell": "Sell a land", "refill": "Refill", "discard": "Discard"}.get(value, str(value))
