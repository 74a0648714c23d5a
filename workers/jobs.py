"""The job adapter's entry points (RQ jobs): plain module-level functions taking ids and primitives,
run by ``rq worker`` (JSON serializer) or, on a fakeredis queue, in this process (``workers.runner``:
the embedded store's job thread, or the CLI). Each builds the event store as the web process does (``service.composition``, the
``KIFU_*`` settings, the plug-in games of ``KIFU_GAMES`` registered first) and calls the
application.

A worker runs on the queue Redis (``rq worker --url $KIFU_QUEUE_URL``: the job's connection); the
store is opened separately from ``KIFU_STORE_URL`` / ``REDIS_URL`` (a Redis Cluster, possibly), and
is the job's connection itself only when neither is set (the queues share the store's server). Jobs
run in this process (``workers.runner``) use the store their queue was made for.

Each job tells the due-job set (``workers.due``) when it begins (its lease starts) and when it has
returned (nothing more is due), and, on a real Redis, beats while it runs, so a bot move or
deadline whose run raised or was killed is run again; for a job that was not due-tracked all are
no-ops."""
import functools
import logging
import os
import time
from contextlib import nullcontext

from rq import get_current_job

from engine.audit.verify import verify
from service.application import clock, logs, settings, worker_figures
from service.application.datasets import exports
from service.application.notify import delivery, notices
from service.application.turns.bot_turns import play_bot_turn
from service.application.storage.connections import connect, is_embedded, store_url
from service.application.turns.missed_deadlines import missed
from service.application.ratings import live as ratings_live
from service.application.ratings.bots import rated_game
from service.application.simulations import run_chunk
from workers import due as due_jobs, runner, senders
from service.composition import build_store, in_process_store

log = logging.getLogger(__name__)
LOW_QUEUE, LOW_NICE = "low", 10
_clients = {}       # store URL -> (pid, client): one client per process (a forked work horse makes its own)


def _store_client(queue_connection):
    if is_embedded(queue_connection):            # jobs run in this process (workers.runner)
        return runner.store_client_of(queue_connection)
    url = store_url(os.environ)
    if not url:
        return queue_connection
    pid, client = _clients.get(url, (None, None))
    if pid != os.getpid():
        client = connect(url)
        _clients[url] = (os.getpid(), client)
    return client


def _store():
    settings.register_plugin_games()
    queue = get_current_job().connection
    store = build_store(_store_client(queue), queue)
    store.on_append = functools.partial(worker_figures.worker_appended, store)     # for GET /metrics
    return store


def tracked(job):
    """``job`` reporting its run to the due-job set: begun, beating while it runs (on a real Redis:
    the sweepers there tell a killed run by its silence), then done once it returns (or, if it
    raised, due again soon)."""
    @functools.wraps(job)
    def run(*args):
        current = get_current_job()
        with logs.bound((current.meta or {}).get(logs.META_KEY)):      # the request that queued it
            return _run(current, job, args)
    return run


def _run(current, job, args):
    beats = not is_embedded(current.connection)       # embedded: its one thread runs and sweeps
    if beats and current.origin == LOW_QUEUE:
        _lower_priority()
    number = due_jobs.begin(current.connection, current.id, _now(), beats)
    began = time.monotonic()
    log.info("job %s %s began", job.__name__, current.id, extra={"job": job.__name__, "job_id": current.id})
    try:
        with due_jobs.beating(current.connection, current.id, _now) if number and beats else nullcontext():
            result = job(*args)
    except Exception:
        if number:
            _retry_soon(current, number)
        raise
    due_jobs.done(current.connection, current.id)
    log.info("job %s %s done in %.0f ms", job.__name__, current.id, (time.monotonic() - began) * 1000,
             extra={"job": job.__name__, "job_id": current.id})
    return result


def _lower_priority() -> None:
    """A job of the low queue (simulations, exports, verification) runs at ``LOW_NICE`` in its work
    horse (a process of its own that ends with the job; never in the web's process, where embedded
    jobs run): on a machine whose cores are all busy, the bots' and deadlines' work horses get
    about nine tenths of a core beside it (Linux's weights for nice 0 and 10: 1024 and 110), so a
    bot answers in time while a simulation runs."""
    try:
        os.nice(LOW_NICE - os.nice(0))
    except OSError:                                   # not allowed: it runs at the priority it has
        pass


def _now() -> float:
    return clock.now().timestamp()


def _retry_soon(current, number: int) -> None:
    try:
        due_jobs.retry_soon(current.connection, current.id, number, _now())
    except Exception:  # noqa: BLE001 - Redis away too: the run's lease brings the job back
        pass


@tracked
def verify_match(match_id: str) -> dict:
    """Re-read the match's stream, recompute the hash chain, re-fold from event 1 and compare with
    every stored snapshot. Read-only, so running it twice is harmless."""
    return verify(_store(), match_id)


@tracked
def rate_match(match_id: str) -> str:
    """An ended rated match's end folded into the ratings, if the reaction after its append has not
    (service.application.ratings.live: "known" when it has)."""
    return ratings_live.rate_match(_store(), match_id, settings.from_env()["RATING_MIN_MOVES"])


@tracked
def bot_turn(match_id: str, seat: int, version: int) -> dict:
    """The bot of ``seat`` moves if the match is still at ``version`` (idempotent: see bot_turns); its
    latency (from the append that made it the bot's move to its own) recorded for GET /metrics."""
    store = _store()
    due = store.last_at(match_id)           # the append at ``version``, if the match is still there
    result = play_bot_turn(store, match_id, seat, version)
    if result.get("status") == "moved":
        worker_figures.bot_moved(store, due)
    return result


@tracked
def deadline_passed(match_id: str, seat: int, since_version: int, due: str) -> dict:
    """The deadline of ``seat``, waiting since ``since_version``, has passed unless it has moved."""
    return missed(_store(), match_id, seat, since_version, due)


@tracked
def simulate_chunk(sim_id: str, start: int, count: int) -> dict:
    """Games ``start .. start+count-1`` of a simulation (records already stored are skipped)."""
    settings.register_plugin_games()
    job = get_current_job()

    def progress(done: int, total: int) -> None:
        job.meta["progress"] = {"done": done, "total": total}
        job.save_meta()
    store = _store()

    def rated_play(spec: dict, index: int) -> dict:
        """A rated simulation's game: a stored rated match played by its bots' jobs in this process,
        on a queue of its own (nothing left on the service's queues)."""
        playing = in_process_store(_store_client(get_current_job().connection))
        return rated_game(playing, spec, index, playing.jobs.run_pending)
    return run_chunk(store, sim_id, start, count, progress, rated_play)


@tracked
def export_dataset(export_id: str) -> dict:
    """Write a dataset export (service.application.datasets.exports); a retry resumes after its cursor."""
    return exports.run(_store(), export_id)


@tracked
def notify_match(match_id: str, kind: str, version: int, seats: list, record_hash: str | None = None) -> dict:
    """Tell ``seats``' players and subscribers of ``kind`` at ``version``, if the record there is the
    one of ``record_hash`` (service.application.notify.notices)."""
    return notices.notify(_store(), match_id, kind, version, seats, record_hash)


@tracked
def remind_deadline(match_id: str, seat: int, since_version: int, due: str) -> dict:
    """``deadline_near`` for a seat still waiting since ``since_version``."""
    return notices.remind(_store(), match_id, seat, since_version, due)


@tracked
def deliver_notification(owner: str, delivery_id: str, attempt: int) -> dict:
    """Attempt ``attempt`` of one delivery: the webhook or e-mail sent by workers.senders."""
    return delivery.deliver(_store(), owner, delivery_id, attempt, senders.send)
