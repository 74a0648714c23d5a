"""Bot throughput per landed game: ISMCTS iterations per second, beside baselines measured in the
same run.

For each game (its first variant for two seats), over positions met in random games: (a) random playouts from a determinized sample to the
end of the game (the unit of work of plain MCTS, and what an ISMCTS iteration replaces with a
tree step and an evaluation); (b) ISMCTS iterations per second (and per decision at the default
budget); (c) greedy decisions per second; (d) whole simulated games per second (random vs random,
and ismcts(16) vs random as in the strength test). And (e) ISMCTS iterations and (f) random-vs-random
games per CPU-second, on the same positions and games with the engine of an earlier commit
(bench/baseline.py: main before issue 22), measured in child processes alternating with the current
engine's.

    .venv/bin/python bench/bench_bots.py [--game threebythree] [--positions 40] [--iterations 64]
                                         [--baseline c4195af | --no-baseline]
"""
import argparse
import json
import random
import time

from engine.core import MatchConfig, Rng, apply, create_events, fold, get_game, list_games, play
from engine.simulation.arena import play_game
from engine.bots import choose
from engine.bots.ismcts import search
from engine.bots.play import actor, advance


def two_seat_variant(game) -> str:
    return next(v.id for v in game.variants.values() if v.min_seats <= 2 <= v.max_seats)


def positions(game, variant, n):
    rnd = random.Random(11)
    out = []
    while len(out) < n:
        seed = b"bench-bots-%d" % len(out)
        state = fold(game, create_events(game, MatchConfig(game.id, variant, ["a", "b"], {}), seed))
        for _ in range(rnd.randrange(10, 120)):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_act(state))
            for e in play(game, state, seat, rnd.choice(game.legal_actions(state, seat)), seed):
                state = apply(game, state, e)
        if game.outcome(state) is None and len(game.legal_actions(state, min(game.to_act(state)))) > 1:
            out.append(state)
    return out


def random_playout(game, state, seat, rng):
    sample = game.determinize(state, seat, rng)
    while game.outcome(sample) is None:
        mover = actor(game, sample)
        legal = game.legal_actions(sample, mover)
        sample = advance(game, sample, mover, legal[rng.below(len(legal))], rng, copy=False)


def timed(fn, repeat):
    t0 = time.perf_counter()
    for i in range(repeat):
        fn(i)
    return time.perf_counter() - t0


def ismcts_rate(game_id, n_positions, iterations) -> float:
    """ISMCTS iterations per CPU-second over the bench's positions (runs on whichever engine is
    imported: the baseline's in a child process)."""
    game = get_game(game_id)
    states = positions(game, two_seat_variant(game), n_positions)
    seats = [min(game.to_act(s)) for s in states]
    t0 = time.process_time()
    for i in range(len(states)):
        search(game, states[i], seats[i], Rng(b"s%d" % i), {"iterations": iterations})
    return len(states) * iterations / (time.process_time() - t0)


def random_rate(game_id, games) -> float:
    """Random-vs-random games per CPU-second, as simulations play them (the random bot walks the
    choice protocol at every move; runs on whichever engine is imported)."""
    game = get_game(game_id)
    variant, bots = two_seat_variant(game), [{"bot": "random"}, {"bot": "random"}]
    t0 = time.process_time()
    for i in range(games):
        play_game(game, variant, bots, "bench", i)
    return games / (time.process_time() - t0)


def against_baseline(game, args, where) -> None:
    from baseline import ROUNDS, best_of
    now, then = best_of(where, "bench_bots.py", ["ismcts", "--game", game.id, "--positions", args.positions,
                                                 "--iterations", args.iterations])
    print(f"  (e) ISMCTS per CPU-second, best of {ROUNDS} alternating child runs: {now:,.0f} iterations; "
          f"the engine of {args.baseline} on the same positions: {then:,.0f} -> {now / then:.2f}x", flush=True)
    now, then = best_of(where, "bench_bots.py", ["random", "--game", game.id, "--games", args.games])
    print(f"  (f) random vs random per CPU-second, best of {ROUNDS} alternating child runs: {now:,.1f} games; "
          f"the engine of {args.baseline}, the same games: {then:,.1f} -> {now / then:.2f}x", flush=True)


def bench(game, args, where=None):
    variant = two_seat_variant(game)
    print(f"{game.id} / {variant}:")
    states = positions(game, variant, args.positions)
    seats = [min(game.to_act(s)) for s in states]

    t = timed(lambda i: random_playout(game, states[i], seats[i], Rng(b"p%d" % i)), len(states))
    playouts = len(states) / t
    print(f"  (a) baseline, random playouts to the end from a determinized sample: {playouts:,.0f} playouts/s")
    t = timed(lambda i: search(game, states[i], seats[i], Rng(b"s%d" % i), {"iterations": args.iterations}),
              len(states))
    iterations = len(states) * args.iterations / t
    print(f"  (b) ISMCTS: {iterations:,.0f} iterations/s = {iterations / playouts:,.1f}x the playout rate "
          f"({args.iterations} iterations per decision: {len(states) / t:,.1f} decisions/s)")
    t = timed(lambda i: choose(game, states[i], seats[i], {"bot": "greedy"}, Rng(b"g%d" % i)), len(states))
    print(f"  (c) greedy: {len(states) / t:,.0f} decisions/s")
    random_bots = [{"bot": "random"}, {"bot": "random"}]
    t = timed(lambda i: play_game(game, variant, random_bots, "bench", i), args.games)
    print(f"  (d) simulated games, random vs random: {args.games / t:,.1f} games/s", end="")
    ismcts = [{"bot": "ismcts", "budget": {"iterations": 16}}, {"bot": "random"}]
    t = timed(lambda i: play_game(game, variant, ismcts, "bench", i), max(1, args.games // 8))
    print(f"; ismcts(16 iterations) vs random: {max(1, args.games // 8) / t:,.2f} games/s", flush=True)
    if where is not None:
        against_baseline(game, args, where)


def main():
    landed = [g.id for g in list_games() if not g.id.startswith("toy")]
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=landed, action="append", help="default: every landed game")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--baseline", default=None, help="the commit whose engine (e) compares with")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--measure", choices=["ismcts", "random"], help=argparse.SUPPRESS)   # a child run (bench/baseline.py)
    args = parser.parse_args()
    if args.measure:
        rate = ismcts_rate(args.game[0], args.positions, args.iterations) if args.measure == "ismcts" else \
            random_rate(args.game[0], args.games)
        print(json.dumps({"rate": rate}))
        return
    from baseline import BASELINE, checkout, cleanup
    args.baseline = args.baseline or BASELINE
    where = None if args.no_baseline else checkout(args.baseline)
    if where is None and not args.no_baseline:
        print(f"(no baseline: git could not give the engine of {args.baseline})")
    try:
        for game_id in args.game or landed:
            bench(get_game(game_id), args, where)
    finally:
        cleanup(where)


if __name__ == "__main__":
    main()
