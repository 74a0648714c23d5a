"""Random full games of every level end by life or deck, and leak nothing: one game in ten is checked
after every action against an independent statement of what each seat may see, in every view and
redacted event
(generic conformance — fold equality, JSON round trips, decide's purity, to_act and legal_actions
agreeing, every listed action accepted — is tests/conformance).
"""
import json
import random
import re

import pytest

from engine.core import MatchConfig, Rng, apply, create_events, fold, step
from engine.core.match import check_fields
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
    """A card may show in a redacted event only if the viewer may see it after the event or saw it before
    (``before``: a copy of the state before them, used up)."""
    state = before
    hidden = {s: hidden_from(state, s) for s in (0, 1, None)}
    for event in events:
        was_hidden = hidden                     # what was hidden after the event before: the same state
        state = apply(GAME, state, event)
        hidden = {s: hidden_from(state, s) for s in (0, 1, None)}
        for seat in (0, 1, None):
            shown = GAME.redact(event, seat)
            leaked = ids_in(shown.data) & hidden[seat] & was_hidden[seat]
            assert not leaked, f"{event.type} shows {leaked} to seat {seat}"


def play_random_game(variant, i):
    seed = b"playout-%d" % i
    checked = i % 10 == 0
    events = create_events(GAME, MatchConfig("threebythree", variant, ["a", "b"], {}), seed)
    live = fold(GAME, events)
    rng = random.Random(i)
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(live) is not None:
            return live, events
        seat = rng.choice(GAME.to_act(live))
        before = json.loads(json.dumps(live)) if checked else None
        action = rng.choice(GAME.legal_actions(live, seat))
        check_fields(GAME, action)
        live, new = step(GAME, live, seat, action, Rng.for_version(seed, live["version"]))   # play, then fold
        events += new
        if checked:
            check_no_leak(before, new)
            for s in (0, 1, None):
                assert not ids_in(GAME.view(live, s)) & hidden_from(live, s)
    pytest.fail(f"game {i} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games(variant, block):
    for i in range(block, GAMES[variant], BLOCKS):
        live, _ = play_random_game(variant, i)
        assert GAME.outcome(live)["reason"] in ("life", "deck")
