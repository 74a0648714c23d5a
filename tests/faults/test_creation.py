"""Creating a match when the answer is lost (issue 40), against the Procfile's gunicorn on a real Redis
primary with a replica and ``KIFU_STORE_WAIT_REPLICAS=1``:

- the client's connection is dropped (reset, the answer unread) right after the new match's append:
  a retry with the same ``Idempotency-Key`` gets the first answer — one match, the same tokens;
- retries racing with one key create one match;
- the replica gone, WAIT confirms nothing: ``POST /matches`` is 503 ``not_replicated`` and leaves
  no match listed as running (with or without a key); the replica back, the retry with the key
  answers the match it had made, now listed.

No rq worker runs: creating a match of people queues nothing these tests wait for."""
import hashlib
import http.client
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import threading
import time

import pytest
import redis

from service.application.storage import keys
from tests.plugin_stack import ROOT, command, procfile, until
from tools.local_cluster import free_ports

pytestmark = pytest.mark.faults
TOY = {"game": "toy", "variant": "standard", "seats": [{"name": "Reimu"}, {"name": "Marisa"}]}


class Servers:
    """A redis-server primary and its replica, and gunicorn from the Procfile's web line on the
    primary; each a process group of its own, stopped by PID."""

    def __init__(self):
        if shutil.which("redis-server") is None:
            pytest.skip("no redis-server") if os.environ.get("KIFU_SKIP_REDIS") == "1" else \
                pytest.fail("this test starts its own redis-server: install it (./dev test does)")
        self.primary_port, self.replica_port, self.port = free_ports(3)
        self.dir = tempfile.mkdtemp(prefix="kifu-creation-")
        self.procs: dict = {}
        self.primary = redis.Redis(port=self.primary_port, socket_timeout=5)
        try:
            self.start_redis("primary", self.primary_port)
            self.start_replica()
            env = {**os.environ, "REDIS_URL": f"redis://127.0.0.1:{self.primary_port}/0", "PORT": str(self.port),
                   "KIFU_GAMES": "tests.toygame", "PYTHONPATH": str(ROOT), "KIFU_STORE_WAIT_REPLICAS": "1",
                   "KIFU_STORE_WAIT_MS": "300"}
            for name in ("KIFU_STORE_URL", "KIFU_QUEUE_URL"):
                env.pop(name, None)
            args = command(procfile()["web"], self.port, env["REDIS_URL"]) + ["--log-level", "warning"]
            self.log = open(os.path.join(self.dir, "web.log"), "wb")
            self.procs["web"] = subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True,
                                                 stdout=self.log, stderr=subprocess.STDOUT)
            until(self.serving, 30)
        except BaseException:
            self.stop()
            raise

    def start_redis(self, name: str, port: int, *more: str) -> None:
        self.procs[name] = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", self.dir, "--save", "",
             "--appendonly", "no", "--dbfilename", f"{name}.rdb", *more],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        client = redis.Redis(port=port, socket_connect_timeout=1)
        until(lambda: _pings(client), 20, every=0.05)

    def start_replica(self) -> None:
        self.start_redis("replica", self.replica_port, "--replicaof", "127.0.0.1", str(self.primary_port))
        until(lambda: self.primary.info("replication")["connected_slaves"] == 1
              and self.primary.info("replication").get("slave0", {}).get("state") == "online", 20, every=0.05)

    def kill_replica(self) -> None:
        proc = self.procs.pop("replica")
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        until(lambda: self.primary.info("replication")["connected_slaves"] == 0, 20, every=0.05)

    def serving(self) -> bool:
        assert self.procs["web"].poll() is None, self.web_log()
        try:
            return self.call("GET", "/readyz")[0] == 200
        except OSError:
            return False

    def web_log(self) -> str:
        with open(os.path.join(self.dir, "web.log"), "rb") as f:
            return f.read().decode(errors="replace")[-3000:]

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        try:
            data = None if body is None else json.dumps(body)
            conn.request(method, path, data, {"Content-Type": "application/json", **(headers or {})})
            answer = conn.getresponse()
            return answer.status, json.loads(answer.read() or b"null"), dict(answer.getheaders())
        finally:
            conn.close()

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


def _pings(client) -> bool:
    try:
        return client.ping()
    except redis.RedisError:
        return False


@pytest.fixture(scope="module")
def servers():
    s = Servers()
    yield s
    s.stop()


def running(servers) -> set:
    return {m.decode() for m in servers.primary.zrange(keys.index("status:running"), 0, -1)}


def appended(servers, match_id: str) -> bool:
    return servers.primary.hget(keys.match(match_id, "meta"), "version") is not None


def holds_tokens(servers, match_id: str, made: dict) -> bool:
    """The tokens of ``made`` are the new match's own (its meta keeps their hashes, nothing else)."""
    meta = servers.primary.hgetall(keys.match(match_id, "meta"))
    stored = {k.decode().split(":", 1)[1] for k in meta if k.startswith(b"token:")}
    return stored == {hashlib.sha256(s["token"].encode()).hexdigest() for s in made["seats"]}


def test_a_creation_whose_connection_dropped_after_the_append_is_answered_to_the_retry(servers):
    before = running(servers)
    key = {"Idempotency-Key": "a1b2c3d4-dropped"}
    body = json.dumps(TOY).encode()
    sock = socket.create_connection(("127.0.0.1", servers.port), timeout=15)
    sock.sendall(b"POST /matches HTTP/1.1\r\nHost: kifu\r\nContent-Type: application/json\r\n"
                 b"Idempotency-Key: a1b2c3d4-dropped\r\n" + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    new = until(lambda: [m for m in running(servers) - before if appended(servers, m)], 20, every=0.002)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()                                      # reset: whatever was answered is never read
    status, made, headers = until(lambda: (a := servers.call("POST", "/matches", TOY, key))[0] != 409 and a, 20)
    assert status == 201, made
    assert [made["match_id"]] == new and headers.get("Idempotent-Replayed") == "true"
    assert holds_tokens(servers, made["match_id"], made)            # the tokens the match was made with
    assert servers.call("POST", "/matches", TOY, key)[1] == made      # and again, the same
    assert running(servers) - before == {made["match_id"]}             # one match


def test_retries_racing_with_one_key_create_one_match(servers):
    before = running(servers)
    answers, start, race = [], threading.Barrier(6), {"Idempotency-Key": "race-1-4b7a09c2d5e8"}

    def send():
        start.wait()
        answers.append(servers.call("POST", "/matches", TOY, race))
    threads = [threading.Thread(target=send) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    statuses = sorted(a[0] for a in answers)
    assert set(statuses) <= {201, 409} and statuses.count(201) >= 1, statuses
    assert all(a[2].get("Retry-After") == "1" for a in answers if a[0] == 409)
    created = {a[1]["match_id"] for a in answers if a[0] == 201}
    assert len(created) == 1 and running(servers) - before == created
    assert servers.call("POST", "/matches", TOY, race)[1]["match_id"] in created


def test_no_replica_means_503_and_no_orphan_listed_as_running_then_the_retry_gets_the_match(servers):
    before = running(servers)
    servers.kill_replica()                            # WAIT 1 now confirms nothing
    try:
        key = {"Idempotency-Key": "no-replica-1-c0ffee42"}
        status, refused, headers = servers.call("POST", "/matches", TOY, key)
        assert status == 503 and refused["error"]["code"] == "not_replicated" and headers["Retry-After"]
        status, bare, _ = servers.call("POST", "/matches", TOY)              # without a key, the same
        assert status == 503 and bare["error"]["code"] == "not_replicated"
        made_ids = [e["error"]["message"].split("new match ")[1].split()[0] for e in (refused, bare)]
        assert all(appended(servers, m) for m in made_ids)                  # they stand on the primary,
        assert running(servers) == before                                   # listed as running: none
        listed = servers.call("GET", "/matches?status=running&limit=500")[1]["matches"]
        assert not {m["match_id"] for m in listed} & set(made_ids)         # nor by GET /matches
        assert servers.call("POST", "/matches", TOY, key)[0] == 503          # still no replica: still 503
    finally:
        servers.start_replica()
    status, made, headers = servers.call("POST", "/matches", TOY, key)
    assert status == 201 and made["match_id"] == made_ids[0] and headers.get("Idempotent-Replayed") == "true"
    assert holds_tokens(servers, made["match_id"], made)
    assert running(servers) - before == {made["match_id"]}                 # listed once a replica has it
