"""The ディメンション・ゼロ log in sentences (engine/core/narration.py), from each event as redacted for
its reader. Cards are instance ids ("0-03") whose identity reaches a reader only through an event's
``reveal`` / ``private`` maps (zones.py) or, for a card already face up, through the reader's own
view of the position before the event (``Reader.view``: its ``names``); anything else is "a card".
Squares are row*3 + column (row 0 is seat 0's own area), base squares lines 0-2.
"""
from engine.core.narration import Lines, count, listing
from engine.games.dimension_zero.cards import CARDS
from engine.games.dimension_zero.state import owner

ZONES = {"hand": "the hand", "deck": "the deck", "energy": "the energy zone", "stack": "the stack",
         "grave": "the graveyard", "smash": "the smash zone", "removed": "the remove zone", "plan": "the plan zone"}
ENDS = {"smash": "smash", "deck": "an empty deck", "match": "the match", "draw": "both lose at once"}


def name(cid, d: dict, r) -> str:
    """The card's printed name if this reader may know it, else "a card"."""
    if not isinstance(cid, str):
        return str(cid)
    key = (d.get("reveal") or {}).get(cid)
    for private in d.get("private") or ():
        key = key or (private or {}).get(cid)
    if key is None:
        view = r.view()
        if "names" in view:
            return view["names"].get(cid) or "a card"
        key = (view.get("cards") or {}).get(cid)          # the whole state: a reader who sees everything
    card = CARDS.get(key) if key else None
    return card["name"] if card else "a card"


def names(cids, d, r) -> str:
    return listing(name(c, d, r) for c in cids)


def seat_of(cid):
    return owner(cid) if isinstance(cid, str) and cid[:1].isdigit() else None


def where(d: dict, zone: str) -> str:
    if zone == "square":
        return f"square {d['square']}" if "square" in d else "a square"
    if zone == "base":
        return f"base line {d['line']}" if "line" in d else "a base square"
    return ZONES.get(zone, zone)


def _moved(d, e, r):
    cid, src, dest = d["card"], d["from"], d["to"]
    card, who = name(cid, d, r), r.who(seat_of(cid))
    if dest == "stack":
        return None                                        # the Stacked event tells the play
    if src == "hand" and dest == "energy":
        return f"{who} puts {card} into the energy zone"
    if src == "stack" and dest == "square":
        return f"{card} enters square {d['square']}" + (" (centre)" if d.get("centre") else "") + \
            (" frozen" if d.get("frozen") else "")
    if src == "stack" and dest == "base":
        return f"{card} is set on {who}'s base line {d['line']}"
    if dest == "grave" and d.get("destroyed"):
        return f"{card} is destroyed"
    if src == "deck" and dest == "smash":
        return f"{who}'s top deck card goes to the smash zone"
    if dest == "hand":
        return f"{card} goes to {who}'s hand from {where(d, src)}"
    return f"{card} moves from {where(d, src)} to {where(d, dest)}"


def _drawn(d, e, r):
    known = any(d["cards"][0] in (m or {}) for m in d.get("private") or ())
    what = names(d["cards"], d, r) if known else count(len(d["cards"]), "card")
    return f"{r.who(d['seat'])} draws {what}"


def _targets(item, d, r) -> str:
    return f", targeting {names(item['targets'], d, r)}" if item.get("targets") else ""


def _stacked(d, e, r):
    item = d["item"]
    who, kind = r.who(item.get("seat")), item["kind"]
    if kind == "play":
        onto = f" onto square {item['square']}" if "square" in item else \
            f" onto base line {item['line']}" if "line" in item else ""
        return f"{who} plays {name(item['card'], d, r)}{onto}{_targets(item, d, r)}"
    if kind == "ability":
        return f"{who} activates {name(item['source'], d, r)}'s ● ability {item['ability'] + 1}{_targets(item, d, r)}"
    if kind == "trigger":
        return f"{name(item['source'], d, r)}'s ◆ ability goes on the stack{_targets(item, d, r)}"
    if kind == "move":
        return f"{who} moves {name(item['unit'], d, r)} from square {item['from']} to square {item['to']}"
    if kind == "plan_create":
        return f"{who} creates a plan"
    if kind == "plan_refresh":
        return f"{who} refreshes the plan"
    if kind == "damage":
        return "Battle damage goes on the stack: " + _hits(item.get("hits") or [], d, r)
    return f"{who} puts something on the stack"


def _hits(hits, d, r) -> str:
    return ", ".join(f"{h['amount']} to {name(h['card'], d, r)}" for h in hits) or "none"


def _frozen(d, e, r):
    cards = d["cards"]
    who = r.who(seat_of(cards[0]) if cards else e.seat)
    if d.get("paid"):
        return f"{who} pays {len(cards)} energy ({names(cards, d, r)})"
    if "smash" in d:
        return f"{name(cards[0], d, r)} smashes: {d['smash']} to the smash zone"
    return f"{names(cards, d, r)} {'is' if len(cards) == 1 else 'are'} frozen"


def _mod(d, e, r):
    mod = d["mod"]
    card = name(mod["card"], d, r)
    if "power" in mod:
        return f"{card} {'+' if mod['power'] >= 0 else '−'}{abs(mod['power'])} power until the end of the turn"
    if mod.get("untargetable"):
        return f"{card} cannot be targeted this turn"
    if mod.get("to_smash"):
        return f"{card} will go to the smash zone instead of the graveyard"
    return f"{card} is changed until the end of the turn"


def _choice(value, d, r) -> str:
    if isinstance(value, list):
        return listing(_choice(v, d, r) for v in value)
    if isinstance(value, str):
        return name(value, d, r)
    return str(value)


DECISIONS = {"first_player": "who goes first", "grave_order": "the graveyard's order",
             "trigger_target": "a target", "base_line": "a base line", "own_square": "a square",
             "adjacent_square": "a square", "put_unit": "a unit to put", "seat": "a player"}


def _decided(d, e, r):
    what = DECISIONS.get(d["kind"], "an option")
    choice = d["choice"]
    if d["kind"] == "first_player":
        return f"{r.who(d['seat'])} chooses {r.who(choice)} to go first"
    if d["kind"] in ("own_square", "adjacent_square"):
        return f"{r.who(d['seat'])} chooses square {choice}"
    if d["kind"] == "base_line":
        return f"{r.who(d['seat'])} chooses base line {choice}"
    if d["kind"] == "seat":
        return f"{r.who(d['seat'])} chooses {r.who(choice)}"
    if choice is None or choice == []:
        return f"{r.who(d['seat'])} chooses no {what.removeprefix('a ').removeprefix('the ')}"
    return f"{r.who(d['seat'])} chooses {what}: {_choice(choice, d, r)}"


def _ended(d, e, r):
    why = ENDS.get(d.get("reason"), d.get("reason") or "")
    if d.get("draw"):
        return f"The game is drawn ({why})"
    wins = f", {d['wins'][0]}–{d['wins'][1]} in duels" if d.get("wins") else ""
    return f"{r.who(d['winner'])} wins ({why}{wins})"


def _noted(d, e, r):
    if d.get("skipped") == "energy":
        return f"{r.who(e.seat)} puts no card into energy"
    if d.get("skipped") == "smash":
        return f"{r.who(e.seat)} does not smash"
    if d.get("failed") == "move":
        return f"{name(d['unit'], d, r)} cannot move there any more"
    if d.get("failed"):
        return "The plan cannot be refreshed"
    if "fizzled" in d:
        return "An effect fizzles: its targets are gone"
    return None


def _battle(d, e, r):
    return f"Battle on square {d['square']}: {name(d['attacker'], d, r)} attacks {name(d['defender'], d, r)}"


def _battle_ended(d, e, r):
    won = f"{name(d['winner'], d, r)} wins" if isinstance(d.get("winner"), str) else "no unit wins"
    return f"The battle on square {d['square']} ends: {won}"


LINES = Lines({
    "DecksSet": lambda d, e, r: f"Both decks are shuffled ({' and '.join(str(len(x)) for x in d['decks'])} cards)",
    "PositionSet": lambda d, e, r: "The duel starts from an analysis position",
    "FirstPlayerChosen": lambda d, e, r: f"{r.who(d['first'])} goes first ({'by lot' if d.get('by') == 'lot' else 'as chosen'})",
    "CardsDrawn": _drawn,
    "Mulliganed": lambda d, e, r: f"{r.who(d['seat'])} puts the hand ({count(len(d['bottom']), 'card')}) "
                                  f"under the deck and draws again",
    "HandKept": lambda d, e, r: f"{r.who(d['seat'])} keeps the hand",
    "TurnStarted": lambda d, e, r: f"Turn {d['turn']}: {r.who(d['seat'])}'s turn",
    "Frozen": _frozen,
    "CardMoved": _moved,
    "UnitMoved": lambda d, e, r: f"{name(d['card'], d, r)} moves from square {d['from']} to square {d['to']}",
    "PlanOpened": lambda d, e, r: f"{r.who(d['seat'])}'s plan zone shows {name(d['card'], d, r)}",
    "Stacked": _stacked,
    "TriggerDropped": lambda d, e, r: f"{name(d['source'], d, r)}'s ◆ ability has no target and is dropped",
    "PriorityPassed": lambda d, e, r: f"{r.who(d['seat'])} passes",
    "BattleStarted": _battle,
    "BattleEnded": _battle_ended,
    "DamageDealt": lambda d, e, r: "Damage: " + _hits(d["hits"], d, r),
    "ModAdded": _mod,
    "Decided": _decided,
    "GameEnded": _ended,
    "DuelEnded": lambda d, e, r: f"Duel {d['duel']} is over: " + (
        "a draw" if d.get("draw") else f"{r.who(d['winner'])} wins ({ENDS.get(d.get('reason'), d.get('reason'))})"),
    "DuelStarted": lambda d, e, r: f"Duel {d['duel']} begins",
    "SideboardSet": lambda d, e, r: f"{r.who(d['seat'])} sets the deck for the next duel",
    "Noted": _noted,
}, folded={"PhaseEntered", "PriorityGiven", "Released", "Recovered", "LeftStack", "TriggerQueued",
           "BattleStep", "DamageStacked", "DecisionPending", "MulliganOffered"})
