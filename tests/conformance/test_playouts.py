"""Seeded random games of every game, variant and seat count end, every listed action is accepted,
``to_act`` and ``legal_actions`` agree at every step, every event names a rule (games.play_one)."""
import pytest

from engine.core import fold

from tests.conformance.games import params, playouts


@pytest.mark.parametrize("game, variant, seats", params())
def test_random_games_end_with_a_result_per_seat(game, variant, seats):
    for out in playouts(game, variant, seats):
        outcome = game.outcome(out.final)
        assert outcome is not None
        results = game.results(outcome, seats)
        assert isinstance(results, list) and len(results) == seats
        assert all(0 <= r <= 1 for r in results), results
        assert game.to_act(out.final) == []
        assert all(game.legal_actions(out.final, s) == [] for s in range(seats))
        assert out.events[0].type == "MatchCreated"
        assert fold(game, out.events) == out.final
