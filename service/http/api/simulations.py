"""POST /simulations: bot-vs-bot games in the background, with an API key (service.application.identity.api_keys)
and within the KIFU_SIM_* limits; GET /jobs/<id> follows them."""
from flask import Blueprint, current_app

from service.application import simulations
from service.application.identity import api_keys
from service.http.api import answer, bearer_token, json_body
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.http.schemas import JobOut, SimulationIn

bp = Blueprint("simulations", __name__, url_prefix="/simulations")


@bp.post("")
@idempotent()
def create():
    store = get_store()
    key = api_keys.authenticate(store, bearer_token())          # 401 / 403 before the body is read
    body = SimulationIn().load(json_body())
    sim_id = simulations.create(store, body, key, simulations.Limits.from_settings(current_app.config))
    return answer(JobOut(), simulations.status(store, sim_id), 202)
