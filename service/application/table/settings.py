"""A seat's settings (engine/core/seat_settings.py: which steps that are not decisions the table
takes for it), changed by the seat with its token and recorded in the match's log as its own table
move (``SeatSettingsChanged``, through ``table.moves.move`` and so ``committing.commit``): a dispute
sees what was in force at every version. A change that changes nothing appends nothing. The
automatic steps the new settings allow follow at once (the commit's reactions: match/automatic.py)."""
from engine.core import IllegalAction
from engine.core.seat_settings import RULE, changed, check, in_force, recorded
from service.application.errors import Invalid
from service.application.match.loading import open_match
from service.application.table import moves


def change(store, match_id: str, seat: int, changes) -> dict:
    """``{"version", "settings"}`` after recording ``changes`` (any of pass, pay, single, confirm);
    400 naming an unknown key or value."""
    try:
        check(changes)
    except IllegalAction as e:
        raise Invalid("bad_setting", e.message, RULE) from None
    m = open_match(store, match_id)
    if recorded(m.state, seat) is not None and changed(m.state, seat, changes) == recorded(m.state, seat):
        return {"version": m.version, "settings": in_force(m.state, seat)}
    done = moves.move(store, match_id, seat, {"type": "settings", "settings": changes})
    return {"version": done.version, "settings": in_force(done.state, seat)}


def of_seat(state: dict, seat: int | None) -> dict | None:
    """The seat's settings in force (None for a spectator): its own, never another seat's."""
    return None if seat is None else in_force(state, seat)
