"""The 東方祀爭録 log in sentences (engine/core/narration.py), from each event as redacted for its
reader: cards drawn, looked at or passed that the reader may not see are counted, never named; a
discard shows what everyone sees (how many, and the new top card). Cards by their printed names
(cards.json), copies grouped ("お賽銭 ×3").

Every sentence is one message of the shisoroku catalog (engine/core/i18n.py), in the reader's
language; the Japanese uses the rulebook's terms (glossary.json): ターン, アクションフェイズ,
購入フェイズ, クリーンアップフェイズ, 山札, 手札, 捨て札, 獲得, 廃棄, 公開...
"""
from collections import Counter

from engine.core.i18n import N_, Catalog
from engine.core.narration import Lines, listing
from engine.games.shisoroku.cards import CARDS

_, ngettext = Catalog.of("shisoroku").functions()

ZONES = {"hand": N_("the hand"), "deck": N_("the deck"), "discard": N_("the discard pile"), "play": N_("the play area"),
         "looking": N_("the cards looked at"), "revealed": N_("the revealed cards"), "supply": N_("the supply"),
         "prizes": N_("the prizes"), "trash": N_("the trash")}
ENDS = {"3-piles": N_("three supply piles are empty"), "6vp-pile": N_("the 6-VP pile is empty"),
        "10vp-pile": N_("the 10-VP pile is empty")}
NOT_GAINED = {"pile empty": N_("its pile is empty"), "no card fits": N_("no card fits")}
# the options a card's question offers (decisions.py "mode"; cards.json "choose", complex_cards.py)
ANSWERS = {"cards": N_("the cards"), "treasure": N_("the treasure"), "remodel": N_("the remodel"),
           "discard": N_("discarding"), "minus": N_("the minus card"), "actions": N_("the actions"),
           "coins": N_("the coins"), "silvers": N_("the 奉納米"), "back": N_("putting them back"),
           "hand": N_("the hand")}


ASKS = {"cards": N_("choosing cards"), "gain": N_("choosing a card to gain"), "mode": N_("choosing what the card does"),
        "react": N_("deciding whether to reveal a reaction"), "order": N_("choosing what resolves next"),
        "name": N_("naming a card")}
PHASES = {"action": N_("the action phase"), "buy": N_("the buy phase")}


def name(card) -> str:
    c = CARDS.get(card) if isinstance(card, str) else None
    return c.name if c is not None else str(card)



def cards(ids) -> str:
    """"お賽銭 ×3 and 博麗神社" (in the order first seen)."""
    counts = Counter(ids)
    return listing(name(c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()) or _("nothing")


def zone(z) -> str:
    return _(ZONES[z]) if z in ZONES else str(z or _("somewhere"))


def _some(d) -> str:
    """The cards when the reader sees them, else how many ("3 cards")."""
    if "cards" in d:
        return cards(d["cards"])
    return ngettext("a card", "%(n)s cards", d.get("count", 0))


def _elsewhere(d) -> bool:
    """The cards came from elsewhere than the hand."""
    return d.get("from") not in (None, "hand")


def _played(d, e, r):
    if _elsewhere(d):
        return _("%(who)s plays %(card)s from %(zone)s", who=r.who(d["seat"]), card=name(d["card"]), zone=zone(d["from"]))
    return _("%(who)s plays %(card)s", who=r.who(d["seat"]), card=name(d["card"]))


def _trashed(d, e, r):
    if _elsewhere(d):
        return _("%(who)s trashes %(cards)s from %(zone)s", who=r.who(d["seat"]), cards=cards(d["cards"]),
                 zone=zone(d["from"]))
    return _("%(who)s trashes %(cards)s", who=r.who(d["seat"]), cards=cards(d["cards"]))


def _revealed(d, e, r):
    if _elsewhere(d):
        return _("%(who)s reveals %(cards)s from %(zone)s", who=r.who(d["seat"]), cards=cards(d["cards"]),
                 zone=zone(d["from"]))
    return _("%(who)s reveals %(cards)s", who=r.who(d["seat"]), cards=cards(d["cards"]))


def _discarded(d, e, r):
    said = {"who": r.who(d["seat"]), "cards": _some(d)}
    top = name(d["top"]) if "cards" not in d and d.get("top") else None
    if _elsewhere(d):
        said["zone"] = zone(d["from"])
        if top:
            return _("%(who)s discards %(cards)s from %(zone)s, %(top)s on top", top=top, **said)
        return _("%(who)s discards %(cards)s from %(zone)s", **said)
    if top:
        return _("%(who)s discards %(cards)s, %(top)s on top", top=top, **said)
    return _("%(who)s discards %(cards)s", **said)


def _put_on_deck(d, e, r):
    said = {"who": r.who(d["seat"]), "cards": _some(d), "zone": zone(d["from"])}
    if d.get("sorted"):
        return _("%(who)s puts %(cards)s from %(zone)s on top of the deck (in an order only they know)", **said)
    return _("%(who)s puts %(cards)s from %(zone)s on top of the deck", **said)


def _shuffled(d, e, r):
    n = d["count"] if "count" in d else len(d["order"]) if "order" in d else None
    if n is None:
        return _("%(who)s shuffles a new deck", who=r.who(d["seat"]))
    return ngettext("%(who)s shuffles a new deck (%(n)s card)", "%(who)s shuffles a new deck (%(n)s cards)", n,
                    who=r.who(d["seat"]))


def _passed(d, e, r):
    def one(m):
        if "card" in m:
            return _("%(giver)s passes %(card)s to %(taker)s", giver=r.who(m["from"]), card=name(m["card"]),
                     taker=r.who(m["to"]))
        return _("%(giver)s passes a card to %(taker)s", giver=r.who(m["from"]), taker=r.who(m["to"]))
    return _("Cards are passed: %(passes)s", passes=_("; ").join(one(m) for m in d["passes"]))


def answer(value) -> str:
    """A decision's answer in words: cards by name, an option of a card's question by its words."""
    if value is None or value == []:
        return _("nothing")
    if isinstance(value, list):
        return cards(value) if all(v in CARDS for v in value) else listing(answer(v) for v in value)
    if value in CARDS:
        return name(value)
    return _(ANSWERS[value]) if value in ANSWERS else str(value)


def _decided(d, e, r):
    who = r.who(d["seat"])
    if "answer" not in d:
        return ngettext("%(who)s chooses %(n)s card", "%(who)s chooses %(n)s cards", d.get("count", 0), who=who)
    if d["kind"] == "react":
        if d["answer"]:
            return _("%(who)s reveals %(card)s in answer", who=who, card=name(d["answer"]))
        return _("%(who)s does not react", who=who)
    value = d["answer"]
    if isinstance(value, list) and value and all(v in CARDS for v in value) or isinstance(value, str) and value in CARDS:
        return _("%(who)s chooses %(answer)s", who=who, answer=answer(value))
    return _("%(who)s chooses: %(answer)s", who=who, answer=answer(value))


def _cleaned(d, e, r):
    top = d["order"][-1] if d.get("order") else d.get("top")
    said = {"who": r.who(d["seat"])}
    if d.get("stays"):
        said["stays"] = cards(d["stays"])
        if top:
            return _("%(who)s cleans up, %(top)s on top of the discard pile; %(stays)s stay in play", top=name(top),
                     **said)
        return _("%(who)s cleans up; %(stays)s stay in play", **said)
    if top:
        return _("%(who)s cleans up, %(top)s on top of the discard pile", top=name(top), **said)
    return _("%(who)s cleans up", **said)


def _ended(d, e, r):
    scores = _(", ").join(_("%(who)s %(vp)s VP", who=r.who(s), vp=v) for s, v in enumerate(d.get("scores") or []))
    why = listing(_(ENDS[x]) if x in ENDS else x for x in d.get("reasons") or [])
    winners = listing(r.who(s) for s in d.get("winners") or [])
    if d.get("shared"):
        return _("The game ends (%(why)s): %(winners)s share the win (%(scores)s)", why=why, winners=winners,
                 scores=scores)
    return _("The game ends (%(why)s): %(winners)s wins (%(scores)s)", why=why, winners=winners, scores=scores)


def _gained(d, e, r):
    said = {"who": r.who(d["seat"]), "card": name(d["card"])}
    src = d.get("from") not in (None, "supply")
    to = d.get("to") not in (None, "discard")
    if src and to:
        return _("%(who)s gains %(card)s from %(zone)s to %(place)s", zone=zone(d["from"]), place=zone(d["to"]),
                 **said)
    if src:
        return _("%(who)s gains %(card)s from %(zone)s", zone=zone(d["from"]), **said)
    if to:
        return _("%(who)s gains %(card)s to %(place)s", place=zone(d["to"]), **said)
    return _("%(who)s gains %(card)s", **said)


def _not_gained(d, e, r):
    reason = d.get("reason", "pile empty")
    reason = _(NOT_GAINED[reason]) if reason in NOT_GAINED else reason
    if d.get("card") is None:
        return _("%(who)s gains nothing (%(reason)s)", who=r.who(d["seat"]), reason=reason)
    return _("%(who)s gains no %(card)s (%(reason)s)", who=r.who(d["seat"]), card=name(d["card"]), reason=reason)


def _kingdom(d, e, r):
    chosen = listing(name(c) for c in d["kingdom"])
    if d.get("by") == "lot":
        return _("The kingdom (by lot): %(cards)s", cards=chosen)
    return _("The kingdom (as chosen): %(cards)s", cards=chosen)


def _first(d, e, r):
    if d.get("by") == "lot":
        return _("%(who)s goes first (by lot)", who=r.who(d["first"]))
    return _("%(who)s goes first (as chosen)", who=r.who(d["first"]))


def _phase(d, e, r):
    if d.get("phase") == "buy":
        return _("The buy phase begins")
    return None


def situation(state, r) -> str:
    """What the game waits on (Game.situation), from public state only: whose turn, and the phase or
    the question a card asks."""
    pending = state.get("pending")
    if pending is not None:
        doing = _(ASKS[pending.get("kind")]) if pending.get("kind") in ASKS else _("answering a card")
    else:
        doing = _(PHASES[state["phase"]]) if state["phase"] in PHASES else str(state["phase"])
    if not isinstance(state.get("active"), int):
        return _("The turn: %(doing)s", doing=doing)
    if pending is not None:
        return _("%(who)s's turn: %(doing)s", who=r.who(state["active"]), doing=doing)
    return _("%(who)s's turn, %(phase)s", who=r.who(state["active"]), phase=doing)


def _who(line):
    """A line saying only who and a number or a set of cards."""
    return lambda d, e, r: line(r.who(d["seat"]), d)


LINES = Lines({
    "KingdomChosen": _kingdom,
    "SupplyLaidOut": lambda d, e, r: _("The supply is laid out: %(n)s piles", n=len(d["supply"])),
    "FirstPlayerChosen": _first,
    "StartingDeckDealt": _who(lambda who, d: _("%(who)s gets the starting deck: %(cards)s", who=who, cards=cards(d["cards"]))),
    "PositionSet": lambda d, e, r: _("The game starts from an analysis position"),
    "TurnStarted": _who(lambda who, d: _("Turn %(turn)s: %(who)s's turn, the action phase", turn=d["turn"], who=who)),
    "PhaseStarted": _phase,
    "CardPlayed": _played,
    "TreasuresPlayed": _who(lambda who, d: ngettext("%(who)s plays %(cards)s for %(n)s coin", "%(who)s plays %(cards)s for %(n)s coins",
                                                    d["coins"], who=who, cards=cards(d["cards"]))),
    "ActionsAdded": _who(lambda who, d: ngettext("%(who)s gets +%(n)s action", "%(who)s gets +%(n)s actions", d["n"], who=who)),
    "CoinsAdded": _who(lambda who, d: ngettext("%(who)s gets +%(n)s coin", "%(who)s gets +%(n)s coins", d["n"], who=who)),
    "BuysAdded": _who(lambda who, d: ngettext("%(who)s gets +%(n)s buy", "%(who)s gets +%(n)s buys", d["n"], who=who)),
    "CardBought": _who(lambda who, d: _("%(who)s buys %(card)s for %(cost)s", who=who, card=name(d["card"]), cost=d["cost"])),
    "CardGained": _gained,
    "NothingGained": _not_gained,
    "GainReplaced": _who(lambda who, d: _("%(who)s gains %(instead)s instead of %(card)s (%(by)s)", who=who,
                                          instead=name(d["instead"]), card=name(d["card"]), by=name(d["by"]))),
    "CardsTrashed": _trashed,
    "CardsDiscarded": _discarded,
    "CardsDrawn": _who(lambda who, d: _("%(who)s draws %(cards)s", who=who, cards=_some(d))),
    "DeckShuffled": _shuffled,
    "CardsLookedAt": _who(lambda who, d: _("%(who)s looks at %(cards)s from the deck", who=who, cards=_some(d))),
    "CardsRevealed": _revealed,
    "CardsPutOnDeck": _put_on_deck,
    "CardsPutInHand": _who(lambda who, d: _("%(who)s puts %(cards)s into the hand", who=who, cards=_some(d))),
    "CardsPassed": _passed,
    "DurationSet": lambda d, e, r: _("%(card)s stays in play: it acts again next turn", card=name(d["card"])),
    "CardStays": lambda d, e, r: _("%(card)s stays in play", card=name(d["card"])),
    "DurationResolved": lambda d, e, r: _("%(card)s acts again for %(who)s", card=name(d["card"]), who=r.who(d["seat"])),
    "Decided": _decided,
    "CleanedUp": _cleaned,
    "GameEnded": _ended,
}, folded={"DecisionRequested", "TurnEnded"})
