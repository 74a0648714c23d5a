"""HTTP blueprints, one per resource: games, matches (and their history), the OpenAPI spec."""
import ipaddress

from flask import g, jsonify, request

from service.application.identity import auth, player_keys
from service.application.errors import Invalid, Unauthenticated
from service.application.match.loading import open_meta
from service.http.redis_conn import get_store
from service.http.schemas import COMMAND_ID_MAX
from service.i18n import _


BODY_MAX_DEPTH = 64


def json_body(optional: bool = False) -> dict:
    """The request's JSON object (``optional``: {} without a body); 400 naming what is wrong for
    anything else — not JSON, nested deeper than BODY_MAX_DEPTH, a string (or key) that is not valid
    Unicode (a lone surrogate such as "\\ud800", which no store or log can encode)."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        raise Invalid("invalid_request", _("body: nested deeper than %(body_max_depth)s levels",
                                           body_max_depth=BODY_MAX_DEPTH)) from None
    if body is None and optional and not request.get_data():
        return {}
    if not isinstance(body, dict):
        raise Invalid("invalid_request", _("the body must be a JSON object (Content-Type: application/json)"))
    _check_text(body)
    return body


def _check_text(body) -> None:
    stack = [(body, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > BODY_MAX_DEPTH:
            raise Invalid("invalid_request", _("%(value)s: nested deeper than %(body_max_depth)s levels",
                                               value=path.split('.')[0] or 'body', body_max_depth=BODY_MAX_DEPTH))
        if isinstance(value, dict):
            for k, v in value.items():
                where = f"{path}.{_printable(k)}" if path else _printable(k)
                _encodable(k, where)
                stack.append((v, where, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, f"{path}.{i}" if path else str(i), depth + 1) for i, v in enumerate(value))
        elif isinstance(value, str):
            _encodable(value, path)


def _encodable(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Invalid("invalid_request", _("%(value)s: not valid Unicode (a lone surrogate)",
                                           value=where or 'body')) from None


def _printable(key: str) -> str:
    return key.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")[:64]


def query_args() -> dict:
    """The request's query parameters for a route's query schema: all but ``lang``, which every route
    takes (service/http/language.py)."""
    return {k: v for k, v in request.args.items() if k != "lang"}


def answer(schema, obj, status: int = 200):
    return jsonify(schema.dump(obj)), status


def bearer_token() -> str | None:
    """The request's bearer token, None without an Authorization header; 401 when malformed."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    token = _bearer(header)
    if token is None:
        raise Unauthenticated("unauthorized", _('Authorization must be "Bearer <seat token>"'))
    return token


def _bearer(header: str) -> str | None:
    """The token of a well-formed ``Bearer <token>`` header, else None."""
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _player_seat():
    """A player's key opens the seat bound to that player (service.application.identity.player_keys)."""
    return player_keys.seat_finder(get_store())


def identify(meta: dict):
    """The caller (service.application.match.visibility.Caller) the request's token makes in this match."""
    return auth.identify(meta, bearer_token(), _player_seat())


def auditor(meta: dict):
    return auth.auditor(meta, bearer_token(), _player_seat())


def viewer(store, match_id: str) -> tuple[dict, int | None]:
    """The match's meta and the caller's seat (None: spectator); 404 before any token check."""
    meta = open_meta(store, match_id, _token_hint())
    g.seat = auth.caller_seat(meta, bearer_token(), _player_seat())        # for the request's log records (service.http.logs)
    return meta, g.seat


def actor(store, match_id: str, command_id: str | None = None) -> tuple[dict, int]:
    """The match's meta and the acting seat: 404 unknown match, 401 no token, 403 a bad token.
    ``command_id``: the action's (``command_hint``), whose stored answers come with the meta."""
    meta = open_meta(store, match_id, _token_hint(), command_id)
    g.seat = auth.acting_seat(meta, bearer_token(), _player_seat())
    return meta, g.seat


def command_hint() -> str | None:
    """The body's ``command_id`` if it is one the action schema takes, else None: read with the meta
    before the body is checked (which answers 400 only after the 404 and token checks)."""
    try:
        body = request.get_json(silent=True) if request.is_json else None
    except RecursionError:
        return None
    command_id = body.get("command_id") if isinstance(body, dict) else None
    if not isinstance(command_id, str) or not 1 <= len(command_id) <= COMMAND_ID_MAX:
        return None
    try:
        command_id.encode("utf-8")               # a lone surrogate is refused by the schema later
    except UnicodeEncodeError:
        return None
    return command_id


def _token_hint() -> str | None:
    """The bearer token if the header is well formed, else None (read with the meta, in one round
    trip; bearer_token() refuses a malformed header after the 404 check)."""
    return _bearer(request.headers.get("Authorization", ""))


def client_address() -> str:
    """The client's address as the sign-in limit counts it, and an Idempotency-Key's scope without a
    credential (behind reverse proxies, as TRUSTED_PROXIES says: create_app): an IPv6 address by its
    /64, the share one host usually has."""
    raw = request.remote_addr or ""
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw or "unknown"
    if address.version == 6:
        return str(address.ipv4_mapped or ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
