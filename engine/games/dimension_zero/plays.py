"""Checking what a seat declares in the main phase: plays, moves, activations, plan zone (001 ch.2 §3(4)).

Each ``check_*`` returns the stack item and the cards that pay for it, or raises IllegalAction. Nothing
here changes the state: actions.py emits the events.
"""
from itertools import product

from engine.core import IllegalAction
from engine.core.i18n import Catalog, N_
from engine.games.dimension_zero import costs
from engine.games.dimension_zero.effects import target_ok
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.rulings import RULINGS, separate_pact
from engine.games.dimension_zero.secrets import echo, seen_card
from engine.games.dimension_zero.state import (adjacent, area, card, home_row, in_battle, location, other,
                                               own_base_on, own_unit_on, owner, plan_card, released_area_squares,
                                               units_on)

_, ngettext = Catalog.of("dimension_zero").functions()

TIMING_WORDS = {"normal": N_("normal"), "quick": N_("quick"), "battle": N_("battle")}
WORKS_FROM = {"square": N_("this ability works from your square"), "graveyard": N_("this ability works from your graveyard"),
              "hand": N_("this ability works from your hand")}


def timing_ok(state, seat, timing) -> bool:
    """001 ch.2 §3(4) Column タイミング: battle any time with priority; quick outside battles; normal only in
    your own main phase, outside battles, with an empty stack (normal actions never interrupt)."""
    if state["phase"] not in ("main", "end") or state["priority"] != seat or state["pending"]:
        return False
    if timing == "battle":
        return True
    if in_battle(state):
        return False
    if timing == "quick":
        return True
    return state["phase"] == "main" and state["active"] == seat and not state["stack"]


def need_timing(state, seat, timing, what, from_plan=False):
    if not timing_ok(state, seat, timing):
        if from_plan:
            raise IllegalAction(rule("timing.plan"), _("%(what)s: the plan zone plays at normal timing only "
                                                       "(your main phase, no battle, empty stack)", what=what))
        said = _(TIMING_WORDS[timing]) if timing in TIMING_WORDS else timing
        if in_battle(state):
            raise IllegalAction(rule("battle.priority"), _("%(what)s has %(timing)s timing; now not allowed (in a battle "
                                                           "only battle-timing actions)", what=what, timing=said))
        raise IllegalAction(rule("timing"), _("%(what)s has %(timing)s timing; now not allowed (normal timing: your "
                                              "own main phase with an empty stack)", what=what, timing=said))


def play_terms(state, seat, cid):
    """(timing, cost, from) of playing a card, with ☆ changes (000 テキストシンボル☆) and the plan rule."""
    c = card(state, cid)
    timing, cost = c["timing"], dict(c["cost"])
    for ab in c["abilities"]:
        if ab["type"] == "play" and ab["do"] == "free_battle_if_opponent_smash":
            if len(state["players"][other(seat)]["smash"]) >= ab["at_least"]:
                timing, cost = "battle", {}
    src = "hand" if cid in state["players"][seat]["hand"] else "plan"
    if src == "plan":
        timing = "normal"                        # Q2: the plan zone is always normal timing
    return timing, cost, src


def unit_squares(state, seat, cid, formation=False) -> list:
    """(square, centre-played?, enters released?) a unit may be played onto."""
    out = []
    if formation:
        ab = formation_of(state, cid)
        if ab is None:
            return []
        row = home_row(seat)
        for c in range(3):
            if own_unit_on(state, seat, row * 3 + c) and not own_unit_on(state, seat, 3 + c):
                out.append((3 + c, False, False))
        return out
    witch = released_area_squares(state, seat)
    for sq in range(9):
        if own_unit_on(state, seat, sq):
            continue
        if sq in witch and not units_on(state, sq):
            out.append((sq, False, True))
        elif area(seat, sq) in ("own", "centre"):
            out.append((sq, area(seat, sq) == "centre", False))
    return out


def formation_of(state, cid):
    return next((ab for ab in card(state, cid)["abilities"] if ab["type"] == "formation"), None)


def strategy_ability(c):
    return next(ab for ab in c["abilities"] if ab["type"] == "strategy")


def check_targets(state, seat, ab, targets, source=None) -> list:
    spec = ab.get("target")
    if spec is None:
        if targets:
            raise IllegalAction(rule("effect.target"), _("this effect takes no target"))
        return []
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise IllegalAction(rule("actions"), _('"targets" must be a list of unit ids'))
    count = ab.get("count", 1)
    if not 1 <= len(targets) <= count or len(set(targets)) != len(targets):
        raise IllegalAction(rule("effect.target"), _("choose 1 to %(n)s different targets", n=count))
    bad = [t for t in targets if not target_ok(state, seat, spec, t, source)]
    if bad:
        raise IllegalAction(rule("effect.target"), _("%(id)s: not a legal target (%(spec)s)", id=echo(bad[0]), spec=spec))
    return list(targets)


def check_play(state, seat, action):
    cid = action.get("card")
    p = state["players"][seat]
    if not isinstance(cid, str) or (cid not in p["hand"] and cid != plan_card(state, seat)):
        raise IllegalAction(rule("play.unit"), _("play a card of your hand or your plan zone"))
    c = card(state, cid)
    timing, cost, src = play_terms(state, seat, cid)
    need_timing(state, seat, timing, _("%(card)s (plan zone)", card=c["name"]) if src == "plan" else c["name"],
                src == "plan")
    item = {"kind": "play", "seat": seat, "card": cid, "from": src, "targets": []}
    if c["kind"] == "unit":
        formation = bool(action.get("formation"))
        if formation:
            ab = formation_of(state, cid)
            if ab is None:
                raise IllegalAction(rule("kw.隊列召喚"), _("%(card)s has no 隊列召喚", card=c["name"]))
            cost = dict(ab["cost"])
        allowed = {sq: (centre, released) for sq, centre, released in unit_squares(state, seat, cid, formation)}
        sq = action.get("square")
        if sq not in allowed:
            raise IllegalAction(rule("kw.隊列召喚" if formation else "play.unit"),
                                _("square %(square)s: play a unit onto %(squares)s", square=repr(sq),
                                  squares=sorted(allowed)))
        item.update({"square": sq, "centre": allowed[sq][0], "released": allowed[sq][1]})
    elif c["kind"] == "base":
        ln = action.get("line")
        if ln not in (0, 1, 2) or own_base_on(state, seat, ln):
            raise IllegalAction(rule("play.base"), _("line %(line)s: a base needs a base square (0-2) without your "
                                                     "base", line=repr(ln)))
        item["line"] = ln
    else:
        ab = strategy_ability(c)
        item["targets"] = check_targets(state, seat, ab, action.get("targets") or [], cid)
    pay = costs.check_payment(state, seat, cost, action.get("pay", []))
    return item, pay


def check_move(state, seat, action):
    u = action.get("unit")
    need_timing(state, seat, "normal", _("moving a unit"))
    if u not in state["units"] or owner(u) != seat:
        raise IllegalAction(rule("move"), _("move one of your units in the battle space"))
    if u in state["frozen"]:
        raise IllegalAction(rule("move"), _("a frozen unit cannot move"))
    frm = state["units"][u]["square"]
    to = action.get("to")
    if to not in adjacent(frm) or own_unit_on(state, seat, to):
        raise IllegalAction(rule("move"), _("move to an orthogonally adjacent square without your unit: %(squares)s",
                                            squares=[s for s in adjacent(frm) if not own_unit_on(state, seat, s)]))
    pay = costs.check_payment(state, seat, card(state, u)["move"], action.get("pay", []))
    return {"kind": "move", "seat": seat, "unit": u, "from": frm, "to": to}, pay


def activation_zone_ok(state, seat, cid, ab) -> bool:
    zone = ab.get("zone", "square")
    where = location(state, cid)
    if owner(cid) != seat:
        return False
    if zone == "square":
        return where in ("square", "base")
    if zone == "graveyard":
        return where == "grave"
    return where == "hand"


def condition_ok(state, cid, ab) -> bool:
    cond = ab.get("condition")
    if cond is None:
        return True
    if cond == "attacked_before_first_damage":
        b = state["battles"][-1] if state["battles"] else None
        return bool(b and b["defender"] == cid and b["step"] == "first" and not b["stacked"])
    return False


def pact_cards(state, seat, ab, source) -> list:
    """Candidates for each 盟約 name: your cards in hand, squares, energy zone or graveyard."""
    p = state["players"][seat]
    pool = [c for c in p["hand"] + p["energy"] + p["grave"] + sorted(u for u in state["units"] if owner(u) == seat)
            if c != source]
    return [sorted(c for c in pool if card(state, c)["game_name"] == name) for name in ab["pact"]]


def pact_payment(state, seat, ab, source, chosen=()):
    """``(pact cards, payment)``: the 盟約 cards (``chosen`` first, then the first that fit) and a
    payment of the ability's cost — without those cards under the ruling pact-pays "separate" — or
    None when no choice of the remaining cards leaves the cost payable."""
    cost = ab["cost"].get("energy", {})
    rest = pact_cards(state, seat, ab, source)[len(chosen):]
    for more in product(*rest):
        pact = [*chosen, *more]
        pay = costs.find_payment(state, seat, cost, exclude=pact if separate_pact(state) else ())
        if pay is not None:
            return pact, pay
    return None


def check_activate(state, seat, action):
    cid = action.get("card")
    idx = action.get("ability")
    seen_card(state, seat, cid)                  # decide resolved it already; kept for direct callers
    abilities = card(state, cid)["abilities"]
    if type(idx) is not int or not 0 <= idx < len(abilities) or abilities[idx]["type"] != "activated":
        raise IllegalAction(rule("activate"), _("ability %(n)s of %(card)s is not an ● ability", n=repr(idx),
                                                card=card(state, cid)["name"]))
    ab = abilities[idx]
    if not activation_zone_ok(state, seat, cid, ab):
        raise IllegalAction(rule("effect.text"), _(WORKS_FROM.get(ab.get("zone"), WORKS_FROM["square"])))
    need_timing(state, seat, ab["timing"], _("%(card)s's ability", card=card(state, cid)["name"]))
    if not condition_ok(state, cid, ab):
        raise IllegalAction(rule("effect.text"), _("its condition (%(condition)s) does not hold",
                                                   condition=ab["condition"]))
    freeze = []
    if ab["cost"].get("freeze_self"):
        if cid in state["frozen"]:
            raise IllegalAction(rule("cost.freeze"), _("a frozen card cannot be frozen to pay"))
        freeze = [cid]
    removed = []
    if "pact" in ab:
        given = action.get("pact")
        cands = pact_cards(state, seat, ab, cid)
        if not isinstance(given, list) or len(given) != len(cands) or any(g not in c for g, c in zip(given, cands)):
            raise IllegalAction(rule("kw.盟約"), _("盟約 removes one card of each name %(names)s: %(cards)s",
                                                 names=ab["pact"], cards=cands))
        removed = list(given)
    targets = check_targets(state, seat, ab, action.get("targets") or [], cid)
    pay = costs.check_payment(state, seat, ab["cost"].get("energy", {}), action.get("pay", []))
    both = sorted(set(pay) & set(removed))
    if both and separate_pact(state):
        raise IllegalAction(rule("kw.盟約"), _("%(card)s is removed for 盟約, so it cannot also pay (ruling "
                                             "%(ruling)s: separate)", card=both[0], ruling=RULINGS["pact-pays"].id))
    item = {"kind": "ability", "seat": seat, "source": cid, "ability": idx, "targets": targets,
            "source_zone": location(state, cid)}
    return item, pay + freeze, removed


def check_plan(state, seat, action, refresh):
    need_timing(state, seat, "normal", _("the plan zone"))
    pc = plan_card(state, seat)
    if refresh and pc is None:
        raise IllegalAction(rule("plan.refresh"), _("there is no plan zone to refresh"))
    if not refresh and (pc is not None or not state["players"][seat]["deck"]):
        raise IllegalAction(rule("plan.create"), _("the plan zone exists already (refresh it instead)"))
    pay = costs.check_payment(state, seat, {"X": 1}, action.get("pay", []))
    item = {"kind": "plan_refresh", "seat": seat, "plan": pc} if refresh else {"kind": "plan_create", "seat": seat}
    return item, pay

