"""Seats hold bearer tokens; the store keeps only their sha256. No token means a spectator."""
import hashlib
import secrets

from flask import request

from service.errors import ApiError


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


def caller_seat(meta: dict) -> int | None:
    """The caller's seat in the match of ``meta``, or None for a spectator; a token of no seat
    there is 403 (never a silent spectator)."""
    token = bearer_token()
    if token is None:
        return None
    seat = meta.get(f"token:{token_hash(token)}")
    if seat is None:
        raise ApiError(403, "bad_token", "this token holds no seat in this match")
    return int(seat)


def acting_seat(meta: dict) -> int:
    seat = caller_seat(meta)
    if seat is None:
        raise ApiError(401, "unauthorized", "acting needs a seat token: Authorization: Bearer <token>")
    return seat
