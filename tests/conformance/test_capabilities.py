"""The optional hooks a game declares (``facts.capabilities``, engine/core/game.py CAPABILITIES; that
it declares exactly those it has is tests/conformance/test_facts.py) keep their promises: determinize
re-deals only what the seat cannot see, evaluate is in [0, 1], evaluate_seats is evaluate for every
seat, cards_named is a set, compact_step reaches the state step reaches."""
import pytest

from engine.core import Rng, can, clone, play, step

from tests.conformance.games import params, positions

SAMPLES = 12               # positions per configuration given to determinize


def spread(items, n):
    return items[::max(1, len(items) // n)][:n]


@pytest.mark.parametrize("game, variant, seats", params(lambda g: can(g, "determinize")))
def test_determinize_keeps_the_view_and_re_deals_hidden_parts(game, variant, seats):
    moved = hidden = 0
    for i, p in enumerate(spread(positions(game, variant, seats), SAMPLES)):
        for seat in range(seats):
            before = clone(p.state)
            sample = game.determinize(p.state, seat, Rng(b"det-%d-%d" % (i, seat)))
            assert p.state == before, f"{game.id}: determinize changed the state it was given"
            assert game.view(sample, seat) == game.view(p.state, seat)
            assert game.to_act(sample) == game.to_act(p.state)
            assert game.legal_actions(sample, seat) == game.legal_actions(p.state, seat)
            assert sample == game.determinize(p.state, seat, Rng(b"det-%d-%d" % (i, seat))), "same rng, same sample"
            if not can(game, "secrets") or game.secrets(p.state, seat).handles:
                hidden += 1
                moved += sample != p.state
            for action in game.legal_actions(sample, seat)[:10]:
                play(game, sample, seat, action, b"det")       # a sample can be played on
    assert hidden == 0 or moved > 0, f"{game.id}: determinize never re-dealt anything in {hidden} positions"


@pytest.mark.parametrize("game, variant, seats", params(lambda g: can(g, "evaluate")))
def test_evaluate_is_a_value_in_0_1(game, variant, seats):
    for p in spread(positions(game, variant, seats), SAMPLES):
        for seat in range(seats):
            value = game.evaluate(p.state, seat)
            assert 0 <= value <= 1, f"{game.id}: evaluate gave {value}"


@pytest.mark.parametrize("game, variant, seats", params(lambda g: can(g, "evaluate_seats")))
def test_evaluate_seats_is_evaluate_for_every_seat(game, variant, seats):
    """Exactly equal, not close: ISMCTS backs these values up, and a bot's decisions repeat only if
    they are the same floats however they are worked out."""
    for p in positions(game, variant, seats):
        assert game.evaluate_seats(p.state) == [game.evaluate(p.state, seat) for seat in range(seats)]


@pytest.mark.parametrize("game, variant, seats", params(lambda g: can(g, "cards_named")))
def test_cards_named_is_a_set(game, variant, seats):
    for p in spread(positions(game, variant, seats), SAMPLES):
        for seat in p.to_act:
            for action in game.legal_actions(p.state, seat):
                assert isinstance(game.cards_named(p.state, action), (set, frozenset))


@pytest.mark.parametrize("game, variant, seats", params(lambda g: can(g, "compact_step")))
def test_compact_step_reaches_the_state_the_event_path_reaches(game, variant, seats):
    """Every listed action of every sampled position: compact_step's state is step's (the events
    decided and folded), with the same rng."""
    tried = 0
    for i, p in enumerate(positions(game, variant, seats)):
        for seat in p.to_act:
            for k, action in enumerate(game.legal_actions(p.state, seat)):
                rng = b"compact-%d-%d-%d" % (i, seat, k)
                expected = step(game, clone(p.state), seat, action, Rng.for_version(rng, p.state["version"]))[0]
                assert game.compact_step(clone(p.state), seat, action, Rng.for_version(rng, p.state["version"])) \
                    == expected, f"{game.id}: {action} at version {p.state['version']}"
                tried += 1
    assert tried > 50
