"""Random full Overlord games: never crash, always end, fold(events) equals the live state, no leaks.

Every action is chosen from legal_actions, so this also checks that each listed action is accepted.
"""
import json
import random
import re

import pytest

from engine.core import Event, MatchConfig, apply, create_events, fold, play
from tests.threebythree.table import GAME

GAMES = 500
MAX_ACTIONS = 2000
CARD_ID = re.compile(r'"(\d{3}|A\d{2})"')


def hidden_from(state, seat):
    """Card ids the seat (None = spectator) may not see in this state."""
    hidden = set(state["deck"])
    for i, p in enumerate(state["players"]):
        if i != seat:
            hidden |= set(p["hand"]) | set(p["territories"]) | set(p["offered_magic"])
            hidden |= {m["card"] for m in p["magic"] if m["state"] == "down"}
    return hidden


def ids_in(obj):
    return set(CARD_ID.findall(json.dumps(obj, ensure_ascii=False)))


def check_no_leak(before, events):
    """A card may show in a redacted event only if the viewer may see it after the event or saw it before."""
    state = json.loads(json.dumps(before))
    for event in events:
        was_hidden = {s: hidden_from(state, s) for s in (0, 1, None)}
        state = apply(GAME, state, event)
        for seat in (0, 1, None):
            shown = GAME.redact(event, seat)
            leaked = ids_in(shown.data) & hidden_from(state, seat) & was_hidden[seat]
            assert not leaked, f"{event.type} shows {leaked} to seat {seat}"


def play_random_game(i):
    seed = b"playout-%d" % i
    events = create_events(GAME, MatchConfig("threebythree", "overlord", ["a", "b"], {}), seed)
    live = fold(GAME, events)
    shadow = fold(GAME, [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in events])
    rng = random.Random(i)
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(live) is not None:
            return live, events
        seat = rng.choice(GAME.to_act(live))
        before = json.loads(json.dumps(live))
        new = play(GAME, live, seat, rng.choice(GAME.legal_actions(live, seat)), seed)
        assert live == before, "decide changed the state it was given"
        if i % 10 == 0:
            check_no_leak(before, new)
        live = fold(GAME, new, live)
        shadow = fold(GAME, [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in new], shadow)
        assert shadow == live
        for s in (0, 1, None):
            if s is None or i % 5 == 0:
                assert not ids_in(GAME.view(live, s)) & hidden_from(live, s)
        events += new
    pytest.fail(f"game {i} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("block", range(10))
def test_random_overlord_games(block):
    for i in range(block, GAMES, 10):
        live, events = play_random_game(i)
        assert GAME.outcome(live)["reason"] in ("life", "deck")
        assert fold(GAME, events) == live
        assert GAME.to_act(live) == [] and GAME.legal_actions(live, 0) == []
