"""Engine throughput: random full Overlord games per second and events folded per second.

Baselines measured in the same run: decoding the same events from their stored JSON form (what any
load must do at least), so the fold figure reads as "x times the cost of just parsing the log".

    .venv/bin/python bench/bench_engine.py [--games 300]
"""
import argparse
import json
import random
import time

from engine.core import Event, MatchConfig, create_events, fold, get_game, play


def random_game(game, i):
    seed = b"bench-%d" % i
    events = create_events(game, MatchConfig(game.id, "overlord", ["a", "b"], {}), seed)
    state = fold(game, events)
    rng = random.Random(i)
    actions = 0
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        new = play(game, state, seat, rng.choice(game.legal_actions(state, seat)), seed)
        state = fold(game, new, state)
        events += new
        actions += 1
    return events, actions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    game = get_game("threebythree")

    t0 = time.perf_counter()
    games = [random_game(game, i) for i in range(args.games)]
    t_play = time.perf_counter() - t0
    n_actions = sum(a for _, a in games)
    logs = [[json.dumps(e.to_dict(), ensure_ascii=False) for e in events] for events, _ in games]
    n_events = sum(len(log) for log in logs)

    t0 = time.perf_counter()
    decoded = [[Event.from_dict(json.loads(line)) for line in log] for log in logs]
    t_decode = time.perf_counter() - t0
    t0 = time.perf_counter()
    for events in decoded:
        fold(game, events)
    t_fold = time.perf_counter() - t0

    print(f"(a) random full Overlord games: {args.games / t_play:,.0f} games/s "
          f"({n_actions / t_play:,.0f} actions/s incl. legal_actions; {n_actions / args.games:.0f} actions/game)")
    print(f"(b) events folded: {n_events / t_fold:,.0f} events/s ({n_events / args.games:.0f} events/game)")
    print(f"    baseline, decoding the same events from JSON: {n_events / t_decode:,.0f} events/s "
          f"-> folding costs {t_fold / t_decode:.2f}x decoding")


if __name__ == "__main__":
    main()
