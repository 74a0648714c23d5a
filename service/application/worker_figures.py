"""Figures that worker processes know and the web's ``GET /metrics`` shows: how late each missed
deadline was handled, and the appends the workers made (bots' moves, missed deadlines). A worker's
job runs in a work-horse process that ends with the job (and may be on another machine), so the
figures are kept in Redis, not in process memory: one hash holds a histogram (a count per bucket,
the sum and the count), written with one pipeline per deadline; another the appends by result.

  kifu:metrics:deadline_lateness   hash: "le:<bound>" -> deadlines handled that late (this bucket
                                   only; "le:+Inf" above the last bound), "sum" (seconds), "count"
  kifu:metrics:worker_appends      hash: "<result>" -> appends (ok, duplicate, conflict), "events"

One key each, so each lives in one Cluster slot; nothing else writes them.
"""
import logging

from service.application import clock

log = logging.getLogger(__name__)
LATENESS_KEY = "kifu:metrics:deadline_lateness"
LATENESS_BUCKETS = (0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600)      # seconds after due
APPENDS_KEY = "kifu:metrics:worker_appends"


def record_lateness(redis, seconds: float) -> None:
    bound = next((b for b in LATENESS_BUCKETS if seconds <= b), "+Inf")
    pipe = redis.pipeline(transaction=False)
    pipe.hincrby(LATENESS_KEY, f"le:{bound}", 1)
    pipe.hincrbyfloat(LATENESS_KEY, "sum", max(seconds, 0.0))
    pipe.hincrby(LATENESS_KEY, "count", 1)
    pipe.execute()


def deadline_handled(redis, due: str) -> None:
    """Records how long after ``due`` (ISO time) a missed deadline was handled, now. Never raises:
    a figure that cannot be written must not fail the deadline it describes."""
    try:
        record_lateness(redis, (clock.now() - clock.parse(due)).total_seconds())
    except Exception:  # noqa: BLE001 - see above
        log.warning("could not record a deadline's lateness", exc_info=True)


def lateness(redis) -> dict:
    """``{"buckets": [(bound, cumulative count), ..., ("+Inf", count)], "sum", "count"}``."""
    raw = {(k.decode() if isinstance(k, bytes) else k): float(v) for k, v in redis.hgetall(LATENESS_KEY).items()}
    buckets, running = [], 0
    for bound in (*LATENESS_BUCKETS, "+Inf"):
        running += int(raw.get(f"le:{bound}", 0))
        buckets.append((bound, running))
    return {"buckets": buckets, "sum": raw.get("sum", 0.0), "count": int(raw.get("count", 0))}


def worker_appended(redis, status: str, events: int) -> None:
    """Counts an append a worker made (the event store's ``on_append`` in workers). Never raises."""
    try:
        pipe = redis.pipeline(transaction=False)
        pipe.hincrby(APPENDS_KEY, status, 1)
        if status == "ok":
            pipe.hincrby(APPENDS_KEY, "events", events)
        pipe.execute()
    except Exception:  # noqa: BLE001 - a figure that cannot be written must not fail the move
        log.warning("could not count a worker's append", exc_info=True)


def worker_appends(redis) -> dict:
    """``{"ok": n, "duplicate": n, "conflict": n, "events": n}`` of the workers' appends so far."""
    raw = {(k.decode() if isinstance(k, bytes) else k): int(v) for k, v in redis.hgetall(APPENDS_KEY).items()}
    return {name: raw.get(name, 0) for name in ("ok", "duplicate", "conflict", "events")}
