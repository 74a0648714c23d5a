"""The 東方独占録 log in sentences (engine/core/narration.py), from each event as redacted for its
reader: a drawn, dealt or searched card and a face-down support the reader may not see are "a card".
Cards, lands and EVENT results by their printed names (cards.json, board.json), never by their ids;
money in 圓. Every sentence is one message of the ``dokusenroku`` catalog (English, and Japanese in the
rulebook's own terms: glossary.json).
"""
from engine.core.i18n import Catalog, N_
from engine.core.narration import Lines, listing
from engine.games.dokusenroku.board import LANDS, SQUARES
from engine.games.dokusenroku.cards import card_name

_, ngettext = Catalog.of("dokusenroku").functions()

KINDS = {"start": N_("START"), "event": N_("EVENT"), "sukima": N_("スキマ")}
WHY = {"lap": N_("passing START"), "start": N_("stopping on START"), "bounty": N_("a bounty"),
       "spell": N_("a spell"), "event": N_("the EVENT table"), "toll": N_("a toll")}
ROLES = {"invader": N_("the invader"), "defender": N_("the defender")}


def name(instance) -> str:
    """A card instance by its printed name (the instance itself where no card has that id)."""
    return card_name(instance) if isinstance(instance, str) else _("no card")


def land(lid) -> str:
    """A land by the name its land card gives it (board.json)."""
    return LANDS[lid].name if lid in LANDS else str(lid)


def square(i) -> str:
    sq = SQUARES[i] if isinstance(i, int) and 0 <= i < len(SQUARES) else {}
    if sq.get("kind") == "land":
        return land(sq["land"])
    return _(KINDS[sq["kind"]]) if sq.get("kind") in KINDS else _("square %(n)s", n=i)


def money(n) -> str:
    return f"{n}圓"



def dice(d) -> str:
    return " + ".join(str(x) for x in d)


def _moved(d, e, r):
    who, n, to = r.who(d["seat"]), d["steps"], square(d["to"])
    lap = bool(d.get("passed_start"))
    if d.get("dice"):
        line = (ngettext("%(who)s rolls %(dice)s and moves %(n)s square to %(to)s, passing START",
                         "%(who)s rolls %(dice)s and moves %(n)s squares to %(to)s, passing START", n,
                         who=who, dice=dice(d["dice"]), to=to) if lap else
                ngettext("%(who)s rolls %(dice)s and moves %(n)s square to %(to)s",
                         "%(who)s rolls %(dice)s and moves %(n)s squares to %(to)s", n,
                         who=who, dice=dice(d["dice"]), to=to))
    else:
        line = (ngettext("%(who)s moves %(n)s square to %(to)s, passing START",
                         "%(who)s moves %(n)s squares to %(to)s, passing START", n, who=who, to=to) if lap else
                ngettext("%(who)s moves %(n)s square to %(to)s",
                         "%(who)s moves %(n)s squares to %(to)s", n, who=who, to=to))
    return _("%(line)s (changed by a spell)", line=line) if d.get("move") else line


def _drawn(d, e, r):
    if "card" in d:
        return _("%(who)s draws %(card)s", who=r.who(d["seat"]), card=name(d["card"]))
    return _("%(who)s draws a card", who=r.who(d["seat"]))


def _dealt(d, e, r):
    if "cards" in d:
        return _("%(who)s is dealt %(cards)s", who=r.who(d["seat"]), cards=listing(name(c) for c in d["cards"]))
    return ngettext("%(who)s is dealt %(n)s card", "%(who)s is dealt %(n)s cards", d["cards_count"], who=r.who(d["seat"]))


def _placed(d, e, r):
    who, card, where, cost = r.who(d["seat"]), name(d["card"]), land(d["land"]), money(d["cost"])
    if d.get("replaced"):
        return _("%(who)s places %(card)s on %(land)s for %(cost)s; %(old)s goes back to the hand",
                 who=who, card=card, land=where, cost=cost, old=name(d["replaced"]))
    return _("%(who)s places %(card)s on %(land)s for %(cost)s", who=who, card=card, land=where, cost=cost)


def _spell(d, e, r):
    target = d.get("target")
    who, card = r.who(d["seat"]), name(d["card"])
    cost = _("free") if d.get("free") or not d.get("cost") else money(d["cost"])
    if isinstance(target, str):
        return _("%(who)s casts %(card)s on %(land)s (%(cost)s)", who=who, card=card, land=land(target), cost=cost)
    if isinstance(target, int):
        return _("%(who)s casts %(card)s on %(target)s (%(cost)s)", who=who, card=card, target=r.who(target),
                 cost=cost)
    return _("%(who)s casts %(card)s (%(cost)s)", who=who, card=card, cost=cost)


def _support(d, e, r):
    who, role = r.who(d["seat"]), _(ROLES["invader" if d["role"] == "invader" else "defender"])
    if "face_down" in d:            # as another seat reads it: whether a card was set, not which
        if d["face_down"]:
            return _("%(who)s (%(role)s) sets a support card face down", who=who, role=role)
    elif d.get("card") is not None:
        return _("%(who)s (%(role)s) sets %(card)s face down as support", who=who, role=role, card=name(d["card"]))
    return _("%(who)s (%(role)s) gives no support", who=who, role=role)


def _battle(d, e, r):
    won = d.get("winner") == "invader"
    stats = d.get("stats") or {}
    params = dict(land=land(d["land"]), attacker=name(d["attacker"]), defending=name(d["defending"]),
                  who=r.who(d["invader"] if won else d["defender"]))
    if stats.get("invader") and stats.get("defender"):
        a, b = stats["invader"], stats["defender"]
        params.update(a_attack=a.get("attack"), a_hp=a.get("hp"), d_attack=b.get("attack"), d_hp=b.get("hp"))
        if won:
            return _("Battle on %(land)s: %(attacker)s against %(defending)s (attack %(a_attack)s / HP %(a_hp)s "
                     "against attack %(d_attack)s / HP %(d_hp)s); %(who)s takes %(land)s", **params)
        return _("Battle on %(land)s: %(attacker)s against %(defending)s (attack %(a_attack)s / HP %(a_hp)s "
                 "against attack %(d_attack)s / HP %(d_hp)s); %(who)s holds %(land)s", **params)
    if won:
        return _("Battle on %(land)s: %(attacker)s against %(defending)s; %(who)s takes %(land)s", **params)
    return _("Battle on %(land)s: %(attacker)s against %(defending)s; %(who)s holds %(land)s", **params)


def _ended(d, e, r):
    assets = _(", ").join(f"{r.who(s)} {money(a)}" for s, a in enumerate(d.get("assets") or []))
    winners = d.get("winners") or []
    return ngettext("The deck has run out: %(winners)s wins (assets: %(assets)s)",
                    "The deck has run out: %(winners)s win (assets: %(assets)s)", len(winners),
                    winners=listing(r.who(s) for s in winners), assets=assets)


def _choice_offered(d, e, r):
    who = r.who(d["seat"])
    if d["kind"] == "level_up":
        return _("%(who)s may choose a land to level up", who=who)
    if d["kind"] == "recover":
        return _("%(who)s may choose a card to recover from the graveyard", who=who)
    return _("%(who)s may choose a card", who=who)


def _search(d, e, r):
    n = d.get("options_count", len(d.get("options") or []))
    return ngettext("%(who)s searches the deck (%(n)s card)", "%(who)s searches the deck (%(n)s cards)", n,
                    who=r.who(d["seat"]))


def _rolled_order(d, e, r):
    return _("Rolls for the turn order: %(rolls)s",
             rolls=_(", ").join(f"{r.who(x['seat'])} {dice(x['dice'])}" for x in d["rolls"]))


def _passed(d, e, r):
    who, step = r.who(d["seat"]), d.get("step")
    if step == "land":
        return _("%(who)s does nothing on the empty land", who=who)
    if step == "own":
        return _("%(who)s does nothing on their own land", who=who)
    if step == "event":
        return _("%(who)s does nothing on the EVENT square", who=who)
    if step == "refill":
        return _("%(who)s does not refill the hand", who=who)
    return _("%(who)s does nothing on this square", who=who)


def _gained(d, e, r):
    why = d.get("why")
    return _("%(who)s gains %(money)s (%(why)s)", who=r.who(d["seat"]), money=money(d["amount"]),
             why=_(WHY[why]) if why in WHY else _("a bonus"))


def _paid(d, e, r):
    why = d.get("why")
    params = dict(who=r.who(d["seat"]), money=money(d["amount"]), why=_(WHY[why]) if why in WHY else _("a charge"))
    if isinstance(d.get("to"), int):
        return _("%(who)s pays %(money)s to %(to)s (%(why)s)", to=r.who(d["to"]), **params)
    return _("%(who)s pays %(money)s to the bank (%(why)s)", **params)


def _discarded(d, e, r):
    who, cards = r.who(d["seat"]), listing(name(c) for c in d["cards"])
    if d.get("random"):
        return _("%(who)s discards %(cards)s at random", who=who, cards=cards)
    return _("%(who)s discards %(cards)s", who=who, cards=cards)


def _removed(d, e, r):
    return ngettext("A card is removed unseen", "%(n)s cards are removed unseen",
                    d.get("cards_count", len(d.get("cards") or [])))


def _shuffled(d, e, r):
    return ngettext("The deck is shuffled (a card)", "The deck is shuffled (%(n)s cards)",
                    d.get("order_count", len(d.get("order") or [])))


def _searched(d, e, r):
    if "card" in d:
        return _("%(who)s takes %(card)s from the deck", who=r.who(d["seat"]), card=name(d["card"]))
    return _("%(who)s takes a card from the deck", who=r.who(d["seat"]))


def _choice_made(d, e, r):
    if d.get("took"):
        return _("%(who)s makes a choice", who=r.who(d["seat"]))
    return _("%(who)s takes nothing", who=r.who(d["seat"]))


LINES = Lines({
    "DeckShuffled": _shuffled,
    "CardsRemoved": _removed,
    "FundsGiven": lambda d, e, r: _("Everyone gets %(money)s", money=money(d["amount"])),
    "CardsDealt": _dealt,
    # every player gets one (ゲームの準備 Ⅲ); which card a hidden hand holds is never named
    "CharismaGiven": lambda d, e, r: _("%(who)s takes their charisma card", who=r.who(d["seat"])),
    "OrderRolled": _rolled_order,
    "TurnOrderSet": lambda d, e, r: _("Turn order: %(order)s", order=_(", ").join(r.who(s) for s in d["order"])),
    "PositionSet": lambda d, e, r: _("The game starts from an analysis position"),
    "TurnStarted": lambda d, e, r: _("Turn %(turn)s: %(who)s's turn", turn=d["turn"], who=r.who(d["seat"])),
    "CardDrawn": _drawn,
    "SpellCast": _spell,
    "Invested": lambda d, e, r: _("%(who)s invests %(money)s in %(land)s: level %(level)s", who=r.who(d["seat"]),
                                  money=money(d["cost"]), land=land(d["land"]), level=d["level"]),
    "Moved": _moved,
    "CardsDiscarded": _discarded,
    "GameEnded": _ended,
    "CharacterPlaced": _placed,
    "Passed": _passed,
    "TollPaid": lambda d, e, r: _("%(who)s pays a toll of %(money)s to %(owner)s for %(land)s", who=r.who(d["seat"]),
                                  money=money(d["amount"]), owner=r.who(d["to"]), land=land(d["land"])),
    "DebtOpened": lambda d, e, r: _("%(who)s owes %(owner)s %(money)s for %(land)s and must sell land",
                                    who=r.who(d["seat"]), owner=r.who(d["to"]), money=money(d["amount"]),
                                    land=land(d["land"])),
    "LandSold": lambda d, e, r: _("%(who)s sells %(land)s for %(money)s", who=r.who(d["seat"]), land=land(d["land"]),
                                  money=money(d["price"])),
    "Bankrupted": lambda d, e, r: _("%(who)s goes bankrupt, paying %(paid)s of %(amount)s to %(owner)s",
                                    who=r.who(d["seat"]), paid=money(d["paid"]), amount=money(d["amount"]),
                                    owner=r.who(d["to"])),
    "RefillChosen": lambda d, e, r: _("%(who)s refills the hand", who=r.who(d["seat"])),
    "MoneyGained": _gained,
    "MoneyPaid": _paid,
    "EventRolled": lambda d, e, r: _("%(who)s rolls %(dice)s on the EVENT table: %(name)s", who=r.who(d["seat"]),
                                     dice=dice(d["dice"]), name=d["name"]),
    "InvasionDeclared": lambda d, e, r: _("%(who)s invades %(land)s of %(defender)s with %(card)s",
                                          who=r.who(d["seat"]), land=land(d["land"]),
                                          defender=r.who(d["defender"]), card=name(d["card"])),
    "SupportCommitted": _support,
    "SupportRevealed": lambda d, e, r: _("%(who)s's support is revealed: %(card)s", who=r.who(d["seat"]),
                                         card=name(d["card"])),
    "BattleResolved": _battle,
    "MoveChanged": lambda d, e, r: _("%(who)s's next move is changed", who=r.who(d["seat"])),
    "TollHalved": lambda d, e, r: _("%(who)s's tolls are halved", who=r.who(d["seat"])),
    "LevelChanged": lambda d, e, r: _("%(land)s goes from level %(old)s to level %(level)s", land=land(d["land"]),
                                      old=d["from"], level=d["level"]),
    "ChoiceOffered": _choice_offered,
    "SearchStarted": _search,
    "ChoiceMade": _choice_made,
    "CardRecovered": lambda d, e, r: _("%(who)s recovers %(card)s from the graveyard", who=r.who(d["seat"]),
                                       card=name(d["card"])),
    "CardSearched": _searched,
}, folded={"StepEntered", "TurnEnded"})
