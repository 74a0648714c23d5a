"""Positions met in random games, for tests that check a property over many of them."""
from engine.core import MatchConfig, Rng, create_events, fold, step
from engine.core.match import check_fields


def midgame(game, variant: str, seats: int, seed: bytes, steps: int, rng, choose=None) -> dict:
    """The state after up to ``steps`` random actions from a fresh match (fewer if it ends): the seat
    to act drawn with ``rng``, and its action too, or picked by ``choose(state, legal, rng)``."""
    names = [f"p{i}" for i in range(seats)]
    state = fold(game, create_events(game, MatchConfig(game.id, variant, names, {}), seed))
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = choose(state, legal, rng) if choose else rng.choice(legal)
        check_fields(game, action)
        state, _ = step(game, state, seat, action, Rng.for_version(seed, state["version"]))   # play, then fold
    return state
