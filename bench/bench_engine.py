"""Engine throughput: random full Overlord games per second and events folded per second, and the
decoding of stored events.

(a) random full Overlord games as simulations play them (engine.core.step: decide and fold in one
pass, the events kept), beside the same games through the event path as the service plays them
(play, then fold the events onto the state) and with the engine of an earlier commit (bench/
baseline.py: main before issue 22) in a child process, per CPU-second, alternating;
(b) events folded per second; (c) stored events decoded per second as the event store reads them
(service.application.storage.records.decode_all: an XRANGE's entries as Redis returns them), beside the
standard library's ``json.loads`` of the same events (what every load paid before), both kept in
a list as a load keeps them.

    .venv/bin/python bench/bench_engine.py [--games 300] [--baseline c4195af | --no-baseline]
"""
import argparse
import json
import random
import sys
import time
from pathlib import Path

from engine.core import Event, MatchConfig, Rng, create_events, fold, get_game, play

try:
    from engine.core import step
except ImportError:                      # the engine of a commit before step() (a baseline child run)
    step = None


def random_game(game, i, fast=True):
    """One random Overlord game (actions drawn with ``random.Random(i)``): its events and actions."""
    seed = b"bench-%d" % i
    events = create_events(game, MatchConfig(game.id, "overlord", ["a", "b"], {}), seed)
    state = fold(game, events)
    rng = random.Random(i)
    actions = 0
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        if fast and step is not None:
            state, new = step(game, state, seat, action, Rng.for_version(seed, state["version"]))
        else:
            new = play(game, state, seat, action, seed)
            state = fold(game, new, state)
        events += new
        actions += 1
    return events, actions


def games_per_cpu_second(game, n, fast=True) -> float:
    t0 = time.process_time()
    for i in range(n):
        random_game(game, i, fast)
    return n / (time.process_time() - t0)


def stored_fields(event: Event, version: int) -> dict:
    """The stream entry of an event as Redis returns it (records.StoredEvent.fields, as bytes)."""
    from service.application.storage.records import FIELDS, StoredEvent
    values = StoredEvent(version, event, "2026-11-24T03:23:00Z", "0" * 64, "cmd").fields()
    return {k.encode(): v.encode() for k, v in zip(FIELDS, values)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--baseline", default=None, help="the commit whose engine (a) compares with")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--measure", choices=["games"], help=argparse.SUPPRESS)     # a child run (baseline.py)
    args = parser.parse_args()
    game = get_game("threebythree")
    if args.measure:
        print(json.dumps({"rate": games_per_cpu_second(game, args.games)}))
        return

    t0 = time.perf_counter()
    games = [random_game(game, i) for i in range(args.games)]
    t_play = time.perf_counter() - t0
    n_actions = sum(a for _, a in games)
    print(f"(a) random full Overlord games: {args.games / t_play:,.0f} games/s "
          f"({n_actions / t_play:,.0f} actions/s incl. legal_actions; {n_actions / args.games:.0f} actions/game)")
    print(f"    per CPU-second: {games_per_cpu_second(game, args.games):,.0f} games; through the event path "
          f"(play, then fold): {games_per_cpu_second(game, args.games, fast=False):,.0f}", flush=True)
    if not args.no_baseline:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from baseline import BASELINE, ROUNDS, best_of, checkout, cleanup
        ref = args.baseline or BASELINE
        where = checkout(ref)
        try:
            if where is not None:
                now, then = best_of(where, "bench_engine.py", ["games", "--games", max(60, args.games // 3)])
                print(f"    per CPU-second, best of {ROUNDS} alternating child runs: {now:,.0f} games; "
                      f"the engine of {ref}: {then:,.0f} -> {now / then:.2f}x", flush=True)
        finally:
            cleanup(where)

    events = [e for evs, _ in games for e in evs]
    t0 = time.process_time()
    for evs, _ in games:
        fold(game, evs)
    t_fold = time.process_time() - t0
    print(f"(b) events folded: {len(events) / t_fold:,.0f} events per CPU-second ({len(events) / args.games:.0f} events/game)")

    from service.application.storage.records import decode_all
    entries = [(b"%d-0" % (v + 1), stored_fields(e, v + 1)) for v, e in enumerate(events)]
    lines = [json.dumps(e.to_dict(), ensure_ascii=False) for e in events]
    t0 = time.process_time()
    decoded = decode_all(entries)           # what EventStore.read does with an XRANGE's entries
    t_store = time.process_time() - t0
    del decoded
    t0 = time.process_time()
    decoded = [Event.from_dict(json.loads(line)) for line in lines]
    t_json = time.process_time() - t0
    del decoded
    print(f"(c) stored events decoded as the store reads them: {len(events) / t_store:,.0f} events per CPU-second")
    print(f"    baseline, json.loads of the same events: {len(events) / t_json:,.0f} events per CPU-second "
          f"-> {t_json / t_store:.1f}x; folding costs {t_fold / t_store:.2f}x decoding")


if __name__ == "__main__":
    main()
