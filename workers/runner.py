"""Jobs run in this process (``InProcessJobs``): the RQ queues and due jobs of a fakeredis server,
worked either by the server's job thread or by the caller.

- The embedded store (no REDIS_URL): bot turns, simulations, deadlines and notices run one at a
  time on a daemon thread of the serving process, made on the first job and woken by each.
- A queue made by ``caller_queue`` beside a store on any server (the CLI's stored games), and every
  embedded queue in tests (``THREAD`` off): the caller runs them with ``run_pending``, in its thread.

Each pass queues the due jobs whose time has come by the service clock (``service.application.clock``),
as a ``kifu worker``'s sweep does on a real server (``workers.due``), then works every queue empty
with an in-thread RQ worker: the same jobs, the same sweep, whichever thread runs them.
"""
import logging
import threading
import weakref

import fakeredis
from rq import SimpleWorker
from rq.serializers import JSONSerializer
from rq.timeouts import TimerDeathPenalty

from service.application import clock
from service.application.storage.connections import connect
from workers import due
from workers.queues import QUEUES, RqJobs, background_queue

log = logging.getLogger(__name__)
POLL_SECONDS = 1.0          # how often scheduled jobs are looked at when nothing wakes the thread
THREAD = True               # False: no job thread; the caller runs jobs with run_pending (tests)
_runners: dict = {}
_lock = threading.Lock()
_stores_beside = weakref.WeakKeyDictionary()     # a caller's queue server -> the store client of its jobs


class InProcessJobs(RqJobs):
    """The ``Jobs`` port in this process, on the queues of the fakeredis ``connection``: run by its
    server's job thread (the embedded store), or by the caller (``run_pending``) on a queue made by
    ``caller_queue`` or when ``THREAD`` is off. An ``eager`` job (``verify_match``) runs at enqueue."""
    runs_eager = True

    def __init__(self, connection):
        super().__init__(connection)
        self.by_caller = _server_of(connection) in _stores_beside

    def enqueue(self, queue: str, job: str, *args, keep: int = 3600, **options) -> str:
        """As RQ's, save that a caller's queue keeps no job's result: none outlives the process that
        could ask for it, and a long ``kifu simulate --store`` would hold every move's (half a megabyte
        a 3x3Wars game)."""
        return super().enqueue(queue, job, *args, keep=0 if self.by_caller else keep, **options)

    def _queued(self) -> None:
        if not self.by_caller:
            wake(self.connection)        # the job thread (made now if need be) sweeps every second

    def run_pending(self, now=None) -> int:
        """Run every job queued and every job due (by the service clock, or ``now``) until none is
        left, in the caller's thread; how many passes found work."""
        return run_pending(self.connection, now)


def caller_queue(store_client):
    """A queue server of this process's own for the jobs of the store on ``store_client`` (which
    the jobs run on it use): run by the caller, never by a thread; nothing goes to the service's queues."""
    server = fakeredis.FakeServer()
    _stores_beside[server] = store_client
    return connect(server=server)


def store_client_of(connection):
    """The store client of the jobs on the in-process queue ``connection``: the one it was made
    beside (``caller_queue``), else its own server's (the embedded store)."""
    server = _server_of(connection)
    return connection if server is None else _stores_beside.get(server, connection)


class ThreadWorker(SimpleWorker):
    """An RQ worker that may run off the main thread: no signal handlers, timer-based timeouts."""
    death_penalty_class = TimerDeathPenalty

    def _install_signal_handlers(self):
        pass


def enqueue_due(connection, now=None) -> int:
    """Queue the due jobs (and RQ's retries) whose time has come at ``now`` (default: the service clock)."""
    timestamp = (now or clock.now()).timestamp()
    return len(due.sweep(connection, timestamp)) + due.release_scheduled(connection, QUEUES, timestamp)


def run_pending(connection, now=None) -> int:
    """Run every queued job and every scheduled job due at ``now``, until none is left, in this
    thread (no signal handler taken: a test's own SIGALRM timer stays its own); returns how many
    passes found work."""
    passes = 0
    while True:
        enqueue_due(connection, now)
        queues = [background_queue(connection, name) for name in QUEUES]
        if not any(q.count for q in queues):
            return passes
        ThreadWorker(queues, connection=connection, serializer=JSONSerializer).work(
            burst=True, logging_level="WARNING")
        passes += 1


class EmbeddedRunner:
    def __init__(self, connection):
        self.connection = connection
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name="kifu-jobs", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        self._idle.clear()
        self._wake.set()

    def wait_idle(self, timeout: float) -> bool:
        """True once a pass found nothing queued and nothing due (for tests and shutdown)."""
        return self._idle.wait(timeout)

    def stop(self, timeout: float) -> None:
        """End the thread once the pass under way is done."""
        self._stopping = True
        self._wake.set()
        self._thread.join(timeout)

    def _loop(self) -> None:
        while True:
            self._wake.wait(POLL_SECONDS)
            self._wake.clear()
            if self._stopping:
                return
            try:
                run_pending(self.connection)
            except Exception:  # noqa: BLE001 - keep the thread alive; the job records its failure
                log.exception("embedded job pass failed")
            if not self._wake.is_set():
                self._idle.set()


def wake(connection) -> None:
    """New work on the embedded server behind ``connection``: wake its job thread (if THREAD)."""
    if THREAD:
        runner_for(connection).wake()


def runner_for(connection) -> EmbeddedRunner:
    """The job thread of the embedded server behind ``connection`` (one per server, made lazily)."""
    server = _server_of(connection)
    with _lock:
        runner = _runners.get(id(server))
        if runner is None:
            runner = _runners[id(server)] = EmbeddedRunner(connect(server=server))
        return runner


def stop(connection, timeout: float = 10.0) -> None:
    """Stop the job thread of the embedded server behind ``connection``, if it has one (a test
    done with a server it started: a thread left polling would run beside the tests after it).
    It stays the server's runner until its last pass is over: a job of that pass that queues more
    work wakes it rather than starting another."""
    server = id(_server_of(connection))
    with _lock:
        runner = _runners.get(server)
    if runner is None:
        return
    runner.stop(timeout)
    with _lock:
        if _runners.get(server) is runner:
            del _runners[server]


def _server_of(connection):
    """The embedded (fakeredis) server behind ``connection``: one job thread each."""
    return connection.connection_pool.connection_kwargs.get("server")
