"""GET /healthz (the process answers) and GET /readyz (its store and queues answer: 200, else 503
with Retry-After and each check's error), for probes and load balancers; neither needs a token
nor says anything of any match."""
from flask import Blueprint, jsonify

from service.application.health import ready
from service.http.errors import RETRY_AFTER_SECONDS
from service.http.redis_conn import get_store

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify({"ok": True})


@bp.get("/readyz")
def readyz():
    ok, checks = ready(get_store())
    response = jsonify({"ok": ok, "checks": checks})
    if not ok:
        response.headers["Retry-After"] = RETRY_AFTER_SECONDS
    return response, 200 if ok else 503
