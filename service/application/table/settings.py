"""A seat's settings (engine/core/seat_settings.py: which steps that are not decisions the table
takes for it), changed by the seat with its token and recorded in the match's log as its own table
move (``SeatSettingsChanged``, through ``table.moves.move`` and so ``committing.commit``): a dispute
sees what was in force at every version. A change that changes nothing appends nothing. The
automatic steps the new settings allow follow at once (the commit's reactions: match/automatic.py).

A person may take settings with the seat (``settings``, ``{}`` for the defaults), so that steps that
are not decisions are not asked from its first move: a seat its creator takes (join ``token``) has
them in ``MatchCreated``'s ``settings`` (``at_creation``); a seat claimed by invite code or from
the lobby has them in the ``SeatSettingsChanged`` the claim records as the seat's first table move
(``at_claim``: a claim appends no event of its own, only the seat's token). Without ``settings`` a
seat is asked every step, as an API client or a bot always was."""
import logging

from engine.core import IllegalAction
from engine.core.seat_settings import RULE, changed, check, in_force, recorded, taken
from service.application.errors import DomainError, Invalid
from service.application.match.loading import open_match
from service.application.table import moves


def change(store, match_id: str, seat: int, changes) -> dict:
    """``{"version", "settings"}`` after recording ``changes`` (any of pass, pay, single, confirm; the
    version after the automatic steps they make at once); 400 naming an unknown key or value."""
    try:
        check(changes)
    except IllegalAction as e:
        raise Invalid("bad_setting", e.message, RULE) from None
    m = open_match(store, match_id)
    if recorded(m.state, seat) is not None and changed(m.state, seat, changes) == recorded(m.state, seat):
        return {"version": m.version, "settings": in_force(m.state, seat)}
    done = moves.move(store, match_id, seat, {"type": "settings", "settings": changes})
    return {"version": done.through_followed()[0].version, "settings": in_force(done.state, seat)}


log = logging.getLogger(__name__)


def at_creation(specs: list[dict]) -> dict:
    """``MatchCreated``'s ``settings`` {seat: whole settings} of the seats of ``POST /matches`` that
    say ``settings``; 400 for a seat its creator does not take (a bot's, an invite or open seat's:
    whoever claims one says its settings with the claim)."""
    out = {}
    for seat, spec in enumerate(specs):
        if spec.get("settings") is None:
            continue
        if spec.get("bot") or (spec.get("join") or "token") != "token":
            raise Invalid("invalid_request", f"seats.{seat}.settings: only a seat its creator takes (join "
                          "\"token\") has settings at creation; an invite or open seat takes them with its "
                          "claim, a bot's seat has none", RULE)
        try:
            out[str(seat)] = taken(spec["settings"])
        except IllegalAction as e:
            raise Invalid("bad_setting", f"seats.{seat}.settings: {e.message}", RULE) from None
    return out


def at_claim(store, match_id: str, seat: int, changes: dict) -> dict | None:
    """The settings in force once the seat just claimed has recorded ``changes`` (checked before the
    claim); None when they could not be recorded (the match moved on or ended meanwhile): the claim
    stands, and the seat may PUT them."""
    try:
        return change(store, match_id, seat, changes)["settings"]
    except DomainError as e:
        log.warning("settings claimed with seat %s of %s not recorded: %s", seat, match_id, e.code)
        return None


def of_seat(state: dict, seat: int | None) -> dict | None:
    """The seat's settings in force (None for a spectator): its own, never another seat's."""
    return None if seat is None else in_force(state, seat)
