"""Random full games of every level: never crash, always end, fold(events) equals the live state, no leaks.

Every action is chosen from legal_actions, so this also checks that each listed action is accepted.
One game in ten is checked after every action: no leak in any view or redacted event, decide leaves
its input alone, and the state folded from the JSON-stored events equals the live one. Every game
ends with fold(events) == live, also from the JSON-stored events.
"""
import json
import random
import re

import pytest

from engine.core import Event, MatchConfig, apply, create_events, fold, play
from tests.threebythree.table import GAME

GAMES = {"overlord": 2000, "apprentice": 2000, "wizard": 2000, "seven-mage": 2000}
BLOCKS = 10
MAX_ACTIONS = 3000
CARD_ID = re.compile(r'"(\d{3}|A\d{2})"')


def hidden_from(state, seat):
    """Card ids the seat (None = spectator) may not see in this state."""
    hidden = set(state["deck"]) | set(state["leftovers"])
    for i, p in enumerate(state["players"]):
        if i != seat:
            hidden |= set(p["hand"]) | set(p["territories"]) | set(p["offered_magic"])
            hidden |= {c for h in p["offered_hands"] for c in h}
            hidden |= {m["card"] for m in p["magic"] if m["state"] == "down" and not m.get("shown")}
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


def stored(events):
    return [Event.from_dict(json.loads(json.dumps(e.to_dict(), ensure_ascii=False))) for e in events]


def play_random_game(variant, i):
    seed = b"playout-%d" % i
    checked = i % 10 == 0
    events = create_events(GAME, MatchConfig("threebythree", variant, ["a", "b"], {}), seed)
    live = fold(GAME, events)
    shadow = fold(GAME, stored(events))
    rng = random.Random(i)
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(live) is not None:
            return live, events
        seat = rng.choice(GAME.to_act(live))
        before = json.loads(json.dumps(live)) if checked else None
        new = play(GAME, live, seat, rng.choice(GAME.legal_actions(live, seat)), seed)
        if checked:
            assert live == before, "decide changed the state it was given"
        live = fold(GAME, new, live)
        events += new
        if checked:
            check_no_leak(before, new)
            shadow = fold(GAME, stored(new), shadow)
            assert shadow == live
            for s in (0, 1, None):
                assert not ids_in(GAME.view(live, s)) & hidden_from(live, s)
    pytest.fail(f"game {i} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games(variant, block):
    for i in range(block, GAMES[variant], BLOCKS):
        live, events = play_random_game(variant, i)
        assert GAME.outcome(live)["reason"] in ("life", "deck")
        assert fold(GAME, events) == live == fold(GAME, stored(events))
        assert GAME.to_act(live) == [] and GAME.legal_actions(live, 0) == []
