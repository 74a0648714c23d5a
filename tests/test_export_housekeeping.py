"""Housekeeping of dataset exports (issue 40; service.application.datasets.exports): POST /exports needs a
player key or an API key, each makes a bounded number an hour, and an export expires — its record
in Redis, its files no longer served, its directory swept away."""
import time

import pytest

from service.application.datasets import exports
from service.application.storage import keys
from service.http.redis_conn import get_store
from tests.helpers import api_key_headers, bearer
from tests.jobs import run_jobs

TOY = {"game": "toy", "format": "jsonl"}


@pytest.fixture
def export_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("KIFU_EXPORT_DIR", str(tmp_path))
    return tmp_path


def test_an_export_needs_a_player_key_or_an_api_key(client, export_dir):
    none = client.post("/exports", json=TOY)
    assert none.status_code == 401 and none.get_json()["error"]["code"] == "credential_required"
    assert client.post("/exports", json=TOY, headers=bearer("kp_not-a-key")).status_code == 403
    assert client.post("/exports", json=TOY, headers=bearer("kifu_not-a-key")).status_code == 403
    player = client.post("/players", json={"name": "Reimu"}).get_json()["key"]
    assert client.post("/exports", json=TOY, headers=bearer(player)).status_code == 202
    assert client.post("/exports", json=TOY, headers=api_key_headers(client.application)).status_code == 202
    assert list(export_dir.iterdir()) == []                 # nothing written before the job runs


def test_each_credential_has_an_hourly_quota_with_retry_after(app, client, export_dir):
    app.config["EXPORTS_PER_HOUR"] = 2
    key, other = api_key_headers(app), api_key_headers(app)
    assert [client.post("/exports", json=TOY, headers=key).status_code for _ in range(2)] == [202, 202]
    over = client.post("/exports", json=TOY, headers=key)
    assert over.status_code == 429 and over.get_json()["error"]["code"] == "too_many_exports"
    assert 3500 < int(over.headers["Retry-After"]) <= 3600
    assert client.post("/exports", json=TOY, headers=other).status_code == 202          # its own quota
    again = {**key, "Idempotency-Key": "export-once-5e1f0c9d"}
    app.config["EXPORTS_PER_HOUR"] = 4
    first = client.post("/exports", json=TOY, headers=again)
    assert first.status_code == 202 and client.post("/exports", json=TOY, headers=again).get_json() == first.get_json()
    assert client.post("/exports", json=TOY, headers=key).status_code == 429             # the retry cost nothing


def test_an_export_expires_its_files_are_swept_and_no_longer_served(app, client, export_dir):
    app.config["EXPORT_TTL_SECONDS"] = 600
    key = api_key_headers(app)
    bots = client.post("/matches", json={"game": "toy", "variant": "standard", "options": {"target": 5},
                                         "seats": [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]})
    run_jobs(app)                                                     # an ended match to export
    assert client.get(f"/matches/{bots.get_json()['match_id']}").get_json()["outcome"] is not None
    job = client.post("/exports", json=TOY, headers=key).get_json()
    run_jobs(app)
    done = client.get(f"/jobs/{job['id']}").get_json()
    url = done["results"]["tables"]["matches"]["files"][0]["url"]
    assert client.get(url).status_code == 200
    with app.app_context():
        store = get_store()
        assert 590 <= store.redis.ttl(keys.export(job["id"])) <= 600          # the record expires with it
        assert exports.sweep(store, 600) == 0 and (export_dir / job["id"]).is_dir()
        store.redis.hset(keys.export(job["id"]), "expires_at", f"{time.time() - 1:.3f}")      # its time has come
    assert client.get(url).status_code == 404
    client.post("/exports", json=TOY, headers=key)                           # the next export sweeps
    assert not (export_dir / job["id"]).exists()
    with app.app_context():
        assert not get_store().redis.exists(keys.export(job["id"]))


def test_the_sweep_leaves_a_directory_without_a_record_until_it_is_as_old_as_an_export_lives(app, export_dir):
    stray = export_dir / "exp-someoneelses"               # another store's export (the record is elsewhere)
    stray.mkdir()
    (stray / "manifest.json").write_text("{}")
    with app.app_context():
        store = get_store()
        assert exports.sweep(store, 600) == 0 and stray.is_dir()
        assert exports.sweep(store, 600, now=time.time() + 601) == 1 and not stray.exists()
