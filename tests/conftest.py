"""Fixtures: an app on a fresh embedded fakeredis per test, the toy game registered, real Redis."""
import os
import time

import fakeredis
import pytest
import redis

from engine.core import registry
from service import create_app
from tests import plaingame, toygame

registry.register(toygame.GAME)
registry.register(plaingame.GAME)
_STARTED = time.time()

def pytest_collection_modifyitems(config, items):
    """Tests marked slow (minutes to hours) run only with KIFU_SLOW=1."""
    if os.environ.get("KIFU_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: set KIFU_SLOW=1 to run it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# Each pytest-xdist worker (PYTEST_XDIST_WORKER gw0, gw1, ...) has its own Redis databases for the
# real-Redis tests: the suite's (REDIS_TEST_URL), the audit tests' and the worker-process tests'.
# KIFU_TEST_REDIS (host:port, default 127.0.0.1:6379) points them all at another server, so two
# checkouts' suites can run side by side without flushing each other's databases.
TEST_REDIS = os.environ.get("KIFU_TEST_REDIS", "127.0.0.1:6379")
_DATABASES = [(15, 11, 13), (14, 12, 10), (9, 8, 7), (6, 5, 4)]
_worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:] or 0)
if _worker >= len(_DATABASES):
    raise RuntimeError(f"pytest-xdist worker {_worker}: at most {len(_DATABASES)} workers have Redis databases")
# A name this conftest set (listed in KIFU_TEST_DBS_SET) is set again in each worker: the xdist
# controller imports this file too, and its workers inherit its environment (with setdefault alone
# every worker kept the controller's gw0 databases, and two test files flushed each other's).
_ours = set(filter(None, os.environ.get("KIFU_TEST_DBS_SET", "").split(",")))
for _name, _db in zip(("REDIS_TEST_URL", "AUDIT_REDIS_TEST_URL", "KIFU_WORKERS_REDIS_URL"), _DATABASES[_worker]):
    if _name not in os.environ or _name in _ours:
        os.environ[_name] = f"redis://{TEST_REDIS}/{_db}"
        _ours.add(_name)
os.environ["KIFU_TEST_DBS_SET"] = ",".join(sorted(_ours))

REDIS_TEST_URL = os.environ["REDIS_TEST_URL"]
AUDIT_REDIS_TEST_URL = os.environ["AUDIT_REDIS_TEST_URL"]   # audit tests


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


def flushed(url: str) -> str:
    """``url``, flushed; fails (never skips) without a server unless KIFU_SKIP_REDIS=1."""
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as e:
        if os.environ.get("KIFU_SKIP_REDIS") == "1":
            pytest.skip(f"KIFU_SKIP_REDIS=1 and no Redis at {url}")
        pytest.fail(f"no Redis answers at {url} ({e}); start one (./dev test does) "
                    "or set KIFU_SKIP_REDIS=1 to skip the real-Redis tests")
    client.flushdb()
    client.close()
    return url


@pytest.fixture(scope="module")
def real_redis_url():
    """REDIS_TEST_URL, flushed once at the start of the module."""
    return flushed(REDIS_TEST_URL)


@pytest.fixture
def real_app(real_redis_url):
    return create_app({"TESTING": True, "REDIS_URL": real_redis_url, "SNAPSHOT_EVERY": 5})


@pytest.fixture
def manual_clock():
    """The service clock, moved only by the test (``manual_clock.advance(minutes=5)``)."""
    from service.application import clock
    from tests.jobs import ManualClock
    fake = ManualClock()
    previous = clock.set_source(fake)
    yield fake
    clock.set_source(previous)


@pytest.fixture(scope="module")
def audit_redis_url():
    """AUDIT_REDIS_TEST_URL (db 11), the audit tests' own real-Redis database, flushed per module."""
    return flushed(AUDIT_REDIS_TEST_URL)


@pytest.fixture
def audit_app(audit_redis_url):
    return create_app({"TESTING": True, "REDIS_URL": audit_redis_url, "SNAPSHOT_EVERY": 5})


def pytest_terminal_summary(terminalreporter):
    """The fault suite's measured recovery and lateness figures (tests/faults), when it ran."""
    from tests.faults.report import REPORT
    if REPORT.exists() and REPORT.stat().st_mtime >= _STARTED:
        terminalreporter.section("fault suite: measured")
        terminalreporter.write(REPORT.read_text())
