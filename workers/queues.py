"""Queues by priority, and how jobs reach a worker.

On a real Redis (``REDIS_URL``) jobs go to RQ queues for ``rq worker --with-scheduler`` processes;
scheduled jobs (deadlines, watchdogs) wait in RQ's ScheduledJobRegistry, which lives in Redis and
so survives restarts of web and worker processes. On the embedded fakeredis, bot turns,
simulations and scheduled jobs run on the process's own job thread (``workers.runner``), never
inside a web request; ``verify_match`` (cheap, read-only) still runs at enqueue time.
"""
from datetime import datetime

from rq import Queue
from rq.serializers import JSONSerializer

from service.http.redis_conn import is_embedded

QUEUES = ("high", "default", "low")


def get_queue(connection, name: str = "default") -> Queue:
    """The queue ``name``; on the embedded store it runs each job at once, in the caller's thread."""
    return Queue(name, connection=connection, serializer=JSONSerializer,
                 is_async=not is_embedded(connection))


def background_queue(connection, name: str = "default") -> Queue:
    """The queue ``name`` for jobs that must never run in the caller's thread."""
    return Queue(name, connection=connection, serializer=JSONSerializer)


def enqueue(connection, name: str, func, *args, job_id: str | None = None, **options):
    """Queue ``func(*args)``; on the embedded store the job thread is woken to run it."""
    job = background_queue(connection, name).enqueue(func, *args, job_id=job_id, **options)
    _wake(connection)
    return job


def schedule(connection, name: str, when: datetime, func, *args, job_id: str | None = None, **options):
    """Queue ``func(*args)`` to run at ``when`` (RQ's scheduler; the job thread when embedded)."""
    job = background_queue(connection, name).enqueue_at(when, func, *args, job_id=job_id, **options)
    _wake(connection)
    return job


def _wake(connection) -> None:
    if is_embedded(connection):
        from workers.runner import wake
        wake(connection)


def enqueue_verify(connection, match_id: str, job_id: str | None = None):
    """Queue ``verify_match`` (low priority); on the embedded store it has already run on return."""
    from workers.jobs import verify_match
    return get_queue(connection, "low").enqueue(verify_match, match_id, result_ttl=86400,
                                                job_id=job_id or f"verify-{match_id}")


def verify_job(connection, match_id: str, version: int):
    """The verification job of ``match_id`` at ``version`` (queued now if there is none yet)."""
    from rq.exceptions import NoSuchJobError
    from rq.job import Job
    job_id = f"verify-{match_id}-v{version}"
    try:
        return Job.fetch(job_id, connection=connection, serializer=get_queue(connection).serializer)
    except NoSuchJobError:
        return enqueue_verify(connection, match_id, job_id)
