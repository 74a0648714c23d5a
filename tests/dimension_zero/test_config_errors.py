"""Junk match options and analysis positions are a ConfigError, never a crash (malformed actions in
general: tests/conformance/test_actions.py)."""
import pytest

from engine.core import ConfigError, MatchConfig
from tests.dimension_zero.table import GAME


def test_junk_options_and_positions_are_config_errors():
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
