"""HTTP blueprints, one per resource: games, matches (and their history), the OpenAPI spec."""
from flask import jsonify, request

from service.application import auth
from service.application.errors import Invalid, Unauthenticated
from service.application.loading import open_meta


def json_body() -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Invalid("invalid_request", "the body must be a JSON object "
                       "(Content-Type: application/json)")
    return body


def answer(schema, obj, status: int = 200):
    return jsonify(schema.dump(obj)), status


def bearer_token() -> str | None:
    """The request's bearer token, None without an Authorization header; 401 when malformed."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("unauthorized", 'Authorization must be "Bearer <seat token>"')
    return token.strip()


def identify(meta: dict):
    """The caller (service.application.visibility.Caller) the request's token makes in this match."""
    return auth.identify(meta, bearer_token())


def auditor(meta: dict):
    return auth.auditor(meta, bearer_token())


def viewer(store, match_id: str) -> tuple[dict, int | None]:
    """The match's meta and the caller's seat (None: spectator); 404 before any token check."""
    meta = open_meta(store, match_id)
    return meta, auth.caller_seat(meta, bearer_token())


def actor(store, match_id: str) -> tuple[dict, int]:
    """The match's meta and the acting seat: 404 unknown match, 401 no token, 403 a bad token."""
    meta = open_meta(store, match_id)
    return meta, auth.acting_seat(meta, bearer_token())
