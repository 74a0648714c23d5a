"""Housekeeping of RQ's keys on the queue Redis (issue 40; workers.queues.RqJobs.ttls): a job that has
run is kept KIFU_JOB_RESULT_TTL seconds, its result too, unless a route reads its result back
(verification, exports); a failed one KIFU_JOB_FAILURE_TTL. Checked by the time to live each key is
given after a simulation and a bot-against-bot match played by the jobs, not by waiting."""
from datetime import timedelta

import pytest

from service import create_app
from service.application import clock
from service.http.redis_conn import get_redis
from tests.helpers import api_key_headers
from workers.queues import RESULTS_READ, RqJobs
from workers.runner import run_pending

pytestmark = pytest.mark.redis


def test_jobs_and_results_expire_after_a_simulation_and_a_bot_match(real_redis_url, monkeypatch):
    for name, value in (("JOB_RESULT_TTL", "120"), ("JOB_FAILURE_TTL", "3600")):      # the workers' too
        monkeypatch.setenv(f"KIFU_{name}", value)
    app = create_app({"TESTING": True, "REDIS_URL": real_redis_url, "JOB_RESULT_TTL": 120,
                      "JOB_FAILURE_TTL": 3600})
    client = app.test_client()
    sim = client.post("/simulations", json={"game": "toy", "variant": "standard", "games": 40, "seed": 3,
                                            "seats": [{"bot": "random"}, {"bot": "random"}]},
                      headers=api_key_headers(app))
    assert sim.status_code == 202, sim.get_json()
    match = client.post("/matches", json={"game": "toy", "variant": "standard",
                                          "seats": [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]})
    assert match.status_code == 201, match.get_json()
    with app.app_context():
        redis = get_redis()
        for _ in range(200):                              # each bot move is due 2 s after the one before
            if not run_pending(redis, clock.now() + timedelta(minutes=10)):
                break
        assert client.get(f"/jobs/{sim.get_json()['id']}").get_json()["status"] == "finished"
        jobs = [k.decode() for k in redis.scan_iter("rq:job:*") if b":dependents" not in k]
        results = [k.decode() for k in redis.scan_iter("rq:results:*")]
        by_kind = {}
        for name in jobs:
            func = (redis.hget(name, "description") or b"").decode()
            kind = func.split("workers.jobs.", 1)[-1].split("(", 1)[0]
            by_kind.setdefault(kind, []).append(redis.ttl(name))
        assert {"simulate_chunk", "bot_turn"} <= set(by_kind), by_kind.keys()
        for kind, ttls in by_kind.items():
            if kind not in RESULTS_READ:
                assert all(0 < t <= 120 for t in ttls), (kind, ttls)   # gone two minutes after it ran
        assert results and all(0 < redis.ttl(k) for k in results)
        assert sum(1 for k in results if redis.ttl(k) <= 120) >= len(by_kind["bot_turn"])


def test_only_the_jobs_whose_results_are_read_back_keep_them_as_long_as_asked():
    jobs = RqJobs(None, result_ttl=300, failure_ttl=86400)
    assert jobs.ttls("bot_turn", 86400) == (300, 86400)
    assert jobs.ttls("deadline_passed", 60) == (60, 86400)
    assert jobs.ttls("simulate_chunk", 7 * 86400) == (300, 86400)
    assert jobs.ttls("export_dataset", 7 * 86400) == (7 * 86400, 7 * 86400)
    assert jobs.ttls("verify_match", 86400) == (86400, 86400)
