"""random: a uniformly random legal action (the baseline every other bot is measured against)."""


def choose(game, state: dict, seat: int, rng, budget: dict | None = None) -> dict:
    actions = game.legal_actions(state, seat)
    return actions[rng.below(len(actions))]
