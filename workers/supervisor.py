"""``kifu worker [--url URL] QUEUE...``: one Procfile worker process. It runs one ``rq worker`` per
queue as its children (the JSON serializer, ``workers.rq_worker.Worker``), starts another whenever
one exits, and sweeps the due jobs (``workers.due``) every second, the first sweep at once.

- The rq workers are forked from this process, which has imported the job code and read every
  game's data first (``workers.rq_worker``), not started as new ``rq worker`` commands: a new
  Python importing it all again took 2.9 s before its first job on the loaded 2-core machine, and
  the supervisor's own start 1.7 s more, so a restarted ``kifu worker`` fired its first due deadline
  4.8 s after it started (6–7 s in the fault suite). Forked, they take their first job as soon as
  the supervisor has started. The fork happens while the sweep thread waits between sweeps
  (``forking``), so no lock of its is held in the child.
- They die with it: each is in this process's group (a ``kill -9`` of the group ends them all) and
  asks Linux for SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)``), so a ``kill -9`` of
  ``kifu worker`` alone (an OOM kill, a manager that signals the main PID only) leaves no rq worker
  taking jobs with nothing sweeping beside it. Their work horses, a process group each (RQ's), finish
  the job under way, beating (``workers.due``); a new ``kifu worker``'s sweep runs any whose beat
  stopped.

- One rq worker per queue named, so no queue's job waits behind another's: RQ runs one job at a time
  per worker, and with bots and deadlines on one worker a deadline waited for the bot move in
  progress (up to 12 s late beside ISMCTS bots in the fault suite). A queue named twice gets two.
- ``rq worker`` exits when Redis goes away at the wrong moment (any Redis error outside its dequeue
  loop), when it is killed, or on a bug. Its successor starts as soon as the queue Redis answers a
  PING again (looked at every ``WATCH_SECONDS``), after ``RESTART_SECONDS`` when it keeps exiting
  while Redis answers.
- Before the successor starts, the jobs the dead worker was running (its RQ executions) are made
  due again at once: a bot move or deadline killed with its worker runs again within a second.
  So are the jobs the running workers had begun when the queue Redis went away, once it is back
  (a run cut off from Redis cannot report that it failed). A run whose ``kifu worker`` died with
  it, so that no one saw it die, is found by its silence: the sweep makes due again every job
  whose run's heartbeat has lapsed (``workers.due``).
- The sweep runs in this process, not in ``rq worker``: a thread in a process that forks a work
  horse per job could hold a lock across the fork. Every ``kifu worker`` sweeps (each Procfile
  line), so the due jobs are served while any one of them lives; claims are atomic, so each is
  queued once.
- A ``KIFU_WEBHOOK_PRIVATE`` that is no setting stops it at start; ``loopback`` (tests only) is
  warned of (service.application.notify.settings).
- SIGTERM / SIGINT are passed on to the rq workers (the first: finish the current job, then stop;
  a second: stop now) and this process exits once they have.
"""
import logging
import os
import signal
import socket
import sys
import threading
import time

import redis
from rq.executions import WORKER_EXECUTIONS_KEY_TEMPLATE
from rq.utils import parse_composite_key

from service.application import clock, logs
from service.application.notify import settings as notify_settings
from workers import due, rq_worker
from workers.queues import QUEUES

log = logging.getLogger("kifu.worker")
SWEEP_SECONDS = 1.0
WATCH_SECONDS = 0.2                          # how often the children are looked at
RESTART_SECONDS = (0.5, 1, 2, 4, 8, 15, 30)  # waits before restarting a worker that keeps exiting
STEADY_SECONDS = 60                          # a worker that ran this long starts the waits over
LATE_SECONDS = 5                             # a due job queued this late is logged


class Forked:
    """An rq worker forked from this process, with what the supervisor asks of a child process:
    ``pid``, ``poll()`` (its exit status once it has exited: negative, the signal that killed it),
    ``returncode``, ``send_signal``."""

    def __init__(self, pid: int):
        self.pid, self.returncode = pid, None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:           # reaped elsewhere: gone, how is unknown
                self.returncode = 1
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)


class Slot:
    """The rq worker of one queue: the running process, its name, how often it failed lately."""

    def __init__(self, queue: str):
        self.queue = queue
        self.proc: Forked | None = None
        self.name = ""
        self.began = 0.0
        self.failures = 0
        self.restart_at: float | None = None


class Supervisor:
    def __init__(self, url: str, queues: list[str], quiet: bool = False, sweep_every: float = SWEEP_SECONDS):
        self.url, self.quiet, self.sweep_every = url, quiet, sweep_every
        self.slots = [Slot(q) for q in queues]   # a queue named twice: two rq workers on it
        self.redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
        self.stopping = threading.Event()
        self.forking = threading.Lock()         # held by the sweep thread while it sweeps, by a fork
        self.starts = 0

    def run(self) -> int:
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, self._stop)
        for slot in self.slots:                  # first: a due job waits for them, not for the sweep
            self.start(slot)
        threading.Thread(target=self.sweep_forever, name="kifu-due-sweep", daemon=True).start()
        while True:
            for slot in self.slots:
                self.watch(slot)
            if self.stopping.is_set() and all(slot.proc.poll() is not None for slot in self.slots):
                for slot in self.slots:
                    self.rescue(slot.name)
                return 0 if all(slot.proc.returncode == 0 for slot in self.slots) else 1
            time.sleep(WATCH_SECONDS)

    def start(self, slot: Slot) -> None:
        slot.name = f"{socket.gethostname()}.{os.getpid()}.{self.starts}.{slot.queue}"
        self.starts += 1
        slot.began, slot.restart_at = time.monotonic(), None
        parent = os.getpid()
        with self.forking:
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:                                          # the rq worker: never returns
                rq_worker.run_forked(lambda: redis.Redis.from_url(self.url), slot.queue, slot.name, self.quiet,
                                     parent=parent)
        slot.proc = Forked(pid)
        log.info("rq worker %s started (pid %d)", slot.name, slot.proc.pid)

    def watch(self, slot: Slot) -> None:
        """Restart the queue's worker once it has exited, waited its turn, and Redis answers."""
        code = slot.proc.poll()
        if code is None or self.stopping.is_set():
            return
        if slot.restart_at is None:
            ran = time.monotonic() - slot.began
            slot.failures = 1 if ran >= STEADY_SECONDS else slot.failures + 1
            slot.restart_at = time.monotonic() + RESTART_SECONDS[min(slot.failures, len(RESTART_SECONDS)) - 1]
            log.warning("rq worker %s exited (%s) after %.1f s; starting another", slot.name, describe(code), ran)
        if time.monotonic() >= slot.restart_at and self.answers():
            self.rescue(slot.name)
            self.start(slot)

    def _stop(self, signum, frame) -> None:
        self.stopping.set()
        for slot in self.slots:
            if slot.proc is not None and slot.proc.poll() is None:
                slot.proc.send_signal(signum)

    def answers(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    def rescue(self, name: str) -> None:
        """Make the due jobs the rq worker ``name`` was running due again at once."""
        try:
            for member in self.redis.smembers(WORKER_EXECUTIONS_KEY_TEMPLATE.format(name)):
                job_id, _ = parse_composite_key(member.decode())
                if due.retry_now(self.redis, job_id, clock.now().timestamp()):
                    log.warning("job %s was running on rq worker %s: due again now", job_id, name)
        except redis.RedisError as e:                # its lease brings it back instead
            log.warning("could not look at rq worker %s's jobs: %s", name, e)

    def sweep_forever(self) -> None:
        away, wait = False, 0.0                  # the first sweep at once: what fell due while none ran
        while not self.stopping.wait(wait):
            wait = self.sweep_every
            try:
                now = clock.now().timestamp()
                with self.forking:
                    started = due.sweep(self.redis, now)
                    due.release_scheduled(self.redis, QUEUES, now)
            except redis.RedisError as e:
                if not away:
                    log.warning("queue Redis unreachable (%s); sweeping again every %g s", e, self.sweep_every)
                away = True
                continue
            except Exception:  # noqa: BLE001 - a bad entry must not end the sweeping
                log.exception("sweeping the due jobs failed")
                continue
            if away:                                  # what ran when it went away may never report back
                log.warning("queue Redis answers again")
                away = False
                for slot in self.slots:
                    self.rescue(slot.name)
            for job_id, late in started:
                if late > LATE_SECONDS:
                    log.warning("due job %s queued %.1f s after it was due", job_id, late)


def describe(code: int) -> str:
    if code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit status {code}"


def main(url: str, queues: list[str], quiet: bool = False) -> int:
    logs.to_stderr(logging.WARNING if quiet else logging.INFO)      # JSON lines (service.application.logs)
    unknown = [q for q in queues if q not in QUEUES]
    if unknown:
        print(f"kifu worker: unknown queue {', '.join(unknown)}; queues are {', '.join(QUEUES)}", file=sys.stderr)
        return 2
    if warning := notify_settings.loopback_warning():   # a KIFU_WEBHOOK_PRIVATE that is no setting: kifu exits 2
        log.warning(warning)
    rq_worker.preload()                         # once, before the rq workers are forked
    return Supervisor(url, queues, quiet).run()
