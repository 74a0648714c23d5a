"""The 3x3Wars log in sentences (engine/core/narration.py): one line per event type, from the event as
redacted for its reader — a hand card, territory or dealt card the reader may not see is "a card".
Card names as printed (cards.json); the steps as the manual's ◇ゲームの流れ names them (2.1 除去, ...).
"""
from engine.core.narration import Lines, count, listing
from engine.games.threebythree.cards import DECK, MAGIC

STEPS = {"removal": "removal step", "enhance": "enhancement step", "territory": "territory step",
         "strategy": "strategy step", "end": "end step", "counter": "counter window",
         "respond": "answer window", "decision": "decision"}
ENDS = {"life": "life ran out", "deck": "the deck ran out"}


def name(card) -> str:
    """A card's printed name (its id when it is no card of the game)."""
    c = DECK.get(card) or MAGIC.get(card)
    return c.name if c is not None else str(card)


def _culled(d, e, r) -> str:
    """★海癒's cull of the discard pile (003 grand.海癒): what stays, what leaves the game."""
    kept, removed = d.get("kept") or [], d.get("removed") or []
    stays = f"The discard pile keeps {names(kept)}" if kept else "Nothing stays in the discard pile"
    if not removed:
        return f"{stays}; no card leaves the game"
    return f"{stays}; {count(len(removed), 'card')} {'leaves' if len(removed) == 1 else 'leave'} the game"


def names(cards) -> str:
    return listing(name(c) for c in cards)


def _by(d) -> str:
    return f" ({name(d['by'])})" if d.get("by") else ""


def _dealt(d, e, r, what="card"):
    if "cards" not in d:
        return f"{r.who(d['to'])} is dealt {count(d['count'], what)}" + \
            (f", {names(d['basic'])} face up among them" if d.get("basic") else "")
    return f"{r.who(d['to'])} is dealt {names(d['cards'])}"


def _setup_chosen(d, e, r):
    who = r.who(d["seat"])
    if "territory_count" in d:
        return f"{who} chooses {count(d['territory_count'], 'territory', 'territories')} " \
               f"and {count(d['magic_count'], 'magic card')}, face down"
    parts = []
    if d.get("territories"):
        parts.append(f"territories {names(d['territories'])}")
    if d.get("hand"):
        parts.append(f"the hand {names(d['hand'])}")
    if d.get("magic"):
        parts.append(f"the magic {names(d['magic'])}")
    return f"{who} chooses {listing(parts) or 'nothing'}"


def _drawn(d, e, r):
    what = name(d["card"]) if "card" in d else "a card"
    return f"{r.who(d['seat'])} draws {what}{_by(d)}"


def _territory(d, e, r):
    what = name(d["card"]) if "card" in d else "a face-down card"
    return f"{r.who(d['seat'])} expands their territory with {what}"


def _deployed(d, e, r):
    who, card = r.who(d["seat"]), name(d["card"])
    if "discarded" in d:
        back = f"; {names(d['to_hand'])} back to the hand" if d.get("to_hand") else ""
        return f"{who} redeploys: {card} replaces {names(d['discarded'])}{back}"
    return f"{who} deploys {card}{_by(d)}"


def _spell(s) -> str:
    paid = f" with {names(s['with'])}" if s.get("with") else ""
    return f"{name(s['target'])}{paid}"


def _declared(d, e, r):
    verb = "casts removal on" if d["kind"] == "remove" else "enhances"
    return f"{r.who(d['seat'])} {verb} {'; '.join(_spell(s) for s in d['spells'])}"


def _resolved(d, e, r):
    if d["kind"] == "remove":
        done = f"{names(d['destroyed'])} destroyed" if d["destroyed"] else "nothing is destroyed"
    else:
        done = listing(f"{name(x['target'])} +{x['amount']}" + (" and piercing" if x.get("pierce") else "")
                       for x in d["enhanced"]) or "nothing is enhanced"
    back = f"; {names(d['to_hand'])} back to the hand" if d.get("to_hand") else ""
    gone = f"; {count(len(d['discarded']), 'card')} to the discard pile" if d.get("discarded") else ""
    return f"The spells resolve: {done}{back}{gone}"


def _attacked(d, e, r):
    how = "pierce" if d["step"] == "pierce" else "attack"
    how += "s" if len(d["attackers"]) == 1 else ""
    blocked = f", blocked by {names(d['blockers'])}" if d.get("blockers") else ""
    return f"{names(d['attackers'])} {how} {r.who(d['defender'])}{blocked} " \
           f"({d['attack']} against {d['defence']}): {d['damage']} damage"


def _passed(d, e, r):
    if d.get("step") == "counter":
        return f"{r.who(e.seat)} does not counter"
    return f"{r.who(e.seat)} passes the {STEPS.get(d.get('step'), d.get('step'))}"


def _ended(d, e, r):
    why = ENDS.get(d.get("reason"), d.get("reason") or "")
    life = f", life {' / '.join(str(x) for x in d['life'])}" if d.get("life") else ""
    if d.get("draw"):
        return f"The game is drawn ({why}{life})"
    return f"{r.who(d['winner'])} wins ({why}{life})"


def _power(d, e, r):
    if d["kind"] == "noblock":
        return f"{names(d['cards'])} cannot defend this turn ({name(d['card'])})"
    sign = "+" if d["kind"] == "inc" else "−"
    return f"{names(d['cards'])} {sign}{d['amount']} power ({name(d['card'])})"


def _decision(d, e, r):
    who = r.who(d["seat"])
    if d["kind"] == "heal":
        return f"{who} picks one of {names(d['cards'])} to heal by its cost"
    if d["kind"] == "dig":
        return f"{who} may dig up {name(d['card'])} (宝掘)"
    if d["kind"] == "undying":
        return f"{who} may take {names(d['cards'])} back to the hand (不死)"
    return f"{who} must discard {count(d.get('count', 1), 'card')}{_by(d)}"


def _whose(d, r) -> str:
    return f"{r.who(d['owner'])}'s " if "owner" in d else ""


def _mulliganed(d, e, r):
    back = d["returned"] if isinstance(d["returned"], int) else len(d["returned"])
    return f"{r.who(d['seat'])} takes a mulligan ({d['count']} so far): {count(back, 'card')} back into the deck"


def _hand_chosen(d, e, r):
    if isinstance(d["hand"], int):
        return f"{r.who(d['seat'])} chooses a hand of {d['hand']} cards"
    return f"{r.who(d['seat'])} chooses the hand {names(d['hand'])}"


def _offered(d, e, r):
    hands = d["hands"]
    if isinstance(hands, int):
        return f"{r.who(d['to'])} is offered {hands} hands to choose from"
    return f"{r.who(d['to'])} is offered {' or '.join(f'[{names(h)}]' for h in hands)}"


def _exposed(d, e, r):
    return f"{r.who(d['owner'])}'s face-down magic is turned face up: {name(d['card'])}{_by(d)}"


def _from_deck(d, e, r):
    what = name(d["card"]) if "card" in d else "a card"
    return f"The deck's top card, {what}, becomes a territory of {r.who(d['seat'])}{_by(d)}"


LINES = Lines({
    "CardsSetAside": lambda d, e, r: f"{count(len(d.get('deck', [])), 'deck card')} and "
                                     f"{count(len(d.get('magic', [])), 'magic card')} are not used at this level",
    "FirstPlayerChosen": lambda d, e, r: f"{r.who(d['first'])} goes first ({'by lot' if d.get('by') == 'lot' else 'as agreed'})",
    "MagicDealt": lambda d, e, r: _dealt(d, e, r, "magic card"),
    "DeckShuffled": lambda d, e, r: f"The deck is shuffled ({count(d.get('count', len(d.get('order', []))), 'card')})",
    "CardsDealt": _dealt,
    "SetupChosen": _setup_chosen,
    "PositionSet": lambda d, e, r: "The game starts from an analysis position",
    "HandsOffered": _offered,
    "HandChosen": _hand_chosen,
    "Mulliganed": _mulliganed,
    "LeftoversBottomed": lambda d, e, r: f"{count(d.get('count', len(d.get('cards', []))), 'unchosen card')} "
                                         f"go under the deck, shuffled",
    "MentorDrawn": lambda d, e, r: f"{r.who(d['to'])}'s 師匠 (mentor) is {name(d['card'])}",
    "TurnStarted": lambda d, e, r: f"Turn {d['turn']}: {r.who(d['seat'])} to play",
    "CardDrawn": _drawn,
    "Passed": _passed,
    "TerritoryExpanded": _territory,
    "UnitDeployed": _deployed,
    "SpellsDeclared": _declared,
    "Countered": lambda d, e, r: f"{r.who(d['seat'])} counters with {names(d['with'])}",
    "ChainClosed": lambda d, e, r: ("The spell is negated" if d.get("negated") else "The spell is countered")
                                   if d.get("countered") else None,
    "SpellsResolved": _resolved,
    "Attacked": _attacked,
    "GameEnded": _ended,
    "MagicUsed": lambda d, e, r: f"{r.who(d['seat'])} uses the magic {name(d['card'])}",
    "GrandMagicUsed": lambda d, e, r: f"{r.who(d['seat'])} uses the grand magic {d['grand']} "
                                      f"(turning {name(d['card'])})",
    "MagicNegated": lambda d, e, r: f"{r.who(d['seat'])}'s {name(d['card'])} is negated",
    "LifeLost": lambda d, e, r: f"{r.who(d['seat'])} loses {d['amount']} life ({name(d['card'])})",
    "LifeGained": lambda d, e, r: f"{r.who(d['seat'])} gains {d['amount']} life ({name(d['card'])})",
    "PowerChanged": _power,
    "UnitsEnhanced": lambda d, e, r: f"{names(d['cards'])} +{d['amount']} power ({name(d['card'])})",
    "UnitDestroyed": lambda d, e, r: f"{r.who(d['owner'])}'s {name(d['card'])} is destroyed{_by(d)}",
    "UnitReturned": lambda d, e, r: f"{name(d['card'])} returns to {r.who(d['owner'])}'s hand{_by(d)}",
    "CardsDiscarded": lambda d, e, r: f"{r.who(d['seat'])} discards {names(d['cards'])}{_by(d)}",
    "CardsExchanged": lambda d, e, r: f"{r.who(d['seat'])} exchanges {name(d['give'])} from the hand "
                                      f"for {name(d['take'])} from the discard pile",
    "DecisionOpened": _decision,
    "DiscardCulled": _culled,
    "MagicCopied": lambda d, e, r: f"{r.who(d['seat'])} copies {_whose(d, r)}{name(d['card'])}{_by(d)}",
    "UndyingUsed": lambda d, e, r: f"{name(d['card'])} goes back to {r.who(d['seat'])}'s hand (不死)",
    "MagicExposed": _exposed,
    "TerritoryBonusGained": lambda d, e, r: f"{r.who(d['seat'])} gains a territory bonus of {d['amount']} "
                                            f"({name(d['card'])})",
    "TerritoryFromDeck": _from_deck,
    "Unbounded": lambda d, e, r: f"{r.who(d['seat'])}'s magic is unbounded this turn (★無尽増)",
}, folded={"StepEntered", "CounterWindowOpened", "AnswerWindowOpened", "BattleEnded", "TurnEnded",
           "DecisionClosed"})
