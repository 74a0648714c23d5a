"""decide: check a seat's action against the rules of the moment and emit what follows.

Action vocabulary (README.md): pass, play, move, activate, plan_create, plan_refresh, energy, smash,
mulligan, keep, choose.
"""
from engine.core import Emitter, IllegalAction
from engine.core.i18n import Catalog, N_
from engine.games.dimension_zero import effects, flow, plays, series, setup, zones
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.secrets import echo, seen_card
from engine.games.dimension_zero.state import card

_, ngettext = Catalog.of("dimension_zero").functions()

SITUATION_ACCEPTS = {
    "pending": {"choose"},
    "mulligan": {"mulligan", "keep"},
    "energy": {"energy", "pass"},
    "smash": {"smash", "pass"},
    "priority": {"pass", "play", "move", "activate", "plan_create", "plan_refresh"},
    "sideboard": {"sideboard"},
}
KNOWN = set().union(*SITUATION_ACCEPTS.values())

# the fields decide reads of each action type (Game.action_fields; play refuses any other field)
ACTION_FIELDS = {kind: frozenset({"type", *fields}) for kind, fields in {
    "pass": (), "keep": (), "energy": ("card",), "smash": ("unit",), "mulligan": ("order",),
    "choose": ("choice",), "sideboard": ("deck", "sideboard"),
    "play": ("card", "square", "formation", "line", "targets", "pay"), "move": ("unit", "to", "pay"),
    "activate": ("card", "ability", "targets", "pact", "pay"), "plan_create": ("pay",), "plan_refresh": ("pay",),
}.items()}
assert set(ACTION_FIELDS) == KNOWN
# the fields naming cards by what they are (not only as a face-down handle, as "pay" may a smash card)
SEEN_ID, SEEN_IDS = ("card", "unit"), ("targets", "pact")

# the JSON shape of each field an action may carry (README "Actions"); anything else is refused
ID, IDS, INT, FLAG = N_("a card id"), N_("a list of card ids"), N_("a whole number"), N_("true or false")
FIELDS = {"card": ID, "unit": ID, "square": INT, "line": INT, "to": INT, "ability": INT, "targets": IDS,
          "pay": IDS, "pact": IDS, "order": IDS, "deck": IDS, "sideboard": IDS, "formation": FLAG}


def _shape_ok(kind, value) -> bool:
    if kind == ID:
        return isinstance(value, str)
    if kind == IDS:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == INT:
        return type(value) is int
    return type(value) is bool


def check_shape(action):
    for key, value in action.items():
        if key in FIELDS and not _shape_ok(FIELDS[key], value):
            raise IllegalAction(rule("actions"), _('"%(field)s" must be %(shape)s', field=key, shape=_(FIELDS[key])))


def resolve_ids(state, seat, action):
    """Every card an action names by what it is must be one the seat can see (secrets.py): a hidden
    card gets the answer a card that does not exist gets, before any rule looks at it."""
    for key in SEEN_ID:
        if key in action:
            seen_card(state, seat, action[key])
    for key in SEEN_IDS:
        for cid in action.get(key) or ():
            seen_card(state, seat, cid)


def situation(state) -> str:
    if state["pending"]:
        return "pending"
    if state["phase"] in ("main", "end"):
        return "priority"
    return state["phase"]


def to_act(state) -> list:
    s = situation(state)
    if state["phase"] == "over":
        return []
    if s == "pending":
        return [state["pending"]["seat"]]
    if s == "mulligan":
        return [i for i, p in enumerate(state["players"]) if p["mulligan"] == "offered"]
    if s in ("energy", "smash"):
        return [state["active"]]
    if s == "sideboard":
        return [i for i in (0, 1) if not state["series"]["ready"][i]]
    if s == "priority" and state["priority"] is not None:
        return [state["priority"]]
    return []


def decide(game, state, seat, action, rng):
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(rule("actions"), _('an action is an object with a "type"'))
    if state["phase"] == "over":
        raise IllegalAction(rule("game.end"), _("the duel is over"))
    if seat not in to_act(state):
        raise IllegalAction(rule("priority"), _("seat %(seat)s has nothing to decide now (waiting for %(waiting)s)",
                                                seat=seat, waiting=to_act(state)))
    kind = action["type"]
    if kind not in KNOWN:
        raise IllegalAction(rule("actions"), _("unknown action type %(type)s", type=echo(kind)))
    check_shape(action)
    sit = situation(state)
    if kind not in SITUATION_ACCEPTS[sit]:
        raise IllegalAction(rule("timing"), _("%(type)s is not possible now (%(situation)s); possible: %(possible)s",
                                              type=repr(kind), situation=sit, possible=sorted(SITUATION_ACCEPTS[sit])))
    resolve_ids(state, seat, action)
    em = Emitter(game, state)
    HANDLERS[kind](em, seat, action, rng)
    return em.events


def _pass(em, seat, action, rng):
    phase = em.state["phase"]
    if phase == "energy":
        v = em.emit("Noted", {"skipped": "energy"}, rule("turn.energy"), seat)
        flow.main_phase(em, v)
    elif phase == "smash":
        v = em.emit("Noted", {"skipped": "smash"}, rule("turn.smash"), seat)
        flow.end_phase(em, v)
    else:
        flow.pass_priority(em, seat, rng)


def _stack(em, seat, item, pay, cause_rule, extra_moves=()):
    """Costs first (never on the stack), then the item goes on the stack and priority goes to the active player."""
    v = None
    if pay:
        v = em.emit("Frozen", {"cards": sorted(pay), "paid": True}, rule("cost.nostack"), seat)
    for cid in extra_moves:
        zones.move(em, cid, "removed", "kw.盟約", v)
    reveal = {}
    for key in ("card", "source"):
        if key in item:
            reveal[item[key]] = em.state["cards"][item[key]]
    # a card activated from hand (盟約) is shown to the table while it stays in hand
    shown = sorted(c for c in reveal if c in em.state["players"][seat]["hand"])
    v = em.emit("Stacked", {"item": item, "reveal": reveal, **({"shown": shown} if shown else {})},
                rule(cause_rule), seat, v)
    flow.settle(em, v)


def _play(em, seat, action, rng):
    item, pay = plays.check_play(em.state, seat, action)
    v = None
    if pay:
        v = em.emit("Frozen", {"cards": sorted(pay), "paid": True}, rule("cost.nostack"), seat)
    kind = card(em.state, item["card"])["kind"]
    zones.move(em, item["card"], "stack", "play." + kind, v, **({"plan": True} if item["from"] == "plan" else {}))
    v = em.emit("Stacked", {"item": item}, rule("play." + kind), seat, v)
    flow.settle(em, v)


def _move(em, seat, action, rng):
    item, pay = plays.check_move(em.state, seat, action)
    _stack(em, seat, item, pay, "move")


def _activate(em, seat, action, rng):
    item, pay, removed = plays.check_activate(em.state, seat, action)
    _stack(em, seat, item, pay, "kw.盟約" if removed else "activate", removed)


def _plan(refresh):
    def handler(em, seat, action, rng):
        item, pay = plays.check_plan(em.state, seat, action, refresh)
        _stack(em, seat, item, pay, "plan.refresh" if refresh else "plan.create")
    return handler


def _energy(em, seat, action, rng):
    cid = action.get("card")
    if cid not in em.state["players"][seat]["hand"]:
        raise IllegalAction(rule("turn.energy"), _("put a card of your hand into the energy zone"))
    v = zones.move(em, cid, "energy", "turn.energy", None)
    flow.main_phase(em, v)


def _smash(em, seat, action, rng):
    u = action.get("unit")
    if u not in flow.smash_units(em.state):
        raise IllegalAction(rule("turn.smash"), _("smash with a released unit of yours in the centre or enemy area: "
                                                  "%(units)s", units=flow.smash_units(em.state)))
    flow.smash(em, seat, u, None)


def _mulligan(em, seat, action, rng):
    hand = em.state["players"][seat]["hand"]
    order = action.get("order")
    if not isinstance(order, list) or sorted(order) != sorted(hand):
        raise IllegalAction(rule("setup.mulligan"), _("give your whole hand in the order it goes under the deck"))
    v = em.emit("Mulliganed", {"seat": seat, "bottom": list(order)}, rule("setup.mulligan"), seat)
    zones.draw(em, seat, 5, "setup.mulligan", v)
    flow.start_turn(em, em.state["first"], 1, v)


def _keep(em, seat, action, rng):
    v = em.emit("HandKept", {"seat": seat}, rule("setup.mulligan"), seat)
    flow.start_turn(em, em.state["first"], 1, v)


def _choose(em, seat, action, rng):
    p = em.state["pending"]
    choice = action.get("choice")
    if p["kind"] == "first_player":
        if type(choice) is not int or choice not in (0, 1):
            raise IllegalAction(rule("match.bo3"), _("choose the seat that goes first: 0 or 1"))
        v = em.emit("Decided", {"seat": seat, "kind": p["kind"], "choice": choice}, rule("match.bo3"), seat)
        setup.start_duel(em, choice, rng, v)
        return
    if p.get("any_order"):
        if not isinstance(choice, list) or not all(isinstance(c, str) for c in choice) or sorted(choice) != p["cards"]:
            raise IllegalAction(rule("order"), _("give the order of all of %(cards)s", cards=p["cards"]))
    elif choice not in p["options"]:
        raise IllegalAction(rule("effect.resolve"), _("choose one of %(options)s", options=p["options"]))
    v = effects.answer(em, seat, choice, None)
    flow.settle(em, v)


def _sideboard(em, seat, action, rng):
    series.sideboard(em, seat, action)


HANDLERS = {"sideboard": _sideboard, "pass": _pass, "play": _play, "move": _move, "activate": _activate,
            "plan_create": _plan(False), "plan_refresh": _plan(True), "energy": _energy, "smash": _smash,
            "mulligan": _mulligan, "keep": _keep, "choose": _choose}
