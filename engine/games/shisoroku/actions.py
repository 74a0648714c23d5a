"""decide: check a seat's action against the rules of the moment and emit what follows.

In a turn with no decision pending, the active seat acts:
    {"type": "play", "card": id}        an action card (action phase) or a treasure (before buying)
    {"type": "play_treasures"}          every treasure in hand, one by one in hand order
    {"type": "end_actions"}             end the action phase
    {"type": "buy", "card": id}         buy a supply card
    {"type": "end_turn", "top": id?}    clean up (``top``: the card to leave on top of the discard pile)
Playing a treasure, buying or ending the turn during the action phase ends the action phase first
(l.49: the player stops playing actions). A pending decision is answered with {"type": "choose", ...}
(see decisions.py).
"""
from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.shisoroku import decisions, turn
from engine.games.shisoroku.cards import CARD_ID, CARDS
from engine.games.shisoroku.effects import treasure_coins
from engine.games.shisoroku.moves import buy, play_card
from engine.games.shisoroku.narration import ASKS, PHASES, name
from engine.games.shisoroku.rulebook import rule
from engine.games.shisoroku.run import Run
from engine.games.shisoroku.state import cost

_, ngettext = Catalog.of("shisoroku").functions()

MAIN = ("play", "play_treasures", "end_actions", "buy", "end_turn")
# the fields decide reads, per action type (Game.action_fields; engine.core.match.play refuses others).
# "choose" takes the field its decision's kind reads (decisions.py): cards / card / options or option.
FIELDS = {"play": frozenset({"type", "card"}), "play_treasures": frozenset({"type"}),
          "end_actions": frozenset({"type"}), "buy": frozenset({"type", "card"}),
          "end_turn": frozenset({"type", "top"}),
          "choose": frozenset({"type", "cards", "card", "options", "option"})}


def echo(value) -> str:
    """What a message may repeat of what the seat sent: its repr, cut to 40 characters."""
    return repr(value)[:40]


def _illegal(rule_id, message):
    raise IllegalAction(rule(rule_id), message)


def to_act(state) -> list:
    pending = state["pending"]
    if pending is not None:
        return [s for s, done in zip(pending["seats"], pending["answered"]) if not done]
    if state["phase"] in ("action", "buy"):
        return [state["active"]]
    return []


def decide(game, state, seat, action, rng):
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        _illegal("kifu.actions", _('an action is an object with a "type"'))
    if state["phase"] == "over":
        _illegal("end", _("the game is over"))
    if seat not in to_act(state):
        _illegal("turn.order", _("seat %(seat)s is not to act now (waiting for %(waiting)s)", seat=seat,
                                 waiting=to_act(state)))
    kind = action["type"]
    run = Run(game, state, rng)
    if state["pending"] is not None:
        if kind != "choose":
            asks = state["pending"]["kind"]
            _illegal("kifu.actions", _('a decision is pending (%(doing)s): answer it with "choose"',
                                       doing=_(ASKS[asks]) if asks in ASKS else asks))
        _answer(run, seat, action)
    elif kind in MAIN:
        HANDLERS[kind](run, seat, action)
    else:
        _illegal("kifu.actions", _("unknown action type %(type)s; in a turn: %(types)s", type=echo(kind), types=list(MAIN)))
    if not run.waiting and run.state["phase"] != "over":
        turn.settle(run, run.state["version"])
    return run.em.events


def _answer(run, seat, action):
    s = run.state
    pending = s["pending"]
    value = decisions.check(s, seat, action)
    i = pending["seats"].index(seat)
    answers = list(pending["answers"])
    answers[i] = value
    closes = pending["answered"].count(False) == 1
    then, stack = pending["then"], s["stack"]
    run.emit("Decided", {"seat": seat, "kind": pending["kind"], "answer": value, "closes": closes},
             pending["rule"], seat=seat)
    if closes:
        run.stack = list(stack)
        run.push({**then, "answer": value, "answers": answers})
        run.loop()


def _card_arg(action) -> str:
    card = action.get("card")
    if not isinstance(card, str) or card not in CARD_ID:
        _illegal("kifu.actions", _('"card" must be a card id'))
    return CARD_ID[card]


def _leave_action_phase(run, seat):
    if run.state["phase"] == "action":
        run.emit("PhaseStarted", {"phase": "buy"}, "action.end", seat=seat)


def _play(run, seat, action):
    card = _card_arg(action)
    s = run.state
    if card not in s["players"][seat]["hand"]:
        _illegal("action.play", _("%(card)s is not in your hand", card=name(card)))
    c = CARDS[card]
    if s["phase"] == "action" and c.is_("action"):
        if s["actions"] <= 0:
            _illegal("action.one", _("no action left to play an action card"))
        play_card(run, seat, card, "hand", True, None)
        run.loop()
    elif c.is_("treasure"):
        _treasures(run, seat, [card])
    else:
        _illegal("action.play" if s["phase"] == "action" else "buy.treasures",
                 _("%(card)s cannot be played in %(phase)s", card=c.name,
                   phase=_(PHASES[s["phase"]]) if s["phase"] in PHASES else s["phase"]))


def _treasures(run, seat, cards):
    if run.state["bought"]:
        _illegal("buy.no-more-treasures", _("buying has started: no more treasures may be played"))
    _leave_action_phase(run, seat)
    coins = 0
    for c in cards:
        coins += treasure_coins(run.state, c)
    run.emit("TreasuresPlayed", {"seat": seat, "cards": cards, "coins": coins}, "buy.treasures", seat=seat)


def _play_treasures(run, seat, action):
    cards = [c for c in run.state["players"][seat]["hand"] if CARDS[c].is_("treasure")]
    if not cards:
        _illegal("buy.treasures", _("no treasure in your hand"))
    _treasures(run, seat, cards)


def _end_actions(run, seat, action):
    if run.state["phase"] != "action":
        _illegal("action.end", _("the action phase is over"))
    run.emit("PhaseStarted", {"phase": "buy"}, "action.end", seat=seat)


def _buy(run, seat, action):
    card = _card_arg(action)
    s = run.state
    if s["buys"] <= 0:
        _illegal("buy.end", _("no buy left"))
    if s["supply"].get(card, 0) <= 0:
        _illegal("buy.buy", _("%(card)s is not a supply pile with cards left", card=name(card)))
    price = cost(s, card)
    if price > s["coins"]:
        _illegal("buy.split", ngettext("%(card)s costs %(price)s; you have %(n)s coin",
                                       "%(card)s costs %(price)s; you have %(n)s coins", s["coins"], card=name(card),
                                       price=price))
    _leave_action_phase(run, seat)
    buy(run, seat, card, price)
    run.loop()


def _end_turn(run, seat, action):
    top = action.get("top")
    if top is not None and top not in turn.cleanup_order(run.state, seat):
        _illegal("cleanup.order", _("%(card)s is not a card you put into your discard pile now", card=echo(top)))
    _leave_action_phase(run, seat)
    turn.end_turn(run, seat, top)
    run.loop()


HANDLERS = {"play": _play, "play_treasures": _play_treasures, "end_actions": _end_actions, "buy": _buy,
            "end_turn": _end_turn}
