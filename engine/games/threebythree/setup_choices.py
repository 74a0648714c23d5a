"""The choices of the setup, by level: territories and magic (初級), the hand and magic with mulligans
(中級 / 上級), one of two hands then the magic (セブンメイジ戦)."""
from itertools import combinations

from engine.core import IllegalAction
from engine.core.i18n import Catalog, N_
from engine.games.threebythree import flow
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.shapes import card_ids
from engine.games.threebythree.setup import DEALT, HAND_SIZE, POOL_MAGIC
from engine.games.threebythree.state import level

_, ngettext = Catalog.of("threebythree").functions()


def _pick(chosen, offered, n, what, rule_id):
    """IllegalAction unless ``chosen`` is ``n`` different of ``offered``; ``what`` (marked N_) says what they are."""
    if (not all(isinstance(c, str) for c in chosen) or len(chosen) != n or len(set(chosen)) != n
            or any(c not in offered for c in chosen)):
        raise IllegalAction(rule(rule_id), _("choose %(count)s different %(what)s from %(offered)s",
                                             count=n, what=_(what), offered=sorted(offered)))


def choose(em, seat, action):
    p, variant = em.state["players"][seat], em.state["variant"]
    if variant == "overlord":
        terr, magic = card_ids(action.get("territories"), '"territories"'), action.get("magic")
        _pick(terr, p["hand"], 3, N_("dealt deck cards as territories"), "setup.choose")
        _pick([magic], p["offered_magic"], 1, N_("magic"), "setup.choose")
        v = em.emit("SetupChosen", {"seat": seat, "territories": terr, "magic": [magic], "hand": None,
                                    "returned": [], "unused_magic": [m for m in p["offered_magic"] if m != magic]},
                    rule("setup.choose"), seat)
    elif variant == "seven-mage" and p["offered_hands"]:
        hand = card_ids(action.get("hand"), '"hand"')
        if sorted(hand) not in [sorted(h) for h in p["offered_hands"]]:
            raise IllegalAction(rule("seven-mage.setup"), _("keep one of the two 6-card hands you were dealt, whole"))
        returned = next(h for h in p["offered_hands"] if sorted(h) != sorted(hand))
        deck = em.rng.shuffled(em.state["deck"] + returned)
        v = em.emit("HandChosen", {"seat": seat, "hand": hand, "returned": returned}, rule("seven-mage.setup"), seat)
        em.emit("DeckShuffled", {"order": deck}, rule("seven-mage.setup"), cause=v)
        if not any(q["offered_hands"] for q in em.state["players"]):
            pool = em.rng.shuffled(POOL_MAGIC)
            first = em.state["first"]
            for i, s in enumerate((first, 1 - first)):
                em.emit("MagicDealt", {"to": s, "cards": pool[7 * i:7 * i + 7]}, rule("seven-mage.setup"), cause=v)
        return
    else:
        magic = card_ids(action.get("magic"), '"magic"')
        _pick(magic, p["offered_magic"], level(em.state).chosen_magic, N_("magic"), f"{_rules(variant)}")
        hand = list(p["hand"])
        if variant != "seven-mage":
            hand = card_ids(action.get("hand"), '"hand"')
            _pick(hand, p["hand"], HAND_SIZE, N_("deck cards as your hand"), f"{_rules(variant)}")
        v = em.emit("SetupChosen", {"seat": seat, "territories": [], "magic": magic, "hand": hand,
                                    "returned": [c for c in p["hand"] if c not in hand],
                                    "unused_magic": [m for m in p["offered_magic"] if m not in magic]},
                    rule(_rules(variant)), seat)
    if all(q["ready"] for q in em.state["players"]):
        if em.state["leftovers"]:
            em.emit("LeftoversBottomed", {"cards": em.rng.shuffled(em.state["leftovers"])}, rule("apprentice.setup"), cause=v)
        flow.start_turn(em, em.state["first"], 1, v)


def _rules(variant):
    return {"apprentice": "apprentice.setup", "wizard": "wizard.setup", "seven-mage": "seven-mage.setup"}[variant]


def mulligan(em, seat, action):
    """マリガン: all 9 back, reshuffle, one card fewer; at most 3 times (the last 6 are the hand)."""
    p = em.state["players"][seat]
    if level(em.state).mulligans == 0:
        raise IllegalAction(rule("seven-mage.setup" if em.state["variant"] == "seven-mage" else "setup.choose"),
                            _("no mulligan at the %(level)s level", level=em.state["variant"]))
    if p["mulligans"] >= level(em.state).mulligans:
        raise IllegalAction(rule("apprentice.mulligan"), _("at most 3 mulligans"))
    returned, count = list(p["hand"]), p["mulligans"] + 1
    deck = em.rng.shuffled(em.state["deck"] + returned)
    v = em.emit("Mulliganed", {"seat": seat, "returned": returned, "count": count}, rule("apprentice.mulligan"), seat)
    em.emit("DeckShuffled", {"order": deck}, rule("apprentice.mulligan"), cause=v)
    em.emit("CardsDealt", {"to": seat, "cards": deck[:DEALT - count]}, rule("apprentice.mulligan"), cause=v)


def options(state, seat) -> list:
    p, variant = state["players"][seat], state["variant"]
    if variant == "overlord":
        return [{"type": "choose", "territories": list(t), "magic": m}
                for m in p["offered_magic"] for t in combinations(sorted(p["hand"]), 3)]
    if variant == "seven-mage":
        if p["offered_hands"]:
            return [{"type": "choose", "hand": list(h)} for h in p["offered_hands"]]
        return [{"type": "choose", "magic": list(m)} for m in combinations(p["offered_magic"], 3)]
    out = [{"type": "mulligan"}] if p["mulligans"] < level(state).mulligans else []
    hands = list(combinations(sorted(p["hand"]), HAND_SIZE))[:12]
    return out + [{"type": "choose", "hand": list(h), "magic": list(m)}
                  for m in combinations(p["offered_magic"], 3) for h in hands]
