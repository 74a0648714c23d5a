"""The narrated log's cost: GET /matches/{id}/events pages read as a seat, with each event told as a
sentence (service/application/match/narrated.py), beside the same pages read as before narration —
redacted, no text — from the same store in the same run.

One random match per game (``--actions`` random legal actions, through the application's commit
path on an in-process fakeredis store), then every page of its log read ``--reads`` times both
ways. ディメンション・ゼロ is the costly one: its narration asks the reader's view before some events
(units named by instance ids), so the store folds the state alongside.

    .venv/bin/python bench/bench_narration.py [--actions 300] [--reads 5]
"""
import argparse
import json
import random
import sys
import time
from pathlib import Path

import fakeredis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from service.application.match import acting, creating, queries
from service.application.match.loading import client_items, match_game  # noqa: E402
from service.application.storage.store import EventStore  # noqa: E402

GAMES = {"threebythree": ("overlord", 2), "dimension-zero": ("first-century", 2), "dokusenroku": ("standard", 3),
         "shisoroku": ("standard", 3)}
PAGE = 100


def stored_match(store, game_id, variant, seats, actions, rng) -> str:
    created = creating.create_match(store, {"game": game_id, "variant": variant, "options": {}, "setup": None,
                                            "seats": [{"name": f"p{i}"} for i in range(seats)]})
    match_id = created.match_id
    for n in range(actions):
        m = queries.open_match(store, match_id)
        if m.outcome() is not None or not m.to_act():
            break
        seat = rng.choice(m.to_act())
        action = rng.choice(m.game.legal_actions(m.state, seat))
        acting.take_action(store, match_id, seat, {"action": action, "expected_version": m.version,
                                                     "command_id": f"bench-{n}"})
    return match_id


def pages(store, match_id, seat, narrated: bool) -> int:
    meta = store.meta(match_id)
    events, after = 0, 0
    while after < int(meta["version"]):
        if narrated:
            page = queries.events_page(store, match_id, seat, after, PAGE, meta)
            events += len(page["events"])
            after = page["next_after"]
        else:                                   # the page as it was before narration
            records = store.read(match_id, after, count=PAGE)
            events += len(client_items(match_game(meta), records, seat, with_hash=False))
            after = records[-1].version
    return events


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--reads", type=int, default=5)
    args = parser.parse_args(argv)
    store = EventStore(fakeredis.FakeRedis(), cache=None)
    rng = random.Random(21)
    for game_id, (variant, seats) in GAMES.items():
        match_id = stored_match(store, game_id, variant, seats, args.actions, rng)
        figures = {}
        for label, narrated in (("plain", False), ("narrated", True)):
            t0, n = time.perf_counter(), 0
            for _ in range(args.reads):
                n += pages(store, match_id, 0, narrated)
            figures[label] = n / (time.perf_counter() - t0)
        print(json.dumps({"game": game_id, "events": int(store.meta(match_id)["version"]),
                          "plain_events_per_s": round(figures["plain"]),
                          "narrated_events_per_s": round(figures["narrated"]),
                          "narrated_vs_plain": round(figures["narrated"] / figures["plain"], 2)}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
