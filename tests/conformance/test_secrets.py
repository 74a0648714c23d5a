"""No view shows the seat (or a spectator) one of its ``secrets(...).identities`` as a string value."""
import pytest

from engine.core import can

from tests.conformance.games import params, positions, secrets_covered


def strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v)


@pytest.mark.parametrize("game, variant, seats", params(secrets_covered))
def test_no_view_shows_a_secret(game, variant, seats):
    assert can(game, "secrets"), f"{game.id} declares no secrets() (engine/core/game.py: Game.secrets)"
    for p in positions(game, variant, seats):
        for seat in [*range(seats), None]:
            secret = game.secrets(p.state, seat)
            shown = set(strings(game.view(p.state, seat))) & set(secret.identities)
            assert not shown, f"{game.id}: the view of seat {seat} shows {sorted(shown)[:5]}"
