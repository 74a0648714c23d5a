"""POST /simulations: bot-vs-bot games in the background; GET /jobs/<id> follows them."""
from flask import Blueprint

from service.http.api import answer, json_body
from service.http.redis_conn import get_redis
from service.http.schemas import JobOut, SimulationIn
from service.application import simulations

bp = Blueprint("simulations", __name__, url_prefix="/simulations")


@bp.post("")
def create():
    body = SimulationIn().load(json_body())
    connection = get_redis()
    sim_id = simulations.create(connection, body)
    return answer(JobOut(), simulations.status(connection, sim_id), 202)
