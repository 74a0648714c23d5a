"""大魔術 (grand magic, 上級 and Seven Mage): once per turn, paid by removing a face-down or face-up magic
from the game (not a sideways one); no requirement. Each attribute's magic shares one grand magic
(ルール補足説明 ◇魔法関連), and 透禍の槍 carries ★無尽増.
"""
from engine.core import IllegalAction
from engine.core.i18n import Catalog, N_
from engine.games.threebythree import magic
from engine.games.threebythree.cards import DECK, GRAND_MAGIC, MAGIC, TUNING_VALUES
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.rulings import choice, marked
from engine.games.threebythree.shapes import echo
from engine.games.threebythree.state import level, other

_, ngettext = Catalog.of("threebythree").functions()

KEEP = 4     # ★海癒 keeps 4 random cards of the discard pile


def check_grand(state, seat, card, answering: bool) -> str:
    """The grand magic `card` carries, if this seat may use it now; else IllegalAction."""
    if not level(state).grand_magic:
        raise IllegalAction(rule("grand.basic"), _("grand magic is not used at the %(level)s level",
                                                   level=state["variant"]))
    entry = next((m for m in state["players"][seat]["magic"] if m["card"] == card), None)
    if entry is None:
        raise IllegalAction(rule("actions"), _("%(card)s is not one of your magic cards", card=echo(card)))
    name = MAGIC[card].grand
    if name is None:
        raise IllegalAction(rule("grand.basic"), _("%(card)s carries no grand magic", card=card))
    if entry["state"] == "side":
        raise IllegalAction(rule("grand.cost"), _("%(card)s is sideways: a sideways magic cannot pay for grand magic",
                                                  card=card))
    if seat in state["flags"]["grand"]:
        raise IllegalAction(rule("grand.basic"), _("one grand magic per turn"))
    if answering and name == "★天写":
        raise IllegalAction(rule("magic.basic"), _("★天写 may be used in the opponent's turn, but what it copies is used "
                              "as a magic, and magic is used only in your own turn (Q&A ★天写)"))
    if answering != (name == "★不許火"):
        raise IllegalAction(rule("grand.不許火"), _("★不許火 answers the opponent's magic or enhancement; other grand "
                              "magic is used in your own turn") if answering else
                            _("★不許火 negates the opponent's magic or enhancement: use it when they use one"))
    return name


# ruling tensha-target: whose magic ★天写 copies, and in which state (never a sideways one: Q&A l.841-843)
COPIES = {"own-face-down": (False, "down", N_("another face-down magic of yours")),
          "own-face-up": (False, "up", N_("another face-up magic of yours")),
          "any-face-up": (True, "up", N_("a face-up magic on either field"))}


def copy_targets(state, seat, card) -> list:
    """The magic ★天写 (``card``) may copy under the match's ruling tensha-target, in a fixed order."""
    either, wanted, _kept = COPIES[choice(state, "tensha-target")]
    seats = (seat, other(seat)) if either else (seat,)
    return [m["card"] for s in seats for m in state["players"][s]["magic"] if m["card"] != card and m["state"] == wanted]


def check_copy(state, seat, card, copy) -> None:
    """IllegalAction unless ★天写 may copy ``copy`` (one answer for a hidden magic and for no magic)."""
    if copy not in copy_targets(state, seat, card):
        reading = choice(state, "tensha-target")
        raise IllegalAction(rule("grand.天写"), _("★天写 copies %(what)s; %(card)s is not one%(ruling)s",
                                                what=_(COPIES[reading][2]),
                              card=echo(copy), ruling=marked("tensha-target", reading)))


def pay(em, seat, card, name, cause) -> int:
    """Remove the magic from the game; a face-up 顕在 magic keeps its effect to the end of the turn."""
    state = next(m["state"] for m in em.state["players"][seat]["magic"] if m["card"] == card)
    lingers = state == "up" and MAGIC[card].manifest is not None
    return em.emit("GrandMagicUsed", {"seat": seat, "card": card, "grand": name, "from": state, "lingers": lingers},
                   rule("grand.cost"), seat, cause)


def heal_options(state, seat) -> list:
    out = []
    for c in state["decision"]["cards"]:
        if DECK[c].kind == "tuning":
            out += [{"type": "heal", "card": c, "as": {c: v}} for v in TUNING_VALUES]
        else:
            out.append({"type": "heal", "card": c})
    return out


def heal_amount(card, as_map) -> int:
    kind = DECK[card].kind
    if kind == "tuning":
        if as_map.get(card) not in TUNING_VALUES:
            raise IllegalAction(rule("grand.海癒"), _("調律 %(card)s gives 1-3 life: say which with \"as\"", card=card))
        return as_map[card]
    return 0 if kind == "spellbreaker" else DECK[card].cost


def own_turn(em, seat, card, name, action, rng, step):
    """★海癒 ★探生 ★無尽増 in your own turn (★天写 is in actions: it uses a magic)."""
    cause = None
    if name == "★海癒":
        discard = em.state["discard"]
        kept = rng.shuffled(discard)[:KEEP]
        v = pay(em, seat, card, name, cause)
        em.emit("DiscardCulled", {"kept": kept, "removed": [c for c in discard if c not in kept]}, rule("grand.海癒"), seat, v)
        if kept:
            em.emit("DecisionOpened", {"kind": "heal", "seat": seat, "cards": kept, "resume": step},
                    rule("grand.海癒"), cause=v)
        return
    if name == "★探生":
        hand, discard = em.state["players"][seat]["hand"], em.state["discard"]
        give, take = action.get("give"), action.get("take")
        possible = bool(hand) and any(DECK[c].is_unit for c in discard)
        if possible and (give not in hand or take not in discard or not DECK[take].is_unit):
            raise IllegalAction(rule("grand.探生"), _('★探生 exchanges "give" (a card of your hand) with "take" '
                                  "(a unit card of the discard pile)"))
        v = pay(em, seat, card, name, cause)
        if possible:
            em.emit("CardsExchanged", {"seat": seat, "give": give, "take": take}, rule("grand.探生"), seat, v)
        return
    if name == "★無尽増":
        v = pay(em, seat, card, name, cause)
        em.emit("Unbounded", {"seat": seat}, rule("grand.無尽増"), seat, v)
        return
    raise IllegalAction(rule("grand.天写"), _('★天写 needs "copy": %(what)s to use',
                                            what=_(COPIES[choice(em.state, "tensha-target")][2])))


def exchange_options(state, seat) -> list:
    hand, units = sorted(state["players"][seat]["hand"]), sorted({c for c in state["discard"] if DECK[c].is_unit})
    if not hand or not units:
        return [{}]
    return [{"give": g, "take": t} for g in hand for t in units][:40]


def grand_options(state, seat) -> list:
    """Own-turn grand magic for legal_actions (★天写 lists one choice per copyable magic)."""
    if not level(state).grand_magic:            # what check_grand refuses first, for every card
        return []
    out = []
    for m in state["players"][seat]["magic"]:
        try:
            name = check_grand(state, seat, m["card"], answering=False)
        except IllegalAction:
            continue
        if name == "★探生":
            out += [{"type": "grand", "card": m["card"], **p} for p in exchange_options(state, seat)]
        elif name == "★天写":
            for copy in copy_targets(state, seat, m["card"]):
                out += [{"type": "grand", "card": m["card"], "copy": copy, **p}
                        for p in magic.usable(state, seat, copy, copied=True)]
        else:
            out.append({"type": "grand", "card": m["card"]})
    return out


def grand_known() -> None:
    for name in {m.grand for m in MAGIC.values() if m.grand}:
        if name not in GRAND_MAGIC:
            raise ValueError(f"unknown grand magic {name!r}")


grand_known()
