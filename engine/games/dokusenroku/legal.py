"""legal_actions: what a seat may do now, JSON-ready and in a deterministic order.

Copies of the same card in a hand are listed once (any copy is accepted). Hand-limit discards list
every combination up to DISCARD_CAP and then stop (any other legal discard is accepted all the same).
"""
from itertools import combinations

from engine.games.dokusenroku.battle import third_eye_side
from engine.games.dokusenroku.board import HAND_LIMIT, LANDS, MAX_LEVEL, land_at
from engine.games.dokusenroku.cards import SPELLS, can_support, card_of, cost_of, is_character
from engine.games.dokusenroku.state import owned_lands

DISCARD_CAP = 40


def _distinct(cards):
    """One instance per card id, in card-id order."""
    seen = {}
    for c in sorted(cards):
        seen.setdefault(card_of(c), c)
    return list(seen.values())


def _characters(hand, budget):
    return [c for c in _distinct(hand) if is_character(c) and cost_of(c) <= budget]


def _supports(hand, budget, exclude=None):
    return [c for c in _distinct([h for h in hand if h != exclude]) if can_support(c) and cost_of(c) <= budget]


def legal_actions(state, seat, to_act) -> list:
    if seat not in to_act:
        return []
    step = state["step"]
    me = state["players"][seat]
    hand, cash = me["hand"], me["money"]
    if step == "main":
        return _main(state, seat, hand, cash)
    if step in ("land", "own"):
        return [{"type": "pass"}] + [{"type": "place", "card": c} for c in _characters(hand, cash)]
    if step == "other":
        return [{"type": "pay"}] + _invasions(state, seat, hand, cash)
    if step == "event":
        out = [{"type": "bonus"}, {"type": "pass"}]
        chars = _characters(hand, cash)
        return out + [{"type": "replace", "land": lid, "card": c} for lid in owned_lands(state, seat) for c in chars]
    if step == "choose":
        key = "land" if state["pending"]["kind"] == "level_up" else "card"
        return [{"type": "pass"}] + [{"type": "choose", key: o} for o in state["pending"]["options"]]
    if step in ("defend", "invader_support"):
        return [{"type": "support", "card": None}] + [{"type": "support", "card": c} for c in _supports(hand, cash)]
    if step == "sell":
        return [{"type": "sell", "land": lid} for lid in owned_lands(state, seat)]
    if step == "refill":
        return [{"type": "refill"}, {"type": "pass"}]
    if step == "discard":
        need = len(hand) - HAND_LIMIT
        out = []
        for combo in combinations(sorted(hand), need):
            out.append({"type": "discard", "cards": list(combo)})
            if len(out) >= DISCARD_CAP:
                break
        return out
    return []


def _main(state, seat, hand, cash):
    flags = state["flags"]
    out = [{"type": "draw"}] if flags["stage"] == 0 else []
    if flags["stage"] <= 1:
        for c in _distinct(hand):
            spell = SPELLS.get(card_of(c))
            if spell is None or spell.cost > cash or (flags["spell"] and not spell.free):
                continue
            out += [{"type": "spell", "card": c, **({} if t is None else {"target": t})}
                    for t in _spell_targets(state, seat, spell.target)]
        for lid in owned_lands(state, seat):
            level = state["lands"][lid]["level"]
            out += [{"type": "invest", "land": lid, "levels": n} for n in range(1, MAX_LEVEL - level + 1)
                    if LANDS[lid].invest * n <= cash]
    move = state["players"][seat]["move"]
    if move is not None and move["kind"] == "choose":
        out += [{"type": "roll", "steps": n} for n in range(move["min"], move["max"] + 1)]
    else:
        out.append({"type": "roll"})
    return out


def _spell_targets(state, seat, kind):
    if kind == "none":
        return [None]
    if kind == "other":
        return [s for s in state["order"] if s != seat]
    lands = state["lands"]
    if kind == "own_land":
        return [lid for lid in owned_lands(state, seat) if lands[lid]["level"] < MAX_LEVEL]
    return [lid for lid in sorted(lands) if lands[lid]["owner"] != seat and lands[lid]["level"] > 1]


def _invasions(state, seat, hand, cash):
    defender = state["lands"][land_at(state["players"][seat]["at"])]["character"]
    out = []
    for c in _characters(hand, cash):
        if third_eye_side(c, defender) == "invader":
            out.append({"type": "invade", "card": c})
            continue
        rest = cash - cost_of(c)
        out.append({"type": "invade", "card": c, "support": None})
        out += [{"type": "invade", "card": c, "support": s} for s in _supports(hand, rest, exclude=c)]
    return out
