"""The state at any version of a 10,000-event match, from real Redis (issue 22: at most 20 ms).

Stores one 東方祀爭録 match of at least ``--events`` events through the normal commit path
(service.application.match.acting.take_action) in a Redis database that is flushed before and after
(``KIFU_BENCH_REDIS_URL``, default redis://127.0.0.1:6379/3): two seats that only ever end their
turn, so the match never ends (each turn is a clean-up, a draw, a shuffle now and then, the next
turn: about five events). Then loads the state at ``--loads`` random versions through the read
side (loading.open_match: the newest snapshot at or below the version, then the events after it
folded), each with an empty state cache, and prints the p50 / p99 / max time per load, beside
the same-run baselines: one XRANGE of the whole stream, and reading and folding every event up
to the version (what a load would cost without snapshots) for a few versions.

    .venv/bin/python bench/bench_load.py [--events 10000] [--loads 300]
"""
import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from redis_db import REDIS_URL, flushed  # noqa: E402
from engine.core import fold  # noqa: E402
from service.application.match.acting import take_action  # noqa: E402
from service.application.match.creating import create_match  # noqa: E402
from service.application.match.loading import open_match  # noqa: E402
from service.application.storage.store import EventStore, key  # noqa: E402



def store_long_match(store, events: int) -> str:
    created = create_match(store, {"game": "shisoroku", "variant": "standard", "seats": [{"name": "a"}, {"name": "b"}],
                                   "options": {}, "setup": None, "audit_live": False, "deadline": None})
    match_id, n = created.match_id, 0
    while True:
        m = open_match(store, match_id)
        if m.version >= events:
            return match_id
        seat = m.to_act()[0]
        take_action(store, match_id, seat, {"action": {"type": "end_turn"}, "expected_version": m.version,
                                            "command_id": f"end-{n}"})
        n += 1


def percentile(sorted_values: list, p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--loads", type=int, default=300)
    args = parser.parse_args()
    client = flushed()
    try:
        t0 = time.perf_counter()
        match_id = store_long_match(EventStore(client), args.events)
        stored = time.perf_counter() - t0
        store = EventStore(client)             # no state cache: every load from Redis
        current = open_match(store, match_id).current
        rnd = random.Random(22)
        versions = [rnd.randint(1, current) for _ in range(args.loads)]
        times = []
        for v in versions:
            t0 = time.perf_counter()
            open_match(store, match_id, v)
            times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        client.xrange(key(match_id, "events"), "-", "+")
        whole = time.perf_counter() - t0
        full = []
        game = open_match(store, match_id, 1).game
        for v in versions[:5]:
            t0 = time.perf_counter()
            fold(game, [r.event for r in store.read(match_id, 0, v)])
            full.append(time.perf_counter() - t0)
        snaps = client.zcard(key(match_id, "snap"))
    finally:
        client.flushdb()
    times.sort()
    print(f"a 東方祀爭録 match of {current:,} events ({snaps} snapshots) stored through the commit path in {stored:.1f} s; "
          f"Redis {REDIS_URL}, load average {os.getloadavg()[0]:.2f}")
    print(f"state at a random version (snapshot + tail, no state cache), {len(times)} loads: "
          f"p50 {percentile(times, 0.5) * 1000:.2f} ms   p99 {percentile(times, 0.99) * 1000:.2f} ms   "
          f"max {times[-1] * 1000:.2f} ms")
    print(f"    baseline, one XRANGE of the whole stream: {whole * 1000:.1f} ms; reading and folding every event "
          f"up to the version (no snapshot): {sum(full) / len(full) * 1000:.1f} ms on average")


if __name__ == "__main__":
    main()
