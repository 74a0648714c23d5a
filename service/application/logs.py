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
import logging
import sys
from datetime import datetime, timezone

from pythonjsonlogger.json import JsonFormatter as _LibraryJsonFormatter

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


class JsonFormatter(_LibraryJsonFormatter):
    """A record as one JSON line: ts, level, logger, message, request_id, then the record's extra fields
    (``fields``: names always written, None when a record lacks them)."""

    def __init__(self, fields: tuple = (), redact=_same):
        super().__init__(json_ensure_ascii=False)
        self.fields, self.redact = tuple(fields), redact

    def add_fields(self, log_data: dict, record: logging.LogRecord, message_dict: dict) -> None:
        super().add_fields(log_data, record, message_dict)       # the extra fields (python-json-logger's)
        log_data.pop("message", None)
        first = {"ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                 "level": record.levelname.lower(), "logger": record.name,
                 "message": self.redact(record.getMessage()),
                 "request_id": getattr(record, "request_id", None) or REQUEST_ID.get()}
        first.update({name: getattr(record, name, None) for name in self.fields})
        rest = {k: v for k, v in log_data.items() if k not in first}
        if isinstance(rest.get("exc_info"), str):
            rest["exc_info"] = self.redact(rest["exc_info"])
        log_data.clear()
        log_data.update(first)
        log_data.update(rest)


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
