"""POST /matches/<id>/forks: an analysis match from another match's state at a version."""
from flask import Blueprint

from service.application.match import forks
from service.http.api import answer, identify, json_body
from service.application.match.loading import open_meta
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.http.schemas import ForkCreatedOut, ForkIn

bp = Blueprint("forks", __name__, url_prefix="/matches")


@bp.post("/<match_id>/forks")
@idempotent()
def create(match_id: str):
    store = get_store()
    meta = open_meta(store, match_id)
    caller = identify(meta)
    body = ForkIn().load(json_body())
    return answer(ForkCreatedOut(), forks.analysis_fork(store, match_id, body["version"], caller, meta), 201)
