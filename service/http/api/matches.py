"""Matches: create one, read it as your seat (or as a spectator), list your actions, act."""
import logging

from flask import Blueprint, current_app, request

from service.application.errors import Forbidden
from service.application.identity import players
from service.application.match import commands, listing, queries
from service.application.table import disputes
from service.application.turns.dispatch import queue_verify
from service.http.api import actor, answer, command_hint, json_body, viewer
from service.http.api.players import bound_player
from service.http.redis_conn import get_store
from service.http.schemas import (ActionIn, ActionOut, CreateMatchIn, LegalActionsIn, LegalActionsOut, LegalActionsQuery,
                             MatchCreatedOut, MatchListOut, MatchListQuery, MatchOut)

log = logging.getLogger(__name__)
bp = Blueprint("matches", __name__, url_prefix="/matches")


@bp.post("")
def create():
    body = CreateMatchIn().load(json_body())
    bound = players.binding(body["seats"], bound_player(body["seats"]))
    return answer(MatchCreatedOut(), commands.create_match(get_store(), body, bound), 201)


@bp.get("")
def search():
    """Public matches, oldest first, filtered and paged (service.application.match.listing); no token
    needed and none looked at: analysis and private matches are never listed."""
    query = MatchListQuery().load(request.args.to_dict())
    return answer(MatchListOut(), listing.list_matches(get_store(), **query))


@bp.get("/<match_id>")
def show(match_id: str):
    store = get_store()
    meta, seat = viewer(store, match_id)
    return answer(MatchOut(), queries.match_view(store, match_id, seat, meta))


@bp.get("/<match_id>/legal-actions")
def legal_actions(match_id: str):
    """The seat's moves and first step; ``?partial=`` (deprecated: a URL is written to access logs,
    and a partial move may hold hidden choices) the step after it, as the POST answers it."""
    return _step(match_id, lambda: LegalActionsQuery().load(request.args.to_dict()))


@bp.post("/<match_id>/legal-actions")
def next_step(match_id: str):
    """The step after the body's ``partial`` (none: the moves and first step), kept out of the URL."""
    return _step(match_id, lambda: LegalActionsIn().load(json_body()))


def _step(match_id: str, read_partial):
    store = get_store()
    meta, seat = viewer(store, match_id)                 # 404 and token checks before the partial's
    partial = read_partial()["partial"]
    return answer(LegalActionsOut(), queries.legal_actions(store, match_id, seat, meta, partial))


@bp.post("/<match_id>/actions")
def act(match_id: str):
    store = get_store()
    meta, seat = actor(store, match_id, command_hint())
    body = ActionIn().load(json_body())
    result, ended = commands.take_action(store, match_id, seat, body, meta)
    if ended and meta.get("continues"):
        disputes.reveal_originals(store, match_id)
    if ended and current_app.config["VERIFY_ON_END"]:
        _verify_later(match_id)
    return answer(ActionOut(), result)


@bp.post("/<match_id>/seats/<int:seat>/reclaim")
def reclaim(match_id: str, seat: int):
    """Take back your seat from the stand-in bot that has played it since a missed deadline."""
    store = get_store()
    _, own = actor(store, match_id)
    if own != seat:
        raise Forbidden("not_your_seat", f"your token holds seat {own}, not seat {seat}")
    return answer(ActionOut(), commands.reclaim_seat(store, match_id, seat))


def _verify_later(match_id: str) -> None:
    """Queue the replay verification of a finished match (in-process on the embedded store)."""
    try:
        queue_verify(get_store().jobs, match_id)
    except Exception:  # noqa: BLE001 - the action is stored; a lost audit job must not fail it
        log.exception("could not queue verify_match(%s)", match_id)

