"""GET /jobs/<id>: a background job's status, progress and result (simulations, verifications)."""
from flask import Blueprint
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.serializers import JSONSerializer

from service.http.api import answer
from service.http.errors import ApiError
from service.http.redis_conn import get_redis
from service.http.schemas import JobOut
from service.application import simulations

bp = Blueprint("jobs", __name__, url_prefix="/jobs")
STATUS = {"queued": "queued", "deferred": "queued", "scheduled": "queued", "started": "running",
          "finished": "finished", "failed": "failed", "stopped": "failed", "canceled": "failed"}


@bp.get("/<job_id>")
def show(job_id: str):
    connection = get_redis()
    if job_id.startswith("sim-") and (doc := simulations.status(connection, job_id)) is not None:
        return answer(JobOut(), doc)
    if job_id.startswith("verify-"):
        return answer(JobOut(), _verification(connection, job_id))
    raise ApiError(404, "job_not_found", f"no job {job_id!r}")


def _verification(connection, job_id: str) -> dict:
    try:
        job = Job.fetch(job_id, connection=connection, serializer=JSONSerializer)
    except NoSuchJobError:
        raise ApiError(404, "job_not_found", f"no job {job_id!r}") from None
    status = STATUS.get(job.get_status(), "queued")
    result = job.return_value() if status == "finished" else None
    return {"id": job_id, "kind": "verify", "status": status, "progress": None,
            "spec": {"match_id": job_id.removeprefix("verify-")},
            "created_at": job.created_at.isoformat() if job.created_at else None,
            "results": result, "error": "the verification job failed" if status == "failed" else None}
