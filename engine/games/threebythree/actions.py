"""decide: check a seat's action against the rules of the current step and emit what follows.

The action vocabulary is the API's contract (platform issue, "Action vocabulary"):
remove / enhance (spells), counter, magic, territory, deploy, redeploy, pass, and choose (setup).
"""
from engine.core import Emitter, IllegalAction
from engine.games.threebythree import flow, magic, spells
from engine.games.threebythree.cards import DECK
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.state import UNIT_SLOTS, territory_limit

# which action types each step accepts
ACCEPTS = {
    "setup": {"choose"},
    "counter": {"counter", "pass"},
    "removal": {"remove", "magic", "pass"},
    "enhance": {"enhance", "magic", "pass"},
    "territory": {"territory", "magic", "pass"},
    "strategy": {"deploy", "redeploy", "magic", "pass"},
    "end": {"magic", "pass"},
}
# where each action type belongs, and the rule that says so
HOME = {"remove": ("the removal step", "2.1"), "enhance": ("the enhancement step", "2.2"),
        "counter": ("a counter window", "2.3"), "territory": ("the territory step, once per turn", "4.1"),
        "deploy": ("the strategy step, once per turn", "4.2"), "redeploy": ("the strategy step, once per turn", "4.2"),
        "choose": ("the setup", "setup.choose"), "magic": ("your own turn, outside counter windows", "magic.basic"),
        "pass": ("a step that waits for you", "turn.order")}


def _ids(value, what) -> list:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise IllegalAction(rule("actions"), f"{what} must be a list of card ids")
    return value


def _as_map(value) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and type(v) is int for k, v in value.items()):
        raise IllegalAction(rule("actions"), '"as" must map card ids to numbers, e.g. {"046": 3}')
    return value


def _spells(action) -> list:
    raw = action.get("spells")
    if not isinstance(raw, list) or not raw:
        raise IllegalAction(rule("actions"), '"spells" must be a non-empty list of {"target", "with"}')
    out = []
    for sp in raw:
        if not isinstance(sp, dict) or not isinstance(sp.get("target"), str):
            raise IllegalAction(rule("actions"), 'each spell needs a "target" card id')
        cards = _ids(sp.get("with"), '"with"')
        if not 1 <= len(cards) <= 2:
            raise IllegalAction(rule("2.1"), "a spell uses one or two cards")
        out.append({"target": sp["target"], "with": list(cards), "as": _as_map(sp.get("as"))})
    return out


def _card(action, key="card") -> str:
    card = action.get(key)
    if not isinstance(card, str):
        raise IllegalAction(rule("actions"), f'"{key}" must be a card id')
    return card


def decide(game, state, seat, action, rng):
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(rule("actions"), 'an action is an object with a "type"')
    if state["phase"] == "over":
        raise IllegalAction(rule("win.life"), "the game is over")
    if seat not in game.to_act(state):
        raise IllegalAction(rule("turn.order"), "it is not your turn to act")
    kind = action["type"]
    situation = "setup" if state["phase"] == "setup" else state["step"]
    if kind not in ACCEPTS[situation]:
        if kind not in HOME:
            raise IllegalAction(rule("actions"), f"unknown action type {kind!r}")
        where, rule_id = HOME[kind]
        raise IllegalAction(rule(rule_id), f"{kind!r} belongs to {where}; now: {situation}")
    em = Emitter(game, state)
    HANDLERS[kind](em, seat, action)
    return em.events


def _choose(em, seat, action):
    me = em.state["players"][seat]
    terr = _ids(action.get("territories"), '"territories"')
    chosen_magic = _card(action, "magic")
    if len(terr) != 3 or len(set(terr)) != 3 or any(c not in me["hand"] for c in terr):
        raise IllegalAction(rule("setup.choose"), "choose 3 different cards of your dealt deck cards as territories")
    if chosen_magic not in me["offered_magic"]:
        raise IllegalAction(rule("setup.choose"), f"choose your magic from those dealt to you: {me['offered_magic']}")
    v = em.emit("SetupChosen", {"seat": seat, "territories": terr, "magic": chosen_magic,
                                "unused_magic": [m for m in me["offered_magic"] if m != chosen_magic]},
                rule("setup.choose"), seat)
    if all(p["ready"] for p in em.state["players"]):
        flow.start_turn(em, em.state["first"], 1, v)


def _pass(em, seat, action):
    step = em.state["step"]
    v = em.emit("Passed", {"step": step}, rule(flow.STEP_RULE[step]), seat)
    if step == "counter":
        flow.close_chain(em, v)
        flow.open_counter_window(em, v)
    else:
        flow.continue_from(em, flow.next_step(step), v)


def _declare(kind, check, rule_id):
    def handler(em, seat, action):
        declared = _spells(action)
        check(em.state, seat, declared)
        v = em.emit("SpellsDeclared", {"seat": seat, "kind": kind, "spells": [
            {"target": sp["target"], "with": sp["with"], **({"as": sp["as"]} if sp["as"] else {})} for sp in declared]},
            rule(rule_id), seat)
        flow.open_counter_window(em, v)
    return handler


def _counter(em, seat, action):
    cards = _ids(action.get("with"), '"with"')
    as_map = _as_map(action.get("as"))
    spells.check_counter(em.state, seat, cards, as_map)
    v = em.emit("Countered", {"seat": seat, "with": list(cards), **({"as": as_map} if as_map else {})},
                rule("2.3"), seat)
    flow.open_counter_window(em, v)


def _magic(em, seat, action):
    mid = _card(action)
    entry = magic.check_magic(em.state, seat, mid)
    targets = magic.parse_targets(em.state, seat, mid, action)
    step = em.state["step"]
    v = em.emit("MagicUsed", {"seat": seat, "card": mid, "from": entry["state"], "to": magic.PAY[entry["state"]],
                              **({"target": targets} if targets else {})}, rule("magic.cost"), seat)
    magic.resolve(em, seat, mid, targets, v)
    if flow.check_life(em, v):
        return
    if not flow.needs_decision(em.state, step):
        flow.continue_from(em, flow.next_step(step), v)


def _territory(em, seat, action):
    card = _card(action)
    if em.state["flags"]["territory"]:
        raise IllegalAction(rule("4.1"), "territory expansion is once per turn")
    if card not in em.state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), f"card {card} is not in your hand")
    v = em.emit("TerritoryExpanded", {"seat": seat, "card": card}, rule("4.1"), seat)
    flow.continue_from(em, "strategy", v)


def _unit_from_hand(em, seat, action):
    card = _card(action)
    if card not in em.state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), f"card {card} is not in your hand")
    if not DECK[card].is_unit:
        raise IllegalAction(rule("4.2"), f"{card} ({DECK[card].name}) is not a unit card")
    return card


def _deploy(em, seat, action):
    card = _unit_from_hand(em, seat, action)
    limit = territory_limit(em.state, seat)
    if len(em.state["players"][seat]["units"]) >= UNIT_SLOTS:
        raise IllegalAction(rule("4.2"), "all 3 deployment areas are taken: redeploy instead")
    if DECK[card].cost > limit:
        raise IllegalAction(rule("4.2.deploy"), f"{card} costs {DECK[card].cost}; your territories allow {limit}")
    v = em.emit("UnitDeployed", {"seat": seat, "card": card, "limit": limit}, rule("4.2.deploy"), seat)
    flow.continue_from(em, "end", v)


def _redeploy(em, seat, action):
    card = _unit_from_hand(em, seat, action)
    gone = _ids(action.get("discard"), '"discard"')
    units = em.state["players"][seat]["units"]
    if not gone or len(set(gone)) != len(gone) or any(u not in units for u in gone):
        raise IllegalAction(rule("4.2.redeploy"), f"redeploy discards one or more different units of your field: {units}")
    limit = sum(DECK[u].cost for u in gone) + territory_limit(em.state, seat)
    if DECK[card].cost > limit:
        raise IllegalAction(rule("4.2.redeploy"), f"{card} costs {DECK[card].cost}; discarding {gone} allows {limit}")
    v = em.emit("UnitDeployed", {"seat": seat, "card": card, "discarded": gone, "limit": limit},
                rule("4.2.redeploy"), seat)
    flow.continue_from(em, "end", v)


HANDLERS = {
    "choose": _choose, "pass": _pass, "counter": _counter, "magic": _magic, "territory": _territory,
    "deploy": _deploy, "redeploy": _redeploy,
    "remove": _declare("remove", spells.check_removal, "2.1"),
    "enhance": _declare("enhance", spells.check_enhance, "2.2"),
}
