"""Figures that worker processes know and the web's ``GET /metrics`` shows: how late each missed
deadline was handled. A worker's job runs in a work-horse process that ends with the job (and may
be on another machine), so the figure is kept in Redis, not in process memory: one hash holds a
histogram (a count per bucket, the sum and the count), written with one pipeline per deadline.

  kifu:metrics:deadline_lateness   hash: "le:<bound>" -> deadlines handled that late (this bucket
                                   only; "le:+Inf" above the last bound), "sum" (seconds), "count"

One key, so it lives in one Cluster slot; nothing else writes it.
"""
import logging

from service.application import clock

log = logging.getLogger(__name__)
LATENESS_KEY = "kifu:metrics:deadline_lateness"
LATENESS_BUCKETS = (0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600)      # seconds after due


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
