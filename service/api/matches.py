"""Matches: create one, read it as your seat (or as a spectator), list your actions, act."""
from flask import Blueprint

from service import commands, queries
from service.api import actor, answer, json_body, viewer
from service.redis_conn import get_store
from service.schemas import (ActionIn, ActionOut, CreateMatchIn, LegalActionsOut, MatchCreatedOut,
                             MatchOut)

bp = Blueprint("matches", __name__, url_prefix="/matches")


@bp.post("")
def create():
    body = CreateMatchIn().load(json_body())
    return answer(MatchCreatedOut(), commands.create_match(get_store(), body), 201)


@bp.get("/<match_id>")
def show(match_id: str):
    store = get_store()
    seat = viewer(store, match_id)
    return answer(MatchOut(), queries.match_view(store, match_id, seat))


@bp.get("/<match_id>/legal-actions")
def legal_actions(match_id: str):
    store = get_store()
    seat = viewer(store, match_id)
    return answer(LegalActionsOut(), queries.legal_actions(store, match_id, seat))


@bp.post("/<match_id>/actions")
def act(match_id: str):
    store = get_store()
    seat = actor(store, match_id)
    body = ActionIn().load(json_body())
    return answer(ActionOut(), commands.take_action(store, match_id, seat, body))

