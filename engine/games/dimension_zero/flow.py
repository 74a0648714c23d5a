"""The turn, priority, the stack and battles (001 ch.2 §3-4, ch.3 §3-5; 000 ターンの流れ, 優先権, バトル).

``settle`` runs before every priority: rule effects (000 ルールエフェクト 1-8, never mid-resolution),
then waiting ◆ triggers go on the stack, then the active player gets priority.
"""
from itertools import permutations

from engine.games.dimension_zero import effects, series, zones
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.state import (area, battle_units, card, has_keyword, other,
                                               owner, power, smash_to_win, squares)

PRIORITY_PHASES = ("main", "end")


# --- rule effects (000 ルールエフェクト, 001 ch.3 §5, ch.2 §5) ---

def check_losses(em, cause) -> bool:
    s = em.state
    need = smash_to_win(s)
    lost = []
    for seat in (0, 1):
        p = s["players"][seat]
        if len(p["smash"]) >= need:
            lost.append((seat, "smash"))
        elif not p["deck"]:
            lost.append((seat, "deck"))
    if not lost:
        return False
    if len(lost) == 2:
        series.end_duel(em, None, True, "both", "game.end", cause)
    else:
        seat, reason = lost[0]
        series.end_duel(em, other(seat), False, reason, "rule." + reason, cause)
    return True


def doomed(state) -> list:
    """(card, rule id) for every unit or base the rules destroy now (rule effects 3-7)."""
    out = []
    fighting = battle_units(state)
    on = squares(state)
    for u, d in sorted(state["units"].items()):
        p = power(state, u)
        if p <= 0:
            out.append((u, "rule.power"))
        elif d["damage"] >= p:
            out.append((u, "rule.lethal"))
        elif any(owner(v) == owner(u) and state["units"][v]["seq"] < d["seq"] for v in on[d["square"]]):
            out.append((u, "rule.same-unit"))
        elif d["centre"] and u not in fighting and not any(owner(v) != owner(u) for v in on[d["square"]]):
            out.append((u, "rule.centre"))
    for b, d in sorted(state["bases"].items()):
        if any(owner(c) == owner(b) and e["line"] == d["line"] and e["seq"] < d["seq"] for c, e in state["bases"].items()):
            out.append((b, "rule.same-base"))
    return out


def order_needed(state, gone) -> dict:
    """001 ch.3 §6: two or more cards of one owner reaching the graveyard at once are ordered by the owner."""
    to_grave = [(c, r) for c, r in gone if not any(m["card"] == c and m.get("to_smash") for m in state["mods"])]
    out = {}
    for seat in (0, 1):
        mine = [(c, r) for c, r in to_grave if owner(c) == seat]
        if len(mine) >= 2:
            out.update(dict(mine))
            break                                  # one owner at a time; the other's follow on the next check
    return out


def ask_grave_order(em, ordered, cause):
    cards = sorted(ordered)
    options = [list(p) for p in permutations(cards)] if len(cards) <= 3 else [cards, cards[::-1]]
    em.emit("DecisionPending", {"pending": {"seat": owner(cards[0]), "kind": "grave_order", "cards": cards,
                                            "rules": ordered, "options": options, "any_order": True}},
            rule("order"), cause=cause)


def battle_to_start(state):
    fighting = battle_units(state)
    on = squares(state)
    for sq in range(9):
        here = [u for u in on.get(sq, ()) if u not in fighting]
        if len({owner(u) for u in here}) == 2:
            by_seat = {}
            for u in here:
                by_seat.setdefault(owner(u), u)
            a, b = sorted(by_seat.values(), key=lambda u: state["units"][u]["seq"])
            return sq, b, a                      # the later-placed unit attacks (001 ch.2 §4)
    return None


def check_rules(em, cause) -> bool:
    """Apply rule effects until none applies; False if the game ended or an owner orders their graveyard."""
    while True:
        if check_losses(em, cause):
            return False
        gone = doomed(em.state)
        if gone:
            ordered = order_needed(em.state, gone)
            for cid, rule_id in gone:
                if cid not in ordered:
                    effects.destroy(em, cid, rule_id, cause)
            if ordered:
                ask_grave_order(em, ordered, cause)
                return False
            continue
        start = battle_to_start(em.state)
        if start is None:
            return True
        sq, attacker, defender = start
        em.emit("BattleStarted", {"square": sq, "attacker": attacker, "defender": defender},
                rule("battle.start"), cause=cause)


def settle(em, cause, rng=None):
    """Before priority: rule effects, then triggers onto the stack (targets chosen now), then priority."""
    s = em.state
    if s["phase"] in ("over", "sideboard") or s["pending"]:
        return
    if not check_rules(em, cause):
        return
    if s["phase"] not in PRIORITY_PHASES:
        return
    while em.state["triggers"]:
        if not effects.stack_trigger(em, 0, cause):
            return                               # a seat chooses the trigger's target first
        if not check_rules(em, cause):
            return
    em.emit("PriorityGiven", {"seat": em.state["active"]}, rule("priority"), cause=cause)


# --- passing priority (001 ch.3 §4) ---

def pass_priority(em, seat, rng):
    v = em.emit("PriorityPassed", {"seat": seat}, rule("priority.pass"), seat)
    if em.state["passes"] < 2:
        return
    s = em.state
    if s["stack"]:
        effects.resolve_top(em, v, rng)
        settle(em, v)
    elif s["battles"]:
        battle_progress(em, v)
    elif s["phase"] == "main":
        smash_phase(em, v)
    else:
        recovery(em, v)


# --- battle (001 ch.2 §4, ch.3 §4(2); 000 バトル) ---

def battle_progress(em, cause):
    b = em.state["battles"][-1]
    if b["step"] in ("first", "second") and not b["stacked"]:
        hits, dealers = battle_hits(em.state, b)
        if hits:
            v = em.emit("DamageStacked", {}, rule("battle." + b["step"]), cause=cause)
            em.emit("Stacked", {"item": {"kind": "damage", "seat": em.state["active"], "hits": hits,
                                         "dealers": dealers}}, rule("battle." + b["step"]), cause=v)
            settle(em, v)
            return
    next_step(em, cause)


def battle_hits(state, b):
    """Damage fixed when stacked: each unit still on the square deals its power to its battle partner."""
    here = [u for u in (b["attacker"], b["defender"]) if u in state["units"] and state["units"][u]["square"] == b["square"]]
    if len(here) < 2:
        return [], []
    if b["step"] == "first":
        dealers = [u for u in here if has_keyword(state, u, "加速")]
    else:
        dealers = [u for u in here if u not in b["dealt"]]
    hits = [{"source": u, "card": next(x for x in here if x != u), "amount": max(0, power(state, u))} for u in dealers]
    return hits, dealers


def next_step(em, cause):
    b = em.state["battles"][-1]
    if b["step"] == "first":
        v = em.emit("BattleStep", {"step": "second"}, rule("battle.second"), cause=cause)
        settle(em, v)
    elif b["step"] == "second":
        here = [u for u in (b["attacker"], b["defender"]) if u in em.state["units"]
                and em.state["units"][u]["square"] == b["square"]]
        winner = here[0] if len(here) == 1 else None
        v = em.emit("BattleStep", {"step": "end", "winner": winner}, rule("battle.end"), cause=cause)
        settle(em, v)
    else:
        end_battle(em, cause)


def end_battle(em, cause):
    s = em.state
    b = s["battles"][-1]
    pair = (b["attacker"], b["defender"])
    here = [u for u in pair if u in s["units"] and s["units"][u]["square"] == b["square"]]
    if len(here) == 2:
        effects.destroy(em, b["attacker"], "battle.end", cause)
    for u in pair:
        if u in em.state["units"] and em.state["units"][u]["centre"]:
            effects.destroy(em, u, "rule.centre", cause)
    v = em.emit("BattleEnded", {"square": b["square"], "winner": b["winner"]}, rule("stack.waiting"), cause=cause)
    settle(em, v)


# --- the turn (001 ch.2 §3) ---

def start_turn(em, seat, turn, cause):
    s = em.state
    v = em.emit("TurnStarted", {"turn": turn, "seat": seat}, rule("turn.release"), cause=cause)
    mine = [c for c in s["frozen"] if owner(c) == seat]
    if mine:
        em.emit("Released", {"cards": sorted(mine)}, rule("turn.release"), cause=v)
    if not (turn == 1 and seat == s["first"]):
        em.emit("PhaseEntered", {"phase": "draw"}, rule("turn.draw"), cause=v)
        zones.draw(em, seat, 1, "turn.draw", v)
        if check_losses(em, v):
            return
    if em.state["players"][seat]["hand"]:
        em.emit("PhaseEntered", {"phase": "energy"}, rule("turn.energy"), cause=v)
    else:
        main_phase(em, v)


def main_phase(em, cause):
    v = em.emit("PhaseEntered", {"phase": "main"}, rule("turn.main"), cause=cause)
    settle(em, v)


def smash_units(state) -> list:
    seat = state["active"]
    return sorted(u for u, d in state["units"].items() if owner(u) == seat and u not in state["frozen"]
                  and area(seat, d["square"]) != "own")


def smash_phase(em, cause):
    v = em.emit("PhaseEntered", {"phase": "smash"}, rule("turn.smash"), cause=cause)
    if not check_rules(em, v):
        return
    if not smash_units(em.state):
        end_phase(em, v)


def smash(em, seat, unit, cause):
    s = em.state
    d = s["units"][unit]
    n = card(s, unit)["smash"] + (1 if area(seat, d["square"]) == "enemy" else 0)
    v = em.emit("Frozen", {"cards": [unit], "smash": n}, rule("turn.smash"), seat, cause)
    for c in em.state["players"][other(seat)]["deck"][:n]:
        zones.move(em, c, "smash", "turn.smash", v)
    if not check_rules(em, v):
        return
    if not smash_units(em.state):
        end_phase(em, v)


def end_phase(em, cause):
    """(kifu) ◆ abilities that trigger at the end of the turn are stacked and answered before recovery."""
    s = em.state
    seat = s["active"]
    queued = effects.end_of_turn_triggers(s, seat)
    if not queued:
        recovery(em, cause)
        return
    v = em.emit("PhaseEntered", {"phase": "end"}, rule("turn.end"), cause=cause)
    for t in queued:
        em.emit("TriggerQueued", {"trigger": t}, rule("effect.trigger"), cause=v)
    settle(em, v)


def recovery(em, cause):
    v = em.emit("PhaseEntered", {"phase": "recovery"}, rule("turn.recovery"), cause=cause)
    em.emit("Recovered", {}, rule("turn.recovery"), cause=v)
    s = em.state
    start_turn(em, other(s["active"]), s["turn"] + 1, v)

