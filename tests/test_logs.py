"""Structured logs (service/http/logs.py, issue 16): a record written while a request is served is one
JSON line with the request id (echoed as X-Request-ID), the route, the match id and the seat; and
nothing secret a request carries in any line kifu writes (issue 33): the deprecated ``?partial=``, a
token in a query string or header, whatever format gunicorn's access log is given, its error log,
a record's message, a crashing decider's action (tests/hidden/test_logs.py: a whole game over gunicorn)."""
import io
import json
import logging
import os
from pathlib import Path

import pytest
import yaml

from service import create_app
from service.http.logs import PLAIN_QUERY, SECRET_QUERY, JsonFormatter, redact
from tests.plugin_stack import free_port


@pytest.fixture
def service_logger():
    """The "service" logger as the test found it, restored after (create_app adds a JSON handler)."""
    logger = logging.getLogger("service")
    saved = (list(logger.handlers), list(logger.filters), logger.level, logger.propagate)
    yield logger
    logger.handlers[:], logger.filters[:] = saved[0], saved[1]
    logger.setLevel(saved[2])
    logger.propagate = saved[3]


def test_a_request_logs_json_with_its_id_route_match_and_seat(monkeypatch, service_logger):
    monkeypatch.setenv("KIFU_LOG_FORMAT", "json")
    port = free_port()                               # a port nothing listens on
    app = create_app({"TESTING": True, "REDIS_URL": f"redis://127.0.0.1:{port}/0"})   # the store is down: a warning
    handler = next(h for h in service_logger.handlers if isinstance(h.formatter, JsonFormatter))
    handler.stream = io.StringIO()
    r = app.test_client().get("/matches/m-123/events", headers={"X-Request-ID": "probe-7"})
    assert r.status_code == 503 and r.headers["X-Request-ID"] == "probe-7"
    *_, line, answered = [json.loads(text) for text in handler.stream.getvalue().splitlines()]
    assert line["level"] == "warning" and "store unavailable" in line["message"]
    assert line["request_id"] == "probe-7" and line["route"] == "/matches/<match_id>/events"
    assert line["match_id"] == "m-123" and line["method"] == "GET" and "seat" in line
    # then the request's own line (the access log, folded into the app's): its answer and duration
    assert answered["logger"] == "service.http.requests" and answered["level"] == "info", answered
    assert answered["status"] == 503 and answered["duration_ms"] >= 0 and answered["request_id"] == "probe-7"
    assert answered["route"] == "/matches/<match_id>/events" and answered["match_id"] == "m-123"
    assert answered["ts"].endswith("+00:00") and answered["message"] == "GET /matches/<match_id>/events 503"
    weird = app.test_client().get("/healthz", headers={"X-Request-ID": "spaces and \"quotes\""})
    assert len(weird.headers["X-Request-ID"]) == 32                  # not echoed: a new id


# ---- nothing secret a request carries in a log line (issue 33) -------------------------------------

SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text("utf-8"))


def test_every_query_parameter_of_the_spec_is_written_plain_or_cut():
    """A new query parameter is a decision: plain (PLAIN_QUERY) or secret (SECRET_QUERY); none left
    to the default (cut, name and value)."""
    shared = SPEC["components"]["parameters"]
    params = [shared[p["$ref"].rsplit("/", 1)[1]] if "$ref" in p else p for item in SPEC["paths"].values()
              for op in item.values() if isinstance(op, dict) for p in op.get("parameters", [])]
    spec = {p["name"] for p in params if p.get("in") == "query"}
    assert "lang" in spec and spec == PLAIN_QUERY | SECRET_QUERY and not PLAIN_QUERY & SECRET_QUERY


@pytest.mark.parametrize("line, kept, cut", [
    ('"GET /matches/m1/legal-actions?partial=%7B%22territories%22%3A%5B%22003%22%5D%7D HTTP/1.1" 200',
     '"GET /matches/m1/legal-actions?partial=… HTTP/1.1" 200', "003"),
    ("GET /matches/m1/events?after=3&access_token=t0k3n&limit=5 HTTP/1.1",
     "GET /matches/m1/events?after=3&…&limit=5 HTTP/1.1", "t0k3n"),
    ("GET /matches?limit=5;token=t0k3n HTTP/1.1", "GET /matches?limit=5;… HTTP/1.1", "t0k3n"),
    ("GET /matches?t0k3n HTTP/1.1", "GET /matches?… HTTP/1.1", "t0k3n"),
    ("GET /matches/m1/legal-actions?p%61rtial=003 HTTP/1.1", "GET /matches/m1/legal-actions?partial=… HTTP/1.1", "003"),
    ("POST /unsubscribe/t0k3n HTTP/1.1", "POST /unsubscribe/… HTTP/1.1", "t0k3n"),
    ("Invalid HTTP request line: 'GET /games?invite=t0k3n#x HTTP/1.1 junk'",
     "Invalid HTTP request line: 'GET /games?… HTTP/1.1 junk'", "t0k3n"),
    ("GET /matches?game=threebythree&status=running&follow=false HTTP/1.1", None, None),
])
def test_redact_cuts_what_a_url_may_carry_and_keeps_the_plain_parameters(line, kept, cut):
    assert redact(line) == (line if kept is None else kept)
    assert cut is None or cut not in redact(line)


def gunicorn_logger(log_format: str):
    from gunicorn.config import Config
    from service.http.access_log import RedactingLogger
    cfg = Config()
    cfg.set("accesslog", "-")
    cfg.set("access_log_format", log_format)
    logger = RedactingLogger(cfg)
    stream = io.StringIO()
    for handler in logger.access_log.handlers + logger.error_log.handlers:
        if getattr(handler, "_gunicorn", False):        # gunicorn's own (not one pytest's capture added)
            handler.stream = stream
    return logger, stream


def test_gunicorn_writes_no_credential_whatever_access_log_format_an_operator_sets():
    import base64
    from datetime import timedelta
    from types import SimpleNamespace
    logger, stream = gunicorn_logger('%(r)s|%(U)s|%(q)s|%(u)s|%({Authorization}i)s|%({cookie}i)s|'
                                     '%({raw_uri}e)s|%({query_string}e)s|%({http_authorization}e)s|%(a)s')
    basic = "Basic " + base64.b64encode(b"t0k3n-user:pw").decode()
    query = 'partial={"magic":"A11"}&limit=5&key=t0k3n-q'
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": f"/matches/m1/legal-actions?{query}", "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": "/matches/m1/legal-actions", "QUERY_STRING": query, "HTTP_AUTHORIZATION": basic,
               "HTTP_USER_AGENT": "curl", "REMOTE_ADDR": "127.0.0.1"}
    req = SimpleNamespace(headers=[("AUTHORIZATION", basic), ("COOKIE", "s=t0k3n-c")])
    resp = SimpleNamespace(status="200 OK", sent=10, headers=[("X-Request-ID", "req-9")])
    logger.access(resp, req, environ, timedelta(milliseconds=3))
    line = stream.getvalue()
    assert "t0k3n" not in line and "A11" not in line and "Basic" not in line, line
    record = json.loads(line)                                   # a JSON line, with its time and request id
    assert record["message"].startswith("GET /matches/m1/legal-actions?partial=…&limit=5&… HTTP/1.1|"
                                        "/matches/m1/legal-actions|partial=…&limit=5&…|-|-|-|"), record
    assert record["request_id"] == "req-9" and record["status"] == 200 and record["duration_ms"] == 3, record
    assert record["request"] == "GET /matches/m1/legal-actions?partial=…&limit=5&… HTTP/1.1" and record["ts"], record


def test_gunicorn_error_log_lines_are_redacted_too():
    logger, stream = gunicorn_logger("%(r)s")
    logger.warning("Invalid request from ip=%s: %s", "127.0.0.1",
                   "Invalid HTTP request line: 'GET /matches/m1/legal-actions?partial={\"magic\":\"A11\"} junk'")
    logger.exception("Error handling request %s", "/unsubscribe/t0k3n")
    out = stream.getvalue()
    assert "A11" not in out and "t0k3n" not in out and "partial=…" in out and "/unsubscribe/…" in out, out
    assert all(json.loads(line)["ts"] for line in out.splitlines() if line.startswith("{")), out
    assert json.loads(out.splitlines()[0])["level"] == "warning", out


def test_a_json_record_s_message_is_redacted():
    record = logging.LogRecord("service.x", logging.WARNING, __file__, 1, "fetched %s", ("/m/x?partial=A11&code=t0k3n",), None)
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "fetched /m/x?partial=…&…", line
    try:
        raise ValueError("while fetching /m/x?code=t0k3n")
    except ValueError:
        import sys
        failed = logging.LogRecord("service.x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    line = json.loads(JsonFormatter().format(failed))
    assert "ValueError" in line["exc_info"] and "t0k3n" not in line["exc_info"], line      # the traceback too


def test_a_crashing_decider_is_logged_without_the_action_s_values(app, client, monkeypatch, caplog):
    """A seat's action may hold its hidden choices: the log names the game, the action's type and the
    error's, with the traceback, never a value."""
    from service.application.match import acting
    from service.http.redis_conn import get_store
    from tests.helpers import ApiMatch
    m = ApiMatch(client)
    with app.app_context():
        monkeypatch.setattr(get_store(), "strict", False)               # as served outside tests

    def crash(game, state, seat, action, rng):
        raise KeyError(action["n"])
    monkeypatch.setattr(acting, "step", crash)
    seat = m.seat_to_act()
    with caplog.at_level(logging.ERROR, logger="service"):
        r = m.post(seat, {"type": "add", "n": "s3cret-choice"})
    assert r.status_code == 422 and "s3cret" not in r.get_data(as_text=True)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "decider toy failed on a 'add' action (KeyError)" in logged and "in crash" in logged, logged
    assert "s3cret" not in logged + caplog.text, logged


def test_the_access_logger_alone_leaves_the_metrics_mode_as_it_was():
    """Importing the logger must not set PROMETHEUS_MULTIPROC_DIR (gunicorn_conf does, for gunicorn's
    master): in a test or tool process that would turn every later /metrics into the multiprocess mode."""
    import importlib
    import sys
    sys.modules.pop("service.http.access_log", None)
    before = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    importlib.import_module("service.http.access_log")
    assert os.environ.get("PROMETHEUS_MULTIPROC_DIR") == before
