"""The lobby: claim a seat (by invite code, or an open seat), re-issue a lost invite, list open
seats, and "my matches"
(the matches of the seats a browser holds, posted as match id + token pairs: tokens never go in
a URL)."""
from flask import Blueprint

from service.application.errors import Unauthenticated
from service.application import seats
from service.application.my_matches import my_matches as summarize
from service.http.api import answer, identify, json_body
from service.http.lobby_schemas import ClaimedOut, ClaimIn, InviteOut, MyMatchesIn, MyMatchesOut, OpenSeatsOut
from service.application.loading import open_meta
from service.http.redis_conn import get_redis, get_store

bp = Blueprint("lobby", __name__)


@bp.post("/matches/<match_id>/seats/<int:seat>/claim")
def claim(match_id: str, seat: int):
    meta = open_meta(get_store(), match_id)
    body = ClaimIn().load(json_body())
    return answer(ClaimedOut(), seats.claim(get_redis(), match_id, meta, seat, body["invite"]))


@bp.post("/matches/<match_id>/seats/<int:seat>/invite")
def reissue_invite(match_id: str, seat: int):
    """A new invite code for a seat nobody has claimed yet, when the first link was lost: for the
    organiser (a seat whose token was given out at creation) or the auditor token. A seat that
    joined by invite or as an open seat may not: it could take a second seat for itself."""
    meta = open_meta(get_store(), match_id)
    caller = identify(meta)
    if caller.seat is None and not caller.auditor:
        raise Unauthenticated("unauthorized", "a new invite needs the organiser's token (a seat given "
                       "out at creation) or the auditor token: Authorization: Bearer <token>")
    return answer(InviteOut(), seats.reissue_invite(get_redis(), match_id, meta, seat, caller.seat))


@bp.get("/open-seats")
def open_seats():
    return answer(OpenSeatsOut(), {"open_seats": seats.open_seats(get_store())})


@bp.post("/my-matches")
def my_matches():
    body = MyMatchesIn().load(json_body())
    return answer(MyMatchesOut(), summarize(get_store(), body["seats"]))
