"""Matches: create one, read it as your seat (or as a spectator), list your actions, act."""
from flask import Blueprint

from service.application.errors import Forbidden
from service.application.identity import players
from service.application.match import listing, queries
from service.application.match.acting import reclaim_seat, take_action
from service.application.match.answering import full_answer
from service.application.match.creating import create_match
from service.application.ratings import ladder
from service.http.api import actor, answer, command_hint, json_body, query_args, viewer
from service.http.api.players import bound_player
from service.http.idempotent import idempotent, planned_creation
from service.http.redis_conn import get_store
from service.http.schemas import (ActionAnswerOut, ActionIn, ActionOut, ActionQuery, CreateMatchIn, LegalActionsIn,
                                  LegalActionsOut, LegalActionsQuery, MatchCreatedOut, MatchListOut, MatchListQuery,
                                  MatchOut)
from service.i18n import _

bp = Blueprint("matches", __name__, url_prefix="/matches")


@bp.post("")
@idempotent(created=MatchCreatedOut)
def create():
    body = CreateMatchIn().load(json_body())
    bound = players.binding(get_store(), body["seats"], bound_player(body["seats"]))
    return answer(MatchCreatedOut(), create_match(get_store(), body, bound, **planned_creation()).answer, 201)


@bp.get("")
def search():
    """Public matches, oldest first, filtered and paged (service.application.match.listing); no token
    needed and none looked at: analysis and private matches are never listed."""
    query = MatchListQuery().load(query_args())
    low, high = query.pop("rating_min"), query.pop("rating_max")
    page = listing.list_matches(get_store(), **query)
    return answer(MatchListOut(), {**page, "matches": ladder.with_ratings(get_store(), page["matches"], low, high)})


@bp.get("/<match_id>")
def show(match_id: str):
    store = get_store()
    meta, seat = viewer(store, match_id)
    return answer(MatchOut(), {**queries.match_view(store, match_id, seat, meta), **ladder.match_view(store, match_id, meta)})


@bp.get("/<match_id>/legal-actions")
def legal_actions(match_id: str):
    """The seat's moves and first step; ``?partial=`` (deprecated: a URL is written to access logs,
    and a partial move may hold hidden choices) the step after it, as the POST answers it."""
    return _step(match_id, lambda: LegalActionsQuery().load(query_args()))


@bp.post("/<match_id>/legal-actions")
def next_step(match_id: str):
    """The step after the body's ``partial`` (none: the moves and first step), kept out of the URL."""
    return _step(match_id, lambda: LegalActionsIn().load(json_body()))


def _step(match_id: str, read_partial):
    store = get_store()
    meta, seat = viewer(store, match_id)                 # 404 and token checks before the partial's
    body = read_partial()
    return answer(LegalActionsOut(), queries.legal_actions(store, match_id, seat, meta, body["partial"],
                                                          body.get("forward", False)))


@bp.post("/<match_id>/actions")
def act(match_id: str):
    """The action's answer: by default the new position as the seat sees it and its next choice
    (match/answering.py), so a client needs one request per move; ``?answer=short``: the version and
    the events only."""
    store = get_store()
    meta, seat = actor(store, match_id, command_hint())
    short = ActionQuery().load(query_args())["answer"] == "short"
    body = ActionIn().load(json_body())
    done = take_action(store, match_id, seat, body, meta)
    if short:
        return answer(ActionOut(), done.answer)
    return answer(ActionAnswerOut(), full_answer(store, done, seat, meta))


@bp.post("/<match_id>/seats/<int:seat>/reclaim")
def reclaim(match_id: str, seat: int):
    """Take back your seat from the stand-in bot that has played it since a missed deadline."""
    store = get_store()
    _meta, own = actor(store, match_id)
    if own != seat:
        raise Forbidden("not_your_seat", _("your token holds seat %(own)s, not seat %(seat)s", own=own, seat=seat))
    return answer(ActionOut(), reclaim_seat(store, match_id, seat))

