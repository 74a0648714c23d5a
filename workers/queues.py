"""Queues by priority; jobs run in-process on the embedded fakeredis, by ``rq worker`` otherwise."""
from rq import Queue
from rq.serializers import JSONSerializer

from service.redis_conn import is_embedded

QUEUES = ("high", "default", "low")


def get_queue(connection, name: str = "default") -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer,
                 is_async=not is_embedded(connection))


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
