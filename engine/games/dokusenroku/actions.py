"""decide: check a seat's action against the rules of the current step and emit what follows.

The action vocabulary (README.md): draw, spell, invest, roll (the main step, Ⅰ-Ⅳ in order); place,
pay, invade, bonus, replace, pass (the square reached); support (a battle); choose (a pending choice);
sell, refill (money); discard (hand limit).
"""
from engine.core import Emitter, IllegalAction
from engine.core.i18n import Catalog, N_
from engine.games.dokusenroku import battle, effects, flow, money, moves
from engine.games.dokusenroku.board import EVENT_TABLE, HAND_LIMIT, LANDS, MAX_LEVEL, land_at
from engine.games.dokusenroku.cards import SPELLS, card_name, card_of, cost_of, is_character
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.secrets import echo
from engine.games.dokusenroku.state import land as land_of, owned_lands, pile_index

_, ngettext = Catalog.of("dokusenroku").functions()

ACCEPTS = {
    "main": {"draw", "spell", "invest", "roll"},
    "land": {"place", "pass"},
    "own": {"place", "pass"},
    "other": {"pay", "invade"},
    "event": {"bonus", "replace", "pass"},
    "choose": {"choose", "pass"},
    "defend": {"support"},
    "invader_support": {"support"},
    "sell": {"sell"},
    "refill": {"refill", "pass"},
    "discard": {"discard"},
}
# the fields decide reads of each action type (Game.action_fields; play refuses any other field)
ACTION_FIELDS = {kind: frozenset({"type", *fields}) for kind, fields in {
    "draw": (), "spell": ("card", "target"), "invest": ("land", "levels"), "roll": ("steps",), "place": ("card",),
    "pass": (), "pay": (), "invade": ("card", "support"), "support": ("card",), "bonus": (),
    "replace": ("land", "card"), "choose": ("land", "card"), "sell": ("land",), "refill": (), "discard": ("cards",),
}.items()}
HOME = {"draw": (N_("the start of your turn (Ⅰ)"), "turn.draw"),
        "spell": (N_("your turn before investing (Ⅱ)"), "turn.spell"),
        "invest": (N_("your turn before rolling (Ⅲ)"), "turn.invest"), "roll": (N_("your turn (Ⅳ)"), "turn.move"),
        "place": (N_("an empty or own land you stopped on"), "square.empty"),
        "pay": (N_("another's land"), "square.toll"), "invade": (N_("another's land"), "square.invade"),
        "bonus": (N_("an EVENT square"), "square.event.bonus"), "replace": (N_("an EVENT square"), "square.event.replace"),
        "pass": (N_("a decision you may decline"), "turn.order"),
        "support": (N_("a battle that waits for your support"), "battle.defender"),
        "choose": (N_("a pending choice"), "spell.effect"), "sell": (N_("a toll you cannot pay"), "money.sell"),
        "refill": (N_("bankruptcy"), "money.refill"), "discard": (N_("the end of your turn with 7+ cards"), "turn.hand-limit")}


def decide(game, state, seat, action, rng):
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(rule("actions"), _('an action is an object with a "type"'))
    if state["phase"] == "over":
        raise IllegalAction(rule("end.draw"), _("the game is over"))
    if seat not in game.to_act(state):
        raise IllegalAction(rule("turn.order"), _("seat %(seat)s is not to act; waiting for %(waiting)s", seat=seat,
                                                   waiting=game.to_act(state)))
    kind, step = action["type"], state["step"]
    if kind not in ACCEPTS[step]:
        if kind not in HOME:
            raise IllegalAction(rule("actions"), _("unknown action type %(kind)s", kind=echo(kind)))
        where, rule_id = HOME[kind]
        raise IllegalAction(rule(rule_id), _("'%(kind)s' belongs to %(where)s; now: %(step)s", kind=kind, where=_(where),
                                               step=step))
    em = Emitter(game, state)
    HANDLERS[kind](em, seat, action, rng)
    return em.events


def _hand_card(state, seat, action, key="card"):
    card = action.get(key)
    if not isinstance(card, str) or card not in state["players"][seat]["hand"]:
        raise IllegalAction(rule("actions"), _('"%(key)s" must be a card in your hand, not %(card)s', key=key,
                                                 card=echo(card)))
    return card


def _own_land(state, seat, action):
    land = action.get("land")
    if not isinstance(land, str) or land not in LANDS or land_of(state, land)["owner"] != seat:
        raise IllegalAction(rule("actions"), _('"land" must be one of your lands (%(lands)s), not %(land)s',
                                                 lands=_(", ").join(LANDS[x].name for x in owned_lands(state, seat)),
                                                 land=echo(land)))
    return land


# ---- main step: Ⅰ draw, Ⅱ spell, Ⅲ invest, Ⅳ roll ---------------------------------------------------

def _draw(em, seat, action, rng):
    state = em.state
    if state["flags"]["stage"] > 0:
        raise IllegalAction(rule("turn.order"), _("the draw (Ⅰ) comes before spells and investing"))
    pile = pile_index(state, seat)
    if not state["piles"][pile]["deck"]:
        flow.end_game(em, seat, None, actor=seat)
        return
    v = em.emit("CardDrawn", {"seat": seat, "pile": pile, "card": state["piles"][pile]["deck"][0],
                              "turn_draw": True}, rule("turn.draw"), seat)
    flow.ran_out(em, seat, v)


def _spell(em, seat, action, rng):
    state = em.state
    card = _hand_card(state, seat, action)
    if card_of(card) not in SPELLS:
        raise IllegalAction(rule("turn.spell"), _("%(card)s is not a spell card", card=card_name(card)))
    spell = SPELLS[card_of(card)]
    if state["flags"]["stage"] > 1:
        raise IllegalAction(rule("turn.order"), _("spells (Ⅱ) come before investing (Ⅲ)"))
    if state["flags"]["spell"] and not spell.free:
        raise IllegalAction(rule("turn.spell"), _("you have used your one spell card this turn"))
    if state["players"][seat]["money"] < spell.cost:
        raise IllegalAction(rule("card.cost"), _("%(card)s costs %(cost)s圓", card=spell.name, cost=spell.cost))
    target = spell_target(state, seat, spell, action.get("target"))
    v = em.emit("SpellCast", {"seat": seat, "card": card, "cost": spell.cost, "target": target, "free": spell.free},
                rule("turn.spell"), seat)
    effects.apply_all(effects.Ctx(em, seat, target, v, rng, "spell", "main"), spell.effects)


def spell_target(state, seat, spell, target):
    """The target a spell names: another seat, a land of yours it can raise, another's it can lower."""
    kind = spell.target
    if kind == "none":
        if target is not None:
            raise IllegalAction(rule("actions"), _("%(card)s takes no target", card=spell.name))
        return None
    if kind == "other":
        if type(target) is not int or target == seat or not 0 <= target < len(state["players"]):
            raise IllegalAction(rule("actions"), _('%(card)s targets another player: "target" is their seat',
                                                     card=spell.name))
        return target
    land = state["lands"].get(target) if isinstance(target, str) else None
    if kind == "own_land" and (land is None or land["owner"] != seat or land["level"] >= MAX_LEVEL):
        raise IllegalAction(rule("spell.effect"), _("%(card)s targets one of your lands below level %(max)s",
                                                     card=spell.name, max=MAX_LEVEL))
    if kind == "other_land" and (land is None or land["owner"] in (None, seat) or land["level"] <= 1):
        raise IllegalAction(rule("spell.effect"), _("%(card)s targets another player's land above level 1",
                                                     card=spell.name))
    return target


def _invest(em, seat, action, rng):
    state = em.state
    if state["flags"]["stage"] > 1:
        raise IllegalAction(rule("turn.invest"), _("you may invest in one land per turn"))
    land = _own_land(state, seat, action)
    levels = action.get("levels", 1)
    level = state["lands"][land]["level"]
    if type(levels) is not int or levels < 1 or level + levels > MAX_LEVEL:
        raise IllegalAction(rule("land.level"), _("%(land)s is level %(level)s; levels go up to %(max)s",
                                                   land=LANDS[land].name, level=level, max=MAX_LEVEL))
    cost = LANDS[land].invest * levels
    if state["players"][seat]["money"] < cost:
        raise IllegalAction(rule("turn.invest"), ngettext("%(n)s level of %(land)s costs %(cost)s圓",
                                                           "%(n)s levels of %(land)s cost %(cost)s圓", levels,
                                                           land=LANDS[land].name, cost=cost))
    em.emit("Invested", {"seat": seat, "land": land, "levels": levels, "cost": cost, "level": level + levels},
            rule("turn.invest"), seat)


def _roll(em, seat, action, rng):
    moves.roll(em, seat, action, rng)


# ---- the square reached ------------------------------------------------------------------------

def _place(em, seat, action, rng, rule_id=None, land=None):
    state = em.state
    land = land or land_at(state["players"][seat]["at"])
    card = _hand_card(state, seat, action)
    rule_id = rule_id or ("square.empty" if land_of(state, land)["owner"] is None else "square.own")
    if not is_character(card):
        raise IllegalAction(rule("spell.not-placeable" if card_of(card) in SPELLS else "card.charisma"),
                            _("%(card)s cannot be placed: only character cards go on lands", card=card_name(card)))
    if state["players"][seat]["money"] < cost_of(card):
        raise IllegalAction(rule("card.cost"), _("%(card)s costs %(cost)s圓", card=card_name(card), cost=cost_of(card)))
    v = em.emit("CharacterPlaced", {"seat": seat, "land": land, "card": card, "cost": cost_of(card),
                                    "replaced": land_of(state, land)["character"]}, rule(rule_id), seat)
    flow.finish_turn(em, v)


def _replace(em, seat, action, rng):
    _place(em, seat, action, rng, "square.event.replace", _own_land(em.state, seat, action))


def _pass(em, seat, action, rng):
    step = em.state["step"]
    if step == "choose":
        effects.choose(em, seat, action, rng)
        return
    v = em.emit("Passed", {"seat": seat, "step": step}, rule(flow.STEP_RULE[step]), seat)
    flow.finish_turn(em, v)


def _pay(em, seat, action, rng):
    money.charge_toll(em, seat, land_at(em.state["players"][seat]["at"]), None, actor=seat)


def _invade(em, seat, action, rng):
    battle.declare(em, seat, land_at(em.state["players"][seat]["at"]), action)


def _bonus(em, seat, action, rng):
    dice = [rng.die(6), rng.die(6)]
    entry = EVENT_TABLE[sum(dice)]
    v = em.emit("EventRolled", {"seat": seat, "dice": dice, "total": sum(dice), "name": entry["name"]},
                rule("square.event.bonus"), seat)
    if effects.apply_all(effects.Ctx(em, seat, None, v, rng, "event", "finish"), entry["effects"]) is None:
        flow.finish_turn(em, v)


def _support(em, seat, action, rng):
    if "card" not in action:
        raise IllegalAction(rule("actions"), _('give "card": a card id, or null for no support'))
    battle.commit(em, seat, action)


def _choose(em, seat, action, rng):
    effects.choose(em, seat, action, rng)


def _sell(em, seat, action, rng):
    money.sell(em, seat, _own_land(em.state, seat, action), None)


def _refill(em, seat, action, rng):
    v = em.emit("RefillChosen", {"seat": seat}, rule("money.refill"), seat)
    money.refill(em, seat, v)


def _discard(em, seat, action, rng):
    state = em.state
    cards = action.get("cards")
    hand = state["players"][seat]["hand"]
    need = len(hand) - HAND_LIMIT
    if not isinstance(cards, list) or len(cards) != need or len(set(map(str, cards))) != need \
            or any(c not in hand for c in cards):
        raise IllegalAction(rule("turn.hand-limit"), ngettext(
            "discard exactly %(n)s card of your hand, down to %(limit)s",
            "discard exactly %(n)s different cards of your hand, down to %(limit)s", need, limit=HAND_LIMIT))
    v = em.emit("CardsDiscarded", {"seat": seat, "cards": list(cards), "random": False}, rule("turn.hand-limit"), seat)
    flow.end_turn(em, v)


HANDLERS = {
    "draw": _draw, "spell": _spell, "invest": _invest, "roll": _roll, "place": _place, "pass": _pass,
    "pay": _pay, "invade": _invade, "bonus": _bonus, "replace": _replace, "support": _support,
    "choose": _choose, "sell": _sell, "refill": _refill, "discard": _discard,
}
assert set(ACTION_FIELDS) == set(HANDLERS) == set(HOME)
