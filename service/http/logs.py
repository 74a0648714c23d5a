"""Structured logs (issue 16): every log record written while a request is served carries its
request id (the client's ``X-Request-ID`` when it is a short token, else a new one; echoed in the
answer), method, route (the URL rule, never the raw URL), match id and, once a token was checked,
seat; with ``KIFU_LOG_FORMAT=json`` (the default outside tests) the service's records are written
as one JSON object per line on stderr. Nothing of a request's body is logged; what a URL may carry
that is secret is cut from every line kifu writes — gunicorn's access and error logs, `kifu serve`'s
request log, these records' messages (``redact``): the unsubscribe token every notification links
to, the deprecated ``legal-actions?partial=`` (a move being built may hold a seat's hidden choices),
and the value of every query parameter kifu does not read as plain (``PLAIN_QUERY``), so a token a
client put in a query string is not written either.

Each request also writes one line of its own when it is answered (logger ``service.http.requests``,
INFO): method, route, status, ``duration_ms`` (to the answer's first byte, for a streamed one),
request id, match id, seat and the client's address: the access log, folded into the app's line
(gunicorn's own access log is off in service/http/gunicorn_conf.py; turned on, it is JSON too).
The request id is set as the log context (service.application.logs.REQUEST_ID) while the request
is served, so a job it queues carries it (RQ meta) and the worker's lines for that job show it."""
import logging
import os
import random
import re
import sys
import time
from urllib.parse import unquote_plus

from flask import g, has_request_context, request

from service.application import logs as app_logs

REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
FIELDS = ("request_id", "method", "route", "match_id", "seat")
SECRET_IN_PATH = re.compile(r"(/unsubscribe/)[^\s/?#]+")
QUERY = re.compile(r"\?(\S*)")
# The query parameters of openapi.yaml whose values hold nothing secret (tests/test_logs.py keeps the
# two in step): written as sent. ``partial`` is written as ``partial=…``; any other parameter — a
# token a client put in a URL, say — as ``…``, name and value.
PLAIN_QUERY = frozenset({"game", "variant", "status", "player", "since", "cursor", "limit", "after", "version",
                         "follow", "finished", "answer", "rating_min", "rating_max", "lang"})
SECRET_QUERY = frozenset({"partial"})


def redact(text: str) -> str:
    """A request line, path or log message with the secrets URLs may carry replaced by "…"."""
    if "?" not in text and "/unsubscribe/" not in text:         # most lines: nothing to look at
        return text
    return QUERY.sub(lambda found: "?" + redact_query(found.group(1)), SECRET_IN_PATH.sub(r"\1…", text))


def redact_query(query: str) -> str:
    """A query string with the value of each parameter not in PLAIN_QUERY replaced by "…"."""
    return "".join(_plain(part) for part in re.split(r"([&;])", query))


def _plain(part: str) -> str:
    name = unquote_plus(part.partition("=")[0])
    if part in ("", "&", ";") or name in PLAIN_QUERY:
        return part
    return f"{name}=…" if name in SECRET_QUERY else "…"


class RequestContext(logging.Filter):
    """Adds the serving request's fields to each record (None outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        values = dict.fromkeys(FIELDS)
        if has_request_context():
            req, ctx = request._get_current_object(), g._get_current_object()    # each proxy looked up once
            values.update(request_id=ctx.get("request_id"), method=req.method,
                          route=req.url_rule.rule if req.url_rule else None,
                          match_id=(req.view_args or {}).get("match_id"), seat=ctx.get("seat"))
        for name, value in values.items():
            setattr(record, name, value)
        return True


class JsonFormatter(app_logs.JsonFormatter):
    """The service's records as JSON lines (python-json-logger), the request's fields in each and
    every message redacted."""

    def __init__(self):
        super().__init__(fields=FIELDS, redact=redact)


requests_log = logging.getLogger("service.http.requests")


def init_app(app) -> None:
    @app.before_request
    def request_id():
        given = request.headers.get("X-Request-ID", "")
        g.request_id = given if REQUEST_ID.match(given) else f"{random.getrandbits(128):032x}"
        g.log_started = time.perf_counter()
        g.log_context = app_logs.REQUEST_ID.set(g.request_id)

    @app.after_request
    def echo(response):
        ctx = g._get_current_object()
        if "request_id" in ctx:
            req = request._get_current_object()
            response.headers["X-Request-ID"] = ctx.request_id
            took = (time.perf_counter() - ctx.log_started) * 1000 if "log_started" in ctx else None
            requests_log.info("%s %s %d", req.method, req.url_rule.rule if req.url_rule else "-",
                              response.status_code, extra={"status": response.status_code,
                                                           "duration_ms": None if took is None else round(took, 1),
                                                           "remote": req.remote_addr})
        return response

    @app.teardown_request
    def unbind(_error):
        token = g.pop("log_context", None)
        if token is not None:
            try:
                app_logs.REQUEST_ID.reset(token)
            except ValueError:          # reset in another context than it was set in: nothing to undo
                app_logs.REQUEST_ID.set(None)

    if os.environ.get("KIFU_LOG_FORMAT", "text" if app.testing else "json") == "json":
        logger = logging.getLogger("service")
        if not any(isinstance(h.formatter, JsonFormatter) for h in logger.handlers):
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(JsonFormatter())
            handler.addFilter(RequestContext())     # a handler's filter sees the records of service.*
            logger.addHandler(handler)
            logger.setLevel(logging.INFO)
            logger.propagate = False
