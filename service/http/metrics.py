"""Prometheus metrics (``GET /metrics``, prometheus_client's text format): requests by route and
status, their latency, appends by result, 409 answers by code — counted by the process serving
them — and, read from Redis when scraped, the job queues' depths, the due jobs' backlog, how late
missed deadlines were handled and how long bots' moves took from due to appended (written by the
workers: service.application.worker_figures) and whether the store answered. Every series of a
closed label set (appends by result, 409s by code) is there from the start, at 0.

gunicorn runs several worker processes, each with its own counters; a scrape reaches one of them.
Under gunicorn (service/http/gunicorn_conf.py sets PROMETHEUS_MULTIPROC_DIR before the workers
start) prometheus_client's multiprocess mode keeps each process's values in files in that directory
and every scrape adds them all up, so any worker gives the one answer for the deployment. Without
it (``kifu serve``, tests) the app's own registry is the answer.

Every label value comes from a closed set, whatever a client sends: a series is kept for each value
forever (in every worker's file under gunicorn), so a label a client could fill would let it grow
the scrape without bound. The method is one of ``METHODS`` or ``other`` (gunicorn takes any
upper-case token of 3 to 20 characters as a method, werkzeug any token); the route is the URL rule
(``/matches/<match_id>``), never the raw path, and ``unmatched`` for a path no rule matches or a
method its rule does not take (a 404 or 405); the status is the code the app answered, one of the
few its handlers and werkzeug's errors choose, never the client; a 409's ``code`` is a literal of
the application's (service.application.errors)."""
import os
import time

from flask import Blueprint, Response, current_app, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, disable_created_metrics,
                               generate_latest)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from service.application import worker_figures
from service.application.storage.connections import UNAVAILABLE
from service.http.redis_conn import get_store

bp = Blueprint("metrics", __name__)
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"})
OTHER_METHOD, UNMATCHED = "other", "unmatched"
disable_created_metrics()         # no *_created series beside each counter: half the lines, no use here
APPEND_RESULTS = ("ok", "duplicate", "conflict")
# every 409 code of the application (service.application.errors.Conflict): a counter each from start
# (tests/test_metrics.py keeps the list in step with the code)
CONFLICT_CODES = ("already_consented", "already_ruled", "busy", "idempotency_key_in_use", "no_bot_offer_yet",
                  "not_an_invite_seat", "not_overturned", "not_waiting", "player_already_seated", "rematch_exists",
                  "rematch_pending", "rules_version_gone", "seat_bound", "seat_held_by_bot", "seat_not_held",
                  "seat_taken", "stale_version", "too_many_subscriptions")


class Recorded:
    """What this process counts, registered on ``registry``."""

    def __init__(self, registry):
        self.requests = Counter("kifu_http_requests", "HTTP requests answered, by method, route and status",
                                ["method", "route", "status"], registry=registry)
        self.latency = Histogram("kifu_http_request_duration_seconds", "Time to answer (to the first byte "
                                 "of a streamed answer), by method and route", ["method", "route"],
                                 buckets=LATENCY_BUCKETS, registry=registry)
        self.appends = Counter("kifu_appends", "Appends to match streams by this web process: ok, "
                               "duplicate (a command id answered before), conflict (stale version)",
                               ["result"], registry=registry)
        self.appended_events = Counter("kifu_appended_events", "Events appended by this web process",
                                       registry=registry)
        self.conflicts = Counter("kifu_conflicts", "409 answers, by error code", ["code"], registry=registry)
        for result in APPEND_RESULTS:           # every series there from the start, 0 before its first event
            self.appends.labels(result)
        for code in CONFLICT_CODES:
            self.conflicts.labels(code)

    def appended(self, status: str, events: int) -> None:
        self.appends.labels(status).inc()
        if status == "ok":
            self.appended_events.inc(events)


class FromStore:
    """Figures read from Redis at each scrape (a custom collector: it holds no state)."""

    def __init__(self, store):
        self.store = store

    def describe(self):           # without it, registering would scrape Redis once at start-up
        return [GaugeMetricFamily("kifu_store_up", ""), GaugeMetricFamily("kifu_jobs_queued", ""),
                GaugeMetricFamily("kifu_due_jobs_overdue", ""), GaugeMetricFamily("kifu_due_jobs", ""),
                HistogramMetricFamily("kifu_deadline_lateness_seconds", ""),
                HistogramMetricFamily("kifu_bot_move_latency_seconds", ""),
                CounterMetricFamily("kifu_worker_appends", ""), CounterMetricFamily("kifu_worker_appended_events", "")]

    def collect(self):
        up = GaugeMetricFamily("kifu_store_up", "1 when the store answered this scrape, else 0")
        try:
            late, made = worker_figures.lateness(self.store), worker_figures.worker_appends(self.store)
            bots = worker_figures.bot_move_latency(self.store)
        except UNAVAILABLE:
            late = made = bots = None
        up.add_metric([], 0 if late is None else 1)
        yield up
        if late is not None:
            yield HistogramMetricFamily(
                "kifu_deadline_lateness_seconds", "How long after its due time each missed deadline was "
                "handled (recorded by the workers in Redis)",
                buckets=[(str(float(b)) if b != "+Inf" else b, n) for b, n in late["buckets"]],
                sum_value=late["sum"])
            yield HistogramMetricFamily(
                "kifu_bot_move_latency_seconds", "How long each bot's move took from due (the append that "
                "made it the bot's move) to appended: the wait for a worker and the thinking (recorded by the "
                "workers in Redis)",
                buckets=[(str(float(b)) if b != "+Inf" else b, n) for b, n in bots["buckets"]],
                sum_value=bots["sum"])
            appends = CounterMetricFamily("kifu_worker_appends", "Appends to match streams by the workers (bots' "
                                          "moves, missed deadlines), by result", labels=["result"])
            for result in ("ok", "duplicate", "conflict"):
                appends.add_metric([result], made[result])
            yield appends
            yield CounterMetricFamily("kifu_worker_appended_events", "Events appended by the workers",
                                      value=made["events"])
        try:
            depths, due = self.store.jobs.depths(), self.store.jobs.due_counts()
        except UNAVAILABLE:
            return
        yield GaugeMetricFamily("kifu_due_jobs_overdue", "Due jobs (bots' moves, deadlines) whose time has come "
                                "that no worker has queued or begun yet: the due-job sweep's backlog",
                                value=due["overdue"])
        yield GaugeMetricFamily("kifu_due_jobs", "Due jobs recorded (waiting for their time, queued or running)",
                                value=due["recorded"])
        queued = GaugeMetricFamily("kifu_jobs_queued", "Jobs waiting in each RQ queue", labels=["queue"])
        for queue, depth in depths.items():
            queued.add_metric([queue], depth)
        yield queued


def multiprocess() -> bool:
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


def init_app(app) -> None:
    registry = CollectorRegistry()
    recorded = Recorded(registry)
    store = app.extensions["kifu_store"]
    store.on_append = recorded.appended
    app.extensions["kifu_metrics"] = (registry, recorded)

    @app.before_request
    def started():
        g.metrics_started = time.perf_counter()

    counters, histograms = {}, {}       # labelled series by their labels (all from closed sets)

    @app.after_request
    def count(response):
        req, ctx = request._get_current_object(), g._get_current_object()     # each proxy looked up once
        method = req.method if req.method in METHODS else OTHER_METHOD
        route = req.url_rule.rule if req.url_rule else UNMATCHED
        status = response.status_code
        counter = counters.get((method, route, status))
        if counter is None:
            counter = counters[method, route, status] = recorded.requests.labels(method, route, str(status))
        counter.inc()
        if "metrics_started" in ctx:
            histogram = histograms.get((method, route))
            if histogram is None:
                histogram = histograms[method, route] = recorded.latency.labels(method, route)
            histogram.observe(time.perf_counter() - ctx.metrics_started)
        if response.status_code == 409 and response.is_json:
            recorded.conflicts.labels(((response.get_json(silent=True) or {}).get("error") or {}).get("code", "")).inc()
        return response

    app.register_blueprint(bp)


@bp.get("/metrics")
def exposition():
    registry, _ = current_app.extensions["kifu_metrics"]
    if multiprocess():                     # every gunicorn worker's values, added up
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
    scraped = CollectorRegistry()
    scraped.register(FromStore(get_store()))
    return Response(generate_latest(registry) + generate_latest(scraped), content_type=CONTENT_TYPE_LATEST)
