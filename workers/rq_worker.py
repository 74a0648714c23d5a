"""The ``rq worker`` class ``kifu worker`` runs (``--worker-class workers.rq_worker.Worker``): RQ's
forking worker, with two changes for the faults kifu must ride out.

- Reconnecting: while Redis is away RQ's worker retries its dequeue with a wait that doubles up to
  60 s, so after a 30 s outage it came back up to 32 s late; here the wait stops growing at
  ``RECONNECT_SECONDS``. (Where RQ gives up instead — a Redis error outside its dequeue loop — the
  worker exits and ``kifu worker`` starts another.)
- A killed work horse: the job's due entry (workers.due) is made due at once, so a bot move or a
  deadline whose run died is run again within a sweep (a second or so), not after its lease.
- Loaded before the first fork: the job code, the plug-in games (``KIFU_GAMES``) and every game's
  rules and card data. RQ forks a work horse per job, and a horse of a worker that had loaded none
  of it spent 0.7 s importing and reading before a bot could think (0.07 s once loaded here).
"""
import ctypes
import logging
import os
import signal
import sys

from rq import Queue
from rq.serializers import JSONSerializer
from rq.worker import Worker as RqWorker

import workers.jobs  # noqa: F401 - imported once here, so every forked work horse starts with it
from engine.core.registry import list_games
from service.application import logs, settings
from workers import due

log = logging.getLogger(__name__)
RECONNECT_SECONDS = 2.0


class Worker(RqWorker):
    max_connection_wait_time = RECONNECT_SECONDS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        preload()
        # JSON lines on stderr (service.application.logs) in place of RQ's coloured text, at the level
        # `rq worker` set from --quiet / --verbose
        logs.to_stderr(logging.getLogger("rq.worker").getEffectiveLevel(), ("rq", "rq.worker", "rq.job"))

    def execute_job(self, job, queue):
        """Runs the job with the request id that queued it as the log context (RQ's own lines too)."""
        with logs.bound((job.meta or {}).get(logs.META_KEY)):
            return super().execute_job(job, queue)

    def handle_work_horse_killed(self, job, retpid, ret_val, rusage):
        super().handle_work_horse_killed(job, retpid, ret_val, rusage)
        try:
            due.retry_now(self.connection, job.id)
        except Exception:  # noqa: BLE001 - Redis away: the job's lease brings it back instead
            log.exception("could not make job %s due again", job.id)


def preload() -> None:
    """The plug-in games registered and every game's rules and data read (``kifu worker`` does it once
    before it forks its rq workers)."""
    settings.register_plugin_games()
    list_games()


PR_SET_PDEATHSIG, PR_SET_NAME = 1, 15          # linux/prctl.h


def _prctl(option: int, value) -> None:
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(option, value, 0, 0, 0)


def run_forked(connect, queue: str, name: str, quiet: bool, parent: int) -> None:
    """The body of an rq worker forked by ``kifu worker`` (workers.supervisor), on the queue Redis
    ``connect()`` opens: killed when its parent
    dies (PR_SET_PDEATHSIG; if the parent died before that was asked, it exits at once), named
    ``kifu-rq-<queue>`` in ps's COMM column, RQ's worker on ``queue`` until it stops. Never returns:
    the process ends here with RQ's exit status (1 if RQ raised: a Redis error outside its dequeue loop)."""
    code = 1
    try:
        for signum in (signal.SIGTERM, signal.SIGINT):       # the supervisor's handlers; RQ installs its own
            signal.signal(signum, signal.SIG_DFL)
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            os._exit(1)
        _prctl(PR_SET_NAME, f"kifu-rq-{queue}"[:15].encode())
        connection = connect()                           # a client of the child's own
        worker = Worker([Queue(queue, connection=connection, serializer=JSONSerializer)], name=name,
                        connection=connection, serializer=JSONSerializer)
        worker.work(logging_level="WARNING" if quiet else "INFO")
        code = 0
    except BaseException:  # noqa: BLE001 - whatever ended it, said once; the supervisor starts another
        log.exception("rq worker %s stopped", name)
    finally:
        logging.shutdown()
        os._exit(code)
