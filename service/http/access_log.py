"""gunicorn's logger with nothing secret a request carries in its lines (the Procfile's web line
names it through service/http/gunicorn_conf.py), writing JSON lines (python-json-logger, the
service's own formatter): the error log as the service's records, and the access log — off in
gunicorn_conf, where the app's own line per request stands for it (service.http.logs), but an
operator may turn it on — with ``ts``, ``request_id`` (the answer's ``X-Request-ID``), ``remote``,
``request`` (the request line, redacted), ``status``, ``bytes`` and ``duration_ms`` beside the
message the format gives. A module of its own: importing gunicorn_conf sets up prometheus_client's
multiprocess directory, which a process that only wants the logger must not."""
import functools
import logging
import re

from gunicorn.glogging import Logger

from service.application.logs import JsonFormatter
from service.http.logs import redact, redact_query

# atoms never written, whatever access_log_format an operator sets: credentials sent in headers, and
# the user gunicorn reads from a Basic Authorization header
HIDDEN_ATOMS = frozenset({"u", "{authorization}i", "{proxy-authorization}i", "{cookie}i", "{set-cookie}o",
                          "{http_authorization}e", "{http_proxy_authorization}e", "{http_cookie}e"})
QUERY_ATOMS = frozenset({"q", "{query_string}e"})


class RedactingLogger(Logger):
    """gunicorn's logger with what a request carries that is secret cut from each line
    (service.http.logs.redact): from the access log's atoms the format writes (the request line, the
    path, the query string; credential headers entirely), and from every error log line (gunicorn
    quotes a request line it cannot parse, and the URI of a request that failed)."""

    def setup(self, cfg):
        super().setup(cfg)
        if not any(isinstance(f, RedactingFilter) for f in self.error_log.filters):
            self.error_log.addFilter(RedactingFilter())
        for log, formatter in ((self.error_log, JsonFormatter(redact=redact)), (self.access_log, AccessJson())):
            for handler in log.handlers:
                if getattr(handler, "_gunicorn", False):
                    handler.setFormatter(formatter)

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for name in written(self.cfg.access_log_format):
            if name in HIDDEN_ATOMS:
                atoms[name] = "-"
            elif isinstance(atoms.get(name), str):
                atoms[name] = (redact_query if name in QUERY_ATOMS else redact)(atoms[name])
        return atoms


@functools.lru_cache(maxsize=4)
def written(log_format: str) -> frozenset:
    """The atoms a format writes, named as gunicorn looks them up (``{Header}i`` in lower case)."""
    return frozenset(name.lower() if name.startswith("{") else name for name in re.findall(r"%\(([^)]+)\)", log_format))


class RedactingFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = redact(record.getMessage()), None
        return True


class AccessJson(JsonFormatter):
    """An access log record (its args: gunicorn's atoms, the secret ones already cut) as a JSON line."""

    def __init__(self):
        super().__init__(redact=redact)

    def add_fields(self, log_data: dict, record: logging.LogRecord, message_dict: dict) -> None:
        super().add_fields(log_data, record, message_dict)
        atoms = record.args if isinstance(record.args, dict) else {}

        def atom(name):
            try:
                value = atoms[name]                     # gunicorn's SafeAtoms: {Header}o in any case
            except KeyError:
                return None
            return None if value in ("-", None) else value
        log_data["request_id"] = atom("{x-request-id}o")
        log_data.update(remote=atom("h"), request=redact(atom("r") or ""), status=_number(atom("s")),
                        bytes=_number(atom("B")), duration_ms=_number(atom("M")))


def _number(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
