"""The compact path (engine/games/shisoroku/compact.py) reaches the states of the event path: the
same games, from the same seeds, played both ways with the same bots, compared after every move
(and the final state against the fold of the event path's whole log)."""
import random

import pytest

from engine.bots import bot_key, bot_rng, check_config, choose
from engine.core import MatchConfig, Rng, advance, apply, clone, create_events, fold, get_game, play
from engine.games.shisoroku import compact
from engine.games.shisoroku.cards import KINGDOM
from tests.shisoroku.agent import choose as eager

GAME = get_game("shisoroku")
# big-money + X for an X of each kind: attacks, reactions (to a trash, a gain, an attack), durations
KINGDOM_X = ["satori", "yuugi", "yuumei_team", "fuumajin", "yuumei_kekkai", "star", "souvenir", "keine",
             "ningen_no_sato"]


class Eager:
    """The playout tests' random player as a bot (seeded per game)."""

    def __init__(self, seed):
        self.rnd = random.Random(seed)

    def __call__(self, state, seat, rng):
        return eager(state, GAME.legal_actions(state, seat), self.rnd)


def bot(config):
    config = check_config(GAME, config)
    return lambda state, seat, rng: choose(GAME, state, seat, config, rng)


def both_ways(seed: bytes, players, options=None, limit=3000):
    """Play one game with the event path (play, fold) and the compact path (advance) side by side."""
    events = create_events(GAME, MatchConfig(GAME.id, "standard", ["a"] * len(players), options or {}), seed)
    slow = fold(GAME, events)
    fast = clone(slow)
    keys = [bot_key(seed, s) for s in range(len(players))]
    moves = 0
    while GAME.outcome(slow) is None and moves < limit:
        seat = min(GAME.to_act(slow))
        action = players[seat](clone(slow), seat, bot_rng(keys[seat], slow["version"]))
        new = play(GAME, slow, seat, action, seed)
        events += new
        slow = fold(GAME, new, slow)
        fast = advance(GAME, fast, seat, action, Rng.for_version(seed, fast["version"]))
        assert fast == slow, f"after move {moves} ({action}) at version {slow['version']}"
        moves += 1
    assert fold(GAME, events) == fast
    return fast, moves


def test_a_big_money_mirror_goes_the_compact_path_all_the_way(monkeypatch):
    fallbacks = []
    real = compact.step
    monkeypatch.setattr(compact, "step", lambda *a: fallbacks.append(a[3]) or real(*a))
    for i in range(12):
        final, moves = both_ways(b"compact-bm-%d" % i, [bot({"bot": "big-money"})] * 2)
        assert final["outcome"] is not None and moves > 50
    assert fallbacks == []


@pytest.mark.parametrize("x", KINGDOM_X)
def test_big_money_with_a_kingdom_card_mixes_both_paths(x, monkeypatch):
    fallbacks = []
    real = compact.step
    monkeypatch.setattr(compact, "step", lambda *a: fallbacks.append(a[3]) or real(*a))
    options = {"kingdom": [x, *[k for k in KINGDOM if k != x][:9]]}
    for i in range(3):
        both_ways(b"compact-x-%s-%d" % (x.encode(), i),
                  [bot({"bot": "big-money", "kingdom": x, "copies": 2}), bot({"bot": "big-money"})], options)
    assert any(a["type"] == "play" for a in fallbacks), "the kingdom card was played through the event path"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_players_of_every_kind_of_move(seats):
    for i in range(4):
        players = [Eager(i * 10 + s) for s in range(seats)]
        both_ways(b"compact-eager-%d-%d" % (seats, i), players, limit=1500)
    for i in range(2):
        both_ways(b"compact-random-%d-%d" % (seats, i), [bot({"bot": "random"})] * seats, limit=600)
