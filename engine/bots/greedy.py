"""greedy: one ply. Each candidate move (``engine.bots.moves``: the listed ones and a few drawn
through the choice protocol) is taken on the bot's own copy of the state and the result
is scored with the game's evaluation (``engine.bots.evaluation``); the best wins, ties to the
first listed. Where the game can determinize, the copy is a sample of what the seat cannot see,
so even the automatic steps after the action (a draw, say) never show it a hidden card."""
from engine.bots.evaluation import evaluator
from engine.core import Game, can
from engine.bots.moves import candidates
from engine.bots.play import advance


def choose(game: Game, state: dict, seat: int, rng, budget: dict | None = None) -> dict:
    actions = candidates(game, state, seat, rng)
    if len(actions) == 1:
        return actions[0]
    if can(game, "determinize"):
        state = game.determinize(state, seat, rng)
    value = evaluator(game)
    best, best_value = actions[0], -1.0
    for action in actions:
        v = value(advance(game, state, seat, action, rng), seat)
        if v > best_value:
            best, best_value = action, v
    return best
