"""Live pages at scale (issue 35): N followers of ``/matches/{id}/stream`` over N/4 3x3Wars matches
(per match: both seats and two spectators) on the web process exactly as the Procfile starts it
(gunicorn, its live worker class, 2 workers x 8 threads) on real Redis (db 3, or
``KIFU_BENCH_REDIS_URL``), moves posted at a steady rate, and:

- delivery latency from a move's POST being sent to each follower receiving its first new event:
  p50 / p99 / max, and how many followers of the moved matches got it (all of them, or it says so);
  and from the POST's answer (the message is published before the answer: what is left is the
  fan-out's own delay, where the first figure holds the action's own time too);
- ``GET /matches/{id}`` latency (one client, one request after another) with no follower open, with
  all N open and idle, and while the moves are delivered: p50 / p99, and the ratio to the first
  (and again with none open once the followers have closed: the machine's drift over the run);
- the server's CPU per delivered event while moves are delivered (its whole CPU then: the POSTs and
  the moves' reads included), and its CPU with the N followers idle (keep-alives);
- memory (PSS of gunicorn's processes) and file descriptors per follower: the difference with and
  without the followers, divided by N;
- beside them, the same run's baseline: the trivial endpoint (bench/trivial_app.py: one HGETALL as
  JSON, gunicorn with the same settings) served to 8 client threads, in requests/s, with no follower
  open and with all N open.

The followers are one selector thread of this process (tests/sse_followers.py), so their receive
times include this process's own delays on a busy machine: the latencies are upper bounds. The
load average at the start is printed: the machine may be shared.

    .venv/bin/python bench/bench_streams.py [--followers 1000] [--rate 10] [--moves N/4] [--probes 300]
"""
import argparse
import http.client
import json
import os
import random
import resource
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from bench_api import percentile, server_cpu, start_server, stop  # noqa: E402
from redis_db import REDIS_URL, flushed  # noqa: E402
from tests.plugin_stack import ROOT, command, free_port, procfile  # noqa: E402
from tests.sse_followers import Followers  # noqa: E402

import subprocess  # noqa: E402


class Http:
    """One keep-alive connection, reopened when the server closed it."""

    def __init__(self, port: int):
        self.port, self.conn = port, None

    def call(self, method: str, path: str, body=None, token=None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.conn.request(method, path, None if body is None else json.dumps(body), headers)
                r = self.conn.getresponse()
                return r.status, json.loads(r.read())
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        raise AssertionError("unreachable")


def start_kifu(port: int) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": REDIS_URL, "PYTHONPATH": str(ROOT), "KIFU_STREAMS_PER_ADDRESS": "0",
           "KIFU_STREAMS_PER_TOKEN": "0", "KIFU_SSE_MAX_SECONDS": "36000"}
    proc = subprocess.Popen(command(procfile()["web"], port, REDIS_URL) + ["--log-level", "warning"],
                            cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if Http(port).call("GET", "/readyz")[0] == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("kifu's gunicorn did not start")


def workers(proc: subprocess.Popen) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == proc.pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return found


def footprint(proc: subprocess.Popen) -> tuple[float, int]:
    """(PSS in KiB, open file descriptors) of gunicorn's master and workers."""
    pss, fds = 0.0, 0
    for pid in [proc.pid, *workers(proc)]:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss += int(line.split()[1])
        fds += len(os.listdir(f"/proc/{pid}/fd"))
    return pss, fds


def create(port: int, n: int) -> list[dict]:
    out, lock = [], threading.Lock()

    def make(k: int) -> None:
        client = Http(port)
        for _ in range(k):
            status, body = client.call("POST", "/matches", {"game": "threebythree", "variant": "overlord",
                                                            "seats": [{"name": "Reimu"}, {"name": "Marisa"}]})
            assert status == 201, body
            with lock:
                out.append(body)
    threads = [threading.Thread(target=make, args=(n // 8 + (i < n % 8),)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def probe(port: int, matches: list, n: int, rnd: random.Random) -> list[float]:
    """``n`` GET /matches/{id} one after another, latencies in s."""
    client, out = Http(port), []
    for _ in range(n):
        m = rnd.choice(matches)
        t0 = time.perf_counter()
        status, _ = client.call("GET", f"/matches/{m['match_id']}")
        out.append(time.perf_counter() - t0)
        assert status == 200
    return sorted(out)


def trivial_rate(port: int, seconds: float, clients: int = 8) -> float:
    counts = [0] * clients
    deadline = time.monotonic() + seconds

    def run(i: int) -> None:
        client = Http(port)
        while time.monotonic() < deadline:
            assert client.call("GET", "/trivial")[0] == 200
            counts[i] += 1
    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - t0)


def open_followers(followers: Followers, matches: list) -> list:
    """Four followers per match (seat 0, seat 1, two spectators), opened in batches of 250, each
    batch until every stream has answered and sent the match's setup."""
    opened = []
    for start in range(0, len(matches), 250 // 4):
        batch = []
        for m in matches[start:start + 250 // 4]:
            for token in (m["seats"][0]["token"], m["seats"][1]["token"], None, None):
                batch.append((m, followers.open(f"/matches/{m['match_id']}/stream", token)))
        followers.until(lambda: all(s.status == 200 and s.last_id == 8 for _, s in batch), 120, "a batch's setup")
        opened += batch
    return opened


def post_moves(port: int, matches: list, moves: int, rate: float, rnd: random.Random, posted: list) -> None:
    """``moves`` moves, the k-th sent at start + k / rate, in the matches in turn; each (match id,
    its version before, when the POST was sent)."""
    client = Http(port)
    start = time.monotonic() + 0.5
    for k in range(moves):
        m = matches[k % len(matches)]
        _, info = client.call("GET", f"/matches/{m['match_id']}")
        if info["outcome"] is not None or not info["to_act"]:
            continue
        seat = rnd.choice(info["to_act"])
        token = m["seats"][seat]["token"]
        _, legal = client.call("GET", f"/matches/{m['match_id']}/legal-actions", token=token)
        body = {"action": rnd.choice(legal["actions"]), "expected_version": legal["version"],
                "command_id": f"bench-{k}"}
        time.sleep(max(0.0, start + k / rate - time.monotonic()))
        sent = time.monotonic()
        status, answer = client.call("POST", f"/matches/{m['match_id']}/actions", body, token)
        assert status == 200, answer
        posted.append((m["match_id"], legal["version"], sent, time.monotonic()))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--followers", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=10.0, help="moves per second")
    parser.add_argument("--moves", type=int, help="default: one in every match")
    parser.add_argument("--probes", type=int, default=300, help="GET /matches/{id} per latency sample")
    args = parser.parse_args()
    n_matches = max(1, args.followers // 4)
    moves = args.moves or n_matches
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))     # gunicorn inherits it
    if hard < args.followers + 1000:
        raise SystemExit(f"{args.followers} followers need more file descriptors than the hard limit {hard}")
    load = os.getloadavg()
    redis_client = flushed()
    rnd = random.Random(35)
    port = free_port()
    kifu = start_kifu(port)
    trivial, tport = start_server("gunicorn", "trivial_app:create_app()")
    followers = None
    try:
        matches = create(port, n_matches)
        probe(port, matches, 300, rnd)                               # warm both workers
        trivial_rate(tport, 1.0)
        base_trivial = trivial_rate(tport, 5.0)
        base_get = probe(port, matches, args.probes, rnd)
        pss0, fds0 = footprint(kifu)

        followers = Followers("127.0.0.1", port)
        t0 = time.perf_counter()
        opened = open_followers(followers, matches)
        took_open = time.perf_counter() - t0
        time.sleep(2.0)
        pss1, fds1 = footprint(kifu)
        cpu0 = server_cpu(kifu)
        time.sleep(10.0)
        idle_cpu = (server_cpu(kifu) - cpu0) / 10.0
        open_get = probe(port, matches, args.probes, rnd)
        open_trivial = trivial_rate(tport, 5.0)

        before = {id(s): len(s.events) for _, s in opened}
        posted, during = [], []
        cpu0, started = server_cpu(kifu), time.monotonic()
        poster = threading.Thread(target=post_moves, args=(port, matches, moves, args.rate, rnd, posted))
        poster.start()
        while poster.is_alive():
            during += probe(port, matches, 20, rnd)
            time.sleep(0.05)
        poster.join()
        by_match = {}
        for m, s in opened:
            by_match.setdefault(m["match_id"], []).append(s)

        def first_after(stream, version: int):
            return next((at for v, _, at in stream.events if v > version), None)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(first_after(s, v) is not None for m, v, _, _ in posted
                                                       for s in by_match[m]):
            time.sleep(0.1)
        phase = time.monotonic() - started
        move_cpu = server_cpu(kifu) - cpu0
        delivered = sum(len(s.events) - before[id(s)] for _, s in opened)
        latencies, answered, missing = [], [], 0
        for m, v, sent, answer_at in posted:
            for s in by_match[m]:
                at = first_after(s, v)
                if at is None:
                    missing += 1
                else:
                    latencies.append(at - sent)
                    answered.append(at - answer_at)
        latencies.sort()
        answered.sort()
        posts = sorted(answer_at - sent for _, _, sent, answer_at in posted)
        closed = sum(s.closed for _, s in opened)
        followers.stop()
        followers = None
        time.sleep(2.0)
        after_get = probe(port, matches, args.probes, rnd)            # none open again
    finally:
        if followers is not None:
            followers.stop()
        stop(trivial)
        kifu.terminate()
        kifu.wait(30)
        redis_client.flushdb()

    def ms(sorted_values, p):
        return f"{percentile(sorted_values, p) * 1000:.1f} ms"
    during.sort()
    n = len(opened)
    print(f"load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores, shared)")
    print(f"web: the Procfile's line (gunicorn, {' '.join(procfile()['web'].split('--worker-class')[1].split()[:5])})")
    print(f"followers: {n} over {len(matches)} matches (2 seats + 2 spectators each), opened in {took_open:.1f} s; "
          f"{closed} closed by the server during the run")
    print(f"baseline, trivial endpoint (one HGETALL as JSON, same gunicorn settings), 8 clients: "
          f"{base_trivial:,.0f} req/s with no follower open, {open_trivial:,.0f} req/s with {n} open")
    print(f"GET /matches/{{id}} (1 client): p50 {ms(base_get, .5)} / p99 {ms(base_get, .99)} with none open "
          f"(p50 {ms(after_get, .5)} / p99 {ms(after_get, .99)} once they are closed again); "
          f"p50 {ms(open_get, .5)} / p99 {ms(open_get, .99)} with {n} open "
          f"(p50 ratio {percentile(open_get, .5) / percentile(base_get, .5):.2f}); "
          f"p50 {ms(during, .5)} / p99 {ms(during, .99)} while moves are delivered "
          f"(p50 ratio {percentile(during, .5) / percentile(base_get, .5):.2f})")
    print(f"moves: {len(posted)} at {args.rate:g}/s, one per match in turn; deliveries (a follower of the moved "
          f"match receiving its first new event, from the POST being sent): {len(latencies)} of "
          f"{len(latencies) + missing}")
    if latencies:
        print(f"delivery latency: p50 {ms(latencies, .5)}, p99 {ms(latencies, .99)}, "
              f"max {latencies[-1] * 1000:.1f} ms from the POST being sent; from its answer: p50 "
              f"{ms(answered, .5)}, p99 {ms(answered, .99)}, max {answered[-1] * 1000:.1f} ms (negative: the "
              f"follower had the move before the poster had the answer); the POSTs themselves: p50 {ms(posts, .5)}, "
              f"p99 {ms(posts, .99)}")
    print(f"server CPU: {move_cpu / max(delivered, 1) * 1000:.3f} ms per delivered event while moves are delivered "
          f"({delivered} events to followers, {move_cpu:.1f} CPU-s in {phase:.1f} s, POSTs and moves' reads "
          f"included); {idle_cpu:.3f} cores with the {n} followers idle")
    print(f"per follower: {(pss1 - pss0) / n:.1f} KiB (PSS of gunicorn's processes: {pss0 / 1024:.0f} MiB with none, "
          f"{pss1 / 1024:.0f} MiB with {n}), {(fds1 - fds0) / n:.2f} file descriptors")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
