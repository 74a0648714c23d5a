"""legal_actions: what a seat may do now, JSON-ready and in a deterministic order.

Spells list every one-target choice and then multi-target ones up to a cap; 調律 is listed at one
value. Any other legal action is accepted by decide all the same.
"""
from itertools import combinations

from engine.games.threebythree import magic, spells
from engine.games.threebythree.cards import DECK
from engine.games.threebythree.state import UNIT_SLOTS, other, territory_limit


def _spell_actions(kind, per_target):
    return [{"type": kind, "spells": [{k: v for k, v in sp.items() if k != "as" or v} for sp in chosen]}
            for chosen in spells.combined(per_target)]


def legal_actions(state, seat, to_act) -> list:
    if seat not in to_act:
        return []
    me = state["players"][seat]
    if state["phase"] == "setup":
        return [{"type": "choose", "territories": list(t), "magic": m}
                for m in me["offered_magic"] for t in combinations(sorted(me["hand"]), 3)]
    step = state["step"]
    out = [{"type": "pass"}]
    if step == "counter":
        return out + spells.counter_options(state, seat)
    if step == "removal":
        targets = state["players"][other(seat)]["units"]
        out += _spell_actions("remove", [spells.removal_options(state, seat, t) for t in targets])
    elif step == "enhance":
        targets = [u for u in me["units"] if u not in state["flags"]["targeted"]]
        out += _spell_actions("enhance", [spells.enhance_options(state, seat, t) for t in targets])
    elif step == "territory" and not state["flags"]["territory"]:
        out += [{"type": "territory", "card": c} for c in sorted(me["hand"])]
    elif step == "strategy" and not state["flags"]["strategy"]:
        out += _strategy(state, seat, me)
    return out + magic.magic_options(state, seat)


def _strategy(state, seat, me):
    limit = territory_limit(state, seat)
    hand_units = sorted(c for c in me["hand"] if DECK[c].is_unit)
    out = []
    if len(me["units"]) < UNIT_SLOTS:
        out += [{"type": "deploy", "card": c} for c in hand_units if DECK[c].cost <= limit]
    for n in range(1, len(me["units"]) + 1):
        for gone in combinations(me["units"], n):
            room = limit + sum(DECK[u].cost for u in gone)
            out += [{"type": "redeploy", "discard": list(gone), "card": c} for c in hand_units if DECK[c].cost <= room]
    return out
