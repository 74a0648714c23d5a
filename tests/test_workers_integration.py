"""Bots, deadlines and simulations on a real Redis (db 13 unless KIFU_WORKERS_REDIS_URL) with real
``kifu worker`` processes (the Procfile's: rq worker under its supervisor): a person against a bot
and two bots to the end, a worker killed mid-job and replaced (nothing lost, nothing doubled), a
deadline that outlives the processes that set it. The faults of a whole deployment: tests/faults."""
import os
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import redis
from rq import Queue
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from service.application import clock
from service import create_app
from service.application.storage.store import EventStore, key
from tests.helpers import ApiMatch
from engine.audit.verify import verify

pytestmark = pytest.mark.redis
URL = os.environ["KIFU_WORKERS_REDIS_URL"]      # tests/conftest.py sets it
KIFU = str(Path(sys.executable).with_name("kifu"))


@pytest.fixture(scope="module")
def connection():
    c = redis.Redis.from_url(URL, socket_connect_timeout=2)
    try:
        c.ping()
    except redis.RedisError as e:
        if os.environ.get("KIFU_SKIP_REDIS") == "1":
            pytest.skip(f"no Redis at {URL}")
        pytest.fail(f"no Redis answers at {URL} ({e})")
    c.flushdb()
    yield c
    c.close()


@pytest.fixture
def client(connection, monkeypatch):
    monkeypatch.setenv("KIFU_BOT_WATCHDOG_SECONDS", "2")
    return create_app({"TESTING": True, "REDIS_URL": URL, "SNAPSHOT_EVERY": 10}).test_client()


class Worker:
    """``kifu worker`` on every queue, in a process group of its own; ``kill`` ends it all by PID:
    the work horse (a group of its own), the rq worker, the supervisor."""

    def __init__(self):
        # the queue's URL from the environment, as the Procfile's line takes it: no password in ps
        env = {**os.environ, "KIFU_BOT_WATCHDOG_SECONDS": "2", "KIFU_STORE_URL": URL, "KIFU_QUEUE_URL": URL}
        self.proc = subprocess.Popen([KIFU, "worker", "--quiet", "high", "default", "low"], env=env,
                                     start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def kill(self):
        rq_workers = children(self.proc.pid)
        os.kill(self.proc.pid, signal.SIGKILL)              # first the supervisor: it restarts nothing
        for rq_worker in rq_workers:
            for pid in children(rq_worker) + [rq_worker]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:                  # a work horse that had just finished
                    pass
        self.proc.wait(10)

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def children(pid: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in found.split()]


@pytest.fixture
def workers():
    started = []
    yield lambda: started.append(Worker()) or started[-1]
    for w in started:
        w.stop()


def until_started(w, timeout=20.0) -> list[int]:
    """The rq workers ``kifu worker`` runs, one per queue, once all have started."""
    end = time.monotonic() + timeout
    while len(found := children(w.proc.pid)) < 3:
        assert time.monotonic() < end, f"kifu worker started {found}"
        time.sleep(0.1)
    return found


def wait_for(connection, match_id, done, timeout=90.0):
    """Block on the match's own event stream (one entry per event) until ``done()`` holds."""
    last, end = "$", time.monotonic() + timeout
    while not done():
        left = end - time.monotonic()
        assert left > 0, f"timed out waiting on match {match_id}'s events"
        entries = connection.xread({key(match_id, "events"): last}, block=int(min(left, 1.0) * 1000), count=100)
        if entries:
            last = entries[0][1][-1][0]


def assert_clean(connection, match_id):
    """Every version once, the chain verified, and each bot command one batch starting after its version."""
    records = EventStore(connection).read(match_id)
    assert [r.version for r in records] == list(range(1, len(records) + 1))
    assert verify(EventStore(connection), match_id)["ok"]
    seen = []
    for previous, r in zip([None] + records, records):
        if r.command_id.startswith("bot-") and (previous is None or previous.command_id != r.command_id):
            assert r.version == int(r.command_id.split("-")[1]) + 1
            seen.append(r.command_id)
    assert len(seen) == len(set(seen))
    return seen


def test_a_person_and_a_bot_play_to_the_end_with_a_real_worker(client, connection, workers):
    w = workers()                                    # the Procfile's worker: a work horse forked per job
    rq_workers = until_started(w)
    for pid in rq_workers + [w.proc.pid]:            # the queue's URL (and any password in it) is not in ps
        assert URL.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()
    m = ApiMatch(client, game="threebythree", variant="overlord",
                 seats=[{"name": "Reimu"}, {"name": "Owl", "bot": "ismcts", "budget": {"iterations": 8}}])
    while (info := m.info())["outcome"] is None:
        if 0 not in info["to_act"]:
            wait_for(connection, m.id, lambda: 0 in m.info()["to_act"] or m.info()["outcome"] is not None)
            continue
        legal = m.legal(0)
        r = m.post(0, legal["actions"][-1], legal["version"])
        if r.status_code == 409:        # the bot chose in the same step meanwhile (the setup's choices are
            #                             the two seats' at once): the version moved on; read it again
            assert r.get_json()["error"]["code"] == "stale_version" and m.info()["version"] > legal["version"]
            continue
        assert r.status_code == 200, r.get_json()
    assert len(assert_clean(connection, m.id)) > 10


def test_two_bots_survive_a_worker_killed_mid_job(client, connection, workers):
    first = workers()
    budget = {"ms": 50}
    m = ApiMatch(client, game="threebythree", variant="overlord",
                 seats=[{"name": "A", "bot": "ismcts", "budget": budget}, {"name": "B", "bot": "ismcts", "budget": budget}])
    started = StartedJobRegistry(queue=Queue("high", connection=connection, serializer=JSONSerializer))
    wait_for(connection, m.id, lambda: m.info()["version"] > 30)
    deadline = time.monotonic() + 30
    while True:                                      # catch a bot job while it searches
        assert time.monotonic() < deadline
        running = [j.split(":")[0] for j in started.get_job_ids()]
        current = m.info()["version"]
        if any(j.startswith(f"bot-{m.id}-{current}-") for j in running):
            break
        time.sleep(0.002)
    first.kill()
    killed_at = m.info()["version"]
    assert m.info()["outcome"] is None
    workers()                                        # a new one takes over; the killed move is due again
    #                                                  when its 2 s watchdog lease ends
    wait_for(connection, m.id, lambda: m.info()["outcome"] is not None, timeout=120)
    assert m.info()["version"] > killed_at
    assert len(assert_clean(connection, m.id)) > 20
    # Wherever in its life the job was killed, the move at ``current`` was made exactly once (by the
    # run its lease brought back).
    assert [r.command_id for r in EventStore(connection).read(m.id, current, current + 1)] == [f"bot-{current}"]


def test_a_deadline_outlives_the_processes_that_set_it(connection, workers):
    two_minutes_ago = datetime.now(timezone.utc) - timedelta(minutes=2)
    previous = clock.set_source(lambda: two_minutes_ago)
    try:                                             # a web process whose clock set the deadline, then went away
        app = create_app({"TESTING": True, "REDIS_URL": URL})
        m = ApiMatch(app.test_client(), game="threebythree", variant="overlord",
                     deadline={"minutes": 1, "on_timeout": "forfeit"})
    finally:
        clock.set_source(previous)
    assert m.info()["outcome"] is None               # no worker has run yet
    workers()                                        # a worker started afterwards finds it in Redis
    wait_for(connection, m.id, lambda: m.info()["outcome"] is not None, timeout=30)
    assert m.info()["outcome"]["reason"] == "forfeit" and m.info()["outcome"]["forfeited"] == [0, 1]
    assert verify(EventStore(connection), m.id)["ok"]
