"""One request followed through the logs by its id (issue 40): the Procfile's gunicorn and ``kifu
worker`` processes as it runs them (tests/plugin_stack.py, every log level), a person's move that
queues a bot's move; the web's line for the request and the worker's lines for the job it queued
carry the same ``request_id`` (X-Request-ID, carried in the job's RQ meta), and every line either
process wrote is JSON with a timestamp."""
import json
import os
import urllib.request
import uuid

import pytest

from tests.conftest import flushed
from tests.plugin_stack import Stack

pytestmark = pytest.mark.redis


@pytest.fixture
def stack():
    s = Stack(flushed(os.environ["KIFU_WORKERS_REDIS_URL"]), quiet=False)
    try:
        yield s
    finally:
        s.stop()


def lines(text: str) -> list[dict]:
    out = []
    for line in text.splitlines():
        record = json.loads(line)                  # every line JSON: a ValueError here fails the test
        assert isinstance(record, dict) and record["ts"] and record["level"], line
        out.append(record)
    return out


def test_a_request_is_followed_by_its_id_from_the_web_to_the_worker(stack):
    status, created = stack.post("/matches", {
        "game": "toy", "variant": "standard", "options": {"target": 100},
        "setup": {"first": 0, "total": 0, "secrets": [1, 2]},
        "seats": [{"name": "Kasen"}, {"name": "Owl", "bot": "random"}]})
    assert status == 201, created
    match_id, token = created["match_id"], created["seats"][0]["token"]
    request_id = f"trace-{uuid.uuid4().hex[:12]}"
    body = {"action": {"type": "add", "n": 1}, "expected_version": created["version"], "command_id": "c1"}
    sent = urllib.request.Request(f"{stack.url}/matches/{match_id}/actions", data=json.dumps(body).encode(),
                                  method="POST", headers={"Content-Type": "application/json", "X-Request-ID": request_id,
                                                          "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(sent, timeout=10) as r:
        assert r.status == 200 and r.headers["X-Request-ID"] == request_id
        moved_at = json.loads(r.read())["version"]
    stack.until(lambda: stack.get(f"/matches/{match_id}")["version"] > moved_at)     # the bot has moved

    def worker_lines():
        return [r for r in lines(stack.log(1)) if r.get("request_id") == request_id]
    worker = stack.until(lambda: (found := worker_lines()) and any("done" in r["message"] for r in found) and found)
    web = [r for r in lines(stack.log(0)) if r.get("request_id") == request_id]
    assert [(r["logger"], r["method"], r["route"], r["status"], r["match_id"], r["seat"]) for r in web] == \
        [("service.http.requests", "POST", "/matches/<match_id>/actions", 200, match_id, 0)], web
    assert web[0]["duration_ms"] > 0 and token not in stack.log(0)
    jobs = {(r["logger"], r.get("job"), r["message"].split()[-1] if "began" in r["message"] else "done")
            for r in worker if r["logger"] == "workers.jobs"}
    assert jobs == {("workers.jobs", "bot_turn", "began"), ("workers.jobs", "bot_turn", "done")}, worker
    assert any(r["logger"].startswith("rq") for r in worker), worker            # RQ's own lines for the job too
    assert all(r["ts"] >= web[0]["ts"][:19] for r in worker)
    lines(stack.log(2))                                                          # the background worker's too
