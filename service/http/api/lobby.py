"""The lobby: claim a seat (by invite code, or an open seat), re-issue a lost invite, list open
seats, and "my matches"
(the matches of the seats a browser holds, posted as match id + token pairs: tokens never go in
a URL)."""
from flask import Blueprint

from service.application.identity import players
from service.application.ratings import ladder, rules
from service.application.table import seats, settings
from service.application.errors import Forbidden, Unauthenticated
from service.application.match.loading import open_meta
from service.application.match.my_matches import my_matches as summarize
from service.application.match.visibility import Caller
from service.http.api import answer, identify, json_body, query_args
from service.http.api.players import the_player
from service.http.lobby_schemas import (ClaimedOut, ClaimIn, ClaimSeatIn, InviteOut, MyMatchesIn, MyMatchesOut,
                                        OpenSeatsOut, OpenSeatsQuery)
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.i18n import _

bp = Blueprint("lobby", __name__)


@bp.post("/matches/<match_id>/seats/<int:seat>/claim")
@idempotent()
def claim(match_id: str, seat: int):
    """Take a seat by its invite code (or an open seat); ``{"player": true}`` binds it to the player
    whose key is the bearer (service.application.identity.players); ``{"settings": {...}}`` (``{}``: the
    defaults) records the seat's settings with the claim (service.application.table.settings)."""
    meta = open_meta(get_store(), match_id)
    body = ClaimSeatIn().load(json_body())
    player = the_player()[0] if body["player"] else None
    rules.check_claim(meta, player)
    if player is not None:
        players.check_unseated(meta, match_id, player)
    claimed = seats.claim(get_store(), match_id, meta, seat, body["invite"])
    if player is not None:
        players.bind(get_store(), match_id, seat, player, meta)
    taken = None if body["settings"] is None else settings.at_claim(get_store(), match_id, seat, body["settings"])
    return answer(ClaimedOut(), {**claimed, "player_id": player, "settings": taken})


@bp.post("/matches/<match_id>/seats/<int:seat>/invite")
@idempotent()
def reissue_invite(match_id: str, seat: int):
    """A new invite code for a seat nobody has claimed yet, when the first link was lost: with the
    organiser token, or ``{"invite": current code}`` (whoever holds the link rotates it). No seat
    token (it could take another seat) nor the auditor token may."""
    meta = open_meta(get_store(), match_id)
    body = ClaimIn().load(json_body(optional=True))
    caller = identify(meta)
    if not caller.organiser and body["invite"] is None:
        if caller == Caller():
            raise Unauthenticated("unauthorized", _("a new invite needs the organiser token (Authorization: Bearer "
                                                    "<organiser_token>) or the seat's current code "
                                                    '({"invite": code})'))
        raise Forbidden("not_the_organiser", _("the %(label)s token may not re-issue an invite: only the organiser "
                                               "token (organiser_token of POST /matches) may",
                                               label=caller.label))
    return answer(InviteOut(), seats.reissue_invite(get_store(), match_id, meta, seat, caller.organiser,
                                                    body["invite"]))


@bp.get("/open-seats")
def open_seats():
    query = OpenSeatsQuery().load(query_args())
    listed = ladder.with_ratings(get_store(), seats.open_seats(get_store()), query["rating_min"], query["rating_max"])
    return answer(OpenSeatsOut(), {"open_seats": listed})


@bp.post("/my-matches")
def my_matches():
    body = MyMatchesIn().load(json_body())
    return answer(MyMatchesOut(), summarize(get_store(), body["seats"]))
