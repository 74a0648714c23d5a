"""JSON log lines for every kifu process (python-json-logger), and the request id that ties them.

- ``JsonFormatter``: one JSON object per record — ``ts`` (UTC, milliseconds), ``level``, ``logger``,
  ``message``, ``request_id`` and whatever fields the caller adds (``extra=``, or a filter: the web's
  method, route, match id and seat, service.http.logs). The web passes its redaction of what a URL
  may carry (service.http.logs.redact) to be applied to every message and traceback.
- ``REQUEST_ID``: the id of the request being served (service.http.logs sets it for each request, from
  ``X-Request-ID`` or made up). A job queued while it is set carries it in its RQ meta
  (``job_meta``: workers.queues and workers.due put it there), and the job runs with it set again
  (``bound``: workers.jobs, workers.rq_worker), so a request is followed by its id from the web's line
  to the worker's lines of the jobs it queued.
- ``to_stderr``: a process's logging set to JSON lines on stderr (``kifu worker`` and its rq workers).
"""
import contextlib
import contextvars
import json
import logging
import sys
from datetime import datetime, timezone

import orjson
from pythonjsonlogger.core import BaseJsonFormatter
from pythonjsonlogger.json import JsonEncoder
from pythonjsonlogger.orjson import orjson_default

REQUEST_ID: contextvars.ContextVar = contextvars.ContextVar("kifu_request_id", default=None)
META_KEY = "request_id"         # the key of the request id in an RQ job's meta


def job_meta() -> dict:
    """The RQ meta a job queued now carries: the request id being served, if any."""
    request_id = REQUEST_ID.get()
    return {META_KEY: request_id} if request_id else {}


@contextlib.contextmanager
def bound(request_id: str | None):
    """Records written inside the block carry ``request_id`` (nothing changes for None)."""
    token = REQUEST_ID.set(request_id) if request_id else None
    try:
        yield
    finally:
        if token is not None:
            REQUEST_ID.reset(token)


def _same(text: str) -> str:
    return text


class JsonFormatter(BaseJsonFormatter):
    """A record as one JSON line: ts, level, logger, message, request_id, then the record's extra fields
    (``fields``: names always written, None when a record lacks them). python-json-logger reads the
    record (its message, exception and stack); the line is written by orjson, one per request and
    more, in a fifth of the standard library's time (what orjson cannot write, a lone surrogate or
    an integer past 64 bits, the standard library writes as python-json-logger did)."""

    def __init__(self, fields: tuple = (), redact=_same):
        super().__init__()
        self.fields, self.redact = tuple(fields), redact

    def add_fields(self, log_data: dict, record: logging.LogRecord, message_dict: dict) -> None:
        log_data.update(ts=datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                        level=record.levelname.lower(), logger=record.name, message=self.redact(record.getMessage()),
                        request_id=getattr(record, "request_id", None) or REQUEST_ID.get())
        for name in self.fields:
            log_data[name] = getattr(record, name, None)
        skip = self._skip_fields
        for extra in (message_dict, record.__dict__):           # the exception, then the extra fields
            for key, value in extra.items():
                if key not in log_data and (extra is message_dict or (key not in skip and not key.startswith("_"))):
                    log_data[key] = value
        if isinstance(log_data.get("exc_info"), str):
            log_data["exc_info"] = self.redact(log_data["exc_info"])

    def jsonify_log_record(self, log_data: dict) -> str:
        try:
            return orjson.dumps(log_data, default=orjson_default, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")
        except TypeError:
            return json.dumps(log_data, cls=JsonEncoder, ensure_ascii=False)


def to_stderr(level: int, loggers: tuple = ("",)) -> logging.Handler:
    """JSON lines on stderr for ``loggers`` (the root by default) at ``level``; each logger's own
    handlers are replaced and it propagates to the root."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in loggers:
        if name:
            logger = logging.getLogger(name)
            logger.handlers[:] = []
            logger.propagate = True
            logger.setLevel(level)
    return handler
