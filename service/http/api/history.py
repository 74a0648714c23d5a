"""A match's past: its event log (redacted for the caller) and the caller's view at any version."""
from flask import Blueprint

from service.application.match import queries
from service.http.api import answer, query_args, viewer
from service.http.redis_conn import get_store
from service.http.schemas import EventsPageOut, EventsQuery, StateOut, StateQuery

bp = Blueprint("history", __name__, url_prefix="/matches")


@bp.get("/<match_id>/events")
def events(match_id: str):
    store = get_store()
    meta, seat = viewer(store, match_id)
    query = EventsQuery().load(query_args())
    page = queries.events_page(store, match_id, seat, query["after"], query["limit"], meta)
    return answer(EventsPageOut(), page)


@bp.get("/<match_id>/state")
def state(match_id: str):
    store = get_store()
    meta, seat = viewer(store, match_id)
    query = StateQuery().load(query_args())
    return answer(StateOut(), queries.state_at(store, match_id, seat, query["version"], meta))
