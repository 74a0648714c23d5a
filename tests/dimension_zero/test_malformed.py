"""Malformed actions are refused with IllegalAction (a 422 naming a rule), never a crash."""
import random

import pytest

from engine.core import IllegalAction, MatchConfig, clone, create_events, fold, play
from tests.dimension_zero.table import GAME

JUNK = [None, 5, "x", "9-99", [], {}, [{}], ["9-99"], [None], [None, "x", 3], {"0-00": 1}, True, -1, 99, 2.5]


def states(variant, n, seed):
    rng = random.Random(seed)
    state = fold(GAME, create_events(GAME, MatchConfig("dimension-zero", variant, ["a", "b"], {"best_of": 3}),
                                     b"m%d" % seed))
    out = []
    while GAME.outcome(state) is None and len(out) < n:
        seat = rng.choice(GAME.to_act(state))
        if rng.random() < 0.2:
            out.append((clone(state), seat))
        state = fold(GAME, play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), b"s"), state)
    return out


def mutations(action):
    for key in list(action) + ["card", "unit", "square", "line", "to", "targets", "pay", "choice", "ability"]:
        for junk in JUNK:
            yield {**action, key: junk}


@pytest.mark.parametrize("variant", ["first-century", "touhou", "touhou-instant"])
def test_junk_in_any_field_is_an_illegal_action(variant):
    tried, kinds = 0, set()
    for state, seat in states(variant, 30, len(variant)):
        for action in GAME.legal_actions(state, seat)[:6]:
            kinds.add(action["type"])
            for bad in mutations(action):
                before = clone(state)
                try:
                    play(GAME, state, seat, bad, b"seed")
                except IllegalAction as e:       # a field the type does not have is refused by play
                    assert e.rule.startswith("dimension-zero/") or (
                        e.rule == "kifu/match" and set(bad) - GAME.action_fields[bad["type"]])
                assert state == before
                tried += 1
    assert tried > 1000 and {"pass", "play"} <= kinds


def test_not_an_object_or_unknown_type():
    state = fold(GAME, create_events(GAME, MatchConfig("dimension-zero", "touhou", ["a", "b"], {}), b"x"))
    seat = GAME.to_act(state)[0]
    for bad in (None, [], "pass", {"type": 3}, {"type": "fly"}, {}):
        with pytest.raises(IllegalAction):
            play(GAME, state, seat, bad, b"s")


def test_junk_options_and_positions_are_config_errors():
    from engine.core import ConfigError
    good = {"players": [{"deck": ["dz-lobo"]}, {"deck": ["dz-lobo"]}]}
    GAME.validate(MatchConfig("dimension-zero", "first-century", ["a", "b"], {}, good))
    junk_positions = [[], {"players": None}, {"players": [{"deck": [5]}, {}]}, {"players": [{"deck": [{"card": []}]}, {}]}, {**good, "first": True},
                      {**good, "units": [{"card": "dz-lobo", "owner": True, "square": 0}]},
                      {**good, "units": [{"card": ["x"], "owner": 0, "square": 0}]}, {**good, "units": 5},
                      {**good, "bases": [{"card": "dz-white-rampart", "owner": 0, "line": []}]}, {**good, "turn": 0}]
    for pos in junk_positions:
        with pytest.raises(ConfigError):
            GAME.validate(MatchConfig("dimension-zero", "first-century", ["a", "b"], {}, pos))
    for options in ({"first": True}, {"best_of": True}, {"decks": 5}, {"decks": [[], []]}, {"sideboards": [[], []]},
                    {"colour": "red"}):
        with pytest.raises(ConfigError):
            GAME.validate(MatchConfig("dimension-zero", "first-century", ["a", "b"], options))
