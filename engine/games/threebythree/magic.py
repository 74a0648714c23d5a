"""Magic (◇魔法): once-per-turn rules, requirement (必要魔力), condition (發動条件), cost (發動コスト),
and the effect vocabulary of cards.json.

Each effect name maps to exactly one Effect (what it needs from the action, which choices are
legal, and the events that carry it out); cards.json fails to load on an unknown name.
"""
from dataclasses import dataclass
from itertools import combinations
from typing import Callable

from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.threebythree.cards import DECK, MAGIC
from engine.games.threebythree.flow import resume_step, undying_returns
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.rulings import choice, marked
from engine.games.threebythree.shapes import echo
from engine.games.threebythree.state import has_trait, level, other, territory_limit, UNIT_SLOTS

_, ngettext = Catalog.of("threebythree").functions()

PAY = {"down": "up", "up": "side", "side": "removed"}     # face down -> face up -> sideways (-> 残響)


# ---- requirement, condition, once-per-turn ------------------------------------------------------

def requirement_met(state, seat, magic_id, mentor_reading: str | None = None) -> bool:
    """必要魔力 over both fields; 占有 units of the opponent do not count for you; 中級 師匠 gives its
    owner one point of its colour — for the ① part too, or only for a part of its colour (ruling
    mentor-any; ``mentor_reading`` overrides the match's choice); ★無尽増 gives one point of any
    attribute."""
    req = MAGIC[magic_id].requirement or {}
    mine, theirs = state["players"][seat]["units"], state["players"][other(seat)]["units"]
    colours = [DECK[u].colour for u in mine]
    colours += [DECK[u].colour for u in theirs if not has_trait(state, u, "占有")]
    mentor = state["players"][seat]["mentor"]
    if level(state).mentor and mentor:
        reading = mentor_reading or choice(state, "mentor-any")
        if reading == "any" or req.get(DECK[mentor].colour, 0) > 0:
            colours.append(DECK[mentor].colour)
    wild = 1 if seat in state["flags"]["unbounded"] else 0
    short = 0
    needed = 0
    for colour, n in req.items():
        needed += n
        if colour != "any":
            short += max(0, n - colours.count(colour))
    return short <= wild and len(colours) + wild >= needed


def _main_phase(state, seat, action):
    if state["step"] not in ("territory", "strategy"):
        raise IllegalAction(rule("magic.condition"), _("[あなたのメインフェイズ限定]: only in your main phase"))


def _discard_3_units(state, seat, action):
    cards = action.get("discard")
    hand = state["players"][seat]["hand"]
    if (not isinstance(cards, list) or len(cards) != 3 or len(set(cards)) != 3
            or any(c not in hand or not DECK[c].is_unit for c in cards)):
        raise IllegalAction(rule("magic.condition"), _('転生\'s condition: "discard" 3 different unit cards from your hand'))


def _discard_3_options(state, seat):
    units = sorted(c for c in state["players"][seat]["hand"] if DECK[c].is_unit)
    return [{"discard": list(c)} for c in combinations(units, 3)][:20]


CONDITIONS = {"main_phase": (_main_phase, None), "discard_3_units": (_discard_3_units, _discard_3_options)}


def check_magic(state, seat, magic_id, copied=False):
    """The magic rules of the level, then requirement and cost (unless copied by ★天写, whose target
    grand.check_copy checks) and condition."""
    entry = next((m for m in state["players"][seat]["magic"] if m["card"] == magic_id), None)
    if entry is None and not copied:
        raise IllegalAction(rule("actions"), _("%(card)s is not one of your magic cards", card=echo(magic_id)))
    if state["phase"] != "turns" or state["active"] != seat:
        raise IllegalAction(rule("magic.basic"), _("magic is used only in your own turn"))
    used = state["flags"]["magic"]
    if level(state).magic_each_once and magic_id in used:
        raise IllegalAction(rule("magic.basic"), _("%(card)s was already used this turn (each magic once per turn)",
                                                   card=magic_id))
    if not level(state).magic_each_once and used:
        raise IllegalAction(rule("magic.basic"), _("magic may be used only once per turn"))
    if not copied:
        if entry["state"] == "side" and "残響" not in MAGIC[magic_id].traits:
            raise IllegalAction(rule("magic.cost"), _("%(card)s is sideways: its cost was paid twice already",
                                                      card=magic_id))
        if not requirement_met(state, seat, magic_id):
            ruled = marked("mentor-any", "colour-only") if requirement_met(state, seat, magic_id, "any") else ""
            raise IllegalAction(rule("magic.requirement"), _("the fields do not hold the units %(card)s requires: %(requirement)s%(ruling)s",
                                                             card=magic_id,
                                  requirement=MAGIC[magic_id].requirement, ruling=ruled))
    return entry


# ---- the effect vocabulary ----------------------------------------------------------------------

@dataclass(frozen=True)
class Effect:
    choices: Callable | None       # (state, seat, effect) -> legal values of the action's "target"
    many: bool                     # target is a list (up to effect["count"])
    apply: Callable                # (em, seat, effect, target, cause, magic_id, rng) -> None


def _opposing_units(state, seat, e):
    return [u for u in state["players"][other(seat)]["units"] if DECK[u].cost <= e.get("max_cost", 99)]


def _own_units(state, seat, e):
    return list(state["players"][seat]["units"])


def _own_enhanceable(state, seat, e):
    return [u for u in state["players"][seat]["units"]
            if not has_trait(state, u, "強化不可") and u not in state["flags"]["targeted"]]


def _facedown_magic(state, seat, e):
    return [i for i, m in enumerate(state["players"][other(seat)]["magic"]) if m["state"] == "down"]


def _deployable(state, seat, e):
    if len(state["players"][seat]["units"]) >= UNIT_SLOTS:
        return []
    limit = settlement_limit(state, seat)
    return sorted(c for c in state["players"][seat]["hand"] if DECK[c].is_unit and DECK[c].cost <= limit)


def settlement_limit(state, seat) -> int:
    """入植's deployment: your territories, without 収穫 (Q&A l.813-815); with 豊穡's +1 unless the match
    reads 入植 as an effect that refers to the number of territories (ruling housyoku-nyushoku)."""
    return territory_limit(state, seat, strategy_step=False, rich=choice(state, "housyoku-nyushoku") == "counted")


def destroy(em, owner, cards, by, cause):
    """破壊: to the discard pile — a 不死 unit goes back to its owner's hand instead (or, under the
    ruling fushi-optional "optional", to the discard pile marked ``undying``: its owner is asked once
    the magic has resolved, actions.resolve_magic)."""
    for card in cards:
        undying = has_trait(em.state, card, "不死")
        to = "hand" if undying and undying_returns(em.state) else "discard"
        em.emit("UnitDestroyed", {"owner": owner, "card": card, "to": to, "by": by,
                                  **({"undying": True} if undying and to == "discard" else {})},
                rule("trait.不死" if undying else "supplement.destroy"), cause=cause)


def _damage(em, seat, e, target, cause, mid, rng):
    em.emit("LifeLost", {"seat": other(seat), "amount": e["amount"], "card": mid}, rule("magic.effect"), seat, cause)


def _draw(em, seat, e, target, cause, mid, rng):
    for _time in range(e["count"]):
        if em.state["deck"]:
            em.emit("CardDrawn", {"seat": seat, "card": em.state["deck"][0], "by": mid}, rule("magic.effect"), seat, cause)


def _discard(em, seat, e, target, cause, mid, rng):
    if em.state["players"][seat]["hand"]:
        em.emit("DecisionOpened", {"kind": "discard", "seat": seat, "count": e["count"], "by": mid,
                                   "resume": resume_step(em.state)}, rule("magic.effect"), cause=cause)


def _destroy_unit(em, seat, e, target, cause, mid, rng):
    if target is None:
        return
    destroy(em, other(seat), [target], mid, cause)
    if e.get("user_loses_cost"):
        em.emit("LifeLost", {"seat": seat, "amount": DECK[target].cost, "card": mid}, rule("magic.effect"), seat, cause)


def _destroy_all(em, seat, e, target, cause, mid, rng):
    for owner in (seat, other(seat)):
        destroy(em, owner, [u for u in em.state["players"][owner]["units"] if DECK[u].cost <= e["max_cost"]], mid, cause)


def _return_unit(em, seat, e, target, cause, mid, rng):
    if target is not None:
        em.emit("UnitReturned", {"owner": other(seat), "card": target, "by": mid}, rule("magic.effect"), seat, cause)


def _territory_bonus(em, seat, e, target, cause, mid, rng):
    em.emit("TerritoryBonusGained", {"seat": seat, "amount": e["amount"], "card": mid}, rule("magic.effect"), seat, cause)


def _power(kind, whose):
    def apply(em, seat, e, target, cause, mid, rng):
        units = em.state["players"][seat if whose == "own" else other(seat)]["units"]
        if units:
            em.emit("PowerChanged", {"kind": kind, "cards": list(units), "amount": e["amount"], "card": mid},
                    rule("magic.effect"), seat, cause)
    return apply


def _increase_unit(em, seat, e, target, cause, mid, rng):
    if target is not None:
        em.emit("PowerChanged", {"kind": "inc", "cards": [target], "amount": e["amount"], "card": mid},
                rule("supplement.増加"), seat, cause)


def _enhance_units(em, seat, e, target, cause, mid, rng):
    if target:
        em.emit("UnitsEnhanced", {"cards": list(target), "amount": e["amount"], "card": mid}, rule("magic.effect"), seat, cause)


def _no_block(em, seat, e, target, cause, mid, rng):
    if target is not None:
        em.emit("PowerChanged", {"kind": "noblock", "cards": [target], "amount": 1, "card": mid},
                rule("magic.effect"), seat, cause)


def _expose(em, seat, e, target, cause, mid, rng):
    if target is not None:
        card = em.state["players"][other(seat)]["magic"][target]["card"]
        em.emit("MagicExposed", {"owner": other(seat), "index": target, "card": card, "by": mid},
                rule("magic.effect"), seat, cause)


def _territory_from_deck(em, seat, e, target, cause, mid, rng):
    if em.state["deck"]:
        em.emit("TerritoryFromDeck", {"seat": seat, "card": em.state["deck"][0], "by": mid}, rule("magic.effect"), seat, cause)


def _random_discard(em, seat, e, target, cause, mid, rng):
    hand = em.state["players"][other(seat)]["hand"]
    if hand:
        card = hand[rng.below(len(hand))]
        em.emit("CardsDiscarded", {"seat": other(seat), "cards": [card], "by": mid}, rule("magic.effect"), seat, cause)


def _extra_deploy(em, seat, e, target, cause, mid, rng):
    if target is not None:
        em.emit("UnitDeployed", {"seat": seat, "card": target, "limit": settlement_limit(em.state, seat),
                                 "by": mid}, rule("magic.effect"), seat, cause)


EFFECTS = {
    "damage": Effect(None, False, _damage),
    "draw": Effect(None, False, _draw),
    "discard": Effect(None, False, _discard),
    "destroy_unit": Effect(_opposing_units, False, _destroy_unit),
    "destroy_all": Effect(None, False, _destroy_all),
    "return_unit": Effect(_opposing_units, False, _return_unit),
    "territory_bonus": Effect(None, False, _territory_bonus),
    "increase_power": Effect(None, False, _power("inc", "own")),
    "decrease_power": Effect(None, False, _power("dec", "opponent")),
    "increase_unit": Effect(_own_units, False, _increase_unit),
    "enhance_units": Effect(_own_enhanceable, True, _enhance_units),
    "no_block": Effect(_opposing_units, False, _no_block),
    "expose_magic": Effect(_facedown_magic, False, _expose),
    "territory_from_deck": Effect(None, False, _territory_from_deck),
    "random_discard": Effect(None, False, _random_discard),
    "extra_deploy": Effect(_deployable, False, _extra_deploy),
}


def targeted(magic_id):
    for e in MAGIC[magic_id].effects:
        if EFFECTS[e["do"]].choices is not None:
            return e
    return None


def parse_params(state, seat, magic_id, action) -> dict:
    """The action's choices for this magic, checked: {"target": ..., "discard": [...]}."""
    cond = MAGIC[magic_id].condition
    if cond:
        CONDITIONS[cond][0](state, seat, action)
    params = {"discard": list(action["discard"])} if cond == "discard_3_units" else {}
    e = targeted(magic_id)
    raw = action.get("target")
    if e is None:
        if raw is not None:
            raise IllegalAction(rule("actions"), _("%(card)s takes no target", card=magic_id))
        return params
    spec, allowed = EFFECTS[e["do"]], EFFECTS[e["do"]].choices(state, seat, e)
    targets = raw if isinstance(raw, list) else [] if raw is None else [raw]
    if not all(type(t) in (str, int) for t in targets):
        raise IllegalAction(rule("actions"), _('"target" names cards by id (or a face-down magic by its index)'))
    if spec.many:
        n = min(e["count"], len(allowed))
        if len(set(targets)) != len(targets) or len(targets) != n or any(t not in allowed for t in targets):
            raise IllegalAction(rule("magic.effect"), _("%(card)s takes %(count)s different target(s) of %(allowed)s",
                                                        card=magic_id, count=n, allowed=allowed))
        return {**params, "target": list(targets)}
    if raw is None and not allowed:
        return {**params, "target": None}              # carried out as far as possible: nothing
    if raw not in allowed:
        ruled = marked("housyoku-nyushoku", "not-counted") if (
            e["do"] == "extra_deploy" and choice(state, "housyoku-nyushoku") == "not-counted") else ""
        raise IllegalAction(rule("magic.effect"), _("%(target)s is not a legal target for %(card)s; legal: %(allowed)s%(ruling)s",
                              target=echo(repr(raw)), card=magic_id, allowed=allowed, ruling=ruled))
    return {**params, "target": raw}


def resolve(em, seat, magic_id, params, cause, rng):
    for e in MAGIC[magic_id].effects:
        if em.state["outcome"] is not None:
            return
        EFFECTS[e["do"]].apply(em, seat, e, params.get("target"), cause, magic_id, rng)


def param_options(state, seat, magic_id) -> list:
    """Every legal choice of target (and condition cost) for legal_actions."""
    cond = MAGIC[magic_id].condition
    base = [{}]
    if cond and CONDITIONS[cond][1]:
        base = CONDITIONS[cond][1](state, seat)
    e = targeted(magic_id)
    if e is None:
        return base
    spec, allowed = EFFECTS[e["do"]], EFFECTS[e["do"]].choices(state, seat, e)
    if not allowed:
        return base
    if spec.many:
        targets = [list(c) for c in combinations(allowed, min(e["count"], len(allowed)))]
    else:
        targets = allowed
    return [{**b, "target": t} for b in base for t in targets]


def usable(state, seat, magic_id, copied=False) -> list:
    """The legal parameter sets for using this magic now (empty when it cannot be used)."""
    if not copied and not requirement_met(state, seat, magic_id):
        return []                               # check_magic refuses it (the commonest refusal)
    try:
        check_magic(state, seat, magic_id, copied)
        options = param_options(state, seat, magic_id)
        cond = MAGIC[magic_id].condition
        if cond and options:
            CONDITIONS[cond][0](state, seat, options[0])
    except IllegalAction:
        return []
    return options


def magic_options(state, seat) -> list:
    # What check_magic refuses for every card at once is looked at first (no exception per card).
    if state["phase"] != "turns" or state["active"] != seat or (
            state["flags"]["magic"] and not level(state).magic_each_once):
        return []
    return [{"type": "magic", "card": m["card"], **p}
            for m in state["players"][seat]["magic"] for p in usable(state, seat, m["card"])]


def _check_card_data():
    """Card behaviour is data: every effect and condition in cards.json has exactly one handler."""
    for mid, m in MAGIC.items():
        targeted = 0
        for e in m.effects:
            if e["do"] not in EFFECTS:
                raise ValueError(f"magic {mid}: unknown effect {e['do']!r}")
            targeted += EFFECTS[e["do"]].choices is not None
        if targeted > 1:
            raise ValueError(f"magic {mid}: at most one effect may take a target")
        if m.condition is not None and m.condition not in CONDITIONS:
            raise ValueError(f"magic {mid}: unknown condition {m.condition!r}")


_check_card_data()
