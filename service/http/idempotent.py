"""The ``Idempotency-Key`` header on the routes that create something (service.application.idempotency):
``@idempotent`` on a view. Without the header the view runs as it always did. With it, the first
request takes the key, runs the view and keeps a 2xx answer under the key; a retry is answered
with that answer (same status, same body: the same ids and tokens; ``Idempotent-Replayed: true``),
nothing created again. An answer that is no success gives the key back, so the retry does the work
— except a new match no replica confirmed (503 ``not_replicated``), whose answer is kept until a
retry finds it on the replicas, and a new match whose store failed (its planned id stays reserved:
the retry answers it if it was appended, or makes it)."""
import functools
import json
import logging

from flask import Response, current_app, g, make_response, request

from service.application import idempotency
from service.application.errors import NotConfirmed, Unavailable
from service.application.match import creating
from service.http.api import _bearer, client_address
from service.application.storage.connections import UNAVAILABLE
from service.http.redis_conn import get_store

log = logging.getLogger(__name__)
HEADER = "Idempotency-Key"


def caller_scope() -> str:
    """Who asks, for a key's scope: the request's credential (a seat token, player key or API key),
    else the client's address."""
    credential = _bearer(request.headers.get("Authorization", ""))
    return f"credential:{credential}" if credential else f"address:{client_address()}"


def idempotent(created=None):
    """The decorator; ``created``: the answer schema of a route whose new match may be refused as not
    replicated after its append (POST /matches), whose answer is then kept as unconfirmed."""
    def decorate(view):
        @functools.wraps(view)
        def wrapped(*args, **kwargs):
            raw = request.headers.get(HEADER)
            if raw is None:
                return view(*args, **kwargs)
            return _run(idempotency.check_key(raw), created, view, args, kwargs)
        wrapped.idempotent = True              # (tests/test_idempotency.py: the spec names the header here)
        return wrapped
    return decorate


def _run(key: str, created, view, args, kwargs):
    body = request.get_data(cache=True)
    try:
        parsed = request.get_json(silent=True) if body else None
    except RecursionError:
        parsed = None
    ask = idempotency.Request(caller_scope(), key, idempotency.fingerprint(request.method, request.path, body, parsed),
                              current_app.config["IDEMPOTENCY_TTL_SECONDS"])
    store = get_store()

    def recover(match_id: str) -> idempotency.Answer | None:
        """The answer a planned new match stored with its append (None: not appended)."""
        sealed = creating.stored_answer(store, match_id)
        if sealed is None:
            return None
        creating.confirm(store, match_id)                 # on the replicas, and listed
        return _created(created, json.loads(ask.unseal(sealed)))

    planned = created is not None
    found = idempotency.begin(store, ask, lambda match_id: creating.confirm(store, match_id),
                              plan=creating.new_match_id if planned else None, recover=recover if planned else None)
    if isinstance(found, idempotency.Answer):
        replay = Response(found.body, status=found.status, content_type=found.content_type)
        replay.headers["Idempotent-Replayed"] = "true"
        return replay
    g.planned_creation = {"match_id": found.match_id, "sealer": ask} if found.match_id else None
    try:
        response = make_response(view(*args, **kwargs))
    except NotConfirmed as e:
        if created is None:
            _quietly(found.abandon)
        else:
            _quietly(found.unconfirmed, _created(created, e.answer), e.match_id)
        raise
    except UNAVAILABLE + (Unavailable,):
        if found.match_id is None:      # a planned match may stand: its retry recovers it, or makes it
            _quietly(found.abandon)
        raise
    except BaseException:
        _quietly(found.abandon)
        raise
    if 200 <= response.status_code < 300:
        _quietly(found.finish, idempotency.Answer(response.status_code, response.get_data(), response.content_type))
    else:
        _quietly(found.abandon)
    return response


def planned_creation() -> dict:
    """What a creating view hands ``creating.create_match`` when its key planned the new match: its
    id and what seals its answer in the match's own keys ({}: no key, a new id)."""
    plan = g.get("planned_creation")
    return {} if plan is None else {"match_id": plan["match_id"], "sealer": plan["sealer"]}


def _created(schema, answer: dict) -> idempotency.Answer:
    return idempotency.Answer(201, current_app.json.dumps(schema().dump(answer)).encode(), "application/json")


def _quietly(step, *args) -> None:
    """Keep (or give back) the key; a store that fails now does not change the answer: the
    creation stands and its creator is answered (a retry with the key then finds it reserved until
    the lease ends, or creates again)."""
    try:
        step(*args)
    except Exception as e:  # noqa: BLE001 - the answer matters more than the record of it
        log.warning("Idempotency-Key: the record could not be kept (%s)", e)
