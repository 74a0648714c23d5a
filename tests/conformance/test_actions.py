"""Actions: every listed one is declared in ``action_fields`` (games.step_checks, every step) and
anything else sent — not an object, no type, an unknown type, an unknown field, any field replaced
by junk — is an IllegalAction naming a rule, never a crash, and changes nothing."""
import pytest

from engine.core import IllegalAction, clone, play

from tests.conformance.games import names_a_rule, params, positions

JUNK = [None, [], {}, -1, "x" * 100, True, 2.5, [None], {"x": 1}]
SHAPES = [None, [], "pass", 5, {}, {"type": None}, {"type": 3}, {"type": ["add"]}, {"type": "fly-to-the-moon"}]
POSITIONS = 10             # positions per configuration
ACTIONS = 6                # listed actions per seat to act mutated in each


def refused(game, state, seat, action, listed=()):
    """Play ``action``: an IllegalAction naming a rule with the state unchanged (or, for an action
    equal to a listed one, acceptance)."""
    before = clone(state)
    try:
        play(game, state, seat, action, b"junk")
    except IllegalAction as e:
        assert names_a_rule(game, e.rule), f"{game.id}: {action} refused under no rule: {e.rule!r}"
        assert state == before, f"{game.id}: refusing {action} changed the state"
        return
    except Exception as e:                                        # noqa: BLE001 (the failure to report)
        pytest.fail(f"{game.id}: {action!r} crashed decide: {type(e).__name__}: {e}")
    assert action in listed, f"{game.id}: {action!r} accepted, but not listed"
    assert state == before


def spread(items, n):
    return items[::max(1, len(items) // n)][:n]


@pytest.mark.parametrize("game, variant, seats", params())
def test_malformed_actions_are_illegal_never_a_crash(game, variant, seats):
    tried = 0
    for p in spread(positions(game, variant, seats), POSITIONS):
        for seat in range(seats):
            for bad in SHAPES:
                refused(game, p.state, seat, bad)
        for seat in p.to_act:
            listed = game.legal_actions(p.state, seat)
            for action in spread(listed, ACTIONS):
                refused(game, p.state, seat, {**action, "no-such-field": 1})
                refused(game, p.state, seat, {k: v for k, v in action.items() if k != "type"})
                for key in set(action) - {"type"}:
                    for junk in JUNK:
                        bad = {**action, key: junk}
                        if bad != action:
                            refused(game, p.state, seat, bad, listed)
                            tried += 1
    assert tried > 0 or all(set(fields) == {"type"} for fields in game.action_fields.values())


@pytest.mark.parametrize("game, variant, seats", params())
def test_a_seat_not_to_act_is_refused_its_neighbours_actions(game, variant, seats):
    for p in spread(positions(game, variant, seats), POSITIONS):
        waiting = [s for s in range(seats) if s not in p.to_act]
        for seat in waiting:
            for action in game.legal_actions(p.state, p.to_act[0])[:ACTIONS]:
                refused(game, p.state, seat, action)
