"""Event sourcing holds for every game: the events folded from MatchCreated give the state the game
built as it went (games.play_one also folds them from JSON after every action, and checks decide
leaves its input alone), states round-trip through JSON, and a JSON snapshot at any sampled
position plus the events after it gives the final state."""
import json

import pytest

from engine.core import apply, clone, fold

from tests.conformance.games import params, playouts, roundtrip


@pytest.mark.parametrize("game, variant, seats", params())
def test_a_json_snapshot_and_the_later_events_give_the_final_state(game, variant, seats):
    for out in playouts(game, variant, seats):
        assert fold(game, roundtrip(out.events)) == out.final
        assert json.loads(json.dumps(out.final, ensure_ascii=False)) == out.final
        for p in out.positions:
            snapshot = json.loads(json.dumps(p.state, ensure_ascii=False))
            assert fold(game, roundtrip(out.events[p.state["version"]:]), snapshot) == out.final


@pytest.mark.parametrize("game, variant, seats", params())
def test_a_state_folded_from_the_store_reads_like_the_live_one(game, variant, seats):
    """Views and legal actions, order included, are the same whether the state was folded as the
    game went or from the events as stored (canonical JSON) — one process's answers equal
    another's, and a re-decision sees the options in the same order."""
    out = playouts(game, variant, seats)[0]
    stored = roundtrip(out.events)
    for p in out.positions:
        replayed = fold(game, stored[:p.state["version"]])
        for seat in [*range(seats), None]:
            assert game.view(replayed, seat) == game.view(p.state, seat)
            if seat is not None:
                assert game.legal_actions(replayed, seat) == game.legal_actions(p.state, seat)


@pytest.mark.parametrize("game, variant, seats", params())
def test_evolve_is_deterministic(game, variant, seats):
    out = playouts(game, variant, seats)[0]
    for p in out.positions:
        once, again = clone(p.state), clone(p.state)
        for event in out.events[p.state["version"]:p.state["version"] + 5]:
            once, again = apply(game, once, event), apply(game, again, event)
            assert once == again, f"{game.id}: {event.type} folded twice gave two states"
