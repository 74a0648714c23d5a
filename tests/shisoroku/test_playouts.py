"""Random full games (seed 004, whole rules page): 2,000 seeded 2-, 3- and 4-player games over random
kingdoms end without a crash, fold(events) equals the live state after every action (folded
incrementally from JSON round-tripped events) and at the end, and no seat sees what it may not
(公開情報と非公開情報 l.191-204): views every 10th game, redacted events every 5th.

Every action comes from legal_actions, so this also checks that each listed action is accepted.
"""
import json
import random

import pytest

from engine.core import Event, MatchConfig, clone, create_events, fold, play
from tests.shisoroku.agent import choose
from tests.shisoroku.leaks import check_events, check_view
from tests.shisoroku.table import GAME

GAMES = 2000
BLOCKS = 20
MAX_ACTIONS = 3000


def _round_trip(events):
    return [Event.from_dict(d) for d in json.loads(json.dumps([e.to_dict() for e in events], ensure_ascii=False))]


def play_random_game(i):
    seats = 2 + i % 3
    seed = b"shisoroku-playout-%d" % i
    events = create_events(GAME, MatchConfig("shisoroku", "standard", [f"p{s}" for s in range(seats)], {}), seed)
    live = fold(GAME, events)
    shadow = fold(GAME, _round_trip(events))
    rng = random.Random(i)
    views, redaction, purity = i % 10 == 0, i % 5 == 0, i % 50 == 0
    everyone = list(range(seats)) + [None]
    leak_rng = random.Random(-i)
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(live) is not None:
            return live, events
        seat = rng.choice(GAME.to_act(live))
        action = choose(live, GAME.legal_actions(live, seat), rng)
        before = clone(live) if purity else None
        new = play(GAME, live, seat, action, seed)
        assert before is None or before == live, "decide changed the state it was given"
        live = fold(GAME, new, live)
        shadow = fold(GAME, _round_trip(new), shadow)
        assert shadow == live
        if redaction:
            check_events(GAME, live, new, everyone)
        if views and live["outcome"] is None:
            for s in everyone:
                check_view(GAME, live, s, leak_rng)
        events += new
    pytest.fail(f"game {i} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games(block):
    for i in range(block, GAMES, BLOCKS):
        live, events = play_random_game(i)
        assert live["outcome"]["reasons"]
        assert fold(GAME, events) == live
        assert GAME.to_act(live) == [] and all(GAME.legal_actions(live, s) == [] for s in range(live["seats"]))
