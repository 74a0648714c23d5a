"""legal_actions: what a seat may do now, JSON-ready and in a deterministic order.

Spells list every one-target choice and then multi-target ones up to a cap; 調律 is listed at one
value. Any other legal action is accepted by decide all the same.
"""
from itertools import combinations

from engine.games.threebythree import grand, magic, setup_choices, spells
from engine.games.threebythree.cards import DECK
from engine.games.threebythree.state import UNIT_SLOTS, has_trait, level, other, territory_limit


def _spell_actions(kind, per_target):
    return [{"type": kind, "spells": [{k: v for k, v in sp.items() if k != "as" or v} for sp in chosen]}
            for chosen in spells.combined(per_target)]


def _negations(state, seat):
    """★不許火: any face-down or face-up 炎 magic of this seat, if it has not used a grand magic this turn."""
    out = []
    if not level(state).grand_magic:            # what check_grand refuses first, for every card
        return out
    for m in state["players"][seat]["magic"]:
        try:
            grand.check_grand(state, seat, m["card"], answering=True)
        except Exception:
            continue
        out.append({"type": "grand", "card": m["card"]})
    return out


def legal_actions(state, seat, to_act) -> list:
    if seat not in to_act:
        return []
    me = state["players"][seat]
    if state["phase"] == "setup":
        return setup_choices.options(state, seat)
    step = state["step"]
    out = [{"type": "pass"}]
    if step == "counter":
        pending = state["pending"]
        negate = _negations(state, seat) if pending["kind"] == "enhance" and pending["seat"] != seat else []
        return out + spells.counter_options(state, seat) + negate
    if step == "respond":
        return out + _negations(state, seat)
    if step == "decision":
        return _decision(state, seat)
    if step == "removal":
        targets = state["players"][other(seat)]["units"]
        out += _spell_actions("remove", [spells.removal_options(state, seat, t) for t in targets])
    elif step == "enhance":
        targets = [u for u in me["units"] if u not in state["flags"]["targeted"]]
        out += _spell_actions("enhance", [spells.enhance_options(state, seat, t) for t in targets])
        out += [a for a in _strategy(state, seat, me) if has_trait(state, a["card"], "速攻")]
    elif step == "territory" and not state["flags"]["territory"]:
        out += [{"type": "territory", "card": c} for c in sorted(me["hand"])]
    elif step == "strategy":
        out += _strategy(state, seat, me)
    return out + magic.magic_options(state, seat) + grand.grand_options(state, seat)


def _decision(state, seat):
    d = state["decision"]
    if d["kind"] == "dig":
        return [{"type": "pass"}, {"type": "dig"}]
    if d["kind"] == "discard":
        return [{"type": "discard", "card": c} for c in sorted(state["players"][seat]["hand"])]
    if d["kind"] == "undying":
        return [{"type": "pass"}] + [{"type": "undying", "card": c} for c in d["cards"]]
    return grand.heal_options(state, seat)


def _strategy(state, seat, me):
    if state["flags"]["strategy"]:
        return []
    hand_units = sorted(c for c in me["hand"] if DECK[c].is_unit)
    out = []
    if len(me["units"]) < UNIT_SLOTS:
        limit = territory_limit(state, seat)
        out += [{"type": "deploy", "card": c} for c in hand_units if DECK[c].cost <= limit]
    for n in range(1, len(me["units"]) + 1):
        for gone in combinations(me["units"], n):
            room = territory_limit(state, seat, leaving=gone) + sum(DECK[u].cost for u in gone)
            back = [u for u in gone if has_trait(state, u, "交代")]
            out += [{"type": "redeploy", "discard": list(gone), "card": c, "to_hand": back}
                    for c in hand_units if DECK[c].cost <= room]
    return out
