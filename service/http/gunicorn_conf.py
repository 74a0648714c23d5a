"""gunicorn settings for the Procfile's web line (``--config python:service.http.gunicorn_conf``):
an access log on stdout, and in it and the error log nothing secret a request carries (the
``RedactingLogger``); a refusal to start several worker processes without a Redis server — each
would hold its own embedded in-memory store, so a match created through one worker would be
unknown to the others (a new match answered 404 on most fresh connections); a warning when the
store does not answer at start; and the directory where prometheus_client's multiprocess mode keeps
each worker's metric values, so that ``GET /metrics`` through any worker adds up all of them
(service/http/metrics.py). An operator's PROMETHEUS_MULTIPROC_DIR is used (emptied at start: values
of an earlier run would be added in); otherwise a temporary directory is made here, before the
workers start and import prometheus_client, and removed when the gunicorn master exits."""
import atexit
import functools
import glob
import logging
import os
import re
import shutil
import tempfile

from gunicorn.glogging import Logger

from service.http.logs import redact, redact_query

accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
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


logger_class = RedactingLogger


def _remove(path: str, master: int) -> None:
    if os.getpid() == master:            # forked workers inherit this handler: only the master removes
        shutil.rmtree(path, ignore_errors=True)


if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="kifu-prometheus-")
    atexit.register(_remove, os.environ["PROMETHEUS_MULTIPROC_DIR"], os.getpid())   # also if it fails to start


def on_starting(server):
    if server.cfg.workers > 1 and not (os.environ.get("REDIS_URL") or os.environ.get("KIFU_STORE_URL")):
        raise SystemExit(f"kifu: {server.cfg.workers} gunicorn workers need a shared store: set REDIS_URL "
                         "(or KIFU_STORE_URL) to a Redis server. Without it every worker process would keep its "
                         "own in-memory store; run `kifu serve` (one process) to try kifu without Redis.")
    for stale in glob.glob(os.path.join(os.environ["PROMETHEUS_MULTIPROC_DIR"], "*.db")):
        os.remove(stale)
    _say_if_the_store_is_down(server)


def _say_if_the_store_is_down(server) -> None:
    from service.application.storage.connections import describe_url, ping, store_url   # only in the master
    url = store_url(os.environ)
    if not url:
        return
    try:
        ping(url)
    except Exception as e:  # noqa: BLE001 - whatever the reason, say it and serve: /readyz tells the rest
        server.log.warning("kifu: the store (%s) does not answer (%s: %s); serving anyway: routes that need it "
                           "answer 503 store_unavailable, and /readyz 503, until it does",
                           describe_url(url), type(e).__name__, " ".join(str(e).split()))


def child_exit(server, worker):
    from prometheus_client import multiprocess      # never at the top: imported first, it would pick its mode
    multiprocess.mark_process_dead(worker.pid)
