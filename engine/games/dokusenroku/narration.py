"""The 東方独占録 log in sentences (engine/core/narration.py), from each event as redacted for its
reader: a drawn, dealt or searched card and a face-down support the reader may not see are "a card".
Cards, lands and EVENT results by their printed names (cards.json, board.json); money in 圓.
"""
from engine.core.narration import Lines, count, listing
from engine.games.dokusenroku.board import LANDS, SQUARES
from engine.games.dokusenroku.cards import CHARACTERS, CHARISMA, SPELLS, card_of

KINDS = {"start": "START", "event": "EVENT", "sukima": "スキマ"}
STEPS = {"land": "the empty land", "own": "their own land", "event": "the EVENT square", "refill": "the refill"}
WHY = {"lap": "passing START", "start": "stopping on START", "bounty": "a bounty", "spell": "a spell",
       "event": "the EVENT table", "toll": "a toll"}


def name(instance) -> str:
    if not isinstance(instance, str):
        return "no card"
    cid = card_of(instance)
    card = CHARACTERS.get(cid) or SPELLS.get(cid) or CHARISMA.get(cid)
    return card.name if card is not None else instance


def land(lid) -> str:
    return LANDS[lid].name if lid in LANDS else str(lid)


def square(i) -> str:
    sq = SQUARES[i] if isinstance(i, int) and 0 <= i < len(SQUARES) else {}
    return land(sq["land"]) if sq.get("kind") == "land" else KINDS.get(sq.get("kind"), f"square {i}")


def money(n) -> str:
    return f"{n}圓"


def _moved(d, e, r):
    dice = " + ".join(str(x) for x in d.get("dice") or [])
    how = f"rolls {dice} and " if dice else ""
    changed = " (changed by a spell)" if d.get("move") else ""
    lap = ", passing START" if d.get("passed_start") else ""
    return f"{r.who(d['seat'])} {how}moves {count(d['steps'], 'square')}{changed} to {square(d['to'])}{lap}"


def _drawn(d, e, r):
    what = name(d["card"]) if "card" in d else "a card"
    return f"{r.who(d['seat'])} draws {what}"


def _dealt(d, e, r):
    if "cards" in d:
        return f"{r.who(d['seat'])} is dealt {listing(name(c) for c in d['cards'])}"
    return f"{r.who(d['seat'])} is dealt {count(d['cards_count'], 'card')}"


def _placed(d, e, r):
    back = f"; {name(d['replaced'])} goes back to the hand" if d.get("replaced") else ""
    return f"{r.who(d['seat'])} places {name(d['card'])} on {land(d['land'])} for {money(d['cost'])}{back}"


def _spell(d, e, r):
    target = d.get("target")
    on = f" on {land(target)}" if isinstance(target, str) else f" on {r.who(target)}" if isinstance(target, int) else ""
    cost = "free" if d.get("free") or not d.get("cost") else money(d["cost"])
    return f"{r.who(d['seat'])} casts {name(d['card'])}{on} ({cost})"


def _support(d, e, r):
    who, role = r.who(d["seat"]), "the invader" if d["role"] == "invader" else "the defender"
    if "face_down" in d:
        return f"{who} ({role}) sets a support card face down" if d["face_down"] else f"{who} ({role}) gives no support"
    if d.get("card") is None:
        return f"{who} ({role}) gives no support"
    return f"{who} ({role}) sets {name(d['card'])} face down as support"


def _battle(d, e, r):
    won = d.get("winner") == "invader"
    stats = d.get("stats") or {}
    tally = ""
    if stats.get("invader") and stats.get("defender"):
        a, b = stats["invader"], stats["defender"]
        tally = f" (attack {a.get('attack')} / HP {a.get('hp')} against attack {b.get('attack')} / HP {b.get('hp')})"
    who = r.who(d["invader"] if won else d["defender"])
    what = f"takes {land(d['land'])}" if won else f"holds {land(d['land'])}"
    return f"Battle on {land(d['land'])}: {name(d['attacker'])} against {name(d['defending'])}{tally}; {who} {what}"


def _ended(d, e, r):
    assets = ", ".join(f"{r.who(s)} {money(a)}" for s, a in enumerate(d.get("assets") or []))
    winners = listing(r.who(s) for s in d.get("winners") or [])
    return f"The deck has run out: {winners} {'wins' if len(d.get('winners') or []) == 1 else 'win'} (assets: {assets})"


def _choice_offered(d, e, r):
    what = {"level_up": "a land to level up", "recover": "a card to recover from the graveyard"}.get(d["kind"], "a card")
    return f"{r.who(d['seat'])} may choose {what}"


def _search(d, e, r):
    n = d.get("options_count", len(d.get("options") or []))
    return f"{r.who(d['seat'])} searches the deck ({count(n, 'card')})"


def _rolled_order(d, e, r):
    return "Rolls for the turn order: " + ", ".join(
        f"{r.who(x['seat'])} {x['dice'][0]} + {x['dice'][1]}" for x in d["rolls"])


LINES = Lines({
    "DeckShuffled": lambda d, e, r: f"The deck is shuffled ({count(d.get('order_count', len(d.get('order') or [])), 'card')})",
    "CardsRemoved": lambda d, e, r: f"{count(d.get('cards_count', len(d.get('cards') or [])), 'card')} "
                                    f"{'is' if d.get('cards_count', len(d.get('cards') or [])) == 1 else 'are'} removed unseen",
    "FundsGiven": lambda d, e, r: f"Everyone gets {money(d['amount'])}",
    "CardsDealt": _dealt,
    # every player gets one (ゲームの準備 Ⅲ); told in English: which card a hidden hand holds is never named
    "CharismaGiven": lambda d, e, r: f"{r.who(d['seat'])} takes their charisma card",
    "OrderRolled": _rolled_order,
    "TurnOrderSet": lambda d, e, r: "Turn order: " + ", ".join(r.who(s) for s in d["order"]),
    "PositionSet": lambda d, e, r: "The game starts from an analysis position",
    "TurnStarted": lambda d, e, r: f"Turn {d['turn']}: {r.who(d['seat'])}'s turn",
    "CardDrawn": _drawn,
    "SpellCast": _spell,
    "Invested": lambda d, e, r: f"{r.who(d['seat'])} invests {money(d['cost'])} in {land(d['land'])}: level {d['level']}",
    "Moved": _moved,
    "CardsDiscarded": lambda d, e, r: f"{r.who(d['seat'])} discards {listing(name(c) for c in d['cards'])}"
                                      + (" at random" if d.get("random") else ""),
    "GameEnded": _ended,
    "CharacterPlaced": _placed,
    "Passed": lambda d, e, r: f"{r.who(d['seat'])} does nothing on {STEPS.get(d.get('step'), 'this square')}",
    "TollPaid": lambda d, e, r: f"{r.who(d['seat'])} pays a toll of {money(d['amount'])} to {r.who(d['to'])} "
                                f"for {land(d['land'])}",
    "DebtOpened": lambda d, e, r: f"{r.who(d['seat'])} owes {r.who(d['to'])} {money(d['amount'])} "
                                  f"for {land(d['land'])} and must sell land",
    "LandSold": lambda d, e, r: f"{r.who(d['seat'])} sells {land(d['land'])} for {money(d['price'])}",
    "Bankrupted": lambda d, e, r: f"{r.who(d['seat'])} goes bankrupt, paying {money(d['paid'])} of "
                                  f"{money(d['amount'])} to {r.who(d['to'])}",
    "RefillChosen": lambda d, e, r: f"{r.who(d['seat'])} refills the hand",
    "MoneyGained": lambda d, e, r: f"{r.who(d['seat'])} gains {money(d['amount'])} "
                                   f"({WHY.get(d.get('why'), d.get('why') or 'a bonus')})",
    "MoneyPaid": lambda d, e, r: f"{r.who(d['seat'])} pays {money(d['amount'])}"
                                 + (f" to {r.who(d['to'])}" if isinstance(d.get("to"), int) else "")
                                 + f" ({WHY.get(d.get('why'), d.get('why') or 'a charge')})",
    "EventRolled": lambda d, e, r: f"{r.who(d['seat'])} rolls {' + '.join(str(x) for x in d['dice'])} "
                                   f"on the EVENT table: {d['name']}",
    "InvasionDeclared": lambda d, e, r: f"{r.who(d['seat'])} invades {land(d['land'])} of {r.who(d['defender'])} "
                                        f"with {name(d['card'])}",
    "SupportCommitted": _support,
    "SupportRevealed": lambda d, e, r: f"{r.who(d['seat'])}'s support is revealed: {name(d['card'])}",
    "BattleResolved": _battle,
    "MoveChanged": lambda d, e, r: f"{r.who(d['seat'])}'s next move is changed",
    "TollHalved": lambda d, e, r: f"{r.who(d['seat'])}'s tolls are halved",
    "LevelChanged": lambda d, e, r: f"{land(d['land'])} goes from level {d['from']} to level {d['level']}",
    "ChoiceOffered": _choice_offered,
    "SearchStarted": _search,
    "ChoiceMade": lambda d, e, r: f"{r.who(d['seat'])} " + ("makes a choice" if d.get("took") else "takes nothing"),
    "CardRecovered": lambda d, e, r: f"{r.who(d['seat'])} recovers {name(d['card'])} from the graveyard",
    "CardSearched": lambda d, e, r: f"{r.who(d['seat'])} takes {name(d['card']) if 'card' in d else 'a card'} "
                                    f"from the deck",
}, folded={"StepEntered", "TurnEnded"})
