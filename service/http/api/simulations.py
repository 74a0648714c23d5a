"""POST /simulations: bot-vs-bot games in the background; GET /jobs/<id> follows them."""
from flask import Blueprint

from service.http.api import answer, json_body
from service.http.redis_conn import get_store
from service.http.schemas import JobOut, SimulationIn
from service.application import simulations

bp = Blueprint("simulations", __name__, url_prefix="/simulations")


@bp.post("")
def create():
    body = SimulationIn().load(json_body())
    store = get_store()
    sim_id = simulations.create(store, body)
    return answer(JobOut(), simulations.status(store, sim_id), 202)
