"""Seats hold bearer tokens; the store keeps only their sha256. No token means a spectator.

Each match also has one auditor token, returned once to whoever creates the match (the organiser
or tournament director hands it to the auditor) and kept as ``auditor:<sha256>`` in the meta. On the
play routes an auditor reads as a spectator; the audit routes give it more (service.visibility).
And one organiser token, returned once to the creator and kept as ``organiser:<sha256>``: the only
credential that re-issues another seat's invite (service.seats); elsewhere it reads as a spectator.
"""
import hashlib
import secrets

from flask import request

from service.errors import ApiError
from service.visibility import Caller


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bearer_token() -> str | None:
    """The request's bearer token, None without an Authorization header; 401 when malformed."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthorized", 'Authorization must be "Bearer <seat token>"')
    return token.strip()


def identify(meta: dict) -> Caller:
    """Who the caller is in the match of ``meta``: a seat, the auditor, or (no token) a spectator;
    a token of neither is 403 (never a silent spectator)."""
    token = bearer_token()
    if token is None:
        return Caller()
    digest = token_hash(token)
    seat = meta.get(f"token:{digest}")
    if seat is not None:
        return Caller(seat=int(seat))
    if meta.get(f"auditor:{digest}") is not None:
        return Caller(auditor=True)
    if meta.get(f"organiser:{digest}") is not None:
        return Caller(organiser=True)
    raise ApiError(403, "bad_token", "this token holds no seat in this match")


def caller_seat(meta: dict) -> int | None:
    """The caller's seat, or None for a spectator (and for the auditor, on the play routes)."""
    return identify(meta).seat


def acting_seat(meta: dict) -> int:
    caller = identify(meta)
    if caller.auditor:
        raise ApiError(403, "auditor_cannot_act", "an auditor token cannot act for a seat")
    if caller.organiser:
        raise ApiError(403, "organiser_cannot_act", "the organiser token cannot act for a seat")
    if caller.seat is None:
        raise ApiError(401, "unauthorized", "acting needs a seat token: Authorization: Bearer <token>")
    return caller.seat


def auditor(meta: dict) -> Caller:
    caller = identify(meta)
    if not caller.auditor:
        raise ApiError(401 if caller.seat is None and not caller.organiser else 403, "auditor_only",
                       "this needs the match's auditor token: Authorization: Bearer <auditor token>")
    return caller
