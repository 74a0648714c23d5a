"""Issue 38's hooks in every game that declares them, over random playouts: ``passing`` offers exactly
the pass ``legal_actions`` holds (and an automatic pass is always a legal move), ``situation`` is a
sentence naming seats by name, never a dump. Seeds: 001 ch.3 §4(1) (Dimension Zero's priority), 003
turn order and 2.3 (3x3Wars' steps and counter windows), 002 ゲームの進行 (東方独占録), 004 (東方祀爭録's
phases)."""
import pytest

from engine.core import MatchConfig, Reader, Rng, can, create_events, fold, step
from engine.core.choices import random_action
from engine.core.seat_settings import automatic, fold as fold_settings
from tests.conformance.games import by_game

MOVES = 80
NAMES = ["霊夢", "魔理沙"]


@pytest.mark.parametrize("game", by_game(lambda g: can(g, "passing") or can(g, "situation")))
def test_passing_and_situation_agree_with_the_rules_over_a_playout(game):
    variant = next(iter(game.variants.values()))
    state = fold(game, create_events(game, MatchConfig(game.id, variant.id, NAMES[:variant.min_seats]), b"flow"))
    for seat in range(variant.min_seats):
        fold_settings(state["match"], {"seat": seat, "settings": {"pass": "unless-respond", "pay": "auto",
                                                                  "single": "auto", "confirm": False}})
    for i in range(MOVES):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if can(game, "passing"):
            passing = game.passing(state, seat)
            assert (passing is None) == ({"type": "pass"} not in legal)
            made = automatic(game, state, seat)
            assert made is None or made["action"] in legal
        if can(game, "situation"):
            text = game.situation(state, Reader(None, NAMES))
            assert text and "{" not in text and "None" not in text and "seat " not in text
        action = random_action(game, state, seat, Rng(b"flow-%d" % i))
        state = step(game, state, seat, action, Rng.for_version(b"flow", state["version"]))[0]
