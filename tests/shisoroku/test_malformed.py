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
        {"type": "choose", "option": None}, {"type": "choose", "cards": ["saidan"] * 9},
        {"type": "choose", "cards": ["saidan"]}]        # a count the decision takes, of a card not held


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


def test_a_refusal_is_told_in_the_players_language_with_the_same_rule():
    """issue 39: an IllegalAction's message is in the caller's language (the rule it cites is not
    translated), Japanese in the rulebook's words, with no English word but a field name of the action."""
    import re

    from engine.core.i18n import speaking
    seed = b"junk-ja"
    state = fold(GAME, create_events(GAME, MatchConfig("shisoroku", "standard", ["a", "b"], {}), seed))
    rng = random.Random(7)
    told = {}
    for _step in range(60):
        for seat in range(2):
            for junk in JUNK + [{"type": "end_actions"}, {"type": "play_treasures"}, {"type": "buy", "card": "saidan"},
                                {"type": "play", "card": "osaisen"}, {"type": "choose", "card": None}]:
                if junk in GAME.legal_actions(state, seat):
                    continue
                said = {}
                for lang in ("en", "ja"):
                    with speaking(lang), pytest.raises(IllegalAction) as info:
                        play(GAME, state, seat, junk, seed)
                    said[lang] = info.value
                assert said["en"].rule == said["ja"].rule
                if said["en"].rule.startswith("shisoroku/"):           # kifu/...: the core's own refusals
                    told[said["en"].message] = said["ja"].message
        seat = rng.choice(GAME.to_act(state))
        state = fold(GAME, play(GAME, state, seat, choose(state, GAME.legal_actions(state, seat), rng), seed), state)
    assert len(told) >= 10
    fields = {"type", "card", "cards", "option", "options", "choose", "id", "null", "ID"}      # カードID
    for english, japanese in told.items():
        words = set(re.findall(r"[A-Za-z_]+", re.sub(r"'[^']*'|\[[^\]]*\]", "", japanese)))
        assert english != japanese and not words - fields, (english, japanese)
    assert told["no buy left"] == "購入できるカードの枚数が残っていない"
