"""Malformed parts of a spell are refused with IllegalAction (a 422 naming a rule) or read as an empty
part, never a crash (junk
in an action's own fields, of every game: tests/conformance/test_actions.py)."""
import random

import pytest

from engine.core import IllegalAction, MatchConfig, clone, create_events, fold, play
from tests.threebythree.table import GAME, Table, position

JUNK = [None, 5, "x", "999", [], {}, [{}], ["999"], [None], {"999": 1}, True, -1]


def spell_actions(variant, seed):
    """(state, seat, action) for listed actions with spells (a removal or a counter) met in one random game."""
    rng = random.Random(seed)
    state = fold(GAME, create_events(GAME, MatchConfig("threebythree", variant, ["a", "b"], {}), b"m%d" % seed))
    while GAME.outcome(state) is None:
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            if action.get("spells"):
                yield clone(state), seat, action
        state = fold(GAME, play(GAME, state, seat, rng.choice(legal), b"s"), state)


@pytest.mark.parametrize("variant", ["apprentice", "wizard", "seven-mage"])
def test_junk_inside_a_spell_is_an_illegal_action(variant):
    tried = refused = 0
    for seed in range(6):
        for state, seat, action in list(spell_actions(variant, seed))[:10]:
            sp = action["spells"][0]
            for key in ("target", "with", "as"):
                for junk in JUNK:
                    bad = {**action, "spells": [{**sp, key: junk}]}
                    tried += 1
                    try:                    # some junk reads as an allowed empty part: no crash is the bar
                        play(GAME, state, seat, bad, b"s")
                    except IllegalAction:
                        refused += 1
    assert tried > 100 and refused > tried // 4


def test_junk_targets_of_magic_and_grand_magic():
    t = Table(position(units=[["026", "027"], ["040"]], magic=[["A12", "A06", "A09"], ["A04"]], hands=[["045"], []],
                       discard=["017"], deck=["043", "044"]), variant="wizard")
    for bad in ({"type": "magic", "card": "A12", "target": [{}, {}]}, {"type": "magic", "card": "A12", "target": [[1], [2]]},
                {"type": "magic", "card": "A06", "target": True}, {"type": "magic", "card": "A06", "target": [0]},
                {"type": "grand", "card": "A09", "give": [], "take": {}}, {"type": "grand", "card": "A12", "copy": []},
                {"type": "remove", "spells": [{"target": "040", "with": ["045"], "as": {"045": "3"}}]}):
        t.illegal(0, bad)
