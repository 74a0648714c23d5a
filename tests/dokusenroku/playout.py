"""A seeded random player and the conformance checks run on its games (test_playouts.py).

The player always draws when the turn offers it (Ⅰ), so every turn takes a card from a deck and a game
lasts at most as many turns as the decks hold cards; everything else it picks at random from
legal_actions, so every listed action is also checked to be accepted.
"""
import json
import random
import re

from engine.core import MatchConfig, Rng, apply, create_events, fold, step
from engine.core.match import check_fields
from tests.dokusenroku.table import GAME

CARD = re.compile(r'"((?:\d:)?[CSX]\d\d[a-d])"')


def hidden_from(state, seat):
    """Card instances the seat (None: a spectator) may not see in this state."""
    hidden = set()
    for pile in state["piles"]:
        hidden.update(pile["deck"])
        hidden.update(pile["removed"])
    pending = state["pending"]
    if pending is not None and pending["kind"] == "search" and pending["seat"] == seat:
        hidden.difference_update(pending["options"])
    for i, p in enumerate(state["players"]):
        if i != seat:
            hidden.update(p["hand"])
    b = state["battle"]
    if b is not None:
        for role, card in b["supports"].items():
            if card is not None and not b["revealed"][role] and b[role] != seat:
                hidden.add(card)
    return hidden


def cards_in(obj):
    return set(CARD.findall(json.dumps(obj, ensure_ascii=False)))


def check_no_leak(before, events, seats):
    """A card may show in a redacted event only if the viewer may see it after the event or saw it before
    (``before``: a copy of the state before them, used up)."""
    state = before
    hidden = {s: hidden_from(state, s) for s in seats}
    for event in events:
        was_hidden = hidden                     # what was hidden after the event before: the same state
        state = apply(GAME, state, event)
        hidden = {s: hidden_from(state, s) for s in seats}
        for s in seats:
            leaked = cards_in(GAME.redact(event, s).data) & hidden[s] & was_hidden[s]
            assert not leaked, f"{event.type} shows {leaked} to seat {s}"


def check_views(state, seats):
    for s in seats:
        leaked = cards_in(GAME.view(state, s)) & hidden_from(state, s)
        assert not leaked, f"the view of seat {s} shows {leaked}"


def play_random_game(variant, seats, options, index, max_actions, deep):
    """Play one game; ``deep`` games check that nothing leaks after every action
    (generic conformance is tests/conformance)."""
    seed = b"dokusenroku-playout-%s-%d-%d" % (variant.encode(), seats, index)
    config = MatchConfig("dokusenroku", variant, ["p%d" % i for i in range(seats)], options)
    events = create_events(GAME, config, seed)
    live = fold(GAME, events)
    everyone = list(range(seats)) + [None]
    rng = random.Random(index)
    for n in range(max_actions):
        if GAME.outcome(live) is not None:
            return live, events, n
        to_act = GAME.to_act(live)
        assert to_act, f"nobody to act at step {live['step']}"
        seat = rng.choice(to_act)
        legal = GAME.legal_actions(live, seat)
        action = legal[0] if legal[0]["type"] == "draw" else rng.choice(legal)
        before = json.loads(json.dumps(live)) if deep else None
        check_fields(GAME, action)
        live, new = step(GAME, live, seat, action, Rng.for_version(seed, live["version"]))   # play, then fold
        if deep:
            check_no_leak(before, new, everyone)
        if deep:
            check_views(live, everyone)
        events += new
    raise AssertionError(f"{variant}/{seats} game {index} did not end in {max_actions} actions")
