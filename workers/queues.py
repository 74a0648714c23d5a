"""The RQ adapter behind the application's ``Jobs`` port (service.application.ports), and the queues.

On a real Redis (``REDIS_URL``) jobs go to RQ queues for the ``kifu worker`` processes (Procfile).
A job given a time (``at``: deadlines, bot moves) is a *due job* (``workers.due``): kept in a
sorted set on the queue Redis until it reports done, queued when due by whichever worker's sweep
sees it first, and queued again if a run dies. On a fakeredis the same queues and due jobs are run
in this process (``workers.runner.InProcessJobs``: the embedded store's job thread, or the caller).
Jobs are queued by name (``workers.jobs.<name>``), so this module imports no job code.
"""
from datetime import datetime

from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.serializers import JSONSerializer

from service.application import clock, logs
from service.application.ports import JOBS
from workers import due

QUEUES = ("high", "default", "low")
RQ_STATUS = {"queued": "queued", "deferred": "queued", "scheduled": "queued", "started": "running",
             "finished": "finished", "failed": "failed", "stopped": "failed", "canceled": "failed"}


def background_queue(connection, name: str = "default") -> Queue:
    """The queue ``name`` for jobs that must never run in the caller's thread."""
    return Queue(name, connection=connection, serializer=JSONSerializer)


# Jobs whose result a route reads back (GET /jobs, GET /verify): kept as long as the caller asks (a
# simulation reads its chunks only while they run or once one failed: its games are in its own keys).
# Every other job's record and result (a bot's move, a deadline, a notice, a delivery) are kept only
# ``result_ttl`` seconds once it has run (KIFU_JOB_RESULT_TTL), and ``failure_ttl`` once it has
# failed (KIFU_JOB_FAILURE_TTL): a simulation stored with ``kifu simulate --store`` left a job key
# and a result key per move for a day (issue 40).
RESULTS_READ = frozenset({"verify_match", "export_dataset"})


class RqJobs:
    """``Jobs`` on RQ: ``connection`` is the Redis holding the queues and the due jobs; ``result_ttl``
    and ``failure_ttl`` (seconds): how long RQ keeps a job that has run, and one that failed, unless
    its result is read back (``RESULTS_READ``: as long as ``keep`` says)."""
    runs_eager = False          # whether an ``eager`` job runs at enqueue, in the caller (in-process only)

    def __init__(self, connection, result_ttl: int = 300, failure_ttl: int = 86400):
        self.connection = connection
        self.result_ttl, self.failure_ttl = result_ttl, failure_ttl

    def ttls(self, job: str, keep: int) -> tuple[int, int]:
        """How long RQ keeps ``job``'s record and result once it has run, and once it has failed."""
        if job in RESULTS_READ:
            return keep, max(keep, self.failure_ttl)
        return min(keep, self.result_ttl), self.failure_ttl

    def enqueue(self, queue: str, job: str, *args, job_id: str | None = None, at: datetime | None = None,
                retries: tuple = (), timeout: int | None = None, keep: int = 3600, eager: bool = False) -> str:
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r}; jobs are {', '.join(JOBS)}")
        keep, failure_keep = self.ttls(job, keep)
        if at is not None:
            job_id = job_id or due.new_id()
            due.record(self.connection, queue, job, args, job_id, at.timestamp(), retries, keep, timeout,
                       now=clock.now().timestamp(), failure_keep=failure_keep, meta=logs.job_meta())
            self._queued()
            return job_id
        q = Queue(queue, connection=self.connection, serializer=JSONSerializer,
                  is_async=not (eager and self.runs_eager))
        options = {"job_id": job_id, "result_ttl": keep, "failure_ttl": failure_keep,
                   "meta": logs.job_meta()}         # the request id that queued it, for the worker's log lines
        if retries:
            options["retry"] = Retry(max=len(retries), interval=list(retries))
        if timeout is not None:
            options["job_timeout"] = timeout
        queued = q.enqueue(f"workers.jobs.{job}", *args, **options)
        if not eager:
            self._queued()
        return queued.id

    def _queued(self) -> None:
        """New work queued or recorded: the ``kifu worker`` processes find it themselves."""

    def exists(self, job_id: str) -> bool:
        return due.pending(self.connection, job_id) or Job.exists(job_id, connection=self.connection)

    def cancel(self, job_id: str) -> None:
        due.forget(self.connection, job_id)

    def depths(self) -> dict:
        return {name: background_queue(self.connection, name).count for name in QUEUES}

    def due_counts(self) -> dict:
        return due.counts(self.connection, clock.now().timestamp())

    def status(self, job_id: str) -> dict | None:
        try:
            job = Job.fetch(job_id, connection=self.connection, serializer=JSONSerializer)
        except NoSuchJobError:
            return None
        status = RQ_STATUS.get(job.get_status(refresh=False), "queued")
        return {"status": status, "created_at": job.created_at.isoformat() if job.created_at else None,
                "result": job.return_value() if status == "finished" else None}
