"""API throughput on real Redis: clients play 3x3Wars (Overlord) through HTTP, beside a trivial
endpoint served the same way, and beside the floor of the action loop on that endpoint.

Starts gunicorn (or ``kifu serve``) on a free loopback port with REDIS_URL pointing at a Redis
database that is flushed before and after (``KIFU_BENCH_REDIS_URL``, default
redis://127.0.0.1:6379/3), and measures, one after another:

- the trivial endpoint (bench/trivial_app.py: one HGETALL answered as JSON by Flask, the same
  gunicorn settings): requests/s of the same 16 client threads, the same-run baseline;
- the floor of the action loop on the same trivial server: the same three requests (GET, GET with a
  token, POST of a JSON body with it) and four HGETALLs, as kifu's action makes four Redis round
  trips, with no work of kifu's: loops/s as a fraction of the trivial rate, the best kifu could reach;
- 16 clients playing (GET match, GET legal-actions, POST action): actions/s, as a fraction of the
  trivial request rate (issue 22: at least 1/4), and the p50/p99 latency of POST /actions;
- one client playing: the p50/p99 latency of POST /actions with nothing else in flight;
- raw Redis XADD round trips per second from one client.

Both servers run side by side and the trivial and the playing clients take turns (``--rounds``
slices of each, alternating which goes first): this VM's speed moves 2x within a minute (idle vCPUs
are slow to wake, and its neighbours vary), so a baseline measured minutes apart from what it is
compared with gave ratios from 1/2 to 1/13 for the same code.

All traffic stays on 127.0.0.1.

    .venv/bin/python bench/bench_api.py [--seconds 15] [--rounds 6] [--clients 16] [--server gunicorn|kifu]
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
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))
from redis_db import REDIS_URL, flushed  # noqa: E402

HERE = Path(__file__).resolve().parent
GUNICORN = ["--worker-class", "gthread", "--workers", "2", "--threads", "8", "--log-level", "warning"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(kind: str, app: str = "service:create_app()") -> tuple[subprocess.Popen, int]:
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
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", app, "--pythonpath", str(HERE), "--bind",
                             f"127.0.0.1:{port}", *GUNICORN], env=env)
    probe = "/trivial" if app.startswith("trivial_app") else "/healthz"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:          # until both workers answer (the port opens before they boot)
        try:
            answered = 0
            for _ in range(8):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", probe)
                answered += conn.getresponse().status == 200
                conn.close()
            if answered == 8:
                return proc, port
        except OSError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not start")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(timeout=10)


class Client:
    def __init__(self, port: int, rnd: random.Random):
        self.port, self.rnd, self.conn = port, rnd, None
        self.match = None            # (match id, seat tokens, actions posted) of a match under way

    def connect(self) -> None:
        """A new connection (gunicorn closes one left idle for its keep-alive, 2 s, between turns)."""
        if self.conn is not None:
            self.conn.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def call(self, method: str, path: str, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        r = self.conn.getresponse()
        return r.status, json.loads(r.read())

    def trivial(self, deadline: float, latencies: list, errors: list) -> None:
        while time.monotonic() < deadline:
            status, _ = self.call("GET", "/trivial")
            if status != 200:
                errors.append((status, None))
                return
            latencies.append(0.0)

    def floor(self, deadline: float, latencies: list, errors: list) -> None:
        """kifu's action loop with none of kifu's work (bench/trivial_app.py)."""
        while time.monotonic() < deadline:
            for method, body, token in (("GET", None, None), ("GET", None, "t"), ("POST", {"action": {}}, "t")):
                status, _ = self.call(method, "/trivial", body, token)
                if status != 200:
                    errors.append((status, None))
                    return
            latencies.append(0.0)

    def play(self, deadline: float, latencies: list, errors: list) -> None:
        """Play matches until ``deadline``; a match cut by it goes on at the next call."""
        while time.monotonic() < deadline:
            if self.match is None:
                status, created = self.call("POST", "/matches", {
                    "game": "threebythree", "variant": "overlord", "seats": [{"name": "a"}, {"name": "b"}]})
                if status != 201:
                    errors.append((status, created))
                    return
                self.match = created["match_id"], [s["token"] for s in created["seats"]], 0
            mid, tokens, n = self.match
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
                self.match = mid, tokens, n
            else:
                return
            self.match = None


def percentile(sorted_values: list, p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def xadd_round_trips(r: redis.Redis, seconds: float) -> float:
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        r.xadd("bench:xadd", {"type": "X", "data": "{}"}, maxlen=10000, approximate=True)
        n += 1
    return n / (time.perf_counter() - t0)


def server_cpu(proc: subprocess.Popen) -> float:
    """CPU seconds (user + system) the server's processes have used: its gunicorn workers (or kifu
    serve) and the master, read from /proc (Linux)."""
    pids, ticks = [proc.pid], 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == proc.pid:
                    pids.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass                                # gone meanwhile
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])    # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def run_clients(clients: list, seconds: float, loop: str, latencies: list, errors: list) -> float:
    """The ``clients`` each running ``Client.<loop>`` in a thread for ``seconds``; returns the time taken."""
    for c in clients:
        c.connect()
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=getattr(c, loop), args=(deadline, latencies, errors)) for c in clients]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - t0


def take_turns(runs: list, rounds: int, seconds: float) -> list:
    """``runs``: (clients, loop, server process) triples, run one after another ``rounds`` times (the
    first of them first in even rounds, last in odd ones), ``seconds / rounds`` each time; for each
    run (latencies, errors, total elapsed, the server's CPU seconds meanwhile)."""
    out = [([], [], 0.0, 0.0) for _ in runs]
    for k in range(rounds):
        for i in (range(len(runs)) if k % 2 == 0 else reversed(range(len(runs)))):
            latencies, errors, elapsed, cpu = out[i]
            if not any(e for _, e, _, _ in out):
                clients, loop, server = runs[i]
                before = server_cpu(server)
                elapsed += run_clients(clients, seconds / rounds, loop, latencies, errors)
                cpu += server_cpu(server) - before
            out[i] = latencies, errors, elapsed, cpu
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--server", choices=("kifu", "gunicorn"), default="gunicorn")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    r = flushed()
    load = os.getloadavg()[0]
    servers = []
    try:
        servers.append(start_server(args.server))
        players = [Client(servers[0][1], random.Random(i)) for i in range(args.clients)]
        runs = [(players, "play", servers[0][0])]
        if args.server == "gunicorn":
            servers.append(start_server("gunicorn", "trivial_app:create_app()"))
            baseline = [Client(servers[1][1], random.Random(i)) for i in range(args.clients)]
            runs += [(baseline, "trivial", servers[1][0]), (baseline, "floor", servers[1][0])]
        results = take_turns(runs, args.rounds, args.seconds)
        (many, errors, elapsed, cpu), trivial, floor = results[0], *(results[1:] or (None, None))
        errors = errors or (trivial[1] + floor[1] if trivial else [])
        if not errors:
            one, errors, _, _ = take_turns([([Client(servers[0][1], random.Random(99))], "play", servers[0][0])],
                                           1, args.seconds / 3)[0]
    finally:
        for proc, _ in servers:
            stop(proc)
        xadd = xadd_round_trips(r, 2.0)
        r.flushdb()
    trivial_rate = len(trivial[0]) / trivial[2] if trivial else None
    floor_rate = len(floor[0]) / floor[2] if floor else None
    if errors:
        print(f"errors: {len(errors)}, first: {errors[0]}")
        return 1
    print(f"server: {args.server}{' (' + ' '.join(GUNICORN[:6]) + ')' if args.server == 'gunicorn' else ''} "
          f"on 127.0.0.1, Redis {REDIS_URL}, load average before {load:.2f}")
    if trivial_rate:
        print(f"baseline, trivial endpoint (one HGETALL as JSON, same gunicorn settings), {args.clients} clients: "
              f"{trivial_rate:8.1f} requests/s")
    if not many or not one:
        print("no action was answered: nothing to measure")
        return 1
    rate = len(many) / elapsed
    print(f"API actions/s, {args.clients} clients:  {rate:8.1f}  ({len(many)} POST /actions in {elapsed:.1f} s, "
          f"each after GET match + GET legal-actions)"
          + (f" = 1/{trivial_rate / rate:.2f} of the trivial request rate" if trivial_rate else ""))
    if floor_rate:
        per = {"action": cpu / len(many), "floor": floor[3] / len(floor[0]), "trivial": trivial[3] / len(trivial[0])}
        print(f"floor of the action loop (the same three requests and four HGETALLs on the trivial server, none of "
              f"kifu's work): {floor_rate:8.1f}/s = 1/{trivial_rate / floor_rate:.2f} of the trivial request rate; "
              f"kifu's loop takes {floor_rate / rate:.2f}x its time, {(1 / rate - 1 / floor_rate) * 1000:.2f} ms more "
              f"per action at this load, where 1/4 of the trivial rate leaves {(4 / trivial_rate - 1 / floor_rate) * 1000:.2f} ms")
        print(f"server CPU (its processes' user + system time): {per['action'] * 1000:.2f} ms per action, "
              f"{per['floor'] * 1000:.2f} ms per floor loop, {per['trivial'] * 1000:.2f} ms per trivial request: "
              f"so kifu's own work takes {(per['action'] - per['floor']) * 1000:.2f} ms of an action, where 4 trivial "
              f"requests' CPU leaves it {(4 * per['trivial'] - per['floor']) * 1000:.2f} ms")
    lat = sorted(many)
    print(f"POST /actions latency, {args.clients} clients: p50 {percentile(lat, 0.50) * 1000:6.1f} ms   "
          f"p99 {percentile(lat, 0.99) * 1000:6.1f} ms")
    lat = sorted(one)
    print(f"POST /actions latency, 1 client:   p50 {percentile(lat, 0.50) * 1000:6.1f} ms   "
          f"p99 {percentile(lat, 0.99) * 1000:6.1f} ms  ({len(one)} actions)")
    print(f"raw Redis XADD round trips/s (1 client): {xadd:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
