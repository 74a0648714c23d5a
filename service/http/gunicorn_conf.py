"""gunicorn settings for the Procfile's web line (``--config python:service.http.gunicorn_conf``):
an access log on stdout, and a refusal to start several worker processes without a Redis server —
each would hold its own embedded in-memory store, so a match created through one worker would be
unknown to the others (a new match answered 404 on most fresh connections)."""
import os

accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'


def on_starting(server):
    if server.cfg.workers > 1 and not (os.environ.get("REDIS_URL") or os.environ.get("KIFU_STORE_URL")):
        raise SystemExit(f"kifu: {server.cfg.workers} gunicorn workers need a shared store: set REDIS_URL "
                         "(or KIFU_STORE_URL) to a Redis server. Without it every worker process would keep its "
                         "own in-memory store; run `kifu serve` (one process) to try kifu without Redis.")
