"""A throw-away local Redis Cluster (and plain servers) for tests and benchmarks; stdlib only.

    python tools/local_cluster.py [--primaries 3] [--replicas 0]

starts one and prints its URL until Ctrl-C. Every node is a ``redis-server`` child process with its
config and data in a temporary directory, started with ``--save '' --appendonly no``; ports are
picked free below 55535, so each node's cluster bus (port + 10000) fits. ``stop()`` ends every
process this module started, by its PID, and removes the directory.
"""
import argparse
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

MAX_PORT = 55535


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_ports(n: int, taken: set | None = None) -> list[int]:
    """``n`` ports P, each free along with its cluster bus port P + 10000, all below MAX_PORT."""
    taken, out = set(taken or ()), []
    while len(out) < n:
        port = random.randrange(20000, MAX_PORT - 10000)
        if port not in taken and port + 10000 not in taken and _free(port) and _free(port + 10000):
            out.append(port)
            taken.update((port, port + 10000))
    return out


def cli(port: int, *args: str, timeout: float = 10) -> str:
    """``redis-cli -p port args...`` (empty string when the node does not answer)."""
    try:
        done = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(port), *args], capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ""
    return done.stdout if done.returncode == 0 else ""


def _info(port: int, *args: str) -> dict:
    return dict(line.split(":", 1) for line in cli(port, *args).splitlines() if ":" in line)


class _Servers:
    """``redis-server`` processes in one temporary directory."""

    def __init__(self, prefix: str):
        self.dir = Path(tempfile.mkdtemp(prefix=prefix))
        self.procs: dict[int, subprocess.Popen] = {}
        self.extra: dict[int, tuple] = {}

    def _spawn(self, port: int, *extra: str) -> None:
        home = self.dir / str(port)
        home.mkdir(exist_ok=True)
        self.extra[port] = extra
        log = open(home / "redis.log", "ab")
        self.procs[port] = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(home), "--save", "",
             "--appendonly", "no", "--protected-mode", "no", *extra],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()

    def _wait_ping(self, ports, timeout: float = 10) -> None:
        end = time.monotonic() + timeout
        for port in ports:
            while cli(port, "ping").strip() != "PONG":
                if self.procs[port].poll() is not None:
                    raise RuntimeError(f"redis-server on {port} exited: "
                                       + (self.dir / str(port) / "redis.log").read_text(errors="replace")[-2000:])
                if time.monotonic() > end:
                    raise RuntimeError(f"redis-server on {port} did not answer")
                time.sleep(0.02)

    def kill(self, port: int) -> None:
        """SIGKILL the node on ``port`` (a crash: nothing is flushed, nobody is told)."""
        proc = self.procs[port]
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)

    def restart(self, port: int) -> None:
        """Start the node on ``port`` again, with its configuration (a cluster node rejoins with its
        nodes.conf: a failed-over primary comes back as a replica of the one that replaced it)."""
        if self.procs[port].poll() is None:
            raise RuntimeError(f"the node on {port} is running")
        self._spawn(port, *self.extra[port])
        self._wait_ping([port])

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for port, proc in self.procs.items():
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill(port)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class LocalServer(_Servers):
    """One plain ``redis-server``."""

    def __init__(self):
        super().__init__("kifu-redis-")
        self.port = free_ports(1)[0]
        try:
            self._spawn(self.port)
            self._wait_ping([self.port])
        except BaseException:
            self.stop()
            raise

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"


class LocalCluster(_Servers):
    """``primaries`` primaries with ``replicas`` replicas each, every slot covered, ``cluster_state:ok``
    on every node and (with replicas) every replica in sync with its primary."""

    def __init__(self, primaries: int = 3, replicas: int = 0, node_timeout_ms: int = 1000):
        super().__init__("kifu-cluster-")
        self.ports = free_ports(primaries * (1 + replicas))
        try:
            for port in self.ports:
                self._spawn(port, "--cluster-enabled", "yes", "--cluster-config-file", f"nodes-{port}.conf",
                            "--cluster-node-timeout", str(node_timeout_ms))
            self._wait_ping(self.ports)
            created = subprocess.run(
                ["redis-cli", "--cluster", "create", *(f"127.0.0.1:{p}" for p in self.ports),
                 "--cluster-replicas", str(replicas), "--cluster-yes"],
                capture_output=True, text=True, timeout=60)
            if created.returncode != 0:
                raise RuntimeError(f"redis-cli --cluster create failed:\n{created.stdout}\n{created.stderr}")
            self.wait_ok(expect_primaries=primaries, expect_replicas=replicas)
        except BaseException:
            self.stop()
            raise

    @property
    def url(self) -> str:
        """A cluster URL naming a live node (a client finds the others from it)."""
        return f"redis+cluster://127.0.0.1:{self.alive()[0]}"

    def alive(self) -> list[int]:
        return [p for p in self.ports if self.procs[p].poll() is None]

    def nodes(self) -> list[dict]:
        """``CLUSTER NODES`` as seen by a live node: port, id, role (``master``/``slave``), alive."""
        for port in self.alive():
            text = cli(port, "cluster", "nodes")
            if text:
                out = []
                for line in text.splitlines():
                    fields = line.split()
                    flags = fields[2].split(",")
                    out.append({"port": int(fields[1].split("@")[0].rsplit(":", 1)[1]), "id": fields[0],
                                "role": "master" if "master" in flags else "slave",
                                "alive": not {"fail", "fail?"} & set(flags), "slots": fields[8:]})
                return out
        raise RuntimeError("no cluster node answers")

    def primaries(self) -> list[int]:
        return sorted(n["port"] for n in self.nodes() if n["role"] == "master" and n["alive"])

    def primary_for(self, key: str) -> int:
        """The port of the live primary serving ``key``'s slot."""
        slot = int(cli(self.alive()[0], "cluster", "keyslot", key).strip())
        for node in self.nodes():
            if node["role"] != "master" or not node["alive"]:
                continue
            for span in node["slots"]:
                if span.startswith("["):
                    continue
                low, _, high = span.partition("-")
                if int(low) <= slot <= int(high or low):
                    return node["port"]
        raise LookupError(f"no live primary serves slot {slot}")

    def wait_ok(self, timeout: float = 30, expect_primaries: int | None = None, expect_replicas: int = 0) -> None:
        """Until every live node says ``cluster_state:ok``, every slot has a live primary and (given)
        ``expect_primaries`` primaries each have ``expect_replicas`` replicas online."""
        end = time.monotonic() + timeout
        while True:
            ready = all(_info(p, "cluster", "info").get("cluster_state", "").strip() == "ok" for p in self.alive())
            if ready and expect_primaries is not None:
                try:
                    primaries = self.primaries()
                except RuntimeError:
                    primaries = []
                ready = len(primaries) == expect_primaries and all(
                    int(_info(p, "info", "replication").get("connected_slaves", "0").strip() or 0) >= expect_replicas
                    and all(_info(p, "info", "replication").get(f"slave{i}", "").find("state=online") >= 0
                            for i in range(expect_replicas))
                    for p in primaries)
            if ready:
                return
            if time.monotonic() > end:
                raise TimeoutError("the cluster did not reach cluster_state:ok")
            time.sleep(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--primaries", type=int, default=3)
    parser.add_argument("--replicas", type=int, default=0)
    args = parser.parse_args()
    with LocalCluster(args.primaries, args.replicas) as cluster:
        print(f"KIFU_STORE_URL={cluster.url}  (Ctrl-C stops it)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
