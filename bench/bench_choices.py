"""The choice protocol over random games (issue 15): the largest step any game offers, and the cost
of a protocol walk beside picking from the flat list (the baseline, measured in the same run).

For each game, variant and seat count: ``--games`` random games in which every move is a random walk
through ``Game.choices`` (the random bot's way); every step of every walk counts towards the largest
step seen (the limit is engine.core.choices.MAX_OPTIONS) and every completed move is played, so a
move the protocol completes but ``decide`` refuses stops the run. Prints one line per configuration:

    .venv/bin/python bench/bench_choices.py --games 2000       # the issue's figure (long)
    .venv/bin/python bench/bench_choices.py --games 50
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import MatchConfig, create_events, fold, list_games, play       # noqa: E402
from engine.core.choices import MAX_OPTIONS, random_action                          # noqa: E402
from engine.core.rng import Rng                                                     # noqa: E402

MAX_ACTIONS = 5000


class Measured:
    """``game.choices`` with the size of every step it answers recorded."""

    def __init__(self, game):
        self.game, self.id, self.largest, self.where, self.steps = game, game.id, 0, None, 0

    def choices(self, state, seat, partial):
        step = self.game.choices(state, seat, partial)
        self.steps += 1
        if len(step.options) > self.largest:
            self.largest, self.where = len(step.options), (state.get("phase"), step.field, step.prompt)
        return step


def run(game, variant, seats, games) -> dict:
    measured = Measured(game)
    actions = 0
    started = time.process_time()
    for i in range(games):
        seed = b"bench-choices-%s-%s-%d-%d" % (game.id.encode(), variant.encode(), seats, i)
        config = MatchConfig(game.id, variant, [f"p{s}" for s in range(seats)], {})
        state = fold(game, create_events(game, config, seed))
        rng = Rng(seed)
        for _ in range(MAX_ACTIONS):
            if game.outcome(state) is not None:
                break
            to_act = game.to_act(state)
            seat = to_act[rng.below(len(to_act))]
            action = random_action(measured, state, seat, rng)
            state = fold(game, play(game, state, seat, action, seed), state)
            actions += 1
    return {"largest": measured.largest, "where": measured.where, "steps": measured.steps, "actions": actions,
            "cpu": time.process_time() - started}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="random games per configuration")
    parser.add_argument("--game", action="append", help="only these game ids")
    args = parser.parse_args(argv)
    print(f"random games played by protocol walks, {args.games} per configuration; the limit is {MAX_OPTIONS} options")
    print(f"{'game':<16}{'variant':<16}{'seats':>5}{'largest':>8}{'steps':>10}{'moves':>9}{'steps/s':>9}  largest at")
    worst = 0
    for game in list_games():
        if args.game and game.id not in args.game:
            continue
        for v in game.variants.values():
            for seats in range(v.min_seats, v.max_seats + 1):
                r = run(game, v.id, seats, args.games)
                worst = max(worst, r["largest"])
                print(f"{game.id:<16}{v.id:<16}{seats:>5}{r['largest']:>8}{r['steps']:>10}{r['actions']:>9}"
                      f"{r['steps'] / max(r['cpu'], 1e-9):>9.0f}  {r['where']}", flush=True)
    print(f"largest step seen: {worst} options (limit {MAX_OPTIONS})")
    return 0 if worst <= MAX_OPTIONS else 1


if __name__ == "__main__":
    sys.exit(main())
