"""Random positions of every variant (tests/positions.py midgame), pending decisions included."""
import functools
import random

from tests.hidden import games
from tests.positions import midgame

SEEDS = (b"hidden-1", b"hidden-2")
DEPTHS = (3, 14, 45)


def _prefer_choices(state, legal, rng):
    """Random, but half the time an action that is not a plain pass/end (so decisions get opened)."""
    busy = [a for a in legal if not str(a.get("type", "")).startswith(("pass", "end"))]
    return rng.choice(busy if busy and rng.random() < 0.5 else legal)


@functools.lru_cache(maxsize=None)
def of(game_id: str) -> tuple:
    """(label, state, seed) for each variant, seed and depth, two seats (three where the variant
    takes them, for the first seed)."""
    game = next(g for g in games.GAMES if g.id == game_id)
    out = []
    for variant, counts in games.variants_of(game):
        for i, seed in enumerate(SEEDS):
            for seats in counts if i == 0 else counts[:1]:
                for depth in DEPTHS:
                    rng = random.Random(f"{game_id}-{variant}-{seed}-{seats}-{depth}")
                    state = midgame(game, variant, seats, seed, depth, rng, _prefer_choices)
                    if game.outcome(state) is None:
                        out.append((f"{variant}/{seats}p/{seed.decode()}/{depth}", state, seed))
    return tuple(out)
