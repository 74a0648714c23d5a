"""The choice protocol for Dimension Zero (engine/core/choices.py; issue 15): a move is its head (type,
card, square / line / unit / ability, 隊列召喚) chosen from the listed moves, then its parts one pick at
a time — targets (000 テクニック④: 氷符「アイシクルフォール」 takes up to two), the 盟約 cards (one of
each name, 000 盟約), and the payment (001 ch.2 Column コストの支払い: any released energy- or
smash-zone cards that pay the cost, so a player chooses what stays open). A mulligan orders the hand
card by card; a grave order (001 ch.3) is picked card by card; sideboarding (001 ch.2 §6 「好きな枚数」)
picks the ten cards that stay out, the other cards being the deck.
"""
from engine.core import canonical_json
from engine.core.choices import Option, Part, Step, headed, listed, listing_memo
from engine.core.i18n import Catalog, N_, current
from engine.games.dimension_zero import costs, plays
from engine.games.dimension_zero.actions import situation, to_act
from engine.games.dimension_zero.cards import CARDS
from engine.games.dimension_zero.effects import target_options
from engine.games.dimension_zero.legal import legal_actions
from engine.games.dimension_zero.rulings import separate_pact
from engine.games.dimension_zero.series import SIDEBOARD_SIZE
from engine.games.dimension_zero.state import card, visible
from engine.games.dimension_zero.words import base_name, colour, joined, square_name

_, ngettext = Catalog.of("dimension_zero").functions()

PARTS = ("targets", "pact", "pay", "order", "choice", "deck", "sideboard")
PROMPTS = {"type": N_("Choose what to do"), "card": N_("Choose a card"), "square": N_("Choose a square"),
           "line": N_("Choose a base square (line)"), "unit": N_("Choose a unit"), "to": N_("Choose where it moves"),
           "ability": N_("Choose an ability"), "formation": N_("Play it with 隊列召喚?"), "choice": N_("Choose")}
ACTIONS = {"pass": N_("Pass"), "play": N_("Play a card"), "move": N_("Move a unit"),
           "activate": N_("Activate an ability"), "plan_create": N_("Create the plan zone"),
           "plan_refresh": N_("Refresh the plan zone"), "energy": N_("Charge energy"), "smash": N_("Smash"),
           "mulligan": N_("Mulligan"), "keep": N_("Keep this hand"), "choose": N_("Choose"),
           "sideboard": N_("Sideboard")}
# a pass outside priority skips its phase (001 ch.2 §3(3): the card may stay in hand; (5): smashing is a choice)
PASSES = {"energy": N_("Put no card into energy"), "smash": N_("Do not smash")}
# the list fields whose order decide ignores (the event holds them sorted): the deck after sideboarding
UNORDERED = {"sideboard": ("deck",)}


def choices(state, seat, partial) -> Step:
    if seat not in to_act(state):
        return headed(partial, [], lambda h: [], PARTS)
    sit = situation(state)
    labels = _labels(state, seat)

    def name(field, value):
        if field == "formation":
            return _("隊列召喚 (formation)")
        if field == "type" and value == "pass" and sit in PASSES:
            return _(PASSES[sit])
        return labels(value) if field in ("card", "unit", "choice") else _default(field, value, seat)

    memo = listing_memo(state, seat)            # a move's parts depend on its head only: built once per head,
    parts = {} if memo is None else memo.setdefault(("parts", current()), {})   # for the walk's every step

    separate = separate_pact(state)             # pact-pays "separate": the payment depends on the 盟約 cards

    def parts_of(action):
        head = canonical_json({k: v for k, v in action.items() if k not in PARTS or (separate and k == "pact")})
        if head not in parts:
            parts[head] = _parts(state, seat, sit, action, labels)
        return parts[head]

    prompts = {field: _(prompt) for field, prompt in PROMPTS.items()}
    step = headed(partial, listed(legal_actions, state, seat), parts_of, PARTS, prompts=prompts, labels=name,
                  refs=_ref)
    if sit == "sideboard" and partial == {"type": "sideboard"}:
        keep = Option({"type": "sideboard"}, _("Keep deck and sideboard as they are"), None, True)
        return Step(step.prompt, step.field, [keep] + step.options, step.picked, step.need)
    return step


def _parts(state, seat, sit, head, labels) -> list:
    kind = head.get("type")
    if sit == "pending":
        pending = state["pending"]
        if pending.get("any_order"):
            return [Part("choice", _("Order the cards (first chosen first)"), pending["cards"], many=True,
                         need=(len(pending["cards"]),) * 2, label=labels)]
        return [Part("choice", _("Choose"), pending["options"], label=_pending_label(pending, seat, labels),
                     ref=_choice_ref)]
    if sit == "sideboard":
        return _sideboard(state, seat)
    if kind == "mulligan":
        hand = state["players"][seat]["hand"]
        return [Part("order", _("Order your hand as it goes under the deck (first chosen goes first)"), sorted(hand),
                     many=True, need=(len(hand),) * 2, label=labels)]
    parts, exclude = [], ()
    if kind == "play":
        c = card(state, head["card"])
        cost = plays.play_terms(state, seat, head["card"])[1]
        if head.get("formation"):
            cost = plays.formation_of(state, head["card"])["cost"]
        if c["kind"] == "strategy":
            parts += _targets(state, seat, plays.strategy_ability(c), head["card"], labels)
    elif kind == "move":
        cost = card(state, head["unit"])["move"]
    elif kind == "activate":
        ab = card(state, head["card"])["abilities"][head["ability"]]
        parts += _targets(state, seat, ab, head["card"], labels)
        if "pact" in ab:
            parts.append(_pact(state, seat, ab, head["card"], labels))
            exclude = head.get("pact", ()) if separate_pact(state) else ()
        cost = ab["cost"].get("energy", {})
    elif kind in ("plan_create", "plan_refresh"):
        cost = {"X": 1}
    else:
        return []
    return parts + [_pay(state, seat, cost, labels, exclude)]


def _targets(state, seat, ab, source, labels) -> list:
    if ab.get("target") is None:
        return []
    count = ab.get("count", 1)
    prompt = _("Choose a target (up to %(n)s)", n=count) if count > 1 else _("Choose a target (one)")
    return [Part("targets", prompt, target_options(state, seat, ab["target"], source), many=True, need=(1, count),
                 label=labels, close_label=_("Done choosing targets"))]


def _pact(state, seat, ab, source, labels) -> Part:
    names = ab["pact"]
    cands = plays.pact_cards(state, seat, ab, source)
    separate = separate_pact(state)             # then the cards removed must leave the cost payable

    def fits(chosen):
        return all(c in cands[i] for i, c in enumerate(chosen)) and (
            not separate or plays.pact_payment(state, seat, ab, source, chosen) is not None)

    return Part("pact", lambda chosen: _("盟約: choose a card named %(name)s to remove", name=names[len(chosen or ())]),
                sorted({c for cs in cands for c in cs}), many=True, need=(len(names),) * 2, label=labels, fits=fits)


def _pay(state, seat, cost, labels, exclude=()) -> Part:
    total = sum(cost.values())
    known = {}                                  # chosen cards -> completable (asked again and again)

    def fits(chosen):
        key = tuple(chosen)
        if key not in known:
            known[key] = costs.completable(state, seat, cost, chosen, exclude)
        return known[key]

    def default(action):                        # the payment the rules find first (costs.find_payment)
        return costs.find_payment(state, seat, cost, exclude)

    return Part("pay", _("Pay %(cost)s: choose the cards to freeze", cost=costs.words(cost)),
                sorted(costs.sources(state, seat, exclude)),
                many=True, need=(total, total), label=labels, fits=fits, default=default)


def _sideboard(state, seat) -> list:
    s = state["series"]
    pool = sorted(s["decks"][seat] + s["sideboards"][seat])

    def deck(partial):
        rest = list(pool)
        for k in partial.get("sideboard", ()):
            rest.remove(k)
        return [rest] if len(rest) == len(s["decks"][seat]) else []

    return [Part("sideboard", _("Choose the %(n)s cards of your sideboard", n=SIDEBOARD_SIZE), pool, many=True,
                 need=(SIDEBOARD_SIZE, SIDEBOARD_SIZE), label=_key_label),
            Part("deck", _("Your deck: the other cards"), deck, label=lambda d: _("Deck of %(n)s cards", n=len(d)),
                 ref=lambda d: None)]


def _key_label(key) -> str:
    return f"{CARDS[key]['name']} ({key})" if key in CARDS else str(key)


def _labels(state, seat):
    def label(value) -> str:
        if value is None:
            return _("None (no target / nothing)")
        if isinstance(value, str) and value in state["cards"]:
            if not visible(state, value, seat):
                return _("face-down card %(id)s", id=value)
            c = card(state, value)
            colours = "/".join(colour(k) for k in c.get("colours", ()))
            if colours:
                return _("%(name)s %(colours)s (%(id)s)", name=c["name"], colours=colours, id=value)
            return _("%(name)s (%(id)s)", name=c["name"], id=value)
        if isinstance(value, list):
            return joined(label(v) for v in value)
        if isinstance(value, dict):
            return joined(f"{k} {label(v)}" for k, v in value.items())
        return str(value)
    return label


def _pending_label(pending, seat, labels):
    """A pending choice's options: a square or base square by the chooser's names for it (words.py)."""
    if pending["kind"] in ("own_square", "adjacent_square"):
        return lambda value: square_name(value, seat)
    if pending["kind"] == "base_line":
        return lambda value: base_name(value, seat)
    return labels


def _default(field, value, seat) -> str:
    if field == "type":
        return _(ACTIONS[value]) if value in ACTIONS else str(value)
    if field in ("square", "to"):
        return square_name(value, seat)
    if field == "line":
        return base_name(value, seat)
    if field == "ability":
        return _("ability %(n)s", n=value + 1 if isinstance(value, int) else value)
    return f"{field} {value}"


def _ref(field, value):
    if field in ("card", "unit"):
        return value
    if field in ("square", "to"):
        return f"square-{value}"
    if field == "line":
        return f"line-{value}"
    return None


def _choice_ref(value):
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and "card" in value:
        return value["card"]
    return None
