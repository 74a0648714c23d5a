"""Random full duels of every variant end by smash or deck (and best-of-3 matches by the match), one
seat decides at a time outside sideboarding, and no hidden card leaks to a seat or a spectator (views
and redacted events, against an independent statement of what each may see; the engine's own list of
hidden ids agrees with its per-card predicate ``visible``)
(generic conformance — fold equality, JSON round trips, decide's purity, to_act and legal_actions
agreeing, every listed action accepted — is tests/conformance).
DZ_PLAYOUTS sets the games per variant (default 250 to keep the suite near 60 s; DZ_PLAYOUTS=2000 is the issue's bar); leak checks run on every
LEAK_EVERY-th game.
"""
import json
import os
import random
import re

import pytest

from engine.core import MatchConfig, Rng, apply, create_events, fold, step
from engine.core.match import check_fields
from engine.games.dimension_zero import secrets
from engine.games.dimension_zero.state import visible
from tests.dimension_zero.table import GAME

GAMES = int(os.environ.get("DZ_PLAYOUTS", "250"))
LEAK_EVERY = int(os.environ.get("DZ_LEAK_EVERY", "25"))
BLOCKS = 8
MAX_ACTIONS = 3000
CARD_KEY = re.compile(r'"(?:dz|th)-[a-z0-9-]+"')
VARIANTS = ("first-century", "touhou", "touhou-instant")


def hidden_ids(state, seat):
    """Instances whose identity the seat (None = spectator) may not know: others' hands (but a card whose
    盟約 ability waits on the stack, shown by rule), the face-down deck, smash zones (an independent
    statement of 000 プレイシートの見方, not views.visible)."""
    out = set()
    stacked = {i.get("source") for i in state["stack"] + [w for b in state["battles"] for w in b["waiting"]]}
    for i, p in enumerate(state["players"]):
        if i != seat:
            out |= set(p["hand"]) - stacked
        plan = p["plan"] if p["deck"] and p["deck"][0] == p["plan"] else None
        out |= {c for c in p["deck"] if c != plan}
        out |= set(p["smash"])
    return out


def keys_outside(data, allowed=("reveal", "private", "cards", "names", "private_lists")):
    rest = {k: v for k, v in data.items() if k not in allowed}
    return CARD_KEY.findall(json.dumps(rest, ensure_ascii=False))


def check_no_leak(before, events):
    """``before``: a copy of the state before the events, used up."""
    state = before
    hidden = {s: hidden_ids(state, s) for s in (0, 1, None)}
    for event in events:
        was = hidden                            # what was hidden after the event before: the same state
        state = apply(GAME, state, event)
        hidden = {s: hidden_ids(state, s) for s in (0, 1, None)}
        for seat in (0, 1, None):
            shown = GAME.redact(event, seat).data
            assert not keys_outside(shown), f"{event.type} names cards outside its reveal maps: {shown}"
            told = set(shown.get("reveal") or {})
            for i, m in enumerate(shown.get("private_lists") or []):
                assert i == seat or not m, f"{event.type} shows seat {i}'s deck lists to {seat}"
            for i, m in enumerate(shown.get("private") or []):
                assert i == seat or not m, f"{event.type} shows seat {i}'s private cards to {seat}"
                told |= set(m or {})
            shown_by_rule = set(shown.get("shown") or [])      # e.g. a card activated from hand (盟約)
            leaked = (told - shown_by_rule) & was[seat] & hidden[seat]
            assert not leaked, f"{event.type} reveals {leaked} to seat {seat}"


def check_view(state):
    for seat in (0, 1, None):
        assert secrets.hidden_ids(state, seat) == sorted(c for c in state["cards"] if not visible(state, c, seat))
        v = GAME.view(state, seat)
        assert not set(v["cards"]) & hidden_ids(state, seat)
        if v["series"] is not None:                    # a seat sees its own deck list and sideboard only
            own = v["series"].pop("deck"), v["series"].pop("sideboard")
            assert own == ((None, None) if seat is None else
                           (state["series"]["decks"][seat], state["series"]["sideboards"][seat]))
        assert not keys_outside(v)
        for i, p in enumerate(v["players"]):
            assert p["hand"] is None or i == seat


def play_random_game(variant, i, options=None):
    seed = b"dz-playout-%s-%d-%d" % (variant.encode(), i, len(options or {}))
    events = create_events(GAME, MatchConfig("dimension-zero", variant, ["a", "b"], options or {}), seed)
    live = fold(GAME, events)
    rng = random.Random(f"{variant}-{i}")
    leaks = i % LEAK_EVERY == 0
    for _ in range(MAX_ACTIONS * (3 if options else 1)):
        if GAME.outcome(live) is not None:
            return live, events
        seats = GAME.to_act(live)
        assert len(seats) == 1 or live["phase"] == "sideboard", f"one seat decides at a time: {seats}"
        seat = rng.choice(seats)
        actions = GAME.legal_actions(live, seat)
        before = json.loads(json.dumps(live)) if leaks else None
        action = rng.choice(actions)
        check_fields(GAME, action)
        live, new = step(GAME, live, seat, action, Rng.for_version(seed, live["version"]))   # play, then fold
        if leaks:
            check_no_leak(before, new)
            check_view(live)
        events += new
    pytest.fail(f"{variant} game {i} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_duels(variant, block):
    for i in range(block, GAMES, BLOCKS):
        live, _ = play_random_game(variant, i)
        out = GAME.outcome(live)
        assert out["reason"] in ("smash", "deck", "both")


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_best_of_three_matches(variant):
    """001 ch.2 §6: best-of-3 with sideboards, random swaps between duels, to the match's end."""
    for i in range(max(4, GAMES // 50)):
        live, _ = play_random_game(variant, i, {"best_of": 3})
        out = GAME.outcome(live)
        duels = live["series"]["duels"]
        assert out["reason"] == "match" and 2 <= len(duels) <= 3
        wins = [sum(d["winner"] == s for d in duels) for s in (0, 1)]
        assert out["winner"] is None or wins[out["winner"]] == max(wins)
