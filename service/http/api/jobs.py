"""GET /jobs/<id>: a background job's status, progress and result (simulations, verifications, dataset exports)."""
from flask import Blueprint

from service.application.errors import NotFound
from service.application import simulations
from service.application.datasets import exports
from service.http.api import answer
from service.http.redis_conn import get_store
from service.http.schemas import JobOut
from service.i18n import _

bp = Blueprint("jobs", __name__, url_prefix="/jobs")


@bp.get("/<job_id>")
def show(job_id: str):
    store = get_store()
    if job_id.startswith("sim-") and (doc := simulations.status(store, job_id)) is not None:
        return answer(JobOut(), doc)
    if job_id.startswith("exp-") and (doc := exports.status(store, job_id)) is not None:
        return answer(JobOut(), doc)
    if job_id.startswith("verify-") and (job := store.jobs.status(job_id)) is not None:
        return answer(JobOut(), {
            "id": job_id, "kind": "verify", "status": job["status"], "progress": None,
            "spec": {"match_id": job_id.removeprefix("verify-")}, "created_at": job["created_at"],
            "results": job["result"], "error": "the verification job failed" if job["status"] == "failed" else None})
    raise NotFound("job_not_found", _("no job %(job_id)s", job_id=repr(job_id)))
