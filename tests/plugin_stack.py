"""A real deployment of the service with a plug-in game: gunicorn and ``rq worker`` started from the
Procfile's own lines, on a free loopback port and a test Redis database, with ``KIFU_GAMES`` naming
a game module kept outside ``engine/games/`` (``tests.toygame``). Nothing else tells these
processes about the game: they never import the test suite's conftest."""
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def procfile() -> dict:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if ": " in line)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def expand(line: str, env: dict) -> str:
    """The shell's ``${NAME:-default}`` (nested too), innermost first, from ``env``."""
    inner = re.compile(r"\$\{(\w+):-([^${}]*)\}")
    while (found := inner.search(line)) is not None:
        line = line[:found.start()] + (env.get(found.group(1)) or found.group(2)) + line[found.end():]
    return line


def command(line: str, port: int, redis_url: str) -> list[str]:
    """A Procfile line with its variables filled in as the shell would (the store and the queues on
    ``redis_url``), run from this virtualenv's scripts."""
    line = expand(line, {"PORT": str(port), "REDIS_URL": redis_url}).replace("0.0.0.0:", "127.0.0.1:")
    assert "$" not in line, line
    args = shlex.split(line)
    return [str(BIN / args[0]), *args[1:]]


def issue_api_key(redis_url: str) -> str:
    """A new API key (no daily quota) on the store at ``redis_url``, as `kifu keys create` makes one."""
    import redis
    from service.application.identity import api_keys
    from service.application.storage.store import EventStore
    client = redis.Redis.from_url(redis_url)
    try:
        return api_keys.issue(EventStore(client), f"tests-{os.getpid()}-{free_port()}", daily_cpu_seconds=0)
    finally:
        client.close()


def request(url: str, method: str, path: str, body=None, token=None, timeout: float = 10) -> tuple[int, dict]:
    """``(status, JSON body)`` of one request to the service at ``url`` (an error page that is not
    JSON: ``{"raw": its start}``)."""
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw or b"null")
        except ValueError:
            return e.code, {"raw": raw[:200].decode(errors="replace")}


def until(probe, timeout: float = 20.0, every: float = 0.1):
    """``probe()``'s first truthy answer, polled."""
    end = time.monotonic() + timeout
    while not (answer := probe()):
        assert time.monotonic() < end, "timed out"
        time.sleep(every)
    return answer


class Stack:
    """The Procfile's lines as it writes them: ``gunicorn`` (web) and ``kifu worker`` (bots, deadlines
    and notifications on ``worker``; simulations, exports and verification on ``background``), each
    the leader of a process group of its own; ``stop`` ends them (and their rq workers and work
    horses) by their PIDs."""

    def __init__(self, redis_url: str, games: str = "tests.toygame", quiet: bool = True):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "REDIS_URL": redis_url, "KIFU_GAMES": games, "PYTHONPATH": str(ROOT),
               "PORT": str(self.port), "KIFU_SIM_MAX_CPU_SECONDS": "100000"}
        self.api_key = issue_api_key(redis_url)          # POST /simulations needs one
        lines = procfile()
        # quiet: warnings and errors only; else every line, stdout and stderr in one log per process
        commands = [command(lines["web"], self.port, redis_url) + (["--log-level", "warning"] if quiet else [])] + \
            [command(line, self.port, redis_url) + (["--quiet"] if quiet else [])
             for name, line in lines.items() if name != "web"]
        # every command built before any is started
        self.procs, self.logs = [], []
        try:
            for args in commands:
                self.logs.append(tempfile.TemporaryFile())
                self.procs.append(subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True,
                                                   stdout=subprocess.DEVNULL if quiet else self.logs[-1],
                                                   stderr=self.logs[-1]))
            self.wait_until_served()
        except BaseException:
            self.stop()
            raise

    def wait_until_served(self, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while True:
            for p, log in zip(self.procs, self.logs):
                if p.poll() is not None:
                    log.seek(0)
                    raise AssertionError(f"{p.args[0]} exited {p.returncode}: {log.read().decode()[-2000:]}")
            try:
                self.get("/games")
                return
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)

    def log(self, index: int) -> str:
        """What process ``index`` (0: web, then the Procfile's other lines in order) has written so far."""
        log = self.logs[index]
        log.flush()
        return Path(f"/proc/self/fd/{log.fileno()}").read_bytes().decode("utf-8", "replace")

    def request(self, method: str, path: str, body=None, token=None) -> tuple[int, dict]:
        return request(self.url, method, path, body, token)

    def get(self, path: str, token=None) -> dict:
        status, body = self.request("GET", path, token=token)
        assert status == 200, (path, status, body)
        return body

    def post(self, path: str, body: dict, token=None) -> tuple[int, dict]:
        return self.request("POST", path, body, token)

    def until(self, probe, timeout: float = 20.0, every: float = 0.1):
        return until(probe, timeout, every)

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(p.pid)], capture_output=True,
                                          text=True).stdout.split()
                for pid in children:
                    os.kill(int(pid), signal.SIGKILL)
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(10)
        for log in self.logs:
            log.close()
