"""Prometheus metrics (issue 16): GET /metrics counts requests by route and status, their latency,
appends and 409s, and reads the job queues' depths, the deadlines' lateness and the workers' appends
(written by the workers) from Redis. Under the Procfile's gunicorn, with two worker processes,
every scrape gives the one total of all of them (prometheus_client's multiprocess mode). No client
can add series (issue 33): a flood of made-up methods and paths leaves the scrape as it was."""
import contextlib
import http.client
import os
import random
import re
import string
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

from service import create_app
from service.application import worker_figures
from service.application.storage.store import EventStore
from service.http.metrics import APPEND_RESULTS, CONFLICT_CODES, METHODS
from tests.conftest import flushed
from tests.helpers import ApiMatch, api_key_headers
from tests.jobs import run_jobs
from tests.plugin_stack import command, free_port, procfile

FLOOD = 10_000
TOY = {"game": "toy", "variant": "standard", "seats": [{"bot": "random"}, {"bot": "random"}], "games": 40, "seed": 1}


def samples(text: str) -> dict:
    """``{(name, frozenset(labels)): value}`` of a scrape."""
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(scraped: dict, name: str, **labels) -> float:
    return scraped.get((name, frozenset(labels.items())), 0.0)


def scrape(client) -> dict:
    r = client.get("/metrics")
    assert r.status_code == 200 and r.content_type.startswith("text/plain")
    return samples(r.get_data(as_text=True))


def test_requests_latencies_appends_and_conflicts_are_counted(client):
    m = ApiMatch(client)
    seat, version = m.seat_to_act(), m.info()["version"]
    assert m.post(seat, {"type": "add", "n": 1}, version, command_id="c1").status_code == 200
    assert m.post(seat, {"type": "add", "n": 1}, version, command_id="c1").status_code == 200   # answered again
    assert m.post(1 - seat, {"type": "add", "n": 1}, version, command_id="c2").status_code == 409
    client.get("/no/such/page")
    got = scrape(client)
    assert value(got, "kifu_http_requests_total", method="POST", route="/matches", status="201") == 1
    assert value(got, "kifu_http_requests_total", method="POST", route="/matches/<match_id>/actions",
                 status="200") == 2
    assert value(got, "kifu_http_requests_total", method="GET", route="unmatched", status="404") == 1
    assert value(got, "kifu_http_request_duration_seconds_count", method="POST",
                 route="/matches/<match_id>/actions") == 3
    assert value(got, "kifu_appends_total", result="ok") == 2            # the creation and one action: the
    assert value(got, "kifu_appended_events_total") == m.info()["version"]   # repeat was answered, not appended
    assert value(got, "kifu_conflicts_total", code="stale_version") == 1
    assert value(got, "kifu_store_up") == 1


def flood(send, n: int = FLOOD, seed: int = 33) -> None:
    """``n`` requests a client chose to be odd, ``send(method, path)`` each: half with made-up methods
    to a real route (a 405), a quarter to made-up paths (a 404), a quarter both (a 404); a seed of
    their own for each flood."""
    rng = random.Random(seed)
    for i in range(n):
        method = "".join(rng.choices(string.ascii_uppercase, k=rng.choice((8, 9)))) if i % 4 != 1 else "GET"
        path = "/games" if i % 2 == 0 else "/" + "".join(rng.choices(string.ascii_lowercase, k=12))
        send(method, path)


def test_a_flood_of_made_up_methods_and_paths_adds_no_series(client):
    """Issue 33: every label value a request leads to is one of a closed set. An unknown method is
    ``other``, a path no rule matches ``unmatched``: 10,000 odd requests after one of each kind leave
    the scrape with the series it had."""
    client.open("/games", method="BREWCOFFEE")
    client.get("/no/such/page")
    client.open("/no/such/page", method="BREWCOFFEE")
    client.get("/metrics")                                 # the scrape's own series
    before = set(scrape(client))
    flood(lambda method, path: client.open(path, method=method))
    got = scrape(client)
    assert set(got) == before
    assert value(got, "kifu_http_requests_total", method="other", route="unmatched", status="405") == 1 + FLOOD // 2
    assert value(got, "kifu_http_requests_total", method="GET", route="unmatched", status="404") == 1 + FLOOD // 4
    assert value(got, "kifu_http_requests_total", method="other", route="unmatched", status="404") == 1 + FLOOD // 4
    assert value(got, "kifu_http_request_duration_seconds_count", method="other", route="unmatched") \
        == 2 + FLOOD * 3 // 4
    assert {dict(labels).get("method", "other") for _, labels in got} <= METHODS | {"other"}


def test_queue_depths_and_a_missed_deadline_s_lateness_come_from_redis(app, client, manual_clock):
    client.post("/simulations", json=TOY, headers=api_key_headers(app))     # chunk jobs wait on low
    queued = value(scrape(client), "kifu_jobs_queued", queue="low")
    assert queued >= 1
    m = ApiMatch(client, deadline={"minutes": 1, "on_timeout": "pass"})
    manual_clock.advance(seconds=90)                  # handled 30 s after due
    run_jobs(app)
    assert m.info()["version"] > m.created["version"]
    got = scrape(client)
    assert value(got, "kifu_deadline_lateness_seconds_count") == 1
    assert value(got, "kifu_deadline_lateness_seconds_sum") == pytest.approx(30, abs=0.01)
    assert value(got, "kifu_deadline_lateness_seconds_bucket", le="10.0") == 0
    assert value(got, "kifu_deadline_lateness_seconds_bucket", le="30.0") == 1
    # the missed deadline's append was a worker's: counted in Redis, beside the web's own
    assert value(got, "kifu_worker_appends_total", result="ok") == 1
    assert value(got, "kifu_worker_appended_events_total") == m.info()["version"] - m.created["version"]
    assert value(got, "kifu_appends_total", result="ok") == 1            # the web's: the creation
    assert value(got, "kifu_jobs_queued", queue="low") == 0          # run_jobs ran the simulation too


def test_every_counter_is_there_from_the_start_at_zero(client):
    """A scrape before anything happened shows each series of a closed label set at 0 (issue 40): a
    rate or an alert on it works from the first scrape, not from its first event."""
    got = scrape(client)
    there = {name for name, _ in got}
    for result in APPEND_RESULTS:
        assert got[("kifu_appends_total", frozenset({("result", result)}))] == 0
        assert got[("kifu_worker_appends_total", frozenset({("result", result)}))] == 0
    for code in CONFLICT_CODES:
        assert got[("kifu_conflicts_total", frozenset({("code", code)}))] == 0
    for name in ("kifu_appended_events_total", "kifu_worker_appended_events_total", "kifu_due_jobs_overdue",
                 "kifu_due_jobs", "kifu_deadline_lateness_seconds_count", "kifu_bot_move_latency_seconds_count"):
        assert name in there and got[(name, frozenset())] == 0, name


def test_the_conflict_codes_are_every_code_the_application_answers_409_with():
    root = Path(__file__).resolve().parents[1] / "service"
    found = {code for path in root.rglob("*.py") for code in re.findall(r'\bConflict\(\s*"([a-z_]+)"', path.read_text())}
    assert found and found == set(CONFLICT_CODES), found ^ set(CONFLICT_CODES)


def test_a_bot_move_s_latency_and_the_due_backlog_come_from_redis(app, client, manual_clock):
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "options": {"target": 100},
                                      "setup": {"first": 0, "total": 0, "secrets": [1, 2]},
                                      "seats": [{"name": "Kasen"}, {"name": "Owl", "bot": "random"}]})
    created = r.get_json()
    r = client.post(f"/matches/{created['match_id']}/actions", headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
                    json={"action": {"type": "add", "n": 1}, "expected_version": created["version"], "command_id": "c1"})
    assert r.status_code == 200, r.get_json()
    got = scrape(client)
    assert value(got, "kifu_due_jobs") == 1 and value(got, "kifu_due_jobs_overdue") == 0     # queued at once
    manual_clock.advance(seconds=7)                  # no worker took it (none runs here): overdue again
    assert value(scrape(client), "kifu_due_jobs_overdue") == 1
    run_jobs(app)                                    # the bot moves, 7 s after its move fell due
    got = scrape(client)
    assert value(got, "kifu_bot_move_latency_seconds_count") == 1
    assert value(got, "kifu_bot_move_latency_seconds_sum") == pytest.approx(7, abs=0.01)
    assert value(got, "kifu_bot_move_latency_seconds_bucket", le="5.0") == 0
    assert value(got, "kifu_bot_move_latency_seconds_bucket", le="10.0") == 1
    assert value(got, "kifu_due_jobs") == 0 and value(got, "kifu_due_jobs_overdue") == 0


def test_with_the_store_down_metrics_still_answer_and_say_so():
    app = create_app({"TESTING": True, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"})
    client = app.test_client()
    assert client.get("/matches/abc").status_code == 503
    got = scrape(client)
    assert value(got, "kifu_store_up") == 0
    assert value(got, "kifu_http_requests_total", method="GET", route="/matches/<match_id>", status="503") == 1


def test_lateness_buckets_are_cumulative():
    import fakeredis
    store = EventStore(fakeredis.FakeRedis())
    for seconds in (0.05, 3, 3, 4000):
        worker_figures.record_lateness(store, seconds)
    late = worker_figures.lateness(store)
    assert late["count"] == 4 and late["sum"] == pytest.approx(4006.05)
    assert dict(late["buckets"]) == {0.1: 1, 0.5: 1, 1: 1, 2: 1, 5: 3, 10: 3, 30: 3, 60: 3, 300: 3, 900: 3,
                                     3600: 3, "+Inf": 4}


@contextlib.contextmanager
def procfile_web(redis_url: str):
    """The Procfile's web line (2 gthread workers) on a free port, as it runs in production:
    ``(base URL, the multiprocess directory gunicorn_conf made)``; that directory is checked to be
    removed when gunicorn exits."""
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="kifu-metrics-test-")
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(REDIS_URL=redis_url, TMPDIR=tmp)
    proc = subprocess.Popen(command(procfile()["web"], port, redis_url), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not answer")
        [multiproc] = Path(tmp).glob("kifu-prometheus-*")
        yield base, multiproc
    finally:
        proc.terminate()
        proc.wait(30)
    assert not list(Path(tmp).glob("kifu-prometheus-*"))            # removed on exit
    os.rmdir(tmp)


def served(multiproc: Path) -> set:
    """The gunicorn workers that have counted a request (each keeps its values in files of its pid)."""
    return {re.search(r"_(\d+)\.db$", f.name).group(1) for f in multiproc.glob("counter_*.db")}


def refused(conn: http.client.HTTPConnection, method: str, path: str) -> None:
    conn.request(method, path)
    r = conn.getresponse()
    r.read()
    assert r.status in (404, 405), (method, path, r.status)


def scrape_url(base: str) -> str:
    with urllib.request.urlopen(f"{base}/metrics", timeout=60) as r:
        return r.read().decode()


@pytest.mark.redis
def test_gunicorn_with_two_workers_gives_one_total_from_every_worker(real_redis_url):
    """40 requests on fresh connections land on both workers; every scrape, whichever worker
    answers it, counts all 40."""
    flushed(real_redis_url)
    worker_figures.record_lateness(EventStore(redis.Redis.from_url(real_redis_url)), 12.5)   # as a worker does
    with procfile_web(real_redis_url) as (base, multiproc):
        for _ in range(40):
            with urllib.request.urlopen(f"{base}/games", timeout=10) as r:     # a new connection each
                assert r.status == 200
        assert len(served(multiproc)) == 2                             # both workers served
        totals = []
        for _ in range(6):
            got = samples(scrape_url(base))
            totals.append(value(got, "kifu_http_requests_total", method="GET", route="/games", status="200"))
            assert value(got, "kifu_deadline_lateness_seconds_count") == 1
            assert value(got, "kifu_deadline_lateness_seconds_bucket", le="30.0") == 1
            assert value(got, "kifu_jobs_queued", queue="high") == 0
        assert totals == [40] * 6, totals


@pytest.mark.redis
def test_under_gunicorn_a_flood_of_made_up_methods_and_paths_grows_neither_the_scrape_nor_its_files(
        real_redis_url):
    """Issue 33's attack on the Procfile's gunicorn: after a few odd requests on fresh connections
    (both workers serve some), 10,000 requests with made-up methods and paths on four kept-alive
    connections leave every scrape with the series it had, and the multiprocess directory (each
    worker's values, kept for ever) with its size."""
    flushed(real_redis_url)
    with procfile_web(real_redis_url) as (base, multiproc):
        port = int(base.rsplit(":", 1)[1])

        def fresh(method: str, path: str) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            refused(conn, method, path)
            conn.close()

        for seed in range(50):                             # a new connection each, till both workers served
            flood(fresh, 8, -seed)
            if len(served(multiproc)) == 2:
                break
        assert len(served(multiproc)) == 2
        scrape_url(base), scrape_url(base)
        warm_up = value(samples(scrape_url(base)), "kifu_http_requests_total", method="other", route="unmatched",
                        status="405")
        before, size = set(samples(scrape_url(base))), sum(f.stat().st_size for f in multiproc.iterdir())
        for seed in range(1, 5):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            flood(lambda method, path: refused(conn, method, path), FLOOD // 4, seed)
            conn.close()
        # the files' size right after the flood: a scrape is itself a request, and a worker that had not
        # answered one yet makes its first files for that route's series then (a scrape, not the flood)
        assert sum(f.stat().st_size for f in multiproc.iterdir()) == size
        for _ in range(4):                                  # whichever worker answers
            got = samples(scrape_url(base))
            assert set(got) == before
            assert value(got, "kifu_http_requests_total", method="other", route="unmatched", status="405") \
                == warm_up + FLOOD // 2
