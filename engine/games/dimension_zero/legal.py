"""legal_actions: what a seat may do now, JSON-ready and in a deterministic order.

Each play, move or activation is listed once per square / target choice with one representative
payment (costs.find_payment); any other payment that pays the cost is accepted by decide all the same.
"""
from engine.games.dimension_zero import costs, plays
from engine.games.dimension_zero.actions import situation, to_act
from engine.games.dimension_zero.effects import target_options
from engine.games.dimension_zero.flow import smash_units
from engine.games.dimension_zero.state import adjacent, card, own_base_on, own_unit_on, owner, plan_card


def legal_actions(state, seat) -> list:
    if seat not in to_act(state):
        return []
    sit = situation(state)
    p = state["players"][seat]
    if sit == "pending":
        return [{"type": "choose", "choice": o} for o in state["pending"]["options"]]
    if sit == "sideboard":
        s = state["series"]
        deck, side = s["decks"][seat], s["sideboards"][seat]
        swap = {"type": "sideboard", "deck": [side[0]] + deck[1:], "sideboard": [deck[0]] + side[1:]}
        return [{"type": "sideboard"}, swap]
    if sit == "mulligan":
        return [{"type": "keep"}, {"type": "mulligan", "order": list(p["hand"])}]
    if sit == "energy":
        return [{"type": "pass"}] + [{"type": "energy", "card": c} for c in sorted(p["hand"])]
    if sit == "smash":
        return [{"type": "pass"}] + [{"type": "smash", "unit": u} for u in smash_units(state)]
    out = [{"type": "pass"}]
    playable = sorted(p["hand"]) + ([plan_card(state, seat)] if plan_card(state, seat) else [])
    for cid in playable:
        out += _plays(state, seat, cid)
    if plays.timing_ok(state, seat, "normal"):
        for u in sorted(u for u in state["units"] if owner(u) == seat and u not in state["frozen"]):
            pay = costs.find_payment(state, seat, card(state, u)["move"])
            if pay is None:
                continue
            for to in adjacent(state["units"][u]["square"]):
                if not own_unit_on(state, seat, to):
                    out.append({"type": "move", "unit": u, "to": to, "pay": pay})
        pay = costs.find_payment(state, seat, {"X": 1})
        if pay is not None and plan_card(state, seat) is None and p["deck"]:
            out.append({"type": "plan_create", "pay": pay})
        if pay is not None and plan_card(state, seat) is not None:
            out.append({"type": "plan_refresh", "pay": pay})
    out += _activations(state, seat)
    return out


def _plays(state, seat, cid):
    c = card(state, cid)
    timing, cost, src = plays.play_terms(state, seat, cid)
    if not plays.timing_ok(state, seat, timing):
        return []
    out = []
    if c["kind"] == "unit":
        pay = costs.find_payment(state, seat, cost)
        if pay is not None:
            out += [{"type": "play", "card": cid, "square": sq, "pay": pay}
                    for sq, _, _ in plays.unit_squares(state, seat, cid)]
        form = plays.formation_of(state, cid)
        if form is not None:
            fpay = costs.find_payment(state, seat, form["cost"])
            if fpay is not None:
                out += [{"type": "play", "card": cid, "square": sq, "formation": True, "pay": fpay}
                        for sq, _, _ in plays.unit_squares(state, seat, cid, True)]
        return out
    pay = costs.find_payment(state, seat, cost)
    if pay is None:
        return []
    if c["kind"] == "base":
        return [{"type": "play", "card": cid, "line": ln, "pay": pay} for ln in range(3) if not own_base_on(state, seat, ln)]
    ab = plays.strategy_ability(c)
    if ab.get("target") is None:
        return [{"type": "play", "card": cid, "pay": pay}]
    return [{"type": "play", "card": cid, "targets": [t], "pay": pay}
            for t in target_options(state, seat, ab["target"], cid)]


def _activations(state, seat):
    out = []
    p = state["players"][seat]
    mine = sorted(u for u in state["units"] if owner(u) == seat) + sorted(b for b in state["bases"] if owner(b) == seat)
    for cid in mine + sorted(p["grave"]) + sorted(p["hand"]):
        for i, ab in enumerate(card(state, cid)["abilities"]):
            if ab["type"] != "activated" or not plays.activation_zone_ok(state, seat, cid, ab):
                continue
            if not plays.timing_ok(state, seat, ab["timing"]) or not plays.condition_ok(state, cid, ab):
                continue
            if ab["cost"].get("freeze_self") and cid in state["frozen"]:
                continue
            pay = costs.find_payment(state, seat, ab["cost"].get("energy", {}))
            if pay is None:
                continue
            base = {"type": "activate", "card": cid, "ability": i, "pay": pay}
            if "pact" in ab:
                found = plays.pact_payment(state, seat, ab, cid)
                if found is None:
                    continue
                base["pact"], base["pay"] = found
            if ab.get("target") is None:
                out.append(base)
            else:
                out += [{**base, "targets": [t]} for t in target_options(state, seat, ab["target"], cid)]
    return out
