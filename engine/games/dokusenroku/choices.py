"""The choice protocol for 東方独占録 (engine/core/choices.py; issue 15): moves field by field over the
listed moves with every copy of a card in hand offered (the list names one copy of each card; any copy
is accepted), and the hand-limit discard (RULES.md turn.hand-limit) picked one card at a time.

Prompts say what the square or step asks in the rulebook's words (移動の方法 Ⅰ-Ⅶ, 戦闘の流れ, 破産);
options name cards and lands as printed (a land by its land card's name, never its id: the id is the
option's ``ref``, shown by the protocol as a small suffix only where two options share a name)."""
from itertools import product

from engine.core.choices import Part, Step, from_actions, headed
from engine.core.i18n import Catalog, N_
from engine.games.dokusenroku.board import HAND_LIMIT, LANDS
from engine.games.dokusenroku.cards import card_name, card_of

_, ngettext = Catalog.of("dokusenroku").functions()

HAND_FIELDS = ("card", "support")        # the fields naming a card of the hand
HAND_TYPES = frozenset({"place", "invade", "spell", "replace", "support"})

TYPES = {"draw": N_("Draw a card"), "spell": N_("Cast a spell card"), "invest": N_("Invest in a land"),
         "roll": N_("Roll and move"), "place": N_("Place a character"), "pay": N_("Pay the toll"),
         "invade": N_("Invade"), "bonus": N_("Roll for the bonus"), "replace": N_("Re-place a character"),
         "support": N_("Support"), "choose": N_("Choose"), "sell": N_("Sell a land"),
         "refill": N_("Draw up to 5 cards"), "discard": N_("Discard")}
PASSES = {"land": N_("Place no character"), "own": N_("Keep the character"), "event": N_("Do nothing"),
          "choose": N_("Take nothing"), "refill": N_("Draw nothing")}
# what each step asks first (the action's type), in the words of 002's turn and squares
ASKS = {"main": N_("Your turn: draw a card, cast a spell card, invest, or roll and move"),
        "land": N_("An empty land: place a character on it, or not"),
        "own": N_("Your own land: place a new character on it, or not"),
        "other": N_("Another player's land: pay the toll or invade"),
        "event": N_("The EVENT square: re-place a character, or roll for the bonus"),
        "choose": N_("Choose"), "defend": N_("Defending: choose a support card to set face down"),
        "invader_support": N_("Invading: choose a support card to set face down"),
        "sell": N_("Sell a land to pay the toll"), "refill": N_("Bankrupt: draw until holding 5 cards, or not")}
CHOOSE = {"level_up": N_("Choose a land to raise by a level"),
          "recover": N_("Choose a character card to take from the graveyard"),
          "search": N_("Choose a card to take from the deck")}


def choices(state, seat, partial, listed) -> Step:
    hand = sorted(state["players"][seat]["hand"]) if 0 <= seat < len(state["players"]) else []
    if state["step"] == "discard" and listed:
        need = len(hand) - HAND_LIMIT
        part = Part("cards", ngettext("Choose a card to discard", "Choose %(n)s cards to discard", need), hand,
                    many=True, need=(need, need), label=card_label)
        return headed(partial, listed, lambda action: [part], ("cards",), prompts={"type": part.prompt},
                      labels=lambda field, value: _(TYPES[value]) if value in TYPES else str(value))
    kind = (state.get("pending") or {}).get("kind")
    return from_actions(_every_copy(listed, hand), partial, prompts=_prompts(state["step"], kind, partial),
                        labels=lambda field, value: _label(state["step"], kind, partial, field, value))


def _prompts(step, kind, partial) -> dict:
    what = partial.get("type")
    card = {"spell": N_("Choose a spell card"), "invade": N_("Choose a character to invade with"),
            "support": N_("Choose a support card, or none"), "choose": CHOOSE.get(kind, N_("Choose a card"))
            }.get(what, N_("Choose a character to place"))
    land = {"invest": N_("Choose a land to invest in"), "replace": N_("Choose an own land to re-place its character"),
            "sell": N_("Choose a land to sell"), "choose": CHOOSE.get(kind, N_("Choose a land"))
            }.get(what, N_("Choose a land"))
    asks = CHOOSE.get(kind, ASKS["choose"]) if step == "choose" else ASKS.get(step, N_("Choose what to do"))
    return {"type": _(asks), "card": _(card), "land": _(land), "support": _("Choose a support card, or none"),
            "target": _("Choose the spell card's target"), "levels": _("Choose how many levels to raise"),
            "steps": _("Choose how many squares to move")}


def _label(step, kind, partial, field, value) -> str:
    if field == "type":
        return _(PASSES.get(step, "Do nothing")) if value == "pass" else _(TYPES[value]) if value in TYPES else str(value)
    if field in HAND_FIELDS or (field == "cards"):
        return card_label(value)
    if field in ("land", "target"):
        return land_label(value) if isinstance(value, str) else seat_label(value)
    if field == "levels":
        land = LANDS.get(partial.get("land"))
        cost = f"{land.invest * value}圓" if land is not None and isinstance(value, int) else "?"
        return ngettext("%(n)s level (%(cost)s)", "%(n)s levels (%(cost)s)", value, cost=cost)
    if field == "steps":
        return ngettext("%(n)s square", "%(n)s squares", value)
    return str(value)


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


def card_label(value) -> str:
    """A card instance by its printed name, its id in brackets (the protocol keeps the id only where two
    options share the name, as a suffix); no card (null) is "No support"."""
    if value is None:
        return _("No support")
    name = card_name(value) if isinstance(value, str) else value
    return f"{name} ({value})" if name != value else str(value)


def land_label(lid) -> str:
    """A land by its land card's name (board.json), its id in brackets as for a card."""
    return f"{LANDS[lid].name} ({lid})" if lid in LANDS else str(lid)


def seat_label(seat) -> str:
    return _("Player %(n)s", n=seat + 1) if isinstance(seat, int) else str(seat)
