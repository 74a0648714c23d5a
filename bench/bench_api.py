"""API throughput on real Redis: 16 concurrent clients play 3x3Wars (Overlord) through HTTP.

Starts ``kifu serve`` (or gunicorn) on a free loopback port with REDIS_URL pointing at the local
Redis (db 14, flushed before and after), runs the clients for a bounded time, and prints actions/s
and the p50/p99 latency of POST /actions, beside raw Redis XADD round trips per second from one
client measured in the same run. All traffic stays on 127.0.0.1.

    .venv/bin/python bench/bench_api.py [--seconds 15] [--clients 16] [--server kifu|gunicorn]
"""
import argparse
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time

import redis

REDIS_URL = "redis://127.0.0.1:6379/14"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(kind: str) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "REDIS_URL": REDIS_URL}
    if kind == "kifu":
        proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", "0",
                                 "--quiet"],
                                stdout=subprocess.PIPE, text=True, env=env)
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            proc.kill()
            raise SystemExit(f"kifu serve did not start: {line!r}")
        return proc, int(found.group(1))
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "service:create_app()", "--bind",
                             f"127.0.0.1:{port}", "--worker-class", "gthread", "--workers", "2",
                             "--threads", "8", "--log-level", "warning"], env=env)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("gunicorn did not start")


class Client:
    def __init__(self, port: int, rnd: random.Random):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rnd = rnd

    def call(self, method: str, path: str, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        r = self.conn.getresponse()
        return r.status, json.loads(r.read())

    def play(self, deadline: float, latencies: list, errors: list) -> None:
        while time.monotonic() < deadline:
            status, created = self.call("POST", "/matches", {
                "game": "threebythree", "variant": "overlord", "seats": [{"name": "a"}, {"name": "b"}]})
            if status != 201:
                errors.append((status, created))
                return
            mid, tokens = created["match_id"], [s["token"] for s in created["seats"]]
            n = 0
            while time.monotonic() < deadline:
                _, info = self.call("GET", f"/matches/{mid}")
                if info["outcome"] is not None:
                    break
                seat = info["to_act"][0]
                _, legal = self.call("GET", f"/matches/{mid}/legal-actions", token=tokens[seat])
                body = {"action": self.rnd.choice(legal["actions"]),
                        "expected_version": legal["version"], "command_id": f"{mid}-{n}"}
                t0 = time.perf_counter()
                status, answer = self.call("POST", f"/matches/{mid}/actions", body, tokens[seat])
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors.append((status, answer))
                    return
                n += 1


def percentile(sorted_values: list, p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def xadd_round_trips(r: redis.Redis, seconds: float) -> float:
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        r.xadd("bench:xadd", {"type": "X", "data": "{}"}, maxlen=10000, approximate=True)
        n += 1
    return n / (time.perf_counter() - t0)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--server", choices=("kifu", "gunicorn"), default="kifu")
    args = parser.parse_args()
    r = redis.Redis.from_url(REDIS_URL)
    try:
        r.ping()
    except redis.RedisError as e:
        raise SystemExit(f"no Redis at {REDIS_URL} ({e}); ./dev test starts one")
    r.flushdb()
    proc, port = start_server(args.server)
    try:
        latencies, errors = [], []
        deadline = time.monotonic() + args.seconds
        threads = [threading.Thread(target=Client(port, random.Random(i)).play,
                                    args=(deadline, latencies, errors)) for i in range(args.clients)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - t0
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    xadd = xadd_round_trips(r, 2.0)
    r.flushdb()
    lat = sorted(latencies)
    print(f"server: {args.server} on 127.0.0.1:{port}, Redis {REDIS_URL}, {args.clients} clients, "
          f"{elapsed:.1f} s")
    print(f"API actions/s:            {len(lat) / elapsed:8.1f}  ({len(lat)} POST /actions, "
          f"each after GET match + GET legal-actions)")
    if lat:
        print(f"POST /actions latency:    p50 {percentile(lat, 0.50) * 1000:6.1f} ms   "
              f"p99 {percentile(lat, 0.99) * 1000:6.1f} ms")
    print(f"raw Redis XADD round trips/s (1 client): {xadd:8.0f}")
    if errors:
        print(f"errors: {len(errors)}, first: {errors[0]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
