"""Best-of-3 matches with a sideboard (001 ch.2 §6)."""
import random

import pytest

from engine.core import ConfigError, MatchConfig
from engine.games.dimension_zero.decks import PRESETS, SIDEBOARDS
from tests.dimension_zero.table import GAME, Table


def until_sideboard(t, rnd):
    while t.state["phase"] != "sideboard":
        assert t.state["outcome"] is None
        (seat,) = t.to_act
        t.act(seat, rnd.choice(GAME.legal_actions(t.state, seat)))


def test_sideboard_rules_are_checked_at_creation():
    deck = list(PRESETS["first-century"].values())[0]
    GAME.validate(MatchConfig("dimension-zero", "first-century", ["a", "b"],
                              {"best_of": 3, "sideboards": SIDEBOARDS["first-century"]}))
    with pytest.raises(ConfigError) as e:
        GAME.validate(MatchConfig("dimension-zero", "first-century", ["a", "b"],
                                  {"best_of": 3, "sideboards": [["dz-makiri"] * 10, SIDEBOARDS["first-century"][1]]}))
    assert e.value.rule == "dimension-zero/deck.sideboard"          # 3 in the deck + more in the sideboard
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("dimension-zero", "first-century", ["a", "b"], {"best_of": 2}))
    assert deck


def test_swap_between_duels_and_the_loser_chooses_who_goes_first():
    t = Table(position=False, options={"best_of": 3, "first": 0})
    until_sideboard(t, random.Random(3))
    duel = t.state["series"]["duels"][0]
    assert t.state["outcome"] is None and sorted(t.to_act) == [0, 1]
    deck, side = t.state["series"]["decks"][0], t.state["series"]["sideboards"][0]
    bad = t.illegal(0, {"type": "sideboard", "deck": deck[1:] + ["dz-lobo"], "sideboard": side})
    assert bad.rule == "dimension-zero/match.bo3"
    new_deck, new_side = [side[0]] + deck[1:], [deck[0]] + side[1:]
    t.act(0, {"type": "sideboard", "deck": new_deck, "sideboard": new_side})
    assert t.to_act == [1]
    t.act(1, {"type": "sideboard"})
    chooser = 1 - duel["winner"] if duel["winner"] is not None else 1 - duel["first"]
    assert t.to_act == [chooser] and t.state["pending"]["kind"] == "first_player"
    t.act(chooser, {"type": "choose", "choice": 1})
    assert t.state["first"] == 1 and t.state["turn"] == 1
    assert sorted(t.state["cards"][c] for c in t.state["cards"] if c.startswith("0-")) == sorted(new_deck)
    assert [len(p["hand"]) for p in t.state["players"]] == [5, 5]


def test_the_match_ends_when_a_player_has_won_two_duels():
    t = Table(position=False, options={"best_of": 3})
    rnd = random.Random(7)
    while t.state["outcome"] is None:
        seat = rnd.choice(t.to_act)
        t.act(seat, rnd.choice(GAME.legal_actions(t.state, seat)))
    duels = t.state["series"]["duels"]
    wins = [sum(d["winner"] == s for d in duels) for s in (0, 1)]
    assert t.state["outcome"]["reason"] == "match" and t.state["outcome"]["wins"] == wins
    assert max(wins) == 2 or len(duels) == 3
