"""The effect vocabulary of spells (スペルカード ②) and of the EVENT table (移動の方法 Ⅵ②).

One handler per effect name of cards.EFFECTS (checked at import). A handler emits the events that
carry its effect out and returns WAIT when it opened a choice (a pending decision answered by a later
``choose`` or ``pass`` action), OVER when the game ended (a draw from an empty deck), else None.
"""
from dataclasses import dataclass

from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.dokusenroku import flow, money
from engine.games.dokusenroku.board import MAX_LEVEL
from engine.games.dokusenroku.cards import EFFECTS, MOVEMENT_EFFECTS, is_character
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.state import graveyard_of, investable, owned_lands, pile_index, seats_from

_ = Catalog.of("dokusenroku").gettext

WAIT, OVER = "wait", "over"


@dataclass
class Ctx:
    em: object
    seat: int
    target: object           # a seat, a land id or None
    cause: int
    rng: object
    source: str              # "spell" or "event"
    resume: str              # where a choice returns: "main" (a spell) or "finish" (EVENT)

    @property
    def rule(self) -> str:
        return rule("spell.effect" if self.source == "spell" else "square.event.bonus")


def apply_all(ctx, effects) -> str | None:
    for e in effects:
        result = HANDLERS[e["do"]](ctx, e)
        if result:
            return result
    return None


def _gain(ctx, e):
    ctx.em.emit("MoneyGained", {"seat": ctx.seat, "amount": e["amount"], "why": ctx.source}, ctx.rule, cause=ctx.cause)


def _gain_per_land(ctx, e):
    amount = e["amount"] * len(owned_lands(ctx.em.state, ctx.seat))
    if amount:
        ctx.em.emit("MoneyGained", {"seat": ctx.seat, "amount": amount, "why": ctx.source}, ctx.rule, cause=ctx.cause)


def _draw(ctx, e):
    rid = "spell.effect" if ctx.source == "spell" else "square.event.bonus"
    return None if flow.draw(ctx.em, ctx.seat, e["count"], rid, ctx.cause) else OVER


def _all_draw(ctx, e):
    rid = "spell.effect" if ctx.source == "spell" else "square.event.bonus"
    for s in seats_from(ctx.em.state, ctx.seat):
        if not flow.draw(ctx.em, s, e["count"], rid, ctx.cause):
            return OVER
    return None


def _tribute(ctx, e):
    for s in seats_from(ctx.em.state, ctx.seat)[1:]:
        money.pay_capped(ctx.em, s, ctx.seat, e["amount"], ctx.source, "money.capped", ctx.cause)


def _take(ctx, e):
    money.pay_capped(ctx.em, ctx.target, ctx.seat, e["amount"], ctx.source, "money.capped", ctx.cause)


def _burn(ctx, e):
    money.pay_capped(ctx.em, ctx.target, None, e["amount"], ctx.source, "money.capped", ctx.cause)


def _fine(ctx, e):
    money.pay_capped(ctx.em, ctx.seat, None, e["amount"], ctx.source, "money.capped", ctx.cause)


def _discard_random(ctx, e):
    hand = list(ctx.em.state["players"][ctx.target]["hand"])
    picked = []
    for _ in range(min(e["count"], len(hand))):
        picked.append(hand.pop(ctx.rng.below(len(hand))))
    if picked:
        ctx.em.emit("CardsDiscarded", {"seat": ctx.target, "cards": picked, "random": True}, ctx.rule, cause=ctx.cause)


def _level_up(ctx, e):
    if ctx.target is not None:
        level_land(ctx.em, ctx.target, e.get("levels", 1), ctx.rule, ctx.cause)
        return None
    options = investable(ctx.em.state, ctx.seat)
    if len(options) == 1:
        level_land(ctx.em, options[0], e.get("levels", 1), ctx.rule, ctx.cause)
    elif options:
        return offer(ctx, "level_up", options, levels=e.get("levels", 1))
    return None


def _level_down(ctx, e):
    level_land(ctx.em, ctx.target, -e["levels"], ctx.rule, ctx.cause)


def level_land(em, land_id, by, rule_id, cause):
    old = em.state["lands"][land_id]["level"]
    new = max(1, min(MAX_LEVEL, old + by))
    if new != old:
        em.emit("LevelChanged", {"land": land_id, "from": old, "level": new}, rule_id, cause=cause)


def _recover(ctx, e):
    options = sorted({c for c in graveyard_of(ctx.em.state, ctx.seat) if is_character(c)})
    return offer(ctx, "recover", options) if options else None


def _search(ctx, e):
    state = ctx.em.state
    pile = pile_index(state, ctx.seat)
    returned = list(state["piles"][pile]["removed"])
    ctx.em.emit("SearchStarted", {"seat": ctx.seat, "pile": pile, "returned": returned,
                                  "options": sorted(state["piles"][pile]["deck"] + returned),
                                  "resume": ctx.resume}, rule("constructed.search"), cause=ctx.cause)
    return WAIT


def _move(kind):
    def handler(ctx, e):
        whose = ctx.target if kind == "fixed" else ctx.seat
        move = {"kind": kind, **{k: v for k, v in e.items() if k != "do"}}
        ctx.em.emit("MoveChanged", {"seat": whose, "move": move, "replaced": ctx.em.state["players"][whose]["move"]},
                    rule("spell.movement"), cause=ctx.cause)
    return handler


def _toll_half(ctx, e):
    ctx.em.emit("TollHalved", {"seat": ctx.seat}, ctx.rule, cause=ctx.cause)


def offer(ctx, kind, options, **extra):
    ctx.em.emit("ChoiceOffered", {"seat": ctx.seat, "kind": kind, "options": options, "resume": ctx.resume, **extra},
                ctx.rule, cause=ctx.cause)
    return WAIT


HANDLERS = {
    "gain": _gain, "gain_per_land": _gain_per_land, "draw": _draw, "all_draw": _all_draw, "tribute": _tribute,
    "take": _take, "burn": _burn, "fine": _fine, "discard_random": _discard_random, "level_up": _level_up,
    "level_down": _level_down, "recover": _recover, "search": _search, "toll_half": _toll_half,
    "move_plus": _move("plus"), "move_choose": _move("choose"), "move_fixed": _move("fixed"),
}
assert set(HANDLERS) == set(EFFECTS) and set(MOVEMENT_EFFECTS) <= set(HANDLERS)


# ---- answering a choice ------------------------------------------------------------------------

def choose(em, seat, action, rng):
    """``{"type": "choose", "land"|"card": ...}`` or ``{"type": "pass"}`` for the pending choice."""
    pending = em.state["pending"]
    kind = pending["kind"]
    key = "land" if kind == "level_up" else "card"
    picked = action.get(key) if action["type"] == "choose" else None
    if action["type"] == "choose" and picked not in pending["options"]:
        raise IllegalAction(rule("actions"), _('choose a "%(key)s" from %(n)s options (legal_actions lists '
                                               'them), or pass', key=key, n=len(pending["options"])))
    rid = rule("constructed.search" if kind == "search" else
               "spell.effect" if pending["resume"] == "main" else "square.event.bonus")
    v = em.emit("ChoiceMade", {"seat": seat, "kind": kind, "took": picked is not None,
                               "resume": pending["resume"]}, rid, seat)
    if picked is not None and kind == "level_up":
        level_land(em, picked, pending.get("levels", 1), rid, v)
    elif picked is not None and kind == "recover":
        em.emit("CardRecovered", {"seat": seat, "pile": pile_index(em.state, seat), "card": picked}, rid, cause=v)
    elif kind == "search":
        pile = pile_index(em.state, seat)
        if picked is not None:
            em.emit("CardSearched", {"seat": seat, "pile": pile, "card": picked}, rid, cause=v)
        order = rng.shuffled(em.state["piles"][pile]["deck"])
        em.emit("DeckShuffled", {"pile": pile, "order": order}, rid, cause=v)
        if em.state["removal"] and order:
            em.emit("CardsRemoved", {"pile": pile, "cards": order[:em.state["removal"]]}, rule("constructed.adjust"),
                    cause=v)
        if flow.ran_out(em, seat, v):
            return OVER
    if pending["resume"] == "finish":
        flow.finish_turn(em, v)
