"""Disputes: a seat flags an event, the auditor rules, the seats consent to replay it from a fork."""
from flask import Blueprint

from service.application.table import disputes
from service.http.api import actor, answer, auditor, json_body
from service.application.match.loading import open_meta
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.http.schemas import DisputeIn, DisputeOut, DisputesOut, RulingIn

bp = Blueprint("disputes", __name__, url_prefix="/matches")


@bp.get("/<match_id>/disputes")
def index(match_id: str):
    meta = open_meta(get_store(), match_id)
    return answer(DisputesOut(), {"match_id": match_id, "disputes": disputes.listing(meta)})


@bp.post("/<match_id>/disputes")
@idempotent()
def file(match_id: str):
    store = get_store()
    meta, seat = actor(store, match_id)
    body = DisputeIn().load(json_body())
    return answer(DisputeOut(), disputes.file(store, match_id, seat, body, meta), 201)


@bp.post("/<match_id>/disputes/<int:dispute>/ruling")
def ruling(match_id: str, dispute: int):
    store = get_store()
    auditor(open_meta(store, match_id))
    body = RulingIn().load(json_body())
    return answer(DisputeOut(), disputes.rule(store, match_id, dispute, body))


@bp.post("/<match_id>/disputes/<int:dispute>/consent")
@idempotent()
def consent(match_id: str, dispute: int):
    store = get_store()
    _, seat = actor(store, match_id)
    return answer(DisputeOut(), disputes.consent(store, match_id, dispute, seat))
