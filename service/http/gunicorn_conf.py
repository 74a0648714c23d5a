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
import glob
import os
import shutil
import tempfile

from service.http.access_log import RedactingLogger

# No access log of gunicorn's: the app writes one JSON line per request (service.http.logs: method,
# route, status, duration, request id, match id, seat), the access log folded into it.
# `--access-logfile -` turns gunicorn's on again: JSON too, with the request id (access_log.py).
accesslog = None
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'

logger_class = RedactingLogger


def _remove(path: str, master: int) -> None:
    if os.getpid() == master:            # forked workers inherit this handler: only the master removes
        shutil.rmtree(path, ignore_errors=True)


# gunicorn's control socket (`gunicornc`), one per instance: gunicorn's default is one path per user
# ($XDG_RUNTIME_DIR/gunicorn.ctl, else ~/.gunicorn/gunicorn.ctl) that every gunicorn the user runs on
# the host would share. Here a directory of this master's own (0700, removed when it exits);
# `--control-socket PATH` names another, `--no-control-socket` turns it off.
_control_dir = tempfile.mkdtemp(prefix="kifu-gunicorn-")
control_socket = os.path.join(_control_dir, "gunicorn.ctl")
atexit.register(_remove, _control_dir, os.getpid())

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
