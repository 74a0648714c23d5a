"""The audit done-when on a real Redis server (db 11): a card id changed by hand in the stream is
found by verify at that version only, by a real RQ worker for a long match; an exported match
re-derives every draw with the stand-alone script."""
import json
import random
import subprocess
import sys

import pytest
import redis

from service.application.storage.store import key
from tests.helpers import ApiMatch
from tests.test_audit_export import REDERIVE
from workers.queues import background_queue
from workers.runner import ThreadWorker

pytestmark = pytest.mark.redis


@pytest.fixture
def connection(audit_redis_url):
    c = redis.Redis.from_url(audit_redis_url)
    yield c
    c.close()


def test_a_card_changed_by_hand_fails_verify_there_only_and_an_export_re_derives(audit_app, connection, tmp_path):
    client = audit_app.test_client()
    m = ApiMatch(client, game="threebythree", variant="overlord")
    m.play_to_end(choose=random.Random(21).choice)
    assert client.get(f"/matches/{m.id}/verify").get_json()["ok"]
    export = client.get(f"/matches/{m.id}/export").get_data(as_text=True)
    path = tmp_path / "m.jsonl"
    path.write_text(export, encoding="utf-8")
    done = subprocess.run([sys.executable, "-I", str(REDERIVE), str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "draws re-derived" in done.stdout, done.stdout + done.stderr

    stream = key(m.id, "events")
    entries = connection.xrange(stream)
    at = next(int(i.split(b"-")[0]) for i, f in entries if f[b"type"] == b"CardsDealt")
    connection.delete(stream)
    for entry_id, fields in entries:
        if int(entry_id.split(b"-")[0]) == at:
            data = json.loads(fields[b"data"])
            data["cards"][0] = "046" if data["cards"][0] != "046" else "047"
            fields[b"data"] = json.dumps(data).encode()
        connection.xadd(stream, fields, id=entry_id)

    audit_app.config["VERIFY_INLINE_MAX"] = 10                     # a long match: the job, on a real worker
    queued = client.get(f"/matches/{m.id}/verify")
    assert queued.status_code == 202 and queued.get_json()["ok"] is None
    queue = background_queue(connection, "low")
    ThreadWorker([queue], connection=connection, serializer=queue.serializer).work(burst=True)
    report = client.get(f"/matches/{m.id}/verify").get_json()
    assert report["status"] == "finished" and report["job_id"] == queued.get_json()["job_id"]
    assert report["divergences"] == [{"version": at, "reason": "hash chain broken: event or hash altered"}]
