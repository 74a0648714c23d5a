"""The choice protocol (engine/core/choices.py, issue 15), over every game in random positions:

- every listed action, and every action ``decide`` accepts among variations of them (list parts
  reordered, cut or grown, parts of two listed actions of a type combined, and the game's own
  candidates in ``tests/conformance/moves.py``), is reachable through ``choices``;
- every move the protocol completes (random walks) is accepted;
- no step offers more than MAX_OPTIONS options, and none names what the seat may not know
  (``secrets(...)``: no hidden handle, no hidden identity);
- a partial action no move starts with is an IllegalAction, never a crash.
"""
import random

import pytest

from engine.core import IllegalAction, can, canonical_json, clone, play
from engine.core.choices import MAX_OPTIONS, random_action, reachable
from engine.core.rng import Rng

from tests.conformance import moves
from tests.conformance.games import params, positions
from tests.conformance.test_secrets import strings

POSITIONS = 8          # positions per configuration
LISTED = 25            # listed actions per seat tried for reachability
WALKS = 6              # random protocol walks per seat
VARIATIONS = 30        # variations of listed actions tried per seat


def accepted(game, state, seat, action) -> bool:
    try:
        play(game, clone(state), seat, action, b"choices")
    except IllegalAction:
        return False
    return True


def normal(game, action) -> dict:
    """``action`` with the list fields whose order decide ignores (Facts.unordered) sorted."""
    fields = game.facts.unordered.get(action.get("type"), ())
    return {k: sorted(v) if k in fields and isinstance(v, list) else v for k, v in action.items()}


def sample(game, variant, seats):
    found = positions(game, variant, seats)
    step = max(1, len(found) // POSITIONS)
    return found[::step][:POSITIONS]


class Steps:
    """The game's ``choices`` with every step it answers checked: size and secrets."""

    def __init__(self, game, state, seat):
        self.game, self.state, self.seat = game, state, seat
        self.hidden = set()
        if can(game, "secrets"):
            s = game.secrets(state, seat)
            self.hidden = {str(x) for x in s.identities}      # handles may be named, as views name them
        self.id = game.id
        self.largest = 0

    def choices(self, state, seat, partial):
        step = self.game.choices(state, seat, partial)
        self.largest = max(self.largest, len(step.options))
        assert len(step.options) <= MAX_OPTIONS, \
            f"{self.id}: {len(step.options)} options after {canonical_json(partial)[:200]}"
        shown = set(strings(step.to_dict())) & self.hidden
        assert not shown, f"{self.id}: a step shows seat {seat} what it may not know: {sorted(shown)[:5]}"
        return step


@pytest.mark.parametrize("game, variant, seats", params())
def test_every_listed_and_accepted_action_is_reachable(game, variant, seats):
    rng = random.Random(f"choices-{game.id}-{variant}-{seats}")
    for p in sample(game, variant, seats):
        for seat in p.to_act:
            checked = Steps(game, p.state, seat)
            listed = game.legal_actions(p.state, seat)
            for action in listed[:LISTED]:
                assert reachable(checked, p.state, seat, normal(game, action)), \
                    f"{game.id}: listed action {canonical_json(action)} is not reachable through choices"
            tried = set()
            for action in moves.variations(game, p.state, seat, listed, rng, VARIATIONS):
                key = canonical_json(action)
                if key in tried or not accepted(game, p.state, seat, action):
                    continue
                tried.add(key)
                assert reachable(checked, p.state, seat, normal(game, action)), \
                    f"{game.id}: accepted action {key} is not reachable through choices"


@pytest.mark.parametrize("game, variant, seats", params())
def test_every_completed_move_is_accepted(game, variant, seats):
    for i, p in enumerate(sample(game, variant, seats)):
        for seat in p.to_act:
            checked = Steps(game, p.state, seat)
            rng = Rng.for_version(b"choices-walk-%d-%d" % (i, seat), p.state["version"])
            for _ in range(WALKS):
                action = random_action(checked, p.state, seat, rng)
                assert accepted(game, p.state, seat, action), \
                    f"{game.id}: the protocol completed {canonical_json(action)}, which decide refuses"


@pytest.mark.parametrize("game, variant, seats", params())
def test_a_partial_no_move_starts_with_is_refused(game, variant, seats):
    p = sample(game, variant, seats)[0]
    seat = p.to_act[0]
    for partial in ({"type": "fly-to-the-moon"}, {"type": None}, {"nothing": 1}):
        with pytest.raises(IllegalAction):
            game.choices(p.state, seat, partial)
