"""API throughput on real Redis: clients play 3x3Wars (Overlord) through HTTP, beside a trivial
endpoint served the same way, and beside the floor of the action loop on that endpoint.

Starts gunicorn as the Procfile's web line runs kifu (its config, worker class, 2 workers × 8 threads;
or ``kifu serve``) on a free loopback port with REDIS_URL pointing at a Redis
database that is flushed before and after (``KIFU_BENCH_REDIS_URL``, default
redis://127.0.0.1:6379/3), and measures, one after another:

- the trivial endpoint (bench/trivial_app.py: one HGETALL answered as JSON by Flask, gunicorn's
  gthread worker with the same workers and threads): requests/s of the same 16 client threads, the same-run baseline;
- 16 clients playing the page's loop (issue 37): the mover's POST /actions, whose full answer
  (``legal``, ``to_act``) feeds its next move; when another seat is to act next, that seat's one GET
  legal-actions (the page learns of its turn from the stream it follows): moves/s as a fraction of
  the trivial request rate (issue 37: at least 1/4), server CPU per move, POST p50/p99;
- 16 clients playing the old three-request loop (GET match, GET legal-actions, POST action with
  ``?answer=short``): the loop before issue 37, measured in the same run;
- the floor of the three-request loop on the same trivial server: the same three requests (GET, GET
  with a token, POST of a JSON body with it) and four HGETALLs, with no work of kifu's;
- the page's loop at 4 clients and at 1: POST /actions p50/p99 with fewer requests in flight. At a
  fixed number of closed-loop clients the p50 is set by throughput (Little's law: p50 ~ clients /
  moves per second), so the 16-client p50 says how fast the server is, not how long one move waits
  when it is not queued;
- raw Redis XADD round trips per second from one client.

The servers run side by side and the runs take turns (``--rounds`` slices of each, alternating which
goes first): this VM's speed moves 2x within a minute (idle vCPUs are slow to wake, and its neighbours
vary), so a baseline measured minutes apart from what it is compared with gave ratios from 1/2 to
1/13 for the same code.

All traffic stays on 127.0.0.1.

    .venv/bin/python bench/bench_api.py [--seconds 15] [--rounds 6] [--clients 16] [--server gunicorn|kifu]
"""
import argparse
import http.client
import json
import os
import random
import re
import shlex
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


def procfile_web() -> list[str]:
    """The Procfile's web line's gunicorn options (its config, worker class, workers and threads), the
    way kifu is served; its --bind is left out (the bench binds a free loopback port)."""
    line = next(l for l in (HERE.parent / "Procfile").read_text().splitlines() if l.startswith("web:"))
    words, options = shlex.split(line.partition(":")[2])[2:], []      # after "gunicorn" and the app
    while words:
        word = words.pop(0)
        if word in ("--bind", "-b"):
            words.pop(0)
        else:
            options.append(word)
    return options


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
    served = GUNICORN if app.startswith("trivial_app") else procfile_web()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", app, "--pythonpath", str(HERE), "--bind",
                             f"127.0.0.1:{port}", *served], env=env,
                            stderr=subprocess.DEVNULL)   # its JSON request log is written (as the Procfile's), not shown
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
        self.seat, self.legal = None, None      # the page's loop: the seat to act and its legal actions

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

    def new_match(self, errors: list) -> bool:
        status, created = self.call("POST", "/matches", {
            "game": "threebythree", "variant": "overlord", "seats": [{"name": "a"}, {"name": "b"}]})
        if status != 201:
            errors.append((status, created))
            return False
        self.match = created["match_id"], [s["token"] for s in created["seats"]], 0
        return True

    def page(self, deadline: float, latencies: list, errors: list) -> None:
        """The page's loop (issue 37): the mover's POST, its full answer feeding its next move; when
        another seat is to act next, that seat's one GET legal-actions. A match's first move is
        found by one GET match (once a match, not a move)."""
        while time.monotonic() < deadline:
            if self.match is None and not self.new_match(errors):
                return
            mid, tokens, n = self.match
            if n == 0 or self.legal is None:
                _, info = self.call("GET", f"/matches/{mid}")
                self.seat = info["to_act"][0]
                _, self.legal = self.call("GET", f"/matches/{mid}/legal-actions", token=tokens[self.seat])
            while time.monotonic() < deadline:
                body = {"action": self.rnd.choice(self.legal["actions"]),
                        "expected_version": self.legal["version"], "command_id": f"{mid}-{n}"}
                t0 = time.perf_counter()
                status, answer = self.call("POST", f"/matches/{mid}/actions", body, tokens[self.seat])
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors.append((status, answer))
                    return
                n += 1
                self.match = mid, tokens, n
                if answer["outcome"] is not None:
                    break
                if self.seat in answer["to_act"]:
                    self.legal = answer["legal"]
                else:                           # the other seat learns of its turn from the stream
                    self.seat = answer["to_act"][0]
                    _, self.legal = self.call("GET", f"/matches/{mid}/legal-actions", token=tokens[self.seat])
            else:
                return
            self.match, self.legal = None, None

    def play(self, deadline: float, latencies: list, errors: list) -> None:
        """The three-request loop (before issue 37): GET match, GET legal-actions, POST the action
        asking for the short answer. Plays matches until ``deadline``; a match cut by it goes on at
        the next call."""
        while time.monotonic() < deadline:
            if self.match is None and not self.new_match(errors):
                return
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
                status, answer = self.call("POST", f"/matches/{mid}/actions?answer=short", body, tokens[seat])
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


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f} ms"


def latency(values: list) -> str:
    lat = sorted(values)
    return f"p50 {ms(percentile(lat, 0.50))}   p99 {ms(percentile(lat, 0.99))}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--server", choices=("kifu", "gunicorn"), default="gunicorn")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    r = flushed()
    load = os.getloadavg()[0]
    servers, fewer = [], []
    try:
        servers.append(start_server(args.server))
        port, kifu = servers[0][1], servers[0][0]
        pages = [Client(port, random.Random(i)) for i in range(args.clients)]
        threes = [Client(port, random.Random(100 + i)) for i in range(args.clients)]
        runs = [(pages, "page", kifu), (threes, "play", kifu)]
        if args.server == "gunicorn":
            servers.append(start_server("gunicorn", "trivial_app:create_app()"))
            baseline = [Client(servers[1][1], random.Random(i)) for i in range(args.clients)]
            runs += [(baseline, "trivial", servers[1][0]), (baseline, "floor", servers[1][0])]
        results = take_turns(runs, args.rounds, args.seconds)
        page, three, trivial, floor = (*results, None, None)[:4]
        errors = [e for run in results for e in run[1]]
        if not errors:
            for n in (4, 1):
                run = take_turns([([Client(port, random.Random(200 + i)) for i in range(n)], "page", kifu)],
                                 1, args.seconds / 3)[0]
                errors += run[1]
                fewer.append((n, run))
    finally:
        for proc, _ in servers:
            stop(proc)
        xadd = xadd_round_trips(r, 2.0)
        r.flushdb()
    if errors:
        print(f"errors: {len(errors)}, first: {errors[0]}")
        return 1
    if not page[0] or not three[0] or any(not run[0] for _, run in fewer):
        print("no action was answered: nothing to measure")
        return 1
    print(f"server: {args.server}{' (the Procfile web line: ' + ' '.join(procfile_web()) + ')' if args.server == 'gunicorn' else ''} "
          f"on 127.0.0.1, Redis {REDIS_URL}, load average before {load:.2f}")
    trivial_rate = len(trivial[0]) / trivial[2] if trivial else None
    if trivial_rate:
        print(f"baseline, trivial endpoint (one HGETALL as JSON, gthread, the same workers and threads), {args.clients} clients: "
              f"{trivial_rate:8.1f} requests/s")

    def versus(rate):
        return f" = 1/{trivial_rate / rate:.2f} of the trivial request rate" if trivial_rate else ""
    page_rate, three_rate = len(page[0]) / page[2], len(three[0]) / three[2]
    print(f"the page's loop, {args.clients} clients: {page_rate:8.1f} moves/s ({len(page[0])} POST /actions in "
          f"{page[2]:.1f} s, each answer feeding the mover's next move, one GET legal-actions when the other seat "
          f"is to act next){versus(page_rate)}")
    print(f"the three-request loop, {args.clients} clients: {three_rate:8.1f} moves/s ({len(three[0])} POST "
          f"/actions?answer=short in {three[2]:.1f} s, each after GET match + GET legal-actions){versus(three_rate)}")
    cpu = {"page": page[3] / len(page[0]), "three": three[3] / len(three[0])}
    if trivial_rate:
        floor_rate = len(floor[0]) / floor[2]
        cpu |= {"floor": floor[3] / len(floor[0]), "trivial": trivial[3] / len(trivial[0])}
        print(f"floor of the three-request loop (the same three requests and four HGETALLs on the trivial server, "
              f"none of kifu's work): {floor_rate:8.1f}/s{versus(floor_rate)}")
    print(f"server CPU (its processes' user + system time) per move: {cpu['page'] * 1000:.2f} ms in the page's loop, "
          f"{cpu['three'] * 1000:.2f} ms in the three-request loop"
          + (f"; {cpu['floor'] * 1000:.2f} ms per floor loop, {cpu['trivial'] * 1000:.2f} ms per trivial request"
             if trivial_rate else ""))
    print(f"POST /actions latency, the page's loop, {args.clients} clients: {latency(page[0])}  "
          f"(Little's law: {args.clients} clients / {page_rate:.0f} moves/s = {ms(args.clients / page_rate)} a move "
          f"in the loop, of which the POST's share)")
    print(f"POST /actions?answer=short latency, the three-request loop, {args.clients} clients: {latency(three[0])}")
    for n, (lat, _, elapsed, _) in fewer:
        print(f"POST /actions latency, the page's loop, {n} client{'s' if n > 1 else ' '}: {latency(lat)}  "
              f"({len(lat) / elapsed:.1f} moves/s)")
    print(f"raw Redis XADD round trips/s (1 client): {xadd:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
