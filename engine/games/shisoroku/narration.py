"""The 東方祀爭録 log in sentences (engine/core/narration.py), from each event as redacted for its
reader: cards drawn, looked at or passed that the reader may not see are counted, never named; a
discard shows what everyone sees (how many, and the new top card). Cards by their printed names
(cards.json), copies grouped ("お賽銭 ×3").
"""
from collections import Counter

from engine.core.narration import Lines, count, listing
from engine.games.shisoroku.cards import CARDS

ZONES = {"hand": "the hand", "deck": "the deck", "discard": "the discard pile", "play": "play",
         "looking": "the cards looked at", "revealed": "the revealed cards", "supply": "the supply",
         "prizes": "the prizes", "trash": "the trash"}
ENDS = {"3-piles": "three supply piles are empty", "province": "the 6-VP pile is empty", "colony": "the colony pile is empty"}


def name(card) -> str:
    c = CARDS.get(card) if isinstance(card, str) else None
    return c.name if c is not None else str(card)


def cards(ids) -> str:
    """"お賽銭 ×3 and 博麗神社" (in the order first seen)."""
    counts = Counter(ids)
    return listing(name(c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()) or "nothing"


def zone(z) -> str:
    return ZONES.get(z, z or "somewhere")


def _some(d) -> str:
    """The cards when the reader sees them, else how many ("3 cards")."""
    if "cards" in d:
        return cards(d["cards"])
    return count(d.get("count", 0), "card")


def _from(d) -> str:
    """" from <zone>" where the cards came from elsewhere than the hand."""
    return "" if d.get("from") in (None, "hand") else f" from {zone(d['from'])}"


def _discarded(d, e, r):
    top = f", {name(d['top'])} on top" if "cards" not in d and d.get("top") else ""
    return f"{r.who(d['seat'])} discards {_some(d)}{_from(d)}{top}"


def _put_on_deck(d, e, r):
    return f"{r.who(d['seat'])} puts {_some(d)} from {zone(d['from'])} on top of the deck" + \
        (" (in an order only they know)" if d.get("sorted") else "")


def _shuffled(d, e, r):
    n = f" ({count(d['count'], 'card')})" if "count" in d else f" ({count(len(d['order']), 'card')})" if "order" in d else ""
    return f"{r.who(d['seat'])} shuffles a new deck{n}"


def _passed(d, e, r):
    return "Cards are passed: " + "; ".join(
        f"{r.who(m['from'])} passes {name(m['card']) if 'card' in m else 'a card'} to {r.who(m['to'])}"
        for m in d["passes"])


def _answer(value) -> str:
    if value is None or value == []:
        return "nothing"
    if isinstance(value, list):
        return cards(value) if all(v in CARDS for v in value) else listing(str(v) for v in value)
    return name(value) if value in CARDS else str(value)


def _decided(d, e, r):
    who = r.who(d["seat"])
    if "answer" not in d:
        return f"{who} chooses {count(d.get('count', 0), 'card')}"
    if d["kind"] == "react":
        return f"{who} reveals {name(d['answer'])} in answer" if d["answer"] else f"{who} does not react"
    return f"{who} chooses {_answer(d['answer'])}"


def _cleaned(d, e, r):
    stays = f"; {cards(d['stays'])} stay in play" if d.get("stays") else ""
    top = d["order"][-1] if d.get("order") else d.get("top")
    return f"{r.who(d['seat'])} cleans up" + (f", {name(top)} on top of the discard pile" if top else "") + stays


def _ended(d, e, r):
    scores = ", ".join(f"{r.who(s)} {v} VP" for s, v in enumerate(d.get("scores") or []))
    why = listing(ENDS.get(x, x) for x in d.get("reasons") or [])
    winners = listing(r.who(s) for s in d.get("winners") or [])
    verb = "shares the win" if d.get("shared") else "wins"
    return f"The game ends ({why}): {winners} {verb} ({scores})"


def _gained(d, e, r):
    to = "" if d.get("to") in (None, "discard") else f" to {zone(d['to'])}"
    src = "" if d.get("from") in (None, "supply") else f" from {zone(d['from'])}"
    return f"{r.who(d['seat'])} gains {name(d['card'])}{src}{to}"


LINES = Lines({
    "KingdomChosen": lambda d, e, r: f"The kingdom ({'by lot' if d.get('by') == 'lot' else 'as chosen'}): "
                                     f"{listing(name(c) for c in d['kingdom'])}",
    "SupplyLaidOut": lambda d, e, r: f"The supply is laid out: {len(d['supply'])} piles",
    "FirstPlayerChosen": lambda d, e, r: f"{r.who(d['first'])} goes first ({'by lot' if d.get('by') == 'lot' else 'as chosen'})",
    "StartingDeckDealt": lambda d, e, r: f"{r.who(d['seat'])} gets the starting deck: {cards(d['cards'])}",
    "PositionSet": lambda d, e, r: "The game starts from an analysis position",
    "TurnStarted": lambda d, e, r: f"Turn {d['turn']}: {r.who(d['seat'])}'s turn",
    "CardPlayed": lambda d, e, r: f"{r.who(d['seat'])} plays {name(d['card'])}" + _from(d),
    "TreasuresPlayed": lambda d, e, r: f"{r.who(d['seat'])} plays {cards(d['cards'])} for "
                                       f"{d['coins']} coin{'s' if d['coins'] != 1 else ''}",
    "ActionsAdded": lambda d, e, r: f"{r.who(d['seat'])} gets +{d['n']} action{'s' if d['n'] != 1 else ''}",
    "CoinsAdded": lambda d, e, r: f"{r.who(d['seat'])} gets +{d['n']} coin{'s' if d['n'] != 1 else ''}",
    "BuysAdded": lambda d, e, r: f"{r.who(d['seat'])} gets +{d['n']} buy{'s' if d['n'] != 1 else ''}",
    "CardBought": lambda d, e, r: f"{r.who(d['seat'])} buys {name(d['card'])} for {d['cost']}",
    "CardGained": _gained,
    "NothingGained": lambda d, e, r: f"{r.who(d['seat'])} gains no {name(d['card'])} ({d.get('reason', 'none left')})",
    "GainReplaced": lambda d, e, r: f"{r.who(d['seat'])} gains {name(d['instead'])} instead of {name(d['card'])} "
                                    f"({name(d['by'])})",
    "CardsTrashed": lambda d, e, r: f"{r.who(d['seat'])} trashes {cards(d['cards'])}" + _from(d),
    "CardsDiscarded": _discarded,
    "CardsDrawn": lambda d, e, r: f"{r.who(d['seat'])} draws {_some(d)}",
    "DeckShuffled": _shuffled,
    "CardsLookedAt": lambda d, e, r: f"{r.who(d['seat'])} looks at {_some(d)} from the deck",
    "CardsRevealed": lambda d, e, r: f"{r.who(d['seat'])} reveals {cards(d['cards'])}" + _from(d),
    "CardsPutOnDeck": _put_on_deck,
    "CardsPutInHand": lambda d, e, r: f"{r.who(d['seat'])} puts {_some(d)} into the hand",
    "CardsPassed": _passed,
    "DurationSet": lambda d, e, r: f"{name(d['card'])} stays in play: it acts again next turn",
    "CardStays": lambda d, e, r: f"{name(d['card'])} stays in play",
    "DurationResolved": lambda d, e, r: f"{name(d['card'])} acts again for {r.who(d['seat'])}",
    "Decided": _decided,
    "CleanedUp": _cleaned,
    "GameEnded": _ended,
}, folded={"PhaseStarted", "DecisionRequested", "TurnEnded"})
