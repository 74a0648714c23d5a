"""ismcts: single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Every iteration starts from ``game.determinize(state, seat, rng)``: a full state consistent with
what the bot's seat can see, its hidden parts re-dealt. The bot therefore never reads a card it
could not see; the tree is keyed by actions, so what it learns is shared across samples. A child
counts as *available* each time its action is legal in the sample at hand, and UCB uses that count
(opponents' options differ from one sample to the next).

A new leaf is valued by the game's own evaluation where it has one (a full random playout of a
long game costs more than a turn's budget can afford, and is noisier); a game without one gets
a random playout to the end, as in plain MCTS. Rewards are per seat, so the
same search serves 2-4 seats. Budget ``{"iterations": n}`` (deterministic for a given rng) or
``{"ms": t}`` (wall time; at least one iteration).
"""
import math
import time

from engine.core import ConfigError, Game, can, canonical_json
from engine.bots.evaluation import seats_evaluator
from engine.bots.moves import candidates
from engine.bots.play import actor, advance

EXPLORATION = 0.7
DEFAULT_BUDGET = {"iterations": 64}


class Node:
    __slots__ = ("action", "seat", "children", "visits", "available", "total")

    def __init__(self, action=None, seat=None):
        self.action, self.seat = action, seat
        self.children: dict = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def check(game: Game) -> None:
    if not can(game, "determinize"):
        raise ConfigError(f"bot ismcts needs the game's determinize hook (a sample of what a seat "
                          f"cannot see), and {game.id} has none; use random or greedy",
                          rule="kifu/bots")


def choose(game: Game, state: dict, seat: int, rng, budget: dict | None = None) -> dict:
    check(game)
    actions = candidates(game, state, seat, rng)
    if len(actions) == 1:
        return actions[0]
    budget = budget or DEFAULT_BUDGET
    root = search(game, state, seat, rng, budget, actions)
    best = max(root.children.values(), key=lambda child: (child.visits, child.total))
    return best.action


def search(game: Game, state: dict, seat: int, rng, budget: dict, actions: list | None = None) -> Node:
    """The tree after ``budget``; the root's moves are ``actions`` (default: the listed ones)."""
    values = seats_evaluator(game)
    root = Node()
    # The root's moves and their keys, once: a sample lists the searching seat the moves the real
    # state lists (determinize keeps what the seat can see; tests/conformance checks it).
    moves = keyed(actions or game.legal_actions(state, seat))
    iterations = budget.get("iterations")
    deadline = None if iterations else time.perf_counter() + budget["ms"] / 1000
    done = 0
    while (done < iterations) if iterations else (done == 0 or time.perf_counter() < deadline):
        iterate(game, game.determinize(state, seat, rng), seat, root, rng, values, moves)
        done += 1
    return root


def keyed(actions: list) -> list:
    """``(key, action)``: the tree tells moves apart by their canonical JSON (``key``)."""
    return [(key(a), a) for a in actions]


def key(action: dict):
    """One key per action, as canonical JSON tells actions apart: a flat action of strings and
    whole numbers (most moves) is keyed by its sorted items, which name the same action exactly
    when its canonical JSON does (and cost a third of writing it); any other by that JSON."""
    for v in action.values():
        if type(v) is not str and type(v) is not int:
            return canonical_json(action)
    return tuple(sorted(action.items()))


def iterate(game: Game, sample: dict, seat: int, root: Node, rng, values, moves: list) -> None:
    node, path = root, [root]
    mover = seat
    while game.outcome(sample) is None:
        if node is not root:
            moves = keyed(game.legal_actions(sample, mover))
        children = node.children
        untried = []
        for k, action in moves:
            child = children.get(k)
            if child is None:
                untried.append((k, action))
            else:
                child.available += 1
        if untried:
            k, action = untried[rng.below(len(untried))]
            child = children[k] = Node(action, mover)
            child.available = 1
            sample = advance(game, sample, mover, action, rng, copy=False)
            path.append(child)
            break
        node = max((children[k] for k, _ in moves), key=Node.ucb)
        sample = advance(game, sample, mover, node.action, rng, copy=False)
        path.append(node)
        mover = actor(game, sample)
    rewards = playout(game, sample, rng, values)
    for n in path[1:]:
        n.visits += 1
        n.total += rewards[n.seat]


def playout(game: Game, sample: dict, rng, values) -> list[float]:
    """Per-seat values of a new leaf: evaluated at once, or played out at random to the end."""
    while not can(game, "evaluate") and game.outcome(sample) is None:
        mover = actor(game, sample)
        legal = game.legal_actions(sample, mover)
        sample = advance(game, sample, mover, legal[rng.below(len(legal))], rng, copy=False)
    return values(sample)
