"""Figures that worker processes know and the web's ``GET /metrics`` shows: how late each missed
deadline was handled, how long each bot's move took from due (the append that made it the bot's
turn) to appended, and the appends the workers made (bots' moves, missed deadlines). A worker's
job runs in a work-horse process that ends with the job (and may be on another machine), so the
figures are kept in Redis, not in process memory (service.application.storage.figures): a histogram
(a count per bucket, the sum and the count), written in one round trip per deadline, and the appends
by result.
"""
import logging

from service.application import clock
from service.application.storage import figures

log = logging.getLogger(__name__)
LATENESS_BUCKETS = (0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600)      # seconds after due
BOT_MOVE_BUCKETS = (0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300)           # seconds from due to appended


def record_lateness(store, seconds: float) -> None:
    figures.count_lateness(store, next((b for b in LATENESS_BUCKETS if seconds <= b), "+Inf"), seconds)


def deadline_handled(store, due: str) -> None:
    """Records how long after ``due`` (ISO time) a missed deadline was handled, now. Never raises:
    a figure that cannot be written must not fail the deadline it describes."""
    try:
        record_lateness(store, (clock.now() - clock.parse(due)).total_seconds())
    except Exception:  # noqa: BLE001 - see above
        log.warning("could not record a deadline's lateness", exc_info=True)


def bot_moved(store, due: str | None) -> None:
    """Records how long after ``due`` (ISO time: the append that made the move the bot's) its move
    was appended, now. Never raises."""
    if not due:
        return
    try:
        seconds = (clock.now() - clock.parse(due)).total_seconds()
        figures.count_bot_move(store, next((b for b in BOT_MOVE_BUCKETS if seconds <= b), "+Inf"), seconds)
    except Exception:  # noqa: BLE001 - a figure that cannot be written must not fail the move
        log.warning("could not record a bot move's latency", exc_info=True)


def bot_move_latency(store) -> dict:
    """As ``lateness``, for the bots' moves."""
    return _histogram(figures.bot_moves(store), BOT_MOVE_BUCKETS)


def lateness(store) -> dict:
    """``{"buckets": [(bound, cumulative count), ..., ("+Inf", count)], "sum", "count"}``."""
    return _histogram(figures.lateness(store), LATENESS_BUCKETS)


def _histogram(raw: dict, bounds: tuple) -> dict:
    buckets, running = [], 0
    for bound in (*bounds, "+Inf"):
        running += int(raw.get(f"le:{bound}", 0))
        buckets.append((bound, running))
    return {"buckets": buckets, "sum": raw.get("sum", 0.0), "count": int(raw.get("count", 0))}


def worker_appended(store, status: str, events: int) -> None:
    """Counts an append a worker made (the event store's ``on_append`` in workers). Never raises."""
    try:
        figures.count_append(store, status, events)
    except Exception:  # noqa: BLE001 - a figure that cannot be written must not fail the move
        log.warning("could not count a worker's append", exc_info=True)


def worker_appends(store) -> dict:
    """``{"ok": n, "duplicate": n, "conflict": n, "events": n}`` of the workers' appends so far."""
    raw = figures.appends(store)
    return {name: raw.get(name, 0) for name in ("ok", "duplicate", "conflict", "events")}
