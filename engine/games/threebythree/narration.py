"""The 3x3Wars log in sentences (engine/core/narration.py): one line per event type, from the event as
redacted for its reader — a hand card, territory or dealt card the reader may not see is "a card".
Card names as printed (cards.json); the steps as the manual's ◇ゲームの流れ names them (2.1 除去ステップ,
3.1 透過攻撃ステップ, ...). Every sentence is one message of the ``threebythree`` catalog (engine/core/i18n.py),
said in the caller's language; the Japanese uses the manual's words (glossary.json).
"""
from engine.core.i18n import Catalog, N_
from engine.core.narration import Lines, listing
from engine.games.threebythree.cards import DECK, MAGIC

_, ngettext = Catalog.of("threebythree").functions()

STEPS = {"removal": N_("removal step"), "enhance": N_("enhancement step"), "territory": N_("territory step"),
         "strategy": N_("strategy step"), "end": N_("end step"), "counter": N_("counter window"),
         "respond": N_("answer window"), "decision": N_("decision")}
ENDS = {"life": N_("life ran out"), "deck": N_("the deck ran out")}


def name(card) -> str:
    """A card's printed name (its id when it is no card of the game)."""
    c = DECK.get(card) or MAGIC.get(card)
    return c.name if c is not None else str(card)



def names(cards) -> str:
    return listing(name(c) for c in cards)


def clauses(parts) -> str:
    """Clauses of one sentence, "A; B" ("A、B")."""
    return _("; ").join(p for p in parts if p)


def cards(n) -> str:
    return ngettext("a card", "%(n)s cards", n)


def _by(line, d) -> str:
    """The line and the card that made it happen, if any: "… (紅魔館)"."""
    return _("%(line)s (%(by)s)", line=line, by=name(d["by"])) if d.get("by") else line


def _culled(d, e, r) -> str:
    """★海癒's cull of the discard pile (003 grand.海癒): what stays, what leaves the game."""
    kept, removed = d.get("kept") or [], d.get("removed") or []
    stays = _("The discard pile keeps %(cards)s", cards=names(kept)) if kept else _("Nothing stays in the discard pile")
    leaves = ngettext("a card leaves the game", "%(n)s cards leave the game", len(removed)) if removed \
        else _("no card leaves the game")
    return clauses([stays, leaves])


def _dealt(d, e, r, magic=False):
    who = r.who(d["to"])
    if "cards" in d:
        return _("%(who)s is dealt %(cards)s", who=who, cards=names(d["cards"]))
    what = ngettext("a magic card", "%(n)s magic cards", d["count"]) if magic else cards(d["count"])
    if d.get("basic"):
        return _("%(who)s is dealt %(cards)s, %(basic)s face up among them", who=who, cards=what,
                 basic=names(d["basic"]))
    return _("%(who)s is dealt %(cards)s", who=who, cards=what)


def _setup_chosen(d, e, r):
    who = r.who(d["seat"])
    if "territory_count" in d:
        return _("%(who)s chooses %(territories)s and %(magic)s, face down", who=who,
                 territories=ngettext("a territory", "%(n)s territories", d["territory_count"]),
                 magic=ngettext("a magic card", "%(n)s magic cards", d["magic_count"]))
    parts = []
    if d.get("territories"):
        parts.append(_("territories %(cards)s", cards=names(d["territories"])))
    if d.get("hand"):
        parts.append(_("the hand %(cards)s", cards=names(d["hand"])))
    if d.get("magic"):
        parts.append(_("the magic %(cards)s", cards=names(d["magic"])))
    if not parts:
        return _("%(who)s chooses nothing", who=who)
    if len(parts) > 1:
        parts = [_("%(first)s and %(last)s", first=_(", ").join(parts[:-1]), last=parts[-1])]
    return _("%(who)s chooses %(parts)s", who=who, parts=parts[0])


def _drawn(d, e, r):
    what = name(d["card"]) if "card" in d else cards(1)
    return _by(_("%(who)s draws %(card)s", who=r.who(d["seat"]), card=what), d)


def _territory(d, e, r):
    who = r.who(d["seat"])
    if "card" not in d:
        return _("%(who)s expands their territory with a face-down card", who=who)
    return _("%(who)s expands their territory with %(card)s", who=who, card=name(d["card"]))


def _deployed(d, e, r):
    who, card = r.who(d["seat"]), name(d["card"])
    if "discarded" in d:
        if d.get("to_hand"):
            return _("%(who)s redeploys: %(card)s replaces %(gone)s; %(back)s back to the hand", who=who, card=card,
                     gone=names(d["discarded"]), back=names(d["to_hand"]))
        return _("%(who)s redeploys: %(card)s replaces %(gone)s", who=who, card=card, gone=names(d["discarded"]))
    return _by(_("%(who)s deploys %(card)s", who=who, card=card), d)


def _spell(s) -> str:
    if s.get("with"):
        return _("%(target)s with %(cards)s", target=name(s["target"]), cards=names(s["with"]))
    return name(s["target"])


def _declared(d, e, r):
    spells = clauses(_spell(s) for s in d["spells"])
    if d["kind"] == "remove":
        return _("%(who)s casts removal on %(spells)s", who=r.who(d["seat"]), spells=spells)
    return _("%(who)s enhances %(spells)s", who=r.who(d["seat"]), spells=spells)


def _enhanced(x) -> str:
    if x.get("pierce"):
        return _("%(card)s +%(amount)s and 透過", card=name(x["target"]), amount=x["amount"])
    return _("%(card)s +%(amount)s", card=name(x["target"]), amount=x["amount"])


def _resolved(d, e, r):
    if d["kind"] == "remove":
        done = _("%(cards)s destroyed", cards=names(d["destroyed"])) if d["destroyed"] else _("nothing is destroyed")
    else:
        done = listing(_enhanced(x) for x in d["enhanced"]) or _("nothing is enhanced")
    back = _("%(cards)s back to the hand", cards=names(d["to_hand"])) if d.get("to_hand") else None
    gone = ngettext("a card to the discard pile", "%(n)s cards to the discard pile", len(d["discarded"])) \
        if d.get("discarded") else None
    return _("The spells resolve: %(what)s", what=clauses([done, back, gone]))


def _attacked(d, e, r):
    """3.1 透過攻撃ステップ (``step`` pierce: 透過 units, blocked only by 双壁) or 3.2 攻撃ステップ."""
    n, said = len(d["attackers"]), {"units": names(d["attackers"]), "who": r.who(d["defender"]),
                                    "attack": d["attack"], "defence": d["defence"], "damage": d["damage"]}
    if d.get("blockers"):
        said["blockers"] = names(d["blockers"])
        if d["step"] == "pierce":
            return ngettext("%(units)s attacks %(who)s with 透過, blocked by %(blockers)s "
                            "(%(attack)s against %(defence)s): %(damage)s damage",
                            "%(units)s attack %(who)s with 透過, blocked by %(blockers)s "
                            "(%(attack)s against %(defence)s): %(damage)s damage", n, **said)
        return ngettext("%(units)s attacks %(who)s, blocked by %(blockers)s "
                        "(%(attack)s against %(defence)s): %(damage)s damage",
                        "%(units)s attack %(who)s, blocked by %(blockers)s "
                        "(%(attack)s against %(defence)s): %(damage)s damage", n, **said)
    if d["step"] == "pierce":
        return ngettext("%(units)s attacks %(who)s with 透過 (%(attack)s against %(defence)s): %(damage)s damage",
                        "%(units)s attack %(who)s with 透過 (%(attack)s against %(defence)s): %(damage)s damage",
                        n, **said)
    return ngettext("%(units)s attacks %(who)s (%(attack)s against %(defence)s): %(damage)s damage",
                    "%(units)s attack %(who)s (%(attack)s against %(defence)s): %(damage)s damage", n, **said)


def _passed(d, e, r):
    who = r.who(e.seat)
    if d.get("step") == "counter":
        return _("%(who)s does not counter", who=who)
    step = d.get("step")
    return _("%(who)s passes the %(step)s", who=who, step=_(STEPS[step]) if step in STEPS else str(step))


def _ended(d, e, r):
    reason = d.get("reason")
    why = _(ENDS[reason]) if reason in ENDS else str(reason or "")
    life = " / ".join(str(x) for x in d["life"]) if d.get("life") else None
    if d.get("draw"):
        return _("The game is drawn (%(why)s, life %(life)s)", why=why, life=life) if life \
            else _("The game is drawn (%(why)s)", why=why)
    who = r.who(d["winner"])
    return _("%(who)s wins (%(why)s, life %(life)s)", who=who, why=why, life=life) if life \
        else _("%(who)s wins (%(why)s)", who=who, why=why)


def _power(d, e, r):
    said = {"units": names(d["cards"]), "card": name(d["card"]), "amount": d.get("amount")}
    if d["kind"] == "noblock":
        return _("%(units)s cannot defend this turn (%(card)s)", **said)
    if d["kind"] == "inc":
        return _("%(units)s +%(amount)s power (%(card)s)", **said)
    return _("%(units)s −%(amount)s power (%(card)s)", **said)


def _decision(d, e, r):
    who = r.who(d["seat"])
    if d["kind"] == "heal":
        return _("%(who)s picks one of %(cards)s to heal by its cost", who=who, cards=names(d["cards"]))
    if d["kind"] == "dig":
        return _("%(who)s may dig up %(card)s (宝掘)", who=who, card=name(d["card"]))
    if d["kind"] == "undying":
        return _("%(who)s may take %(cards)s back to the hand (不死)", who=who, cards=names(d["cards"]))
    return _by(_("%(who)s must discard %(cards)s", who=who, cards=cards(d.get("count", 1))), d)


def _mulliganed(d, e, r):
    back = d["returned"] if isinstance(d["returned"], int) else len(d["returned"])
    return _("%(who)s takes a mulligan (%(count)s so far): %(cards)s back into the deck", who=r.who(d["seat"]),
             count=d["count"], cards=cards(back))


def _hand_chosen(d, e, r):
    if isinstance(d["hand"], int):
        return _("%(who)s chooses a hand of %(count)s cards", who=r.who(d["seat"]), count=d["hand"])
    return _("%(who)s chooses the hand %(cards)s", who=r.who(d["seat"]), cards=names(d["hand"]))


def _offered(d, e, r):
    hands = d["hands"]
    if isinstance(hands, int):
        return _("%(who)s is offered %(count)s hands to choose from", who=r.who(d["to"]), count=hands)
    return _("%(who)s is offered %(hands)s", who=r.who(d["to"]),
             hands=_(" or ").join(_("[%(cards)s]", cards=names(h)) for h in hands))


def _exposed(d, e, r):
    return _by(_("%(who)s's face-down magic is turned face up: %(card)s", who=r.who(d["owner"]),
                 card=name(d["card"])), d)


def _from_deck(d, e, r):
    what = name(d["card"]) if "card" in d else cards(1)
    return _by(_("The deck's top card, %(card)s, becomes a territory of %(who)s", card=what, who=r.who(d["seat"])), d)


def _copied(d, e, r):
    if "owner" in d:
        line = _("%(who)s copies %(owner)s's %(card)s", who=r.who(d["seat"]), owner=r.who(d["owner"]),
                 card=name(d["card"]))
    else:
        line = _("%(who)s copies %(card)s", who=r.who(d["seat"]), card=name(d["card"]))
    return _by(line, d)


def _set_aside(d, e, r):
    return _("%(deck)s and %(magic)s are not used at this level",
             deck=ngettext("a deck card", "%(n)s deck cards", len(d.get("deck", []))),
             magic=ngettext("a magic card", "%(n)s magic cards", len(d.get("magic", []))))


def _first(d, e, r):
    if d.get("by") == "lot":
        return _("%(who)s goes first (by lot)", who=r.who(d["first"]))
    return _("%(who)s goes first (as agreed)", who=r.who(d["first"]))


def _chain_closed(d, e, r):
    if not d.get("countered"):
        return None
    return _("The spell is negated") if d.get("negated") else _("The spell is countered")


LINES = Lines({
    "CardsSetAside": _set_aside,
    "FirstPlayerChosen": _first,
    "MagicDealt": lambda d, e, r: _dealt(d, e, r, magic=True),
    "DeckShuffled": lambda d, e, r: _("The deck is shuffled (%(cards)s)",
                                      cards=cards(d.get("count", len(d.get("order", []))))),
    "CardsDealt": _dealt,
    "SetupChosen": _setup_chosen,
    "PositionSet": lambda d, e, r: _("The game starts from an analysis position"),
    "HandsOffered": _offered,
    "HandChosen": _hand_chosen,
    "Mulliganed": _mulliganed,
    "LeftoversBottomed": lambda d, e, r: ngettext(
        "An unchosen card goes under the deck, shuffled", "%(n)s unchosen cards go under the deck, shuffled",
        d.get("count", len(d.get("cards", [])))),
    "MentorDrawn": lambda d, e, r: _("%(who)s's 師匠 (mentor) is %(card)s", who=r.who(d["to"]), card=name(d["card"])),
    "TurnStarted": lambda d, e, r: _("Turn %(turn)s: %(who)s to play", turn=d["turn"], who=r.who(d["seat"])),
    "CardDrawn": _drawn,
    "Passed": _passed,
    "TerritoryExpanded": _territory,
    "UnitDeployed": _deployed,
    "SpellsDeclared": _declared,
    "Countered": lambda d, e, r: _("%(who)s counters with %(cards)s", who=r.who(d["seat"]), cards=names(d["with"])),
    "ChainClosed": _chain_closed,
    "SpellsResolved": _resolved,
    "Attacked": _attacked,
    "GameEnded": _ended,
    "MagicUsed": lambda d, e, r: _("%(who)s uses the magic %(card)s", who=r.who(d["seat"]), card=name(d["card"])),
    "GrandMagicUsed": lambda d, e, r: _("%(who)s uses the grand magic %(grand)s (turning %(card)s)",
                                        who=r.who(d["seat"]), grand=d["grand"], card=name(d["card"])),
    "MagicNegated": lambda d, e, r: _("%(who)s's %(card)s is negated", who=r.who(d["seat"]), card=name(d["card"])),
    "LifeLost": lambda d, e, r: _("%(who)s loses %(amount)s life (%(card)s)", who=r.who(d["seat"]),
                                  amount=d["amount"], card=name(d["card"])),
    "LifeGained": lambda d, e, r: _("%(who)s gains %(amount)s life (%(card)s)", who=r.who(d["seat"]),
                                    amount=d["amount"], card=name(d["card"])),
    "PowerChanged": _power,
    "UnitsEnhanced": lambda d, e, r: _("%(units)s are enhanced by +%(amount)s (%(card)s)", units=names(d["cards"]),
                                       amount=d["amount"], card=name(d["card"])),
    "UnitDestroyed": lambda d, e, r: _by(_("%(who)s's %(card)s is destroyed", who=r.who(d["owner"]),
                                           card=name(d["card"])), d),
    "UnitReturned": lambda d, e, r: _by(_("%(card)s returns to %(who)s's hand", card=name(d["card"]),
                                          who=r.who(d["owner"])), d),
    "CardsDiscarded": lambda d, e, r: _by(_("%(who)s discards %(cards)s", who=r.who(d["seat"]),
                                            cards=names(d["cards"])), d),
    "CardsExchanged": lambda d, e, r: _("%(who)s exchanges %(give)s from the hand for %(take)s from the discard pile",
                                        who=r.who(d["seat"]), give=name(d["give"]), take=name(d["take"])),
    "DecisionOpened": _decision,
    "DiscardCulled": _culled,
    "MagicCopied": _copied,
    "UndyingUsed": lambda d, e, r: _("%(card)s goes back to %(who)s's hand (不死)", card=name(d["card"]),
                                     who=r.who(d["seat"])),
    "MagicExposed": _exposed,
    "TerritoryBonusGained": lambda d, e, r: _("%(who)s gains a territory bonus of %(amount)s (%(card)s)",
                                              who=r.who(d["seat"]), amount=d["amount"], card=name(d["card"])),
    "TerritoryFromDeck": _from_deck,
    "Unbounded": lambda d, e, r: _("%(who)s's magic is unbounded this turn (★無尽増)", who=r.who(d["seat"])),
}, folded={"StepEntered", "CounterWindowOpened", "AnswerWindowOpened", "BattleEnded", "TurnEnded",
           "DecisionClosed"})
