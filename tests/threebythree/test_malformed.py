"""Malformed actions are refused with IllegalAction (a 422 naming a rule), never a crash."""
import random

import pytest

from engine.core import IllegalAction, MatchConfig, clone, create_events, fold, play
from tests.threebythree.table import GAME, Table, position

JUNK = [None, 5, "x", "999", [], {}, [{}], ["999"], [None], {"999": 1}, True, -1]


def states(variant, n, seed):
    rng = random.Random(seed)
    state = fold(GAME, create_events(GAME, MatchConfig("threebythree", variant, ["a", "b"], {}), b"m%d" % seed))
    out = []
    while GAME.outcome(state) is None and len(out) < n:
        seat = rng.choice(GAME.to_act(state))
        if rng.random() < 0.3:
            out.append((clone(state), seat))
        state = fold(GAME, play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), b"s"), state)
    return out


def mutations(action, rng):
    for key in list(action) + ["target", "as", "with"]:
        for junk in JUNK:
            yield {**action, key: junk}
    if action.get("spells"):
        sp = action["spells"][0]
        for key in ("target", "with", "as"):
            for junk in JUNK:
                yield {**action, "spells": [{**sp, key: junk}]}


@pytest.mark.parametrize("variant", ["overlord", "apprentice", "wizard", "seven-mage"])
def test_junk_in_any_field_is_an_illegal_action(variant):
    rng = random.Random(variant)
    tried, refused, kinds = 0, 0, set()
    for state, seat in states(variant, 40, len(variant)):
        actions = GAME.legal_actions(state, seat)
        for action in rng.sample(actions, min(8, len(actions))):
            kinds.add(action["type"])
            for bad in mutations(action, rng):
                tried += 1
                try:
                    play(GAME, state, seat, bad, b"s")
                except IllegalAction:
                    refused += 1
    assert tried > 500 and refused > tried // 4 and len(kinds) >= 4


def test_junk_targets_of_magic_and_grand_magic():
    t = Table(position(units=[["026", "027"], ["040"]], magic=[["A12", "A06", "A09"], ["A04"]], hands=[["045"], []],
                       discard=["017"], deck=["043", "044"]), variant="wizard")
    for bad in ({"type": "magic", "card": "A12", "target": [{}, {}]}, {"type": "magic", "card": "A12", "target": [[1], [2]]},
                {"type": "magic", "card": "A06", "target": True}, {"type": "magic", "card": "A06", "target": [0]},
                {"type": "grand", "card": "A09", "give": [], "take": {}}, {"type": "grand", "card": "A12", "copy": []},
                {"type": "remove", "spells": [{"target": "040", "with": ["045"], "as": {"045": "3"}}]}):
        t.illegal(0, bad)
