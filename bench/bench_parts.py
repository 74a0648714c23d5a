"""What kifu's own work in an action costs, in-process: the CPU of the engine (the decision, the
fold, the choice step and the legal listing, the views), of the hash chain and of the marshmallow
schemas inside the action loop of bench_api.py (GET match, GET legal-actions, POST action, 3x3Wars
Overlord), played through Flask's test client on real Redis (db 3), one request at a time.

bench_api.py prints how much time the action loop may add to the floor of three bare Flask requests
with four Redis round trips if it is to reach 1/4 of the trivial request rate; this prints what the
parts no change to the routes' glue removes take of it, beside the whole action's CPU in the same
run (test client included). Each part is timed around the functions the routes call (wrapped for
the run; a part called inside another counts once, in the outer).

    .venv/bin/python bench/bench_parts.py [--games 20]
"""
import argparse
import inspect
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import marshmallow  # noqa: E402
from engine.core import get_game  # noqa: E402
from redis_db import REDIS_URL, flushed  # noqa: E402
from service import create_app  # noqa: E402
from service.application.match import acting, committing, queries

spent = Counter()
_inside = [False]


def timed(part: str, fn):
    def wrapper(*args, **kwargs):
        if _inside[0]:
            return fn(*args, **kwargs)
        _inside[0] = True
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[part] += time.perf_counter() - started
            _inside[0] = False
    return wrapper


def wrap(owner, name: str, part: str) -> None:
    raw = inspect.getattr_static(owner, name)
    if isinstance(raw, staticmethod):
        setattr(owner, name, staticmethod(timed(part, raw.__func__)))
    else:
        setattr(owner, name, timed(part, raw))


def instrument() -> None:
    game = type(get_game("threebythree"))
    for owner, name, part in ((acting, "decide", "engine: the decision"),
                              (committing, "fold", "engine: the fold (and its copy)"),
                              (game, "choices", "engine: the choice step and the legal listing"),
                              (queries, "listed", "engine: the choice step and the legal listing"),
                              (game, "view", "engine: the views"), (queries, "table_view", "engine: the views"),
                              (committing, "seal", "hash chain (canonical JSON, sha256)"),
                              (marshmallow.Schema, "load", "marshmallow: loads"),
                              (marshmallow.Schema, "dump", "marshmallow: dumps")):
        wrap(owner, name, part)


def play(client, rnd: random.Random) -> int:
    created = client.post("/matches", json={"game": "threebythree", "variant": "overlord",
                                            "seats": [{"name": "a"}, {"name": "b"}]}).get_json()
    match_id, tokens, n = created["match_id"], [s["token"] for s in created["seats"]], 0
    while True:
        info = client.get(f"/matches/{match_id}").get_json()
        if info["outcome"] is not None:
            return n
        auth = {"Authorization": f"Bearer {tokens[info['to_act'][0]]}"}
        legal = client.get(f"/matches/{match_id}/legal-actions", headers=auth).get_json()
        answer = client.post(f"/matches/{match_id}/actions", headers=auth, json={
            "action": rnd.choice(legal["actions"]), "expected_version": legal["version"], "command_id": f"c{n}"})
        if answer.status_code != 200:
            raise SystemExit(f"action refused: {answer.get_json()}")
        n += 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    os.environ["REDIS_URL"] = REDIS_URL
    redis = flushed()
    instrument()
    client, rnd = create_app().test_client(), random.Random(0)
    try:
        play(client, rnd)                           # warm: imports, scripts loaded, caches
        spent.clear()
        actions, started = 0, time.process_time()
        for _ in range(args.games):
            actions += play(client, rnd)
        whole = time.process_time() - started
    finally:
        redis.flushdb()
    print(f"in-process action loop (Flask test client, real Redis): {actions} actions in {args.games} games, "
          f"{whole / actions * 1e6:.0f} us CPU per action in all")
    for part, seconds in sorted(spent.items()):
        print(f"  {part:48} {seconds / actions * 1e6:7.1f} us")
    print(f"  {'these parts together':48} {sum(spent.values()) / actions * 1e6:7.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
