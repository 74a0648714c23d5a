"""The ディメンション・ゼロ log in sentences (engine/core/narration.py), from each event as redacted for
its reader, in the reader's language (engine/core/i18n.py: English is the message id, the Japanese in
locale/ja uses the rulebooks' terms, glossary.json). Cards are instance ids ("0-03") whose identity
reaches a reader only through an event's ``reveal`` / ``private`` maps (zones.py) or, for a card already
face up, through the reader's own view of the position before the event (``Reader.view``: its
``names``); anything else is "a card". Squares (row*3 + column, row 0 seat 0's own area; base squares
by line 0-2) are told by the rulebook's names (000 プレイシートの見方 l.127-135: 「中央エリアの左ライン」),
seen from the side of the seat the sentence is about (words.py: the actor, or the card's owner where a
card is placed or moves; a battle, its attacker's). The turn's phases (001 ch.2 §3, 000 フェイズの詳細) and the battle's steps (001 ch.2
§4) are told as they begin; priority given and internal steps are folded away.
"""
from engine.core.i18n import Catalog, N_
from engine.core.narration import Lines
from engine.games.dimension_zero.actions import situation
from engine.games.dimension_zero.cards import CARDS
from engine.games.dimension_zero.state import owner
from engine.games.dimension_zero.words import base_name, joined, line_name, listing, square_name

_, ngettext = Catalog.of("dimension_zero").functions()

ZONES = {"hand": N_("the hand"), "deck": N_("the deck"), "energy": N_("the energy zone"), "stack": N_("the stack"),
         "grave": N_("the graveyard"), "smash": N_("the smash zone"), "removed": N_("the remove zone"),
         "plan": N_("the plan zone")}
ENDS = {"smash": N_("smash"), "deck": N_("an empty deck"), "match": N_("the match"), "draw": N_("both lose at once")}
PHASES = {"draw": N_("Draw phase"), "energy": N_("Energy phase"), "main": N_("Main phase"),
          "smash": N_("Smash phase"), "end": N_("End of the turn: abilities that trigger now go on the stack"),
          "recovery": N_("Recovery phase: every unit's damage is healed")}


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
            return view["names"].get(cid) or _("a card")
        key = (view.get("cards") or {}).get(cid)          # the whole state: a reader who sees everything
    card = CARDS.get(key) if key else None
    return card["name"] if card else _("a card")


def names(cids, d, r) -> str:
    return listing(name(c, d, r) for c in cids)


def seat_of(cid):
    return owner(cid) if isinstance(cid, str) and cid[:1].isdigit() else None


def where(d: dict, zone: str, seat) -> str:
    """A zone in words; a square or base square as ``seat`` (the card's owner) names it."""
    if zone == "square":
        return square_name(d["square"], seat) if "square" in d else _("a square")
    if zone == "base":
        return base_name(d["line"], seat) if "line" in d else _("a base square")
    return _(ZONES[zone]) if zone in ZONES else zone


# a unit played into the centre (000 ルールエフェクト 7) is told so by its square's name: 中央エリア
ENTERS = {False: N_("%(card)s enters %(square)s"), True: N_("%(card)s enters %(square)s (frozen)")}


def _moved(d, e, r):
    cid, src, dest = d["card"], d["from"], d["to"]
    seat = seat_of(cid)
    card, who = name(cid, d, r), r.who(seat)
    if dest == "stack":
        return None                                        # the Stacked event tells the play
    if src == "hand" and dest == "energy":
        return _("%(who)s puts %(card)s into the energy zone", who=who, card=card)
    if src == "stack" and dest == "square":
        return _(ENTERS[bool(d.get("frozen"))], card=card, square=square_name(d["square"], seat))
    if src == "stack" and dest == "base":
        return _("%(card)s is set on %(who)s's base square of the %(line)s", card=card, who=who,
                 line=line_name(d["line"], seat))
    if dest == "grave" and d.get("destroyed"):
        return _("%(card)s is destroyed", card=card)
    if d.get("destroyed"):                                 # 破壊 (000 l.418), to where its rule sends it
        return _("%(card)s is destroyed and goes to %(dest)s", card=card, dest=where(d, dest, seat))
    if src == "deck" and dest == "smash":
        return _("%(who)s's top deck card goes to the smash zone", who=who)
    if dest == "hand":
        return _("%(card)s goes to %(who)s's hand from %(zone)s", card=card, who=who, zone=where(d, src, seat))
    return _("%(card)s goes from %(src)s to %(dest)s", card=card, src=where(d, src, seat), dest=where(d, dest, seat))


def _drawn(d, e, r):
    who = r.who(d["seat"])
    if any(d["cards"][0] in (m or {}) for m in d.get("private") or ()):
        return _("%(who)s draws %(cards)s", who=who, cards=names(d["cards"], d, r))
    return ngettext("%(who)s draws %(n)s card", "%(who)s draws %(n)s cards", len(d["cards"]), who=who)


# a stacked play, by where it goes (a square or base square as the player names it) and whether it has targets
PLAYS = {("square", False): N_("%(who)s plays %(card)s onto %(square)s"),
         ("square", True): N_("%(who)s plays %(card)s onto %(square)s, targeting %(targets)s"),
         ("line", False): N_("%(who)s plays %(card)s onto %(base)s"),
         ("line", True): N_("%(who)s plays %(card)s onto %(base)s, targeting %(targets)s"),
         (None, False): N_("%(who)s plays %(card)s"),
         (None, True): N_("%(who)s plays %(card)s, targeting %(targets)s")}
ABILITIES = {("ability", False): N_("%(who)s activates %(card)s's ● ability %(n)s"),
             ("ability", True): N_("%(who)s activates %(card)s's ● ability %(n)s, targeting %(targets)s"),
             ("trigger", False): N_("%(card)s's ◆ ability goes on the stack"),
             ("trigger", True): N_("%(card)s's ◆ ability goes on the stack, targeting %(targets)s")}


def _stacked(d, e, r):
    item = d["item"]
    seat, kind = item.get("seat"), item["kind"]
    who = r.who(seat)
    targets = names(item["targets"], d, r) if item.get("targets") else None
    if kind == "play":
        onto = "square" if "square" in item else "line" if "line" in item else None
        place = {"square": square_name(item["square"], seat)} if onto == "square" else \
            {"base": base_name(item["line"], seat)} if onto == "line" else {}
        return _(PLAYS[onto, targets is not None], who=who, card=name(item["card"], d, r), targets=targets, **place)
    if kind in ("ability", "trigger"):
        return _(ABILITIES[kind, targets is not None], who=who, card=name(item["source"], d, r), targets=targets,
                 n=item["ability"] + 1)
    if kind == "move":
        return _("%(who)s moves %(card)s from %(src)s to %(dest)s", who=who, card=name(item["unit"], d, r),
                 src=square_name(item["from"], seat), dest=square_name(item["to"], seat))
    if kind == "plan_create":
        return _("%(who)s creates a plan", who=who)
    if kind == "plan_refresh":
        return _("%(who)s refreshes the plan", who=who)
    if kind == "damage":
        return _("Battle damage goes on the stack: %(hits)s", hits=_hits(item.get("hits") or [], d, r))
    return _("%(who)s puts something on the stack", who=who)


def _hits(hits, d, r) -> str:
    told = [_("%(amount)s to %(card)s", amount=h["amount"], card=name(h["card"], d, r)) for h in hits]
    return joined(told) if told else _("none")


def _frozen(d, e, r):
    cards = d["cards"]
    who = r.who(seat_of(cards[0]) if cards else e.seat)
    if d.get("paid"):
        return _("%(who)s pays %(n)s energy (%(cards)s)", who=who, n=len(cards), cards=names(cards, d, r))
    if "smash" in d:
        return _("%(card)s smashes: %(n)s to the smash zone", card=name(cards[0], d, r), n=d["smash"])
    return ngettext("%(cards)s is frozen", "%(cards)s are frozen", len(cards), cards=names(cards, d, r))


def _released(d, e, r):
    cards = d["cards"]
    return ngettext("Release phase: %(who)s releases %(n)s card", "Release phase: %(who)s releases %(n)s cards",
                    len(cards), who=r.who(seat_of(cards[0]) if cards else e.seat))


def _mod(d, e, r):
    mod = d["mod"]
    card = name(mod["card"], d, r)
    if "power" in mod:
        change = f"{'+' if mod['power'] >= 0 else '−'}{abs(mod['power'])}"
        return _("%(card)s %(change)s power until the end of the turn", card=card, change=change)
    if mod.get("untargetable"):
        return _("%(card)s cannot be targeted this turn", card=card)
    if mod.get("to_smash"):
        return _("%(card)s will go to the smash zone instead of the graveyard", card=card)
    return _("%(card)s is changed until the end of the turn", card=card)


def _choice(value, d, r) -> str:
    if isinstance(value, list):
        return listing(_choice(v, d, r) for v in value)
    if isinstance(value, str):
        return name(value, d, r)
    return str(value)


CHOSEN = {"grave_order": N_("%(who)s chooses the graveyard's order: %(choice)s"),
          "trigger_target": N_("%(who)s chooses a target: %(choice)s"),
          "put_unit": N_("%(who)s chooses a unit to put: %(choice)s")}
NOTHING = {"trigger_target": N_("%(who)s chooses no target"), "put_unit": N_("%(who)s chooses no unit to put")}


def _decided(d, e, r):
    who, kind, choice = r.who(d["seat"]), d["kind"], d["choice"]
    if kind == "first_player":
        return _("%(who)s chooses %(first)s to go first", who=who, first=r.who(choice))
    if kind in ("own_square", "adjacent_square"):
        return _("%(who)s chooses %(square)s", who=who, square=square_name(choice, d["seat"]))
    if kind == "base_line":
        return _("%(who)s chooses %(base)s", who=who, base=base_name(choice, d["seat"]))
    if kind == "seat":
        return _("%(who)s chooses %(seat)s", who=who, seat=r.who(choice))
    if choice is None or choice == []:
        return _(NOTHING.get(kind, N_("%(who)s chooses nothing")), who=who)
    return _(CHOSEN.get(kind, N_("%(who)s chooses an option: %(choice)s")), who=who, choice=_choice(choice, d, r))


def _why(d) -> str:
    reason = d.get("reason")
    return _(ENDS[reason]) if reason in ENDS else str(reason or "")


def _ended(d, e, r):
    if d.get("draw"):
        return _("The game is drawn (%(why)s)", why=_why(d))
    if d.get("wins"):
        return _("%(who)s wins (%(why)s, %(won)s–%(lost)s in duels)", who=r.who(d["winner"]), why=_why(d),
                 won=d["wins"][0], lost=d["wins"][1])
    return _("%(who)s wins (%(why)s)", who=r.who(d["winner"]), why=_why(d))


def _duel_ended(d, e, r):
    if d.get("draw"):
        return _("Duel %(duel)s is over: a draw", duel=d["duel"])
    return _("Duel %(duel)s is over: %(who)s wins (%(why)s)", duel=d["duel"], who=r.who(d["winner"]), why=_why(d))


def _noted(d, e, r):
    if d.get("skipped") == "energy":
        return _("%(who)s puts no card into energy", who=r.who(e.seat))
    if d.get("skipped") == "smash":
        return _("%(who)s does not smash", who=r.who(e.seat))
    if d.get("failed") == "move":
        return _("%(card)s cannot move there any more", card=name(d["unit"], d, r))
    if d.get("failed") == "pact":
        return _("盟約 of %(card)s: no square to put it on, nothing resolves", card=name(d["card"], d, r))
    if d.get("failed"):
        return _("The plan cannot be refreshed")
    if "fizzled" in d:
        return _("An effect fizzles: its targets are gone")
    return None


def _battle(d, e, r):
    return _("Battle on %(square)s: %(attacker)s attacks %(defender)s (first battle step)",
             square=square_name(d["square"], seat_of(d["attacker"])), attacker=name(d["attacker"], d, r),
             defender=name(d["defender"], d, r))


def _attacker_side(d, r):
    """Whose side a battle's end is told from: its attacker's, as at its start (the reader's view before
    the event holds the battle), else the winner's."""
    battles = [b for b in r.view().get("battles") or () if b.get("square") == d["square"]]
    attacker = battles[-1].get("attacker") if battles else None
    return seat_of(attacker) if seat_of(attacker) is not None else seat_of(d.get("winner"))


def _battle_step(d, e, r):
    if d["step"] == "second":
        return _("Second battle step")
    if isinstance(d.get("winner"), str):
        return _("Battle end step: %(card)s wins the battle", card=name(d["winner"], d, r))
    return _("Battle end step: the battle is a draw")


def _battle_ended(d, e, r):
    square = square_name(d["square"], _attacker_side(d, r))
    if isinstance(d.get("winner"), str):
        return _("The battle on %(square)s ends: %(card)s wins", square=square, card=name(d["winner"], d, r))
    return _("The battle on %(square)s ends: no unit wins", square=square)


def _shuffled(d, e, r):
    sizes = [len(x) for x in d["decks"]]
    return _("Both decks are shuffled (%(sizes)s cards)", sizes=listing(sizes))


LINES = Lines({
    "DecksSet": _shuffled,
    "PositionSet": lambda d, e, r: _("The duel starts from an analysis position"),
    "FirstPlayerChosen": lambda d, e, r: _("%(who)s goes first (by lot)", who=r.who(d["first"]))
    if d.get("by") == "lot" else _("%(who)s goes first (as chosen)", who=r.who(d["first"])),
    "CardsDrawn": _drawn,
    "Mulliganed": lambda d, e, r: ngettext("%(who)s puts the hand (%(n)s card) under the deck and draws again",
                                           "%(who)s puts the hand (%(n)s cards) under the deck and draws again",
                                           len(d["bottom"]), who=r.who(d["seat"])),
    "HandKept": lambda d, e, r: _("%(who)s keeps the hand", who=r.who(d["seat"])),
    "TurnStarted": lambda d, e, r: _("Turn %(turn)s: %(who)s's turn", turn=d["turn"], who=r.who(d["seat"])),
    "Released": _released,
    "PhaseEntered": lambda d, e, r: _(PHASES[d["phase"]]) if d["phase"] in PHASES else None,
    "Frozen": _frozen,
    "CardMoved": _moved,
    "UnitMoved": lambda d, e, r: _("%(card)s moves from %(src)s to %(dest)s", card=name(d["card"], d, r),
                                   src=square_name(d["from"], seat_of(d["card"])),
                                   dest=square_name(d["to"], seat_of(d["card"]))),
    "PlanOpened": lambda d, e, r: _("%(who)s's plan zone shows %(card)s", who=r.who(d["seat"]),
                                    card=name(d["card"], d, r)),
    "Stacked": _stacked,
    "TriggerDropped": lambda d, e, r: _("%(card)s's ◆ ability has no target and is dropped",
                                        card=name(d["source"], d, r)),
    "PriorityPassed": lambda d, e, r: _("%(who)s passes", who=r.who(d["seat"])),
    "BattleStarted": _battle,
    "BattleStep": _battle_step,
    "BattleEnded": _battle_ended,
    "DamageDealt": lambda d, e, r: _("Damage: %(hits)s", hits=_hits(d["hits"], d, r)),
    "ModAdded": _mod,
    "Decided": _decided,
    "GameEnded": _ended,
    "DuelEnded": _duel_ended,
    "DuelStarted": lambda d, e, r: _("Duel %(duel)s begins", duel=d["duel"]),
    "SideboardSet": lambda d, e, r: _("%(who)s sets the deck for the next duel", who=r.who(d["seat"])),
    "Noted": _noted,
}, folded={"PriorityGiven", "Recovered", "LeftStack", "TriggerQueued", "DamageStacked", "DecisionPending",
           "MulliganOffered"})


# what the duel waits on (the ``situation`` hook behind pending_text), by phase and what is held
WAITING = {("energy", None): N_("%(who)s's turn, the energy phase"),
           ("smash", None): N_("%(who)s's turn, the smash phase"),
           ("main", None): N_("%(who)s's turn, main phase: priority"),
           ("main", "stack"): N_("%(who)s's turn, main phase: priority with an ability on the stack waiting"),
           ("main", "battle"): N_("%(who)s's turn, main phase: priority with a battle waiting"),
           ("end", None): N_("%(who)s's turn, end phase: priority"),
           ("end", "stack"): N_("%(who)s's turn, end phase: priority with an ability on the stack waiting"),
           ("end", "battle"): N_("%(who)s's turn, end phase: priority with a battle waiting")}


def situation_text(state, reader) -> str:
    """What the duel waits on, from public state only, as a sentence of the game's words."""
    sit = situation(state)
    if sit == "pending":
        return _("a choice an ability asks")
    if sit == "mulligan":
        return _("the mulligan: keep the hand or put it back")
    if sit == "sideboard":
        return _("sideboarding between the games of the match")
    if sit in ("energy", "smash"):
        return _(WAITING[sit, None], who=reader.who(state["active"]))
    held = "stack" if state["stack"] else "battle" if state["battles"] else None
    phase = "main" if state["phase"] == "main" else "end"
    return _(WAITING[phase, held], who=reader.who(state["active"]))
