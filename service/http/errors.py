"""Every error a client sees is JSON: {"error": {"code", "message", "rule"}}."""
import logging

from flask import jsonify
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from engine.core import ConfigError, IllegalAction
from service.application.storage.connections import UNAVAILABLE
from service.application.errors import (Conflict, DomainError, Failed, Forbidden, Illegal, Invalid, NotFound,
                                        Throttled, Unauthenticated, Unavailable)
from service.i18n import N_, _

log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = "2"       # a 503 while the store is unreachable: a failover takes seconds
UNAVAILABLE_MESSAGE = N_("the store is unavailable (a failover may be under way); try again, with the same "
                         "command_id for an action")
# marshmallow's own messages that say no value, in the request's language (those that name values are
# worded by service/http/validators.py; a message a schema marks with N_ is translated here too)
FIELD_ERRORS = {m: m for m in (N_("Missing data for required field."), N_("Unknown field."),
                               N_("Field may not be null."), N_("Not a valid string."), N_("Not a valid integer."),
                               N_("Not a valid boolean."), N_("Not a valid list."), N_("Invalid input type."),
                               N_("Invalid value."), N_("Not a valid number."), N_("Not a valid mapping type."))}
# werkzeug's own descriptions of the HTTP errors a client meets, in the request's language
HTTP_ERRORS = {m: m for m in (
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_("The requested URL was not found on the server. If you entered the URL manually please check your "
       "spelling and try again."),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("The server does not support the media type transmitted in the request."))}
STATUS = {Invalid: 400, Unauthenticated: 401, Forbidden: 403, NotFound: 404, Conflict: 409, Illegal: 422,
          Failed: 500, Unavailable: 503, Throttled: 429}


def status_of(error: DomainError) -> int:
    return next(code for kind, code in STATUS.items() if isinstance(error, kind))


def error_response(status: int, code: str, message: str, rule: str | None = None):
    return jsonify({"error": {"code": code, "message": message, "rule": rule}}), status


def describe_validation(err: ValidationError) -> str:
    """'seats.0.name: Missing data for required field.; command_id: ...' from marshmallow's dict."""
    def walk(messages, prefix=""):
        if isinstance(messages, dict):
            for key, value in messages.items():
                yield from walk(value, f"{prefix}{key}." if key != "_schema" else prefix)
        elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
            yield f"{prefix.rstrip('.') or 'body'}: {' '.join(_(FIELD_ERRORS.get(m, m)) for m in messages)}"
        else:
            for value in messages:
                yield from walk(value, prefix)
    return "; ".join(walk(err.messages))


def register_error_handlers(app) -> None:
    @app.errorhandler(DomainError)
    def refused(e):
        body, status = error_response(status_of(e), e.code, e.message, e.rule)
        if isinstance(e, Unavailable):
            body.headers["Retry-After"] = RETRY_AFTER_SECONDS
        elif getattr(e, "retry_after", None):
            body.headers["Retry-After"] = str(e.retry_after)
        return body, status

    @app.errorhandler(ValidationError)
    def invalid(e):
        return error_response(400, "invalid_request", describe_validation(e))

    @app.errorhandler(IllegalAction)
    def illegal(e):
        return error_response(422, "illegal_action", e.message, e.rule)

    @app.errorhandler(ConfigError)
    def bad_config(e):
        return error_response(422, "invalid_config", e.message, e.rule)

    @app.errorhandler(HTTPException)
    def http_error(e):
        code = (e.name or "error").lower().replace(" ", "_")
        body, status = error_response(e.code or 500, code, _(HTTP_ERRORS.get(e.description, e.description or e.name)))
        for name, value in e.get_headers():               # a 405's Allow, among others
            if name.lower() != "content-type":
                body.headers[name] = value
        return body, status

    def store_unavailable(e):
        log.warning("store unavailable: %s", e)
        body, status = error_response(503, "store_unavailable", _(UNAVAILABLE_MESSAGE))
        body.headers["Retry-After"] = RETRY_AFTER_SECONDS
        return body, status

    for kind in UNAVAILABLE:
        app.register_error_handler(kind, store_unavailable)

    @app.errorhandler(Exception)
    def unexpected(e):
        log.exception("unhandled error")
        return error_response(500, "internal_error", _("internal server error"))
