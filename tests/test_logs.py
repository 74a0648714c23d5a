"""Structured logs (service/http/logs.py, issue 16): a record written while a request is served is one
JSON line with the request id (echoed as X-Request-ID), the route, the match id and the seat."""
import io
import json
import logging

import pytest

from service import create_app
from service.http.logs import JsonFormatter
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
    line = json.loads(handler.stream.getvalue().splitlines()[-1])
    assert line["level"] == "warning" and "store unavailable" in line["message"]
    assert line["request_id"] == "probe-7" and line["route"] == "/matches/<match_id>/events"
    assert line["match_id"] == "m-123" and line["method"] == "GET" and "seat" in line
    weird = app.test_client().get("/healthz", headers={"X-Request-ID": "spaces and \"quotes\""})
    assert len(weird.headers["X-Request-ID"]) == 32                  # not echoed: a new id
