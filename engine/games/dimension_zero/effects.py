"""Card effects as data: each ``do`` name of cards.json has exactly one handler here (Forge-style).

Also the stack's resolution (001 ch.3 §3, 000 テクニック④⑤): targets are checked again on resolution
(all illegal: nothing happens; some: the rest), effects without targets do what they can, and a choice
an effect needs on resolution becomes a pending decision of its controller.
"""
from engine.games.dimension_zero import zones
from engine.games.dimension_zero.cards import CARDS, cost_total, races
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.state import (adjacent, card, damage_reduction, home_row, location, other,
                                               own_unit_on, owner, plan_card, power, unit_cost, units_on,
                                               untargetable_by)

STATIC = {"power_in_area", "untargetable_by_opponent", "damage_reduction_line", "area_as_own_released",
          "opponent_unit_cost", "own_units_power"}
PLAY = {"free_battle_if_opponent_smash"}
TRIGGER_WHEN = {"enters", "leaves_to_grave", "end_of_your_turn"}
TARGETS = {None, "unit", "enemy_unit", "own_unit", "other_unit"}


# --- destruction and placement shared with the rules ---

def destroy(em, cid, rule_id, cause):
    """A unit or base goes to its owner's graveyard (or smash zone under 丑の刻参り); ◆ leave triggers fire."""
    s = em.state
    to_smash = any(m["card"] == cid and m.get("to_smash") for m in s["mods"])
    dest = "smash" if to_smash else "grave"
    was_unit = cid in s["units"]
    v = zones.move(em, cid, dest, rule_id, cause, destroyed=True)
    if was_unit and dest == "grave":
        for i, ab in enumerate(card(em.state, cid)["abilities"]):
            if ab["type"] == "trigger" and ab["when"] == "leaves_to_grave":
                queue(em, cid, i, v)
    return v


def queue(em, source, index, cause):
    em.emit("TriggerQueued", {"trigger": {"source": source, "seat": owner(source), "ability": index}},
            rule("effect.trigger"), cause=cause)


def place_unit(em, cid, square, rule_id, cause, frozen=True, centre=False):
    v = zones.move(em, cid, "square", rule_id, cause, square=square, frozen=frozen, centre=centre)
    for i, ab in enumerate(card(em.state, cid)["abilities"]):
        if ab["type"] == "trigger" and ab["when"] == "enters":
            queue(em, cid, i, v)
    return v


def end_of_turn_triggers(state, seat) -> list:
    out = []
    for u in sorted(state["units"]):
        if owner(u) != seat:
            continue
        for i, ab in enumerate(card(state, u)["abilities"]):
            if ab["type"] == "trigger" and ab["when"] == "end_of_your_turn":
                if ab.get("condition") == "frozen_on_square" and u not in state["frozen"]:
                    continue
                out.append({"source": u, "seat": seat, "ability": i})
    return out


# --- targets (000 テクニック④) ---

def target_ok(state, seat, spec, cid, source=None) -> bool:
    if cid not in state["units"] or untargetable_by(state, cid, seat):
        return False
    if spec == "enemy_unit":
        return owner(cid) != seat
    if spec == "own_unit":
        return owner(cid) == seat
    if spec == "other_unit":
        return cid != source
    return spec == "unit"


def target_options(state, seat, spec, source=None) -> list:
    return [u for u in sorted(state["units"]) if target_ok(state, seat, spec, u, source)]


def stack_trigger(em, index, cause) -> bool:
    """Put a waiting trigger on the stack; a target is chosen now by its controller (False: waiting for it)."""
    t = em.state["triggers"][index]
    ab = card(em.state, t["source"])["abilities"][t["ability"]]
    spec = ab.get("target")
    item = {"kind": "trigger", "seat": t["seat"], "source": t["source"], "ability": t["ability"], "targets": []}
    if spec is None:
        em.emit("Stacked", {"item": item, "trigger": index}, rule("effect.trigger"), cause=cause)
        return True
    options = target_options(em.state, t["seat"], spec, t["source"])
    if not options:
        em.emit("TriggerDropped", {"index": index, "source": t["source"]}, rule("effect.target"), cause=cause)
        return True
    if ab.get("optional"):
        options = options + [None]
    em.emit("DecisionPending", {"pending": {"seat": t["seat"], "kind": "trigger_target", "options": options,
                                            "trigger": index, "source": t["source"]}},
            rule("effect.target"), cause=cause)
    return False


# --- resolution (001 ch.3 §3-4) ---

def resolve_top(em, cause, rng):
    s = em.state
    item = s["stack"][-1]
    src = item.get("source")
    gone = item["kind"] == "ability" and location(s, src) != item["source_zone"]
    v = em.emit("LeftStack", {"n": item["n"], "kind": item["kind"], **({"source_gone": True} if gone else {})},
                rule("stack.independent" if gone else "stack"), cause=cause)
    RESOLVE[item["kind"]](em, item, v, rng)


def _resolve_play(em, item, cause, rng):
    cid = item["card"]
    c = card(em.state, cid)
    if c["kind"] == "unit":
        haste = "速攻" in c["keywords"]
        released = haste or item.get("released", False)
        place_unit(em, cid, item["square"], "kw.速攻" if haste else "play.unit", cause, frozen=not released,
                   centre=item.get("centre", False))
    elif c["kind"] == "base":
        zones.move(em, cid, "base", "play.base", cause, line=item["line"])
    else:
        ab = next(a for a in c["abilities"] if a["type"] == "strategy")
        run(em, item, ab, cause, rng)
        if location(em.state, cid) == "stack":
            zones.move(em, cid, "grave", "play.strategy", cause)


def _resolve_move(em, item, cause, rng):
    u = item["unit"]
    d = em.state["units"].get(u)
    if d is None or d["square"] != item["from"]:
        em.emit("Noted", {"failed": "move", "unit": u}, rule("move"), cause=cause)
        return
    em.emit("UnitMoved", {"card": u, "from": item["from"], "to": item["to"]}, rule("move"), cause=cause)


def _resolve_ability(em, item, cause, rng):
    ab = CARDS[em.state["cards"][item["source"]]]["abilities"][item["ability"]]
    run(em, item, ab, cause, rng)


def _resolve_plan_create(em, item, cause, rng):
    seat = item["seat"]
    p = em.state["players"][seat]
    if plan_card(em.state, seat) is None and p["deck"]:
        top = p["deck"][0]
        em.emit("PlanOpened", {"seat": seat, "card": top, "reveal": {top: em.state["cards"][top]}},
                rule("plan.create"), cause=cause)


def _resolve_plan_refresh(em, item, cause, rng):
    seat = item["seat"]
    if plan_card(em.state, seat) != item["plan"]:
        em.emit("Noted", {"failed": "plan_refresh"}, rule("plan.refresh"), cause=cause)
        return
    zones.move(em, item["plan"], "grave", "plan.refresh", cause)
    p = em.state["players"][seat]
    if p["deck"]:
        top = p["deck"][0]
        em.emit("PlanOpened", {"seat": seat, "card": top, "reveal": {top: em.state["cards"][top]}},
                rule("plan.refresh"), cause=cause)


def _resolve_damage(em, item, cause, rng):
    hits = []
    for h in item["hits"]:
        if h["card"] in em.state["units"]:
            hits.append({"card": h["card"], "amount": max(0, h["amount"] - damage_reduction(em.state, h["card"]))})
    em.emit("DamageDealt", {"hits": hits, "dealers": item["dealers"]}, rule("battle.damage"), cause=cause)


RESOLVE = {"play": _resolve_play, "move": _resolve_move, "ability": _resolve_ability, "trigger": _resolve_ability,
           "plan_create": _resolve_plan_create, "plan_refresh": _resolve_plan_refresh, "damage": _resolve_damage}


def run(em, item, ab, cause, rng):
    """Carry out an ability's effects on its still-legal targets (000 テクニック④⑤)."""
    seat = item["seat"]
    spec = ab.get("target")
    ctx = {"seat": seat, "source": item.get("source", item.get("card")), "item": item, "rng": rng}
    if spec is None:
        for eff in ab["effects"]:
            HANDLERS[eff["do"]](em, ctx, eff, None, cause)
        return
    if not item.get("targets"):                  # "up to one target": none was chosen
        return
    legal = [t for t in item["targets"] if target_ok(em.state, seat, spec, t, ctx["source"])]
    if not legal:
        em.emit("Noted", {"fizzled": item["n"], "targets": item["targets"]}, rule("effect.target"), cause=cause)
        return
    for t in legal:
        for eff in ab["effects"]:
            if t in em.state["units"]:
                HANDLERS[eff["do"]](em, ctx, eff, t, cause)


# --- effect handlers, one per name ---

def _damage(em, ctx, eff, t, cause):
    amount = eff["amount"]
    if ctx["item"].get("from") == "plan" and "plan_amount" in eff:
        amount = eff["plan_amount"]
    amount = max(0, amount - damage_reduction(em.state, t))
    em.emit("DamageDealt", {"hits": [{"card": t, "amount": amount}]}, rule("effect.text"), cause=cause)


def _damage_equal_power(em, ctx, eff, t, cause):
    src = ctx["source"]
    amount = power(em.state, src) if src in em.state["units"] else CARDS[em.state["cards"][src]]["power"]
    amount = max(0, amount - damage_reduction(em.state, t))
    em.emit("DamageDealt", {"hits": [{"card": t, "amount": amount}]}, rule("effect.text"), cause=cause)


def _power(em, ctx, eff, t, cause):
    em.emit("ModAdded", {"mod": {"card": t, "power": eff["amount"]}}, rule("effect.text"), cause=cause)


def _untargetable(em, ctx, eff, t, cause):
    em.emit("ModAdded", {"mod": {"card": t, "untargetable": True}}, rule("effect.precedence"), cause=cause)


def _redirect_to_smash(em, ctx, eff, t, cause):
    em.emit("ModAdded", {"mod": {"card": t, "to_smash": True}}, rule("effect.precedence"), cause=cause)


def _destroy_or_power(em, ctx, eff, t, cause):
    if unit_cost(em.state, t) <= eff["max_cost"]:
        destroy(em, t, "effect.text", cause)
    else:
        _power(em, ctx, eff, t, cause)


def _destroy_if_cost(em, ctx, eff, t, cause):
    if unit_cost(em.state, t) <= eff["max_cost"]:
        destroy(em, t, "effect.text", cause)


def _freeze(em, ctx, eff, t, cause):
    if t not in em.state["frozen"]:
        em.emit("Frozen", {"cards": [t]}, rule("effect.text"), cause=cause)


def _random_discard_opponent(em, ctx, eff, t, cause):
    hand = em.state["players"][other(ctx["seat"])]["hand"]
    if hand:
        victim = hand[ctx["rng"].below(len(hand))]
        zones.move(em, victim, "grave", "effect.text", cause, random=True)


def _energy_from_deck(em, ctx, eff, t, cause):
    deck = em.state["players"][ctx["seat"]]["deck"]
    if deck:
        zones.move(em, deck[0], "energy", "effect.text", cause)


def _move_onto_source(em, ctx, eff, t, cause):
    src = ctx["source"]
    if src in em.state["units"] and em.state["units"][t]["square"] != em.state["units"][src]["square"]:
        em.emit("UnitMoved", {"card": t, "from": em.state["units"][t]["square"],
                              "to": em.state["units"][src]["square"]}, rule("effect.text"), cause=cause)


def _draw(em, ctx, eff, t, cause):
    zones.draw(em, ctx["seat"], eff["n"], "effect.text", cause)


def _ask(em, ctx, kind, options, cause, **extra):
    em.emit("DecisionPending", {"pending": {"seat": ctx["seat"], "kind": kind, "options": options,
                                            "source": ctx["source"], **extra}}, rule("effect.resolve"), cause=cause)


def _place_self_base(em, ctx, eff, t, cause):
    src = ctx["source"]
    if location(em.state, src) != "grave":
        return
    taken = {d["line"] for b, d in em.state["bases"].items() if owner(b) == ctx["seat"]}
    options = [ln for ln in range(3) if ln not in taken]
    if options:                                  # 000 テクニック⑤: no free base square, nothing happens
        _ask(em, ctx, "base_line", options, cause)


def _place_self_unit(em, ctx, eff, t, cause):
    """盟約 (000 l.600-605): the card goes onto a square of your area without your unit (an enemy's:
    a battle). With every square holding your unit nothing resolves and the card stays in the hand,
    as 迷い家 does with no base square free (000 テクニック⑤ l.740-745; ruling pact-full-area). Card
    sets before kifu.3 offered every square of the area (``pact_onto_own_units``: rule effect 5 then
    destroyed the card placed on your own unit)."""
    if location(em.state, ctx["source"]) != "hand":
        return
    row, seat = home_row(ctx["seat"]), ctx["seat"]
    area = [row * 3 + c for c in range(3)]
    free = area if em.game.pact_onto_own_units else [sq for sq in area if not own_unit_on(em.state, seat, sq)]
    if free:
        _ask(em, ctx, "own_square", free, cause)
    else:
        em.emit("Noted", {"failed": "pact", "card": ctx["source"]}, rule("kw.盟約"), cause=cause)


def _move_self_adjacent(em, ctx, eff, t, cause):
    src = ctx["source"]
    if src not in em.state["units"]:
        return
    options = [sq for sq in adjacent(em.state["units"][src]["square"]) if not units_on(em.state, sq)]
    if options:
        _ask(em, ctx, "adjacent_square", options, cause)


def put_unit_options(s, seat, eff) -> list:
    """Each fitting unit of the hand or plan zone on each free own-area square, and None (put nothing)."""
    row = home_row(seat)
    squares = [row * 3 + c for c in range(3) if not units_on(s, row * 3 + c)]
    pool = list(s["players"][seat]["hand"])
    if plan_card(s, seat):
        pool.append(plan_card(s, seat))
    fits = [c for c in pool if card(s, c)["kind"] == "unit" and set(races(card(s, c))) & set(eff["races"])
            and cost_total(card(s, c)["cost"]) <= eff["max_cost"]]
    return [{"card": c, "square": sq} for c in sorted(fits) for sq in squares] + [None]


def pending_options(s, pending) -> list:
    """A pending decision's options worked out again from the state (determinize, after a re-deal):
    only ``put_unit`` reads hidden cards (the seat's hand); the others list public squares and cards."""
    if pending["kind"] != "put_unit":
        return pending["options"]
    eff = next(e for ab in card(s, pending["source"])["abilities"] for e in ab.get("effects", ())
               if e["do"] == "put_unit")
    return put_unit_options(s, pending["seat"], eff)


def _put_unit(em, ctx, eff, t, cause):
    # always asked, with "none" allowed, so the table never learns from the question what the hand holds
    _ask(em, ctx, "put_unit", put_unit_options(em.state, ctx["seat"], eff), cause)


HANDLERS = {
    "damage": _damage, "damage_equal_power": _damage_equal_power, "power": _power, "untargetable": _untargetable,
    "redirect_to_smash": _redirect_to_smash, "destroy_or_power": _destroy_or_power, "destroy_if_cost": _destroy_if_cost,
    "freeze": _freeze, "random_discard_opponent": _random_discard_opponent, "energy_from_deck": _energy_from_deck,
    "move_onto_source": _move_onto_source, "draw": _draw, "place_self_base": _place_self_base,
    "place_self_unit": _place_self_unit, "move_self_adjacent": _move_self_adjacent, "put_unit": _put_unit,
}


def answer(em, seat, choice, cause):
    """Carry out a pending decision's choice (already checked against its options)."""
    p = em.state["pending"]
    v = em.emit("Decided", {"seat": seat, "kind": p["kind"], "choice": choice}, rule("effect.resolve"), seat, cause)
    kind, src = p["kind"], p.get("source")
    if kind == "trigger_target":
        t = em.state["triggers"][p["trigger"]]
        item = {"kind": "trigger", "seat": t["seat"], "source": t["source"], "ability": t["ability"],
                "targets": [] if choice is None else [choice]}
        em.emit("Stacked", {"item": item, "trigger": p["trigger"]}, rule("effect.trigger"), cause=v)
    elif kind == "base_line":
        zones.move(em, src, "base", "effect.resolve", v, line=choice)
    elif kind == "own_square":
        place_unit(em, src, choice, "kw.盟約", v, frozen=True)
    elif kind == "adjacent_square":
        em.emit("UnitMoved", {"card": src, "from": em.state["units"][src]["square"], "to": choice},
                rule("effect.resolve"), cause=v)
    elif kind == "grave_order":
        for cid in choice:
            destroy(em, cid, p["rules"][cid], v)
    elif kind == "put_unit" and choice is not None:
        place_unit(em, choice["card"], choice["square"], "effect.resolve", v, frozen=True)
    return v


def _check_vocabulary():
    """Every effect name in the card data has a handler; unknown names fail when the game loads."""
    for key, c in CARDS.items():
        for ab in c["abilities"]:
            t = ab["type"]
            if t in ("static", "zone"):
                ok = ab["do"] in STATIC
            elif t == "play":
                ok = ab["do"] in PLAY
            elif t == "formation":
                ok = ab["kind"] == "縦列" and isinstance(ab["cost"], dict)
            elif t in ("strategy", "trigger", "activated"):
                ok = (ab.get("target") in TARGETS and all(e["do"] in HANDLERS for e in ab["effects"])
                      and (t != "trigger" or ab["when"] in TRIGGER_WHEN))
            else:
                ok = False
            if not ok:
                raise ValueError(f"card {key}: ability {ab} uses an unknown effect, target or type")


_check_vocabulary()
