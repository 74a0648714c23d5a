"""Seats hold bearer tokens; the store keeps only their sha256. No token means a spectator.

Each match also has one auditor token, returned once to whoever creates the match (the organiser
or tournament director hands it to the auditor) and kept as ``auditor:<sha256>`` in the meta. On the
play routes an auditor reads as a spectator; the audit routes give it more (service.application.match.visibility).
And one organiser token, returned once to the creator and kept as ``organiser:<sha256>``: the only
credential that re-issues another seat's invite (service.application.table.seats); elsewhere it reads as a
spectator.
"""
import hashlib
import secrets

from service.application.errors import Forbidden, Unauthenticated
from service.application.match.visibility import Caller
from service.i18n import _


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def identify(meta: dict, token: str | None, player_seat=None) -> Caller:
    """Who the holder of ``token`` is in the match of ``meta``: a seat, the auditor, or (no token) a
    spectator; a token of neither is 403 (never a silent spectator). ``player_seat(meta, digest)``,
    where given, finds the seat bound to the player whose key it is
    (service.application.identity.player_keys.seat_finder)."""
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
    seat = player_seat(meta, digest) if player_seat is not None else None
    if seat is not None:
        return Caller(seat=seat)
    raise Forbidden("bad_token", _("this token holds no seat in this match"))


def caller_seat(meta: dict, token: str | None, player_seat=None) -> int | None:
    """The caller's seat, or None for a spectator (and for the auditor, on the play routes)."""
    return identify(meta, token, player_seat).seat


def acting_seat(meta: dict, token: str | None, player_seat=None) -> int:
    caller = identify(meta, token, player_seat)
    if caller.auditor:
        raise Forbidden("auditor_cannot_act", _("an auditor token cannot act for a seat"))
    if caller.organiser:
        raise Forbidden("organiser_cannot_act", _("the organiser token cannot act for a seat"))
    if caller.seat is None:
        raise Unauthenticated("unauthorized", _("acting needs a seat token: Authorization: Bearer <token>"))
    return caller.seat


def auditor(meta: dict, token: str | None, player_seat=None) -> Caller:
    caller = identify(meta, token, player_seat)
    if not caller.auditor:
        refused = Unauthenticated if caller.seat is None and not caller.organiser else Forbidden
        raise refused("auditor_only", "this needs the match's auditor token: Authorization: Bearer <auditor token>")
    return caller
