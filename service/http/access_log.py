"""gunicorn's logger with nothing secret a request carries in its lines (the Procfile's web line
names it through service/http/gunicorn_conf.py). A module of its own: importing gunicorn_conf sets
up prometheus_client's multiprocess directory, which a process that only wants the logger must not."""
import functools
import logging
import re

from gunicorn.glogging import Logger

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
