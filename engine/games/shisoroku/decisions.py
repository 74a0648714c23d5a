"""Decisions the game waits for: the answer each kind takes, its check, and the list of answers.

Every answer is an action ``{"type": "choose", ...}`` of a seat the decision names:

| kind    | question fields                                   | answer                                   |
|---------|---------------------------------------------------|------------------------------------------|
| cards   | zone, purpose, min, max, filters (types, exclude_types, except, only) | ``"cards": [ids]`` from your own zone |
| gain    | options                                           | ``"card": id``                           |
| mode    | options, count                                    | ``"options": [labels]`` (or ``"option"``)|
| react   | when, cards                                       | ``"card": id`` to reveal, or ``null``    |
| order   | options                                           | ``"option": label`` (which resolves next)|
| name    | —                                                 | ``"card": any card id``                  |

The question holds only public facts; which cards a seat may pick is read from its own zone.
"""
from itertools import combinations, permutations

from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.shisoroku.cards import CARD_ID, CARDS
from engine.games.shisoroku.narration import name, zone
from engine.games.shisoroku.rulebook import rule

_, ngettext = Catalog.of("shisoroku").functions()

LIST_LIMIT = 100          # legal_actions lists at most this many card subsets (any fitting one is accepted)


def _illegal(message, rule_id="kifu.actions"):
    raise IllegalAction(rule(rule_id), message)


def fits(card, q) -> bool:
    c = CARDS[card]
    if "types" in q and not any(c.is_(t) for t in q["types"]):
        return False
    if any(c.is_(t) for t in q.get("exclude_types", ())):
        return False
    if card in q.get("except", ()):
        return False
    return "only" not in q or card in q["only"]


# ---- checking an answer --------------------------------------------------------------------

def _cards(state, q, seat, action):
    cards = action.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        _illegal(_('this decision takes "cards": a list of card ids'))
    if not q["min"] <= len(cards) <= q["max"]:
        _illegal(_("choose %(least)s–%(most)s cards", least=q["min"], most=q["max"]))
    held = list(state["players"][seat][q["zone"]])
    for c in cards:
        if c not in held:
            _illegal(_("%(card)s is not in %(zone)s (or not that many copies)", card=repr(c)[:40], zone=zone(q["zone"])))
        held.remove(c)
        if not fits(c, q):
            _illegal(_("%(card)s does not fit this choice", card=name(c)))
    return [CARD_ID[c] for c in cards]


def _gain(state, q, seat, action):
    card = action.get("card")
    if card not in q["options"]:
        _illegal(_('choose "card" among %(options)s', options=q["options"]), "gain")
    return CARD_ID[card]


def _mode(state, q, seat, action):
    chosen = action.get("options", [action["option"]] if "option" in action else None)
    if (not isinstance(chosen, list) or len(chosen) != q["count"] or len(set(map(str, chosen))) != len(chosen)
            or any(c not in q["options"] for c in chosen)):
        _illegal(ngettext('choose %(n)s option of %(options)s as "options"',
                          'choose %(n)s different options of %(options)s as "options"', q["count"], options=q["options"]))
    return [o for o in q["options"] if o in chosen]


def _react(state, q, seat, action):
    if "card" not in action:
        _illegal(_('a reaction answer is {"card": id} to reveal it, or {"card": null}'))
    card = action["card"]
    if card is None:
        return None
    if card not in q["cards"] or card not in state["players"][seat]["hand"]:
        _illegal(_("you can reveal only %(cards)s from your hand here", cards=q["cards"]), "reaction")
    return CARD_ID[card]


def _order(state, q, seat, action):
    option = action.get("option")
    if option not in q["options"]:
        _illegal(_('choose which resolves next: "option" among %(options)s', options=q["options"]))
    return q["options"][q["options"].index(option)]


def _name(state, q, seat, action):
    card = action.get("card")
    if not isinstance(card, str) or card not in CARD_ID:
        _illegal(_('name a card: "card" must be a card id of the game'))
    return CARD_ID[card]


CHECK = {"cards": _cards, "gain": _gain, "mode": _mode, "react": _react, "order": _order, "name": _name}


def check(state, seat, action):
    """The answer of ``seat`` to the pending decision, normalised; raises IllegalAction."""
    q = state["pending"]
    return CHECK[q["kind"]](state, q, seat, action)


# ---- listing answers -----------------------------------------------------------------------

def _multisets(counts, k):
    """Distinct sub-multisets of size k of ``counts`` (list of (card, n)), in a fixed order."""
    if k == 0:
        yield []
        return
    if not counts:
        return
    (card, n), rest = counts[0], counts[1:]
    for take in range(min(n, k), -1, -1):
        for tail in _multisets(rest, k - take):
            yield [card] * take + tail


def _list_cards(state, q, seat):
    zone = state["players"][seat][q["zone"]]
    if q["purpose"] == "order":
        orders = dict.fromkeys(permutations(zone))
        return [{"type": "choose", "cards": list(o)} for o in orders]
    counts = {}
    for c in zone:
        if fits(c, q):
            counts[c] = counts.get(c, 0) + 1
    out = []
    for k in range(q["min"], q["max"] + 1):
        for subset in _multisets(list(counts.items()), k):
            out.append({"type": "choose", "cards": subset})
            if len(out) >= LIST_LIMIT:
                return out
    return out


def _list_mode(state, q, seat):
    return [{"type": "choose", "options": list(c)} for c in combinations(q["options"], q["count"])]


def _list_react(state, q, seat):
    hand = state["players"][seat]["hand"]
    return [{"type": "choose", "card": None}] + [{"type": "choose", "card": c} for c in q["cards"] if c in hand]


LIST = {
    "cards": _list_cards,
    "gain": lambda state, q, seat: [{"type": "choose", "card": c} for c in q["options"]],
    "mode": _list_mode,
    "react": _list_react,
    "order": lambda state, q, seat: [{"type": "choose", "option": o} for o in q["options"]],
    "name": lambda state, q, seat: [{"type": "choose", "card": c} for c in CARDS],
}


def answers(state, seat) -> list:
    return LIST[state["pending"]["kind"]](state, state["pending"], seat)
