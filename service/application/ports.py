"""The port through which the application asks for background work.

The application names a job (one of ``JOBS``, the job adapter's entry points in ``workers.jobs``)
and its arguments (ids and primitives); the adapter the composition root (``service.composition``)
injects into the event store runs it: ``workers.queues.RqJobs`` (RQ queues on Redis, for the
``kifu worker`` processes) or ``workers.runner.InProcessJobs`` (the same, run in this process).
Nothing here knows RQ.
"""
from datetime import datetime
from typing import Protocol

JOBS = ("bot_turn", "deadline_passed", "simulate_chunk", "verify_match", "export_dataset", "notify_match",
        "remind_deadline", "deliver_notification", "rate_match")
STATUSES = ("queued", "running", "finished", "failed")


class Jobs(Protocol):
    def enqueue(self, queue: str, job: str, *args, job_id: str | None = None,
                at: datetime | None = None, retries: tuple = (), timeout: int | None = None,
                keep: int = 3600, eager: bool = False) -> str:
        """Queue ``job(*args)`` on ``queue`` (``high``, ``default``, ``low``); returns the job id.

        Without ``at``: queued now; ``retries``: seconds to wait before each retry of a run that
        raised. With ``at``: a *due job*, recorded (durably, before the caller goes on) unless
        ``job_id`` is recorded or known already, queued once ``at`` has come (at once when it has),
        and queued again ``retries[k]`` seconds after its k+1-th run began if that run has not
        returned by then — raised, killed or lost alike. Jobs must be idempotent. ``keep``: seconds
        its result is kept; ``eager``: may run at once in the caller when no worker exists
        (embedded, cheap read-only jobs)."""

    def exists(self, job_id: str) -> bool:
        """Whether the job is due, queued, running or kept (finished or failed)."""

    def cancel(self, job_id: str) -> None:
        """Forget a due job: it is not queued again (a run already queued still runs; jobs are
        idempotent). No-op for an unknown one."""

    def status(self, job_id: str) -> dict | None:
        """``{"status": one of STATUSES, "created_at": iso | None, "result": ...}`` or None."""

    def depths(self) -> dict:
        """Jobs waiting per queue (``{"high": n, "default": n, "low": n}``), for readiness and metrics."""

    def due_counts(self) -> dict:
        """``{"overdue": n, "recorded": n}``: due jobs (bots' moves, deadlines) whose time has come that
        no worker has queued or begun yet, and all recorded; for metrics."""
