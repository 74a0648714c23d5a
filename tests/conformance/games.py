"""The games, variants and seat counts the suite runs over, and the seeded random games it reads.

``playouts(game, variant, seats)`` plays PLAYOUTS games of one configuration, uniformly at random
over the listed actions, checking after every action what holds at every step (``step_checks``), and
returns them with positions sampled every SAMPLE_EVERY actions. Cached: each configuration is played
once per session, whichever test asks first.
"""
import functools
import json
import random
from dataclasses import dataclass, field

import pytest

from engine.core import (Event, IllegalAction, MatchConfig, can, canonical_json, clone, create_events, fold,
                         list_games, play)
from tests import plaingame, toygame

TEST_ONLY = frozenset({toygame.GAME.id, plaingame.GAME.id})      # registered by tests/conftest.py
PLAYOUTS = 4                # seeded games per (game, variant, seat count)
MAX_ACTIONS = 4000          # a random game of any game here ends in well under 1,000
SAMPLE_EVERY = 15           # positions kept for the other tests
ALL_LISTED_EVERY = 10       # every listed action of every seat to act is tried at these steps
ALL_LISTED_MAX = 40

GAMES = list_games()


def configs() -> list:
    """(game, variant id, seat count) for every registered game, variant and seat count."""
    return [(g, v.id, n) for g in GAMES for v in g.variants.values() for n in range(v.min_seats, v.max_seats + 1)]


def params(select=lambda g: True) -> list:
    return [pytest.param(g, v, n, id=f"{g.id}-{v}-{n}") for g, v, n in configs() if select(g)]


def by_game(select=lambda g: True) -> list:
    return [pytest.param(g, id=g.id) for g in GAMES if select(g)]



def secrets_covered(game) -> bool:
    """Every real game (one without ``secrets`` fails); the toys only if they declare it."""
    return game.id not in TEST_ONLY or can(game, "secrets")


@functools.lru_cache(maxsize=None)
def rulebook(game_id) -> frozenset:
    return frozenset(next(g for g in GAMES if g.id == game_id).describe()["rules"])


def names_a_rule(game, rule) -> bool:
    """Whether ``rule`` (an event's or a refusal's) is a platform rule ``kifu/...`` or cites the game's
    rulebook as clients read it (webapp replay.js ``ruleText``): ``<namespace>/<key>`` with the key in
    ``describe()["rules"]``, the namespace the game's id (or that of the game it derives from: the
    toy-plain game keeps the toy's rulebook)."""
    if not isinstance(rule, str):
        return False
    namespace, _, key = rule.partition("/")
    ids = {vars(c)["facts"].id for c in type(game).__mro__ if "facts" in vars(c)}
    return namespace == "kifu" or (namespace in ids and key in rulebook(game.id))


def roundtrip(events) -> list:
    """The events as a store gives them back: through canonical JSON (keys sorted, as stored)."""
    return [Event.from_dict(json.loads(canonical_json(e.to_dict()))) for e in events]


@dataclass
class Position:
    state: dict
    to_act: list


@dataclass
class Playout:
    game: object
    seats: int
    seed: bytes
    events: list
    final: dict
    positions: list = field(default_factory=list)


def check_accepted(game, state, seat, action, seed) -> None:
    try:
        play(game, state, seat, action, seed)
    except IllegalAction as e:
        pytest.fail(f"{game.id}: listed action {action} of seat {seat} refused ({e.rule}: {e.message})")


def step_checks(game, live, seats, step, seed) -> list:
    """What holds before every action: ``to_act`` and ``legal_actions`` agree, the listed actions'
    fields are declared, and (every ALL_LISTED_EVERY steps) every listed action is accepted."""
    to_act = game.to_act(live)
    assert to_act, f"{game.id}: nobody to act in a game with no outcome"
    legal = {s: game.legal_actions(live, s) for s in range(seats)}
    for s in range(seats):
        assert bool(legal[s]) == (s in to_act), \
            f"{game.id}: seat {s} {'is' if s in to_act else 'is not'} to act but has {len(legal[s])} actions"
        for a in legal[s]:
            fields = game.action_fields.get(a.get("type"))
            assert fields is not None and set(a) <= fields, \
                f"{game.id}: listed action {a} is not declared in action_fields ({fields})"
    if step % ALL_LISTED_EVERY == 0:
        for s in to_act:
            for a in legal[s][:ALL_LISTED_MAX]:
                check_accepted(game, live, s, a, seed)
    return to_act


def check_events(game, new) -> None:
    assert new, f"{game.id}: an accepted action produced no event"
    for e in new:
        assert names_a_rule(game, e.rule), f"{game.id}: {e.type} names no rule of the game: {e.rule!r}"


def play_one(game, variant, seats, i) -> Playout:
    seed = b"conformance-%s-%s-%d-%d" % (game.id.encode(), variant.encode(), seats, i)
    events = create_events(game, MatchConfig(game.id, variant, [f"p{s}" for s in range(seats)], {}), seed)
    check_events(game, events)
    live = fold(game, events)
    shadow = fold(game, roundtrip(events))
    assert shadow == live
    rng = random.Random(seed)
    out = Playout(game, seats, seed, events, live)
    for step in range(MAX_ACTIONS):
        if game.outcome(live) is not None:
            out.final = live
            return out
        to_act = step_checks(game, live, seats, step, seed)
        if step % SAMPLE_EVERY == 0:
            assert json.loads(json.dumps(live, ensure_ascii=False)) == live, f"{game.id}: the state is not JSON"
            out.positions.append(Position(clone(live), to_act))
        seat = rng.choice(to_act)
        action = rng.choice(game.legal_actions(live, seat))
        before = clone(live)
        new = play(game, live, seat, action, seed)
        assert live == before, f"{game.id}: decide changed the state it was given ({action})"
        check_events(game, new)
        live = fold(game, new, live)
        shadow = fold(game, roundtrip(new), shadow)      # evolve again, on its own copy: deterministic
        assert shadow == live, f"{game.id}: folding the JSON-stored events of {action} gave another state"
        events += new
    pytest.fail(f"{game.id} {variant}/{seats} game {i} did not end in {MAX_ACTIONS} actions")


@functools.lru_cache(maxsize=None)
def _playouts(game_id, variant, seats) -> tuple:
    game = next(g for g in GAMES if g.id == game_id)
    return tuple(play_one(game, variant, seats, i) for i in range(PLAYOUTS))


def playouts(game, variant, seats) -> tuple:
    return _playouts(game.id, variant, seats)


def positions(game, variant, seats) -> list:
    """(state, seats to act) sampled from the configuration's random games."""
    return [p for out in playouts(game, variant, seats) for p in out.positions]
