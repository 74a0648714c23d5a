"""Junk actions are refused with IllegalAction (never a crash), whatever the game is waiting for."""
import random

import pytest

from engine.core import IllegalAction, MatchConfig, create_events, fold, play
from tests.shisoroku.agent import choose
from tests.shisoroku.table import GAME

JUNK = [None, [], "play", {}, {"type": 5}, {"type": "dance"}, {"type": "play"}, {"type": "play", "card": ["x"]},
        {"type": "play", "card": "nope"}, {"type": "play", "card": {"a": 1}}, {"type": "buy", "card": None},
        {"type": "buy", "card": "ryuu_no_tama"}, {"type": "end_turn", "top": 5}, {"type": "end_turn", "top": ["x"]},
        {"type": "choose"}, {"type": "choose", "cards": "osaisen"}, {"type": "choose", "cards": [1, 2]},
        {"type": "choose", "cards": [["osaisen"]]}, {"type": "choose", "card": {"a": 1}},
        {"type": "choose", "card": ["osaisen"]}, {"type": "choose", "options": "ab"},
        {"type": "choose", "options": [["cards"]]}, {"type": "choose", "option": ["x"]},
        {"type": "choose", "option": None}, {"type": "choose", "cards": ["saidan"] * 9}]


@pytest.mark.parametrize("game", range(6))
def test_junk_is_refused_at_every_step(game):
    seed = b"junk-%d" % game
    state = fold(GAME, create_events(GAME, MatchConfig("shisoroku", "standard", ["a", "b", "c"], {}), seed))
    rng = random.Random(game)
    steps = 0
    while state["outcome"] is None and steps < 150:
        for seat in range(3):
            for junk in JUNK:
                legal = GAME.legal_actions(state, seat)
                if junk in legal:
                    continue
                with pytest.raises(IllegalAction):
                    play(GAME, state, seat, junk, seed)
        seat = rng.choice(GAME.to_act(state))
        state = fold(GAME, play(GAME, state, seat, choose(state, GAME.legal_actions(state, seat), rng), seed), state)
        steps += 1
