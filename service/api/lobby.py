"""The lobby: claim a seat (by invite code, or an open seat), list open seats, and "my matches"
(the matches of the seats a browser holds, posted as match id + token pairs: tokens never go in
a URL)."""
from flask import Blueprint

from service import seats
from service.my_matches import my_matches as summarize
from service.api import answer, json_body
from service.lobby_schemas import ClaimedOut, ClaimIn, MyMatchesIn, MyMatchesOut, OpenSeatsOut
from service.loading import open_meta
from service.redis_conn import get_redis, get_store

bp = Blueprint("lobby", __name__)


@bp.post("/matches/<match_id>/seats/<int:seat>/claim")
def claim(match_id: str, seat: int):
    meta = open_meta(get_store(), match_id)
    body = ClaimIn().load(json_body())
    return answer(ClaimedOut(), seats.claim(get_redis(), match_id, meta, seat, body["invite"]))


@bp.get("/open-seats")
def open_seats():
    return answer(OpenSeatsOut(), {"open_seats": seats.open_seats(get_store())})


@bp.post("/my-matches")
def my_matches():
    body = MyMatchesIn().load(json_body())
    return answer(MyMatchesOut(), summarize(get_store(), body["seats"]))
