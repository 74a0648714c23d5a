"""Fixtures: an app on a fresh embedded fakeredis per test, the toy game registered, real Redis."""
import os
import time

import fakeredis
import pytest
import redis

from engine.core import registry
from service import create_app
from tests import plaingame, toygame
from workers import runner

registry.register(toygame.GAME)
registry.register(plaingame.GAME)
_STARTED = time.time()

# The longest tests (roughly, seconds each on the quiet 2-core CI machine), by test or by test function.
# `./dev test` runs --dist loadfile --no-loadscope-reorder: every file is a work unit of its own (module
# fixtures start once), except that each of these tests is one by itself, and they are collected (so
# sent out) first, in the order ``sent_out`` gives: a long test never waits at the end of a worker's queue.
ISMCTS_200 = "tests/test_bots.py::test_ismcts_beats_random_in_90_percent_of_200_games"
THOUSAND = "tests/test_simulations.py::test_a_thousand_games_report_progress_then_results_and_the_same_seed_repeats"
LONG = {
    f"{ISMCTS_200}[shisoroku-standard]": 100, f"{ISMCTS_200}[dokusenroku-standard]": 45,
    f"{ISMCTS_200}[dimension-zero-first-century]": 35, ISMCTS_200: 10,
    f"{THOUSAND}[dimension-zero]": 60, f"{THOUSAND}[shisoroku]": 35, f"{THOUSAND}[dokusenroku]": 25, THOUSAND: 15,
    "tests/test_audit_feed.py::test_a_follower_on_real_redis_waits_a_minute_and_gets_the_move_made_half_way": 60,
}


# Sent out first of all, as one work unit run on a worker of their own: the tests that mostly wait
# (seconds of sleep, an outage, a failover; their servers' CPU is small), WAITING by test and
# WAITING_FILES by file. `./dev test` starts one xdist worker more than the machine has cores, so the
# others keep every core busy meanwhile (a clean-clone run's CPU sample with a worker per core: ~70
# core-seconds idle while these waited, one of the two cores each time). Then the LONG tests that
# play on every core (tests/parallel.py's pool, POOLED), then the other LONG ones, then the rest.
WAITING = {"tests/test_audit_feed.py::test_a_follower_on_real_redis_waits_a_minute_and_gets_the_move_made_half_way"}
WAITING_FILES = {"tests/faults/test_faults.py", "tests/test_cluster.py", "tests/test_workers_integration.py"}
POOLED = {ISMCTS_200}


# Files of many independent random-game tests (a minute or so each file, no module fixture): each
# test a work unit of its own as well. Whole, the last of them sent out was the last minute of a run
# with the other worker idle (a CPU sample of a clean-clone run: one core busy for its last 55 s).
SPLIT = {"tests/threebythree/test_playouts.py", "tests/dimension_zero/test_playouts.py",
         "tests/dokusenroku/test_playouts.py"}


def long_for(nodeid: str) -> int:
    return LONG.get(nodeid, LONG.get(nodeid.split("[")[0], 0))


def waiting(nodeid: str) -> bool:
    return nodeid.split("[")[0] in WAITING or nodeid.split("::")[0] in WAITING_FILES


def sent_out(nodeid: str) -> tuple:
    """Sort key: the waiting tests, the POOLED ones, the other LONG ones (each longest first), the rest."""
    rank = 0 if waiting(nodeid) else 1 if nodeid.split("[")[0] in POOLED else 2 if long_for(nodeid) else 3
    return rank, -long_for(nodeid)


def pytest_xdist_make_scheduler(config, log):
    """--dist loadfile, but the waiting tests one work unit, and each LONG test and each test of the
    SPLIT files a unit of its own."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling      # only where pytest-xdist schedules

    class LongTestsApart(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if waiting(nodeid):
                return "waiting"
            return nodeid if long_for(nodeid) or nodeid.split("::")[0] in SPLIT else super()._split_scope(nodeid)

    return LongTestsApart(config, log)


def pytest_collection_modifyitems(config, items):
    """Tests marked slow (minutes to hours) run only with KIFU_SLOW=1, without the suite's time limit
    per test (pyproject.toml, pytest-timeout); the LONG ones are collected first (``sent_out``)."""
    items.sort(key=lambda item: sent_out(item.nodeid))           # stable: the others as collected
    if os.environ.get("KIFU_SLOW") == "1":
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(pytest.mark.timeout(0))
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
_DATABASES = [(15, 11, 13), (14, 12, 10), (9, 8, 7), (6, 5, 4)]     # 0-3 left: the developer's, the benches'
_worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:] or 0)
if _worker >= len(_DATABASES):
    raise RuntimeError(f"pytest-xdist worker {_worker}: at most {len(_DATABASES)} workers have Redis databases")
_NAMES = ("REDIS_TEST_URL", "AUDIT_REDIS_TEST_URL", "KIFU_WORKERS_REDIS_URL")
# The ones the person running the suite set themselves, noted by the first process that reads this file
# (the xdist controller): the workers inherit its environment, defaults included, and would otherwise
# all keep gw0's databases and flush each other's.
_GIVEN = os.environ.setdefault("KIFU_TEST_REDIS_GIVEN", ",".join(n for n in _NAMES if n in os.environ)).split(",")
for _name, _db in zip(_NAMES, _DATABASES[_worker]):
    if _name not in _GIVEN:
        os.environ[_name] = f"redis://{TEST_REDIS}/{_db}"

REDIS_TEST_URL = os.environ["REDIS_TEST_URL"]
AUDIT_REDIS_TEST_URL = os.environ["AUDIT_REDIS_TEST_URL"]   # audit tests


@pytest.fixture(autouse=True)
def jobs_in_the_test_thread(monkeypatch):
    """No embedded job thread: tests run queued and due jobs themselves (workers.runner.run_pending)."""
    monkeypatch.setattr(runner, "THREAD", False)


@pytest.fixture
def job_thread(app, monkeypatch):
    """The embedded job thread, as `kifu serve` runs it (bots and deadlines move on their own);
    stopped after the test, so that it does not poll beside the tests after it."""
    monkeypatch.setattr(runner, "THREAD", True)
    yield
    runner.stop(app.extensions["kifu_redis"])


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
def outbox(monkeypatch):
    """Notifications captured instead of sent (workers.senders.send replaced): ``outbox.sent``."""
    from tests.helpers import Outbox
    from workers import senders
    box = Outbox()
    monkeypatch.setattr(senders, "send", box)
    monkeypatch.setenv("KIFU_NOTIFY_RETRIES", "5,10")
    return box


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
