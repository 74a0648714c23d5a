"""Magic (◇魔法): requirement, condition, cost, and the effect vocabulary of cards.json.

Each effect name maps to exactly one handler; cards.json fails to load on an unknown name.
A handler checks the action's target, then emits the events that carry the effect out.
"""
from itertools import combinations

from engine.core import IllegalAction
from engine.games.threebythree.cards import DECK, MAGIC
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.state import has_trait, other

PAY = {"down": "up", "up": "side"}      # 發動コスト: face down -> face up -> sideways


def requirement_met(state, seat, magic_id) -> bool:
    """必要魔力: the units on both fields include the required attributes, plus ``any`` more units."""
    req = MAGIC[magic_id].requirement or {}
    units = state["players"][0]["units"] + state["players"][1]["units"]
    colours = [DECK[u].colour for u in units]
    needed = 0
    for key, n in req.items():
        if key == "any":
            continue
        if colours.count(key) < n:
            return False
        needed += n
    return len(units) >= needed + req.get("any", 0)


def _main_phase(state, seat):
    return state["step"] in ("territory", "strategy")


CONDITIONS = {"main_phase": _main_phase}
CONDITION_TEXT = {"main_phase": "[あなたのメインフェイズ限定] (your main phase only)"}


def check_magic(state, seat, magic_id):
    entry = next((m for m in state["players"][seat]["magic"] if m["card"] == magic_id), None)
    if entry is None:
        raise IllegalAction(rule("actions"), f"{magic_id} is not one of your magic cards")
    if state["flags"]["magic"]:
        raise IllegalAction(rule("magic.basic"), "magic may be used only once per turn")
    if entry["state"] == "side":
        raise IllegalAction(rule("magic.cost"), f"{magic_id} is sideways: its cost was paid twice already")
    if not requirement_met(state, seat, magic_id):
        raise IllegalAction(rule("magic.requirement"), f"the fields do not hold the units {magic_id} requires: {MAGIC[magic_id].requirement}")
    cond = MAGIC[magic_id].condition
    if cond and not CONDITIONS[cond](state, seat):
        raise IllegalAction(rule("magic.condition"), f"{magic_id}'s condition does not hold: {CONDITION_TEXT[cond]}")
    return entry


# ---- effects: (targets needed, legal targets, apply) ------------------------------------------

def _need_opposing_unit(state, seat, effect):
    units = state["players"][other(seat)]["units"]
    return [u for u in units if DECK[u].cost <= effect.get("max_cost", 99)]


def _own_enhanceable(state, seat, effect):
    return [u for u in state["players"][seat]["units"]
            if not has_trait(state, u, "強化不可") and u not in state["flags"]["targeted"]]


def _damage(em, seat, effect, targets, cause, mid):
    em.emit("LifeLost", {"seat": other(seat), "amount": effect["amount"], "card": mid}, rule("magic.effect"), seat, cause)


def _draw(em, seat, effect, targets, cause, mid):
    for _ in range(effect["count"]):
        if em.state["deck"]:
            em.emit("CardDrawn", {"seat": seat, "card": em.state["deck"][0], "by": mid}, rule("magic.effect"), seat, cause)


def _destroy_unit(em, seat, effect, targets, cause, mid):
    for t in targets:
        em.emit("UnitDestroyed", {"owner": other(seat), "card": t, "by": mid}, rule("supplement.destroy"), seat, cause)
        if effect.get("user_loses_cost"):
            em.emit("LifeLost", {"seat": seat, "amount": DECK[t].cost, "card": mid}, rule("magic.effect"), seat, cause)


def _return_unit(em, seat, effect, targets, cause, mid):
    for t in targets:
        em.emit("UnitReturned", {"owner": other(seat), "card": t, "by": mid}, rule("magic.effect"), seat, cause)


def _territory_bonus(em, seat, effect, targets, cause, mid):
    em.emit("TerritoryBonusGained", {"seat": seat, "amount": effect["amount"], "card": mid}, rule("magic.effect"), seat, cause)


def _power(kind, whose):
    def apply(em, seat, effect, targets, cause, mid):
        units = em.state["players"][seat if whose == "own" else other(seat)]["units"]
        if units:
            em.emit("PowerChanged", {"kind": kind, "cards": list(units), "amount": effect["amount"], "card": mid},
                    rule("magic.effect"), seat, cause)
    return apply


def _enhance_units(em, seat, effect, targets, cause, mid):
    if targets:
        em.emit("UnitsEnhanced", {"cards": list(targets), "amount": effect["amount"], "card": mid},
                rule("magic.effect"), seat, cause)


# name -> (how many targets, which targets are legal, handler)
EFFECTS = {
    "damage": (0, None, _damage),
    "draw": (0, None, _draw),
    "destroy_unit": (1, _need_opposing_unit, _destroy_unit),
    "return_unit": (1, _need_opposing_unit, _return_unit),
    "territory_bonus": (0, None, _territory_bonus),
    "increase_power": (0, None, _power("inc", "own")),
    "decrease_power": (0, None, _power("dec", "opponent")),
    "enhance_units": ("count", _own_enhanceable, _enhance_units),
}


def _targeting(magic_id):
    for e in MAGIC[magic_id].effects:
        n, legal, _ = EFFECTS[e["do"]]
        if legal is not None:
            return (e["count"] if n == "count" else n), legal, e
    return 0, None, None


def parse_targets(state, seat, magic_id, action) -> list:
    n, legal, effect = _targeting(magic_id)
    raw = action.get("target")
    if n == 0:
        if raw is not None:
            raise IllegalAction(rule("actions"), f"{magic_id} takes no target")
        return []
    targets = raw if isinstance(raw, list) else [] if raw is None else [raw]
    allowed = legal(state, seat, effect)
    if not targets and allowed:
        raise IllegalAction(rule("actions"), f"{magic_id} needs a target: one of {allowed}")
    if len(targets) > n or len(set(targets)) != len(targets):
        raise IllegalAction(rule("actions"), f"{magic_id} takes at most {n} different target(s)")
    for t in targets:
        if t not in allowed:
            raise IllegalAction(rule("magic.effect"), f"{t} is not a legal target for {magic_id}; legal: {allowed}")
    if n > 1 and len(targets) < min(n, len(allowed)):
        raise IllegalAction(rule("magic.effect"), f"{magic_id} affects {n} units where it can: name {min(n, len(allowed))}")
    return targets


def resolve(em, seat, magic_id, targets, cause):
    for e in MAGIC[magic_id].effects:
        EFFECTS[e["do"]][2](em, seat, e, targets, cause, magic_id)


def magic_options(state, seat) -> list:
    out = []
    for m in state["players"][seat]["magic"]:
        mid = m["card"]
        try:
            check_magic(state, seat, mid)
        except IllegalAction:
            continue
        n, legal, effect = _targeting(mid)
        if n == 0:
            out.append({"type": "magic", "card": mid})
            continue
        allowed = legal(state, seat, effect)
        if not allowed:
            out.append({"type": "magic", "card": mid})      # carried out as far as possible: nothing
        elif n == 1:
            out.extend({"type": "magic", "card": mid, "target": t} for t in allowed)
        else:
            k = min(n, len(allowed))
            out.extend({"type": "magic", "card": mid, "target": list(c)} for c in combinations(allowed, k))
    return out


def _check_card_data():
    """Card behaviour is data: every effect and condition named in cards.json must have a handler."""
    for mid, m in MAGIC.items():
        for e in m.effects or ():
            if e["do"] not in EFFECTS:
                raise ValueError(f"magic {mid}: unknown effect {e['do']!r}")
        if m.condition is not None and m.condition not in CONDITIONS:
            raise ValueError(f"magic {mid}: unknown condition {m.condition!r}")


_check_card_data()
