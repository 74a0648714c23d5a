"""Integration on a real Redis server (REDIS_TEST_URL, db 15 by default; flushed once here)."""
import random
import threading

import pytest
import redis
from rq.job import Job

from service.application.storage.store import EventStore, key
from tests.helpers import ApiMatch
from workers.queues import background_queue
from engine.audit.verify import verify
from workers.runner import ThreadWorker

pytestmark = pytest.mark.redis


@pytest.fixture
def real_client(real_app):
    return real_app.test_client()


@pytest.fixture
def connection(real_redis_url):
    c = redis.Redis.from_url(real_redis_url)
    yield c
    c.close()


def test_a_match_played_on_real_redis_is_verified_by_a_real_rq_worker(real_client, connection):
    m = ApiMatch(real_client)
    m.play_to_end()
    queue = background_queue(connection, "low")
    assert queue.is_async and f"verify-{m.id}" in queue.job_ids
    ThreadWorker([queue], connection=connection, serializer=queue.serializer).work(burst=True)
    job = Job.fetch(f"verify-{m.id}", connection=connection, serializer=queue.serializer)
    assert job.return_value()["ok"] and job.return_value()["version"] == m.info()["version"]


def test_32_clients_racing_one_match_win_each_version_exactly_once(real_app, connection):
    m = ApiMatch(real_app.test_client(), options={"target": 30})
    clients = [real_app.test_client() for _ in range(32)]
    winners = []
    while (info := m.info())["outcome"] is None:
        seat, version = info["to_act"][0], info["version"]
        barrier, results = threading.Barrier(len(clients)), [None] * len(clients)

        def race(i):
            body = {"action": {"type": "add", "n": 1 + i % 3}, "expected_version": version,
                    "command_id": f"v{version}-client{i}"}
            barrier.wait()
            r = clients[i].post(f"/matches/{m.id}/actions", json=body, headers=m.headers(seat))
            results[i] = (r.status_code, r.get_json(), body["command_id"])

        threads = [threading.Thread(target=race, args=(i,)) for i in range(len(clients))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        statuses = sorted(status for status, _, _ in results)
        assert statuses == [200] + [409] * 31, statuses
        assert all(body["error"]["code"] == "stale_version" for s, body, _ in results if s == 409)
        winners += [(body, command_id) for s, body, command_id in results if s == 200]

    store = EventStore(connection)
    stored = store.read(m.id)
    assert [r.version for r in stored] == list(range(1, info["version"] + 1))
    assert connection.xlen(key(m.id, "events")) == info["version"]
    by_version = {r.version: r for r in stored}
    for body, command_id in winners:                       # every winner's events, exactly as stored
        assert all(by_version[e["version"]].command_id == command_id for e in body["events"])
    appended = [r.command_id for r in stored if r.command_id]
    assert set(appended) == {c for _, c in winners}        # no loser's event slipped in
    assert verify(store, m.id)["ok"]


def test_an_overlord_match_plays_to_the_end_on_real_redis(real_client, connection):
    rnd = random.Random(7)
    m = ApiMatch(real_client, game="threebythree", variant="overlord")
    info = m.play_to_end(choose=rnd.choice)
    assert info["outcome"] is not None
    assert verify(EventStore(connection), m.id)["ok"]
