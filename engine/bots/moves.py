"""The moves a bot weighs: drawn from the choice protocol (engine/core/choices.py), so every legal
move — every payment, every second target, every subset — can be made by a bot, not only the one
representative per move that ``legal_actions`` lists."""
from engine.core import Game, canonical_json
from engine.core.choices import listed, listing, random_action

WALKS = 4      # random walks through the protocol added to the listed moves


def candidates(game: Game, state: dict, seat: int, rng, walks: int = WALKS) -> list:
    """The listed actions, then ``walks`` random protocol walks not among them (deterministic for
    a given rng)."""
    with listing(state, seat):                  # the walks read the same list
        actions = listed(game.legal_actions, state, seat)
        seen = {canonical_json(a) for a in actions}
        for _ in range(walks if len(actions) > 1 or walks else 0):
            action = random_action(game, state, seat, rng)
            key = canonical_json(action)
            if key not in seen:
                seen.add(key)
                actions.append(action)
    return actions
