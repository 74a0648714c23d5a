"""The deployment the fault suite runs and breaks, as an operator runs it: ``redis-server`` with AOF
(``appendfsync always``) in a temporary directory on a free port, gunicorn from the Procfile's web
line (talking to Redis through the test's proxy, tests/faults/proxy.py) and the Procfile's
``worker`` and ``background`` lines (``kifu worker``: rq worker under its supervisor), each the
leader of a process group of its own.

Every process started here carries ``KIFU_FAULTS_RUN=<token>`` in its environment, inherited by
gunicorn's workers, rq workers and their work horses; ``stop`` ends each process that carries it,
by PID, whatever became of its parent."""
import os
import signal
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import redis

from tests.faults.proxy import Proxy
from tests.plugin_stack import ROOT, command, procfile
from tools.local_cluster import free_ports


def children(pid: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in found.split()]


class RedisServer:
    """redis-server with AOF, every write on disk before its reply; killed and started again on the
    same port and directory, so it comes back with what it had acknowledged."""

    def __init__(self, port: int, env: dict):
        self.port, self.env = port, env
        self.dir = tempfile.mkdtemp(prefix="kifu-faults-redis-")
        self.url = f"redis://127.0.0.1:{port}/0"
        self.proc = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.dir,
             "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        end = time.monotonic() + 30
        while True:                                 # answers once the AOF is loaded
            try:
                client.ping()
                return
            except redis.RedisError:
                assert time.monotonic() < end, "redis-server did not come up"
                time.sleep(0.05)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


class Deployment:
    def __init__(self, env: dict):
        self.token = uuid.uuid4().hex
        redis_port, proxy_port, self.port = free_ports(3)
        base = {**os.environ, **env, "KIFU_FAULTS_RUN": self.token, "PYTHONPATH": str(ROOT)}
        for name in ("KIFU_STORE_URL", "KIFU_QUEUE_URL"):
            base.pop(name, None)
        self.redis = RedisServer(redis_port, base)
        self.proxy = Proxy(redis_port, proxy_port)
        self.url = f"http://127.0.0.1:{self.port}"
        self.logs_dir = Path(tempfile.mkdtemp(prefix="kifu-faults-logs-"))
        lines = procfile()
        # the web process reaches Redis through the proxy; the workers directly
        self.lines = {"web": (command(lines["web"], self.port, "") + ["--log-level", "warning"],
                              {**base, "REDIS_URL": self.proxy.url, "PORT": str(self.port)})}
        for name in ("worker", "background"):
            self.lines[name] = (command(lines[name], self.port, self.redis.url), {**base, "REDIS_URL": self.redis.url})
        self.procs = {}
        try:
            for name in self.lines:
                self.start_line(name)
        except BaseException:
            self.stop()
            raise

    def start_line(self, name: str) -> None:
        """Start the Procfile line ``name`` (again: its log goes on in the same file)."""
        args, env = self.lines[name]
        log = open(self.logs_dir / f"{name}.log", "ab")
        self.procs[name] = subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True,
                                            stdout=log, stderr=subprocess.STDOUT)
        log.close()

    def kill_line(self, name: str) -> None:
        """kill -9 the process group of the Procfile line ``name``: its supervisor and rq workers
        (not their work horses: RQ puts each in a group of its own)."""
        proc = self.procs[name]
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)

    def log(self, name: str) -> str:
        return (self.logs_dir / f"{name}.log").read_text(errors="replace")

    def alive(self) -> None:
        for name, proc in self.procs.items():
            assert proc.poll() is None, f"{name} exited {proc.returncode}: {self.log(name)[-3000:]}"

    def gunicorn_workers(self) -> list[int]:
        return children(self.procs["web"].pid)

    def rq_worker(self, queue: str = "high", line: str = "worker") -> int | None:
        """The ``rq worker`` process of ``queue`` the supervisor of ``line`` runs now."""
        for pid in children(self.procs[line].pid):      # forked, each named kifu-rq-<queue> (workers.rq_worker)
            try:
                if Path(f"/proc/{pid}/comm").read_text().strip() == f"kifu-rq-{queue}"[:15]:
                    return pid
            except OSError:
                pass
        return None

    def stop_line(self, name: str) -> None:
        """Stop a Procfile line as an operator does (SIGTERM; its workers finish their jobs)."""
        proc = self.procs[name]
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)

    def ours(self) -> list[int]:
        """Every live process carrying this deployment's token (orphaned work horses too)."""
        marker = f"KIFU_FAULTS_RUN={self.token}".encode()
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) != os.getpid():
                try:
                    if marker in (entry / "environ").read_bytes().split(b"\0"):
                        pids.append(int(entry.name))
                except OSError:
                    pass
        return pids

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                pass
        for pid in self.ours():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.wait(10)
        self.proxy.close()
        self.redis.stop()
        kept = ROOT / ".artifacts" / "faults-logs"       # the last run's logs, for a failure's reader
        shutil.rmtree(kept, ignore_errors=True)
        shutil.copytree(self.logs_dir, kept)
        shutil.rmtree(self.logs_dir, ignore_errors=True)
