"""The workers' figures as stored (service.application.worker_figures), for the web's ``GET /metrics``:

  kifu:metrics:deadline_lateness   hash: "le:<bound>" -> deadlines handled that late (this bucket
                                   only; "le:+Inf" above the last bound), "sum" (seconds), "count"
  kifu:metrics:worker_appends      hash: "<result>" -> appends (ok, duplicate, conflict), "events"

One key each, so each lives in one Cluster slot; each count is one pipelined round trip.
"""
from service.application.storage import keys
from service.application.storage.replies import text


def count_lateness(store, bound, seconds: float) -> None:
    """One deadline handled ``seconds`` late, in the bucket up to ``bound``."""
    pipe = store.redis.pipeline(transaction=False)
    pipe.hincrby(keys.DEADLINE_LATENESS, f"le:{bound}", 1)
    pipe.hincrbyfloat(keys.DEADLINE_LATENESS, "sum", max(seconds, 0.0))
    pipe.hincrby(keys.DEADLINE_LATENESS, "count", 1)
    pipe.execute()


def lateness(store) -> dict[str, float]:
    return {text(k): float(v) for k, v in store.redis.hgetall(keys.DEADLINE_LATENESS).items()}


def count_append(store, status: str, events: int) -> None:
    """One append by a worker, its result, and the events an ``ok`` one appended."""
    pipe = store.redis.pipeline(transaction=False)
    pipe.hincrby(keys.WORKER_APPENDS, status, 1)
    if status == "ok":
        pipe.hincrby(keys.WORKER_APPENDS, "events", events)
    pipe.execute()


def appends(store) -> dict[str, int]:
    return {text(k): int(v) for k, v in store.redis.hgetall(keys.WORKER_APPENDS).items()}
