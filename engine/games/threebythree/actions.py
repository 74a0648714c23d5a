"""decide: check a seat's action against the rules of the current step and emit what follows.

The action vocabulary is the API's contract (see README.md): choose / mulligan (setup), remove /
enhance (spells), counter, magic, grand, territory, deploy, redeploy, dig / discard / heal (choices
an effect asks for), pass.
"""
from engine.core import Emitter, IllegalAction
from engine.core.i18n import Catalog, N_
from engine.games.threebythree import flow, grand, magic, setup_choices, spells
from engine.games.threebythree.cards import DECK
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.shapes import card_ids, echo
from engine.games.threebythree.state import UNIT_SLOTS, has_trait, may_negate, other, territory_limit

_, ngettext = Catalog.of("threebythree").functions()

STEP_ACTIONS = {"magic", "grand", "pass"}
# the fields decide reads, per action type (Game.action_fields; engine.core.match.play refuses others)
FIELDS = {kind: frozenset({"type", *fields}) for kind, fields in {
    "choose": ("territories", "magic", "hand"), "mulligan": (), "pass": (),
    "remove": ("spells",), "enhance": ("spells",), "counter": ("with", "as"),
    "magic": ("card", "target", "discard"),                         # target / discard: the magic's choices
    "grand": ("card", "give", "take", "copy", "target", "discard"),  # ★探生 give/take; ★天写 copy + its magic's
    "territory": ("card",), "deploy": ("card",), "redeploy": ("card", "discard", "to_hand"),
    "dig": (), "discard": ("card",), "heal": ("card", "as"), "undying": ("card",)}.items()}
SPELL_FIELDS = frozenset({"target", "with", "as"})

ACCEPTS = {
    "setup": {"choose", "mulligan"},
    "counter": {"counter", "grand", "pass"},
    "respond": {"grand", "pass"},
    "decision": {"dig", "discard", "heal", "undying", "pass"},
    "removal": {"remove"} | STEP_ACTIONS,
    "enhance": {"enhance", "deploy", "redeploy"} | STEP_ACTIONS,      # deploy here: 速攻 units only
    "territory": {"territory"} | STEP_ACTIONS,
    "strategy": {"deploy", "redeploy"} | STEP_ACTIONS,
    "end": STEP_ACTIONS,
}
# where each action type belongs, and the rule that says so
HOME = {"remove": (N_("the removal step"), "2.1"), "enhance": (N_("the enhancement step"), "2.2"),
        "counter": (N_("a counter window"), "2.3"), "territory": (N_("the territory step, once per turn"), "4.1"),
        "deploy": (N_("the strategy step, once per turn"), "4.2"),
        "redeploy": (N_("the strategy step, once per turn"), "4.2"),
        "choose": (N_("the setup"), "setup.choose"), "mulligan": (N_("the setup"), "apprentice.mulligan"),
        "magic": (N_("your own turn, outside counter windows"), "magic.basic"),
        "grand": (N_("your own turn, or answering the opponent's magic or enhancement (★不許火)"), "grand.basic"),
        "dig": (N_("a 宝掘 choice"), "trait.宝掘"), "discard": (N_("a discard an effect asks for"), "magic.effect"),
        "heal": (N_("a ★海癒 choice"), "grand.海癒"), "undying": (N_("a 不死 choice (ruling fushi-optional)"), "trait.不死"),
        "pass": (N_("a step that waits for you"), "turn.order")}
# where a seat is now, as the refusal of a move out of place says it
NOW = {"setup": N_("the setup"), "removal": N_("the removal step"), "enhance": N_("the enhancement step"),
       "territory": N_("the territory step"), "strategy": N_("the strategy step"), "end": N_("the end step"),
       "counter": N_("a counter window"), "respond": N_("an answer to a magic (★不許火)"),
       "decision": N_("a choice an effect asks")}


def _as_map(value) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and type(v) is int for k, v in value.items()):
        raise IllegalAction(rule("actions"), _('"as" must map card ids to numbers, e.g. {"046": 3}'))
    return value


def _spells(action) -> list:
    raw = action.get("spells")
    if not isinstance(raw, list) or not raw:
        raise IllegalAction(rule("actions"), _('"spells" must be a non-empty list of {"target", "with"}'))
    out = []
    for sp in raw:
        if not isinstance(sp, dict) or not isinstance(sp.get("target"), str):
            raise IllegalAction(rule("actions"), _('each spell needs a "target" card id'))
        if set(sp) - SPELL_FIELDS:
            raise IllegalAction(rule("actions"), _('a spell has no field %(field)s (its fields: "target", "with", "as")',
                                  field=echo(repr(min(map(str, set(sp) - SPELL_FIELDS))))))
        cards = card_ids(sp.get("with"), '"with"')
        if not 1 <= len(cards) <= 2:
            raise IllegalAction(rule("2.1"), _("a spell uses one or two cards"))
        out.append({"target": sp["target"], "with": list(cards), "as": _as_map(sp.get("as"))})
    return out


def _card(action, key="card") -> str:
    card = action.get(key)
    if not isinstance(card, str):
        raise IllegalAction(rule("actions"), _('"%(field)s" must be a card id', field=key))
    return card


def decide(game, state, seat, action, rng):
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(rule("actions"), _('an action is an object with a "type"'))
    if state["phase"] == "over":
        raise IllegalAction(rule("win.life"), _("the game is over"))
    if seat not in game.to_act(state):
        raise IllegalAction(rule("turn.order"), _("it is not your turn to act"))
    kind = action["type"]
    situation = "setup" if state["phase"] == "setup" else state["step"]
    if kind not in ACCEPTS[situation]:
        if kind not in HOME:
            raise IllegalAction(rule("actions"), _("unknown action type %(kind)s", kind=echo(repr(kind))))
        where, rule_id = HOME[kind]
        raise IllegalAction(rule(rule_id), _("%(kind)s belongs to %(where)s; now: %(now)s",
                                             kind=repr(kind), where=_(where),
                                                 now=_(NOW[situation]) if situation in NOW else situation))
    em = Emitter(game, state, rng)
    HANDLERS[kind](em, seat, action)
    return em.events


def _pass(em, seat, action):
    s = em.state
    step = s["step"]
    answering, deciding = s["respond"], s["decision"]
    undying = step == "decision" and deciding["kind"] == "undying"
    v = em.emit("Passed", {"step": step}, rule("trait.不死" if undying else flow.STEP_RULE[step]), seat)
    if step == "counter":
        flow.close_chain(em, v)
        flow.open_counter_window(em, v)
    elif step == "respond":
        resolve_magic(em, answering["seat"], answering["card"], answering["params"], v, answering["step"])
    elif step == "decision":
        flow.resume(em, deciding["resume"], v)
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
    cards = card_ids(action.get("with"), '"with"')
    as_map = _as_map(action.get("as"))
    spells.check_counter(em.state, seat, cards, as_map)
    v = em.emit("Countered", {"seat": seat, "with": list(cards), **({"as": as_map} if as_map else {})},
                rule("2.3"), seat)
    flow.open_counter_window(em, v)


# ---- magic ------------------------------------------------------------------------------------

def can_answer(state, seat) -> bool:
    """Public: may the opponent answer this magic with ★不許火? (never decided by a hidden card)."""
    return may_negate(state, other(seat)) and seat not in state["flags"]["unbounded"]


def use_magic(em, seat, mid, params, cause):
    """After paying: the cost of its condition, then the opponent's chance to negate, then the effect."""
    step = flow.resume_step(em.state)
    if params.get("discard"):
        em.emit("CardsDiscarded", {"seat": seat, "cards": params["discard"], "by": mid}, rule("magic.condition"), seat, cause)
    if can_answer(em.state, seat):
        em.emit("AnswerWindowOpened", {"seat": seat, "card": mid, "params": params, "responder": other(seat), "step": step},
                rule("grand.不許火"), cause=cause)
        return
    resolve_magic(em, seat, mid, params, cause, step)


def resolve_magic(em, seat, mid, params, cause, step):
    start = len(em.events)
    magic.resolve(em, seat, mid, params, cause, em.rng)
    if em.state["decision"] is not None or flow.check_life(em, cause):
        return
    undying = [e.data["card"] for e in em.events[start:] if e.type == "UnitDestroyed" and e.data.get("undying")]
    if not flow.offer_undying(em, other(seat), undying, step, cause):
        flow.resume(em, step, cause)


def _magic(em, seat, action):
    mid = _card(action)
    entry = magic.check_magic(em.state, seat, mid)
    params = magic.parse_params(em.state, seat, mid, action)
    v = em.emit("MagicUsed", {"seat": seat, "card": mid, "from": entry["state"], "to": magic.PAY[entry["state"]]},
                rule("magic.cost" if entry["state"] != "side" else "magic.残響"), seat)
    use_magic(em, seat, mid, params, v)


def _grand(em, seat, action):
    card = _card(action)
    s = em.state
    answering = s["step"] in ("counter", "respond")
    name = grand.check_grand(s, seat, card, answering)
    if s["step"] == "counter":
        pending = s["pending"]
        if pending["kind"] != "enhance" or pending["seat"] == seat:
            raise IllegalAction(rule("grand.不許火"), _("★不許火 negates the opponent's magic or enhancement, not a removal"))
        v = grand.pay(em, seat, card, name, None)
        em.emit("ChainClosed", {"index": pending["index"], "countered": True, "negated": True}, rule("grand.不許火"), seat, v)
        flow.open_counter_window(em, v)
    elif s["step"] == "respond":
        answered = s["respond"]
        v = grand.pay(em, seat, card, name, None)
        em.emit("MagicNegated", {"seat": answered["seat"], "card": answered["card"]}, rule("grand.不許火"), seat, v)
        flow.resume(em, answered["step"], v)
    elif name == "★天写":
        copy = _card(action, "copy")
        grand.check_copy(s, seat, card, copy)
        magic.check_magic(s, seat, copy, copied=True)
        params = magic.parse_params(s, seat, copy, action)
        mine = copy in (m["card"] for m in s["players"][seat]["magic"])
        v = grand.pay(em, seat, card, name, None)
        v = em.emit("MagicCopied", {"seat": seat, "card": copy, "by": card, **({} if mine else {"owner": other(seat)})},
                    rule("grand.天写"), seat, v)
        use_magic(em, seat, copy, params, v)
    else:
        step = s["step"]
        grand.own_turn(em, seat, card, name, action, em.rng, step)
        if em.state["decision"] is None:
            flow.resume(em, step, em.state["version"])


# ---- main phase -------------------------------------------------------------------------------

def _territory(em, seat, action):
    card = _card(action)
    if em.state["flags"]["territory"]:
        raise IllegalAction(rule("4.1"), _("territory expansion is once per turn"))
    if card not in em.state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), _("card %(card)s is not in your hand", card=echo(card)))
    v = em.emit("TerritoryExpanded", {"seat": seat, "card": card}, rule("4.1"), seat)
    flow.continue_from(em, "strategy", v)


def _unit_from_hand(em, seat, action):
    card = _card(action)
    if card not in em.state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), _("card %(card)s is not in your hand", card=echo(card)))
    if not DECK[card].is_unit:
        raise IllegalAction(rule("4.2"), _("%(card)s (%(name)s) is not a unit card", card=card, name=DECK[card].name))
    if em.state["flags"]["strategy"]:
        raise IllegalAction(rule("4.2"), _("deploy or redeploy once per turn"))
    if em.state["step"] == "enhance" and not has_trait(em.state, card, "速攻"):
        raise IllegalAction(rule("trait.速攻"), _("only a 速攻 unit deploys before the battle; %(card)s waits for the strategy step",
                                                card=card))
    return card


def _entered(em, seat, card, cause):
    """After a deployment: 宝掘 offers a draw; then the step goes on."""
    step = em.state["step"]
    if has_trait(em.state, card, "宝掘") and em.state["deck"]:
        em.emit("DecisionOpened", {"kind": "dig", "seat": seat, "card": card, "resume": step}, rule("trait.宝掘"), cause=cause)
    elif step == "strategy":
        flow.continue_from(em, "end", cause)
    else:
        flow.resume(em, step, cause)


def _deploy(em, seat, action):
    card = _unit_from_hand(em, seat, action)
    limit = territory_limit(em.state, seat)
    if len(em.state["players"][seat]["units"]) >= UNIT_SLOTS:
        raise IllegalAction(rule("4.2"), _("all 3 deployment areas are taken: redeploy instead"))
    if DECK[card].cost > limit:
        raise IllegalAction(rule("4.2.deploy"), _("%(card)s costs %(cost)s; your territories allow %(limit)s",
                                                  card=card, cost=DECK[card].cost, limit=limit))
    v = em.emit("UnitDeployed", {"seat": seat, "card": card, "limit": limit}, rule("4.2.deploy"), seat)
    _entered(em, seat, card, v)


def _redeploy(em, seat, action):
    card = _unit_from_hand(em, seat, action)
    gone = card_ids(action.get("discard"), '"discard"')
    back = card_ids(action.get("to_hand", []), '"to_hand"')
    units = em.state["players"][seat]["units"]
    if not gone or len(set(gone)) != len(gone) or any(u not in units for u in gone):
        raise IllegalAction(rule("4.2.redeploy"), _("redeploy discards one or more different units of your field: %(units)s",
                                                    units=units))
    if any(u not in gone or not has_trait(em.state, u, "交代") for u in back):
        raise IllegalAction(rule("trait.交代"), _("only a 交代 unit you redeploy away may go back to your hand"))
    limit = sum(DECK[u].cost for u in gone) + territory_limit(em.state, seat, leaving=gone)
    if DECK[card].cost > limit:
        raise IllegalAction(rule("4.2.redeploy"), _("%(card)s costs %(cost)s; discarding %(gone)s allows %(limit)s",
                                                    card=card, cost=DECK[card].cost, gone=gone,
                                                        limit=limit))
    v = em.emit("UnitDeployed", {"seat": seat, "card": card, "discarded": gone, "to_hand": back, "limit": limit},
                rule("4.2.redeploy"), seat)
    _entered(em, seat, card, v)


# ---- choices effects ask for ------------------------------------------------------------------

def _waiting(em, kind):
    decision = em.state["decision"]
    if decision["kind"] != kind:
        raise IllegalAction(rule("actions"), _("the choice waiting is %(waiting)s, not %(kind)s",
                                               waiting=repr(decision["kind"]), kind=repr(kind)))
    return decision


def _dig(em, seat, action):
    d = _waiting(em, "dig")
    v = em.emit("CardDrawn", {"seat": seat, "card": em.state["deck"][0], "by": d["card"]}, rule("trait.宝掘"), seat)
    em.emit("DecisionOpened", {"kind": "discard", "seat": seat, "count": 1, "by": d["card"], "resume": d["resume"]},
            rule("trait.宝掘"), cause=v)


def _discard(em, seat, action):
    d = _waiting(em, "discard")
    card = _card(action)
    if card not in em.state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), _("card %(card)s is not in your hand", card=echo(card)))
    v = em.emit("CardsDiscarded", {"seat": seat, "cards": [card], "by": d.get("by")}, rule("magic.effect"), seat)
    em.emit("DecisionClosed", {}, rule("magic.effect"), cause=v)
    flow.resume(em, d["resume"], v)


def _undying(em, seat, action):
    """Ruling fushi-optional "optional": one of the 不死 units just destroyed goes back to the hand."""
    d = _waiting(em, "undying")
    card = _card(action)
    if card not in d["cards"]:
        raise IllegalAction(rule("trait.不死"), _("choose one of the 不死 units just destroyed %(cards)s",
                                                cards=d["cards"]))
    v = em.emit("UndyingUsed", {"seat": seat, "card": card}, rule("trait.不死"), seat)
    if not em.state["decision"]["cards"]:
        em.emit("DecisionClosed", {}, rule("trait.不死"), cause=v)
        flow.resume(em, d["resume"], v)


def _heal(em, seat, action):
    d = _waiting(em, "heal")
    card = _card(action)
    if card not in d["cards"]:
        raise IllegalAction(rule("grand.海癒"), _("choose one of the kept cards %(cards)s", cards=d["cards"]))
    amount = grand.heal_amount(card, _as_map(action.get("as")))
    v = em.emit("LifeGained", {"seat": seat, "amount": amount, "card": card}, rule("grand.海癒"), seat)
    em.emit("DecisionClosed", {}, rule("grand.海癒"), cause=v)
    flow.resume(em, d["resume"], v)


HANDLERS = {
    "choose": setup_choices.choose, "mulligan": setup_choices.mulligan, "pass": _pass, "counter": _counter,
    "magic": _magic, "grand": _grand, "territory": _territory, "deploy": _deploy, "redeploy": _redeploy,
    "dig": _dig, "discard": _discard, "heal": _heal, "undying": _undying,
    "remove": _declare("remove", spells.check_removal, "2.1"),
    "enhance": _declare("enhance", spells.check_enhance, "2.2"),
}
