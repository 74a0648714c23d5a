"""Fixtures: an app on a fresh embedded fakeredis per test, the toy game registered, real Redis."""
import os

import fakeredis
import pytest
import redis

from engine.core import registry
from service import create_app
from tests import toygame

registry.register(toygame.GAME)

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture(autouse=True)
def jobs_in_the_test_thread(monkeypatch):
    """No embedded job thread: tests run queued and due jobs themselves (workers.runner.run_pending)."""
    from workers import runner
    monkeypatch.setattr(runner, "THREAD", False)


@pytest.fixture
def app():
    return create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(),
                       "SNAPSHOT_EVERY": 5})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def real_redis_url():
    """REDIS_TEST_URL, flushed once at the start of the module; fails (never skips) without a server
    unless KIFU_SKIP_REDIS=1."""
    client = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as e:
        if os.environ.get("KIFU_SKIP_REDIS") == "1":
            pytest.skip(f"KIFU_SKIP_REDIS=1 and no Redis at {REDIS_TEST_URL}")
        pytest.fail(f"no Redis answers at {REDIS_TEST_URL} ({e}); start one (./dev test does) "
                    "or set KIFU_SKIP_REDIS=1 to skip the real-Redis tests")
    client.flushdb()
    client.close()
    return REDIS_TEST_URL


@pytest.fixture
def real_app(real_redis_url):
    return create_app({"TESTING": True, "REDIS_URL": real_redis_url, "SNAPSHOT_EVERY": 5})


@pytest.fixture
def manual_clock():
    """The service clock, moved only by the test (``manual_clock.advance(minutes=5)``)."""
    from service import clock
    from tests.jobs import ManualClock
    fake = ManualClock()
    previous = clock.set_source(fake)
    yield fake
    clock.set_source(previous)
