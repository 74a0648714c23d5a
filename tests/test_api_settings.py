"""Every setting comes from the environment (issue 16: SNAPSHOT_EVERY, STATE_CACHE_SIZE, VERIFY_*,
SSE_* could not be set there), each in the one table of docs/DEVELOPING.md; a value that cannot
work stops the process naming its variable."""
import re
from pathlib import Path

import fakeredis
import pytest

from service import create_app
from service.application import settings
from service.http.redis_conn import get_redis, get_store
from tests.helpers import ApiMatch

TABLE = (Path(__file__).resolve().parents[1] / "docs" / "DEVELOPING.md").read_text("utf-8")
VALUES = {"SNAPSHOT_EVERY": "7", "STATE_CACHE_SIZE": "0", "STORE_WAIT_REPLICAS": "0", "STORE_WAIT_MS": "250",
          "VERIFY_ON_END": "false", "VERIFY_INLINE_MAX": "3", "SSE_KEEPALIVE_MS": "2000", "SSE_MAX_SECONDS": "9",
          "MAX_BODY_BYTES": "4096", "SIM_MAX_GAMES": "11", "SIM_MAX_MOVE_MS": "12", "SIM_MAX_ITERATIONS": "13",
          "SIM_MAX_CPU_SECONDS": "14", "SIM_CHUNK_SECONDS": "15", "SIM_DAILY_CPU_SECONDS": "16",
          "SIGN_IN_PER_ADDRESS": "17", "SIGN_IN_CODES_PER_PLAYER": "18", "SIGN_IN_WINDOW_SECONDS": "19",
          "TRUSTED_PROXIES": "1", "STREAMS_PER_ADDRESS": "20", "STREAMS_PER_TOKEN": "21",
          "IDEMPOTENCY_TTL_SECONDS": "22", "JOB_RESULT_TTL": "23", "JOB_FAILURE_TTL": "24",
          "EXPORTS_PER_HOUR": "25", "EXPORT_TTL_SECONDS": "26", "RATING_MIN_MOVES": "27", "PAIRING_BAND": "28",
          "PAIRING_BOT_WAIT_SECONDS": "29"}


def app_from(monkeypatch, **env):
    for name, value in env.items():
        monkeypatch.setenv(f"KIFU_{name}", value)
    return create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer()})


def test_every_setting_is_read_from_the_environment_into_the_config(monkeypatch):
    assert set(VALUES) == set(settings.DEFAULTS)
    app = app_from(monkeypatch, **VALUES)
    for name, raw in VALUES.items():
        expected = False if raw == "false" else int(raw)
        assert app.config[name] == expected, name
    assert app.config["MAX_CONTENT_LENGTH"] == 4096


def test_every_setting_is_in_the_one_table():
    documented = set(re.findall(r"`KIFU_([A-Z_]+)`", TABLE))
    assert {name for name in settings.DEFAULTS} <= documented
    for name, default in settings.DEFAULTS.items():
        row = next(line for line in TABLE.splitlines() if line.startswith("|") and f"`KIFU_{name}`" in line)
        assert str(default).lower() in row.lower().replace(",", ""), (name, row)


def test_the_environment_changes_what_the_service_does(monkeypatch):
    app = app_from(monkeypatch, SNAPSHOT_EVERY="2", VERIFY_ON_END="no", MAX_BODY_BYTES="300",
                   STATE_CACHE_SIZE="0")
    client = app.test_client()
    m = ApiMatch(client)
    m.play_to_end()
    with app.app_context():
        store = get_store()
        assert store.snapshot_every == 2 and store.cache is None
        versions = [int(score) for _, score in get_redis().zrange(f"kifu:{{{m.id}}}:snap", 0, -1, withscores=True)]
        assert versions and all(v % 2 == 0 for v in versions)
        assert not store.jobs.exists(f"verify-{m.id}")             # VERIFY_ON_END off: nothing queued
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "x" * 60}, {"name": "y" * 60}], "options": {"pad": "z" * 300}})
    assert r.status_code == 413


@pytest.mark.parametrize("name, raw, says", [("SNAPSHOT_EVERY", "fifty", "whole number"),
                                             ("SNAPSHOT_EVERY", "0", "at least 1"),
                                             ("STATE_CACHE_SIZE", "-1", "0 or more"),
                                             ("VERIFY_ON_END", "maybe", "true"),
                                             ("SSE_KEEPALIVE_MS", "60000", "socket timeout")])
def test_a_value_that_cannot_work_stops_the_app_naming_its_variable(monkeypatch, name, raw, says):
    with pytest.raises(settings.SettingError, match=f"KIFU_{name}.*{says}|{says}.*KIFU_{name}"):
        app_from(monkeypatch, **{name: raw})
