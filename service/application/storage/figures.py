"""The workers' figures as stored (service.application.worker_figures), for the web's ``GET /metrics``:

  kifu:metrics:deadline_lateness   hash: "le:<bound>" -> deadlines handled that late (this bucket
                                   only; "le:+Inf" above the last bound), "sum" (seconds), "count"
  kifu:metrics:worker_appends      hash: "<result>" -> appends (ok, duplicate, conflict), "events"
  kifu:metrics:bot_move_latency    hash: as deadline_lateness, for bots' moves (due -> appended)

One key each, so each lives in one Cluster slot; each count is one pipelined round trip.
"""
from service.application.storage import keys
from service.application.storage.replies import text


def count_lateness(store, bound, seconds: float, key: str = keys.DEADLINE_LATENESS) -> None:
    """One deadline handled ``seconds`` late (or, with ``key``, another histogram's observation), in the
    bucket up to ``bound``."""
    pipe = store.redis.pipeline(transaction=False)
    pipe.hincrby(key, f"le:{bound}", 1)
    pipe.hincrbyfloat(key, "sum", max(seconds, 0.0))
    pipe.hincrby(key, "count", 1)
    pipe.execute()


def lateness(store, key: str = keys.DEADLINE_LATENESS) -> dict[str, float]:
    return {text(k): float(v) for k, v in store.redis.hgetall(key).items()}


def count_bot_move(store, bound, seconds: float) -> None:
    count_lateness(store, bound, seconds, keys.BOT_MOVE_LATENCY)


def bot_moves(store) -> dict[str, float]:
    return lateness(store, keys.BOT_MOVE_LATENCY)


def count_append(store, status: str, events: int) -> None:
    """One append by a worker, its result, and the events an ``ok`` one appended."""
    pipe = store.redis.pipeline(transaction=False)
    pipe.hincrby(keys.WORKER_APPENDS, status, 1)
    if status == "ok":
        pipe.hincrby(keys.WORKER_APPENDS, "events", events)
    pipe.execute()


def appends(store) -> dict[str, int]:
    return {text(k): int(v) for k, v in store.redis.hgetall(keys.WORKER_APPENDS).items()}
