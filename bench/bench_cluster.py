"""Event-store appends/s on one Redis node and on a 3-primary Redis Cluster, in one run.

Starts its own plain ``redis-server`` and a local 3-primary cluster (tools/local_cluster.py: free
ports, a temporary directory, every process stopped by PID at the end), then for each has
``--procs`` processes of ``--threads`` threads call ``EventStore.append`` for ``--seconds``: each
append is a batch of ``--events`` small events opening a fresh match (so every append is the full
Lua script: command check, version check, chain check, XADDs, meta, secret), the matches spread
over every slot. Prints appends/s and events/s for both, and the ratio cluster / one node.

    .venv/bin/python bench/bench_cluster.py [--seconds 5] [--procs 2] [--threads 8] [--events 2]

On this machine (2 cores shared by the servers and the clients) the clients, not the servers, are
the limit: the ratio says what a cluster costs the client (slot routing), not what it adds; each
primary of a real cluster has cores of its own. See README "Past one machine".
"""
import argparse
import multiprocessing
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import GENESIS_HASH, Event  # noqa: E402 - after the path: run as a script
from service.application.storage.connections import connect  # noqa: E402
from service.application.storage.records import seal  # noqa: E402
from service.application.storage.store import EventStore  # noqa: E402
from tools.local_cluster import LocalCluster, LocalServer  # noqa: E402


def worker(url: str, threads: int, seconds: float, events: int, tag: str, out) -> None:
    store = EventStore(connect(url))
    batch = seal([Event("BenchNoted", {"n": i, "note": "x" * 40}, rule="bench/1") for i in range(events)],
                 0, GENESIS_HASH, "2030-01-01T00:00:00Z", "c1", command={"seat": 0, "action": {}})
    counts = [0] * threads
    start = time.monotonic() + 0.2
    stop = start + seconds

    def run(t: int) -> None:
        while time.monotonic() < start:
            time.sleep(0.001)
        n = 0
        while time.monotonic() < stop:
            result = store.append(f"{tag}-{t}-{n}", 0, GENESIS_HASH, batch, command_key="0:c1", answer="{}",
                                  meta={"game": "bench"}, secret="00")
            assert result.status == "ok", result
            n += 1
        counts[t] = n

    pool = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    out.put(sum(counts))


def cpu_seconds(servers) -> float:
    """User + system CPU the servers' processes have used (Linux /proc)."""
    total = 0
    for proc in servers.procs.values():
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def measure(url: str, args, tag: str, servers) -> tuple[float, float]:
    """(appends/s, server CPU used as a share of one core)."""
    before = cpu_seconds(servers)
    out = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=worker, args=(url, args.threads, args.seconds, args.events,
                                                          f"{tag}{p}", out)) for p in range(args.procs)]
    for p in procs:
        p.start()
    total = sum(out.get(timeout=args.seconds + 60) for _ in procs)
    for p in procs:
        p.join()
    return total / args.seconds, (cpu_seconds(servers) - before) / (args.seconds + 0.2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--events", type=int, default=2)
    args = parser.parse_args()
    with LocalServer() as single, LocalCluster(primaries=3) as cluster:
        one, one_cpu = measure(single.url(), args, "one", single)
        three, three_cpu = measure(cluster.url, args, "three", cluster)
    clients = f"{args.procs} processes x {args.threads} threads, {args.events} events per append"
    print(f"1 node:              {one:9,.0f} appends/s  {one * args.events:9,.0f} events/s  "
          f"server CPU {one_cpu:4.2f} cores  ({clients})")
    print(f"3 cluster primaries: {three:9,.0f} appends/s  {three * args.events:9,.0f} events/s  "
          f"servers' CPU {three_cpu:4.2f} cores")
    print(f"ratio cluster / 1 node: {three / one:.2f}  (on {multiprocessing.cpu_count()} cores shared by "
          "servers and clients)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
