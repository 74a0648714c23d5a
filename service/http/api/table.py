"""The table's own moves, beside the game's: resign, offer / accept / decline a draw, table talk,
and a rematch once the match is over (of a match refereed live, with every seat's consent when it is
to be refereed live too: service.application.table.rematch). A seat acts with its token
(service.application.table.moves)."""
from flask import Blueprint

from service.application.errors import Forbidden
from service.application.table import moves, rematch, settings
from service.http.api import actor, answer, json_body, query_args, viewer
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.http.schemas import ActionOut, SeatSettingsIn
from service.http.table_schemas import (ChatIn, ChatOut, ChatQuery, RematchAskedOut, RematchIn, RematchOut,
                                       SettingsOut, TableMoveIn)
from service.i18n import _

bp = Blueprint("table", __name__, url_prefix="/matches")
MOVES = {"resign": "resign", "draw/offer": "offer_draw", "draw/accept": "accept_draw", "draw/decline": "decline_draw"}


def _move(match_id: str, table_move: dict, body: dict):
    store = get_store()
    _, seat = actor(store, match_id)
    return answer(ActionOut(), moves.move(store, match_id, seat, table_move, body.get("command_id")).answer)


def _route(path: str, kind: str):
    def view(match_id: str):
        return _move(match_id, {"type": kind}, TableMoveIn().load(json_body(optional=True)))
    view.__name__ = kind
    bp.post(f"/<match_id>/{path}")(view)


for _path, _kind in MOVES.items():
    _route(_path, _kind)


@bp.post("/<match_id>/chat")
def say(match_id: str):
    body = ChatIn().load(json_body())
    return _move(match_id, {"type": "say", "text": body["text"]}, body)


@bp.get("/<match_id>/chat")
def talk(match_id: str):
    store = get_store()
    viewer(store, match_id)                    # 404 unknown match; a bad token 403, as elsewhere
    query = ChatQuery().load(query_args())
    return answer(ChatOut(), moves.talk(store, match_id, query["after"], query["limit"]))


@bp.post("/<match_id>/rematch")
@idempotent()
def start_rematch(match_id: str):
    body = RematchIn().load(json_body(optional=True))
    store = get_store()
    _, seat = actor(store, match_id)
    made, started = rematch.start(store, match_id, seat, body["audit_live"])
    return answer(RematchOut(), made, 201) if started else answer(RematchAskedOut(), made, 202)


@bp.put("/<match_id>/seats/<int:seat>/settings")
def change_settings(match_id: str, seat: int):
    """The seat's settings (service.application.table.settings), with its own token; a 400 names an
    unknown setting or value."""
    store = get_store()
    _meta, own = actor(store, match_id)
    if own != seat:
        raise Forbidden("not_your_seat", _("your token holds seat %(own)s, not seat %(seat)s", own=own, seat=seat))
    return answer(SettingsOut(), settings.change(store, match_id, seat, SeatSettingsIn().load(json_body())))
