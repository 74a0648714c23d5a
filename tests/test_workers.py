"""workers.jobs.verify_match through RQ (in-process on fakeredis): clean and tampered matches."""
import json

import pytest

from service.http.redis_conn import get_redis, get_store
from service.application.storage.store import key
from tests.helpers import ApiMatch
from rq.serializers import JSONSerializer

from service.application.match.verifying import queue_verify


@pytest.fixture
def finished(app, client):
    m = ApiMatch(client)
    m.play_to_end(choose=lambda actions: actions[0])
    return m


def run_verify(app, match_id: str) -> dict:
    with app.app_context():
        jobs = get_store().jobs
        job = jobs.status(queue_verify(jobs, match_id, f"verify-{match_id}-again"))
        assert job["status"] == "finished", job
        return job["result"]


def rewrite_stream(app, match_id: str, change) -> None:
    """Tamper with a stored stream: ``change(version, fields)`` returns the new fields (None: drop)."""
    with app.app_context():
        r = get_redis()
        stream = key(match_id, "events")
        entries = r.xrange(stream)
        r.delete(stream)
        for entry_id, fields in entries:
            fields = change(int(entry_id.split(b"-")[0]), fields)
            if fields is not None:
                r.xadd(stream, fields, id=entry_id)


def test_verification_runs_at_once_on_the_embedded_store_with_the_json_serializer(app, finished):
    from rq.job import Job
    with app.app_context():
        job_id = queue_verify(get_store().jobs, finished.id, "verify-now")
        job = Job.fetch(job_id, connection=get_redis(), serializer=JSONSerializer)
    assert job.get_status() == "finished" and job.serializer is JSONSerializer


def test_a_finished_match_verifies(app, finished):
    report = run_verify(app, finished.id)
    assert report["ok"] and report["first_divergence"] is None
    assert report["version"] == finished.info()["version"] and report["snapshots_checked"] >= 2


def test_the_end_of_a_match_queued_its_verification(app, finished):
    from rq.job import Job
    with app.app_context():
        job = Job.fetch(f"verify-{finished.id}", connection=get_redis(), serializer=JSONSerializer)
    assert job.return_value()["ok"]


def test_an_altered_event_breaks_the_chain_at_its_version(app, finished):
    def change(version, fields):
        if version == 6:
            data = json.loads(fields[b"data"])
            fields[b"data"] = json.dumps({**data, "card": (data["card"] % 9) + 1}).encode()
        return fields
    rewrite_stream(app, finished.id, change)
    assert run_verify(app, finished.id)["first_divergence"] == {
        "version": 6, "reason": "hash chain broken: event or hash altered"}


def test_a_removed_event_is_found(app, finished):
    rewrite_stream(app, finished.id, lambda v, f: None if v == 9 else f)
    report = run_verify(app, finished.id)
    assert not report["ok"] and report["first_divergence"]["version"] == 9
    assert report["first_divergence"]["reason"].startswith("missing event")


def test_a_doctored_snapshot_is_found(app, finished):
    with app.app_context():
        r = get_redis()
        snap = key(finished.id, "snap")
        body = json.loads(r.zrangebyscore(snap, 10, 10)[0])
        body["state"]["total"] += 1
        r.zremrangebyscore(snap, 10, 10)
        r.zadd(snap, {json.dumps(body): 10})
    assert run_verify(app, finished.id)["first_divergence"] == {
        "version": 10, "reason": "stored snapshot differs from the replayed state"}


def test_an_unknown_match_does_not_verify(app):
    assert run_verify(app, "nope")["first_divergence"] == {"version": None, "reason": "no such match"}
