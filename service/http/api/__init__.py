"""HTTP blueprints, one per resource: games, matches (and their history), the OpenAPI spec."""
from flask import jsonify, request

from service.application.auth import acting_seat, caller_seat
from service.http.errors import ApiError
from service.application.loading import open_meta


def json_body() -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_request", "the body must be a JSON object "
                       "(Content-Type: application/json)")
    return body


def answer(schema, obj, status: int = 200):
    return jsonify(schema.dump(obj)), status


def viewer(store, match_id: str) -> tuple[dict, int | None]:
    """The match's meta and the caller's seat (None: spectator); 404 before any token check."""
    meta = open_meta(store, match_id)
    return meta, caller_seat(meta)


def actor(store, match_id: str) -> tuple[dict, int]:
    """The match's meta and the acting seat: 404 unknown match, 401 no token, 403 a bad token."""
    meta = open_meta(store, match_id)
    return meta, acting_seat(meta)
