"""Steps that are not decisions are not asked (issue 38): after every commit, while a seat a person
plays is to act and the settings it recorded (engine/core/seat_settings.py) make its move — a pass
that is its only legal move, or one where it has nothing to answer — that move is appended for it
through ``committing.commit``, like any action of the seat, its command marked
``"auto": {"setting": {"pass": ...}, "why": ...}`` so the record says what made it.

The last reaction of the composition root's list (``match.reactions``): its ``after`` runs once the
commit is stored, and goes on while moves are automatic, at most ``MAX_STEPS`` for one commit (two
seats passing for ever is cut short and asked). The commits it makes run the reactions as any does
(bots, deadlines, notices), but not this one again: the loop already under way takes the next step,
so the stack stays flat. Each step is made at the version it read (``expected_version``): when
someone appended first, that commit's own reactions look again, and this loop stops.

The commits the loop makes are kept in the first commit's ``followed``, so that the answer to the
action that set them off describes the version after them (match/answering.py); ``made_after`` finds
the same run in the log (a retried command's answer).

A crash between the commit and its automatic step leaves the pass to the seat: it is asked as before
(and its deadline, if any, runs). Settings a seat never recorded make no move at all.
"""
import logging
from contextvars import ContextVar

from engine.core import controller, match_outcome, seats_to_act
from engine.core.seat_settings import automatic
from engine.core.table_moves import after_action
from service.application.errors import DomainError
from service.application.match.acting import decide
from service.application.match.committing import commit
from service.application.match.loading import open_match
from service.application.match.reactions import Reaction

log = logging.getLogger(__name__)
MAX_STEPS = 40
_RUNNING = ContextVar("kifu_automatic_steps", default=frozenset())   # matches whose loop is under way here


class AutoSteps(Reaction):
    name = "automatic steps"

    def after(self, store, commit_, prepared) -> None:
        if commit_.ended or commit_.continued or commit_.match_id in _RUNNING.get():
            return
        if found(commit_.game, commit_.state, commit_.meta) is None:
            return                          # read from the state committed: no round trip for most commits
        token = _RUNNING.set(_RUNNING.get() | {commit_.match_id})
        try:
            commit_.followed.extend(run(store, commit_.match_id))
        finally:
            _RUNNING.reset(token)


def found(game, state: dict, meta) -> tuple[int, dict] | None:
    """``(seat, automatic)``: the first seat to act, played by a person, whose settings make its move."""
    if not state or not state["match"].get("settings") or meta.get("continued_in") \
            or match_outcome(game, state) is not None:
        return None
    for seat in seats_to_act(game, state):
        if controller(state, seat)["by"] != "human":
            continue
        made = automatic(game, state, seat)
        if made is not None:
            return seat, made
    return None


def next_step(m) -> tuple[int, dict] | None:
    return found(m.game, m.state, m.meta)


def run(store, match_id: str, limit: int = MAX_STEPS) -> list:
    """The automatic moves due in the match, one commit each; the commits made, in order."""
    made = []
    for _ in range(limit):
        m = open_match(store, match_id)
        found = next_step(m)
        if found is None:
            return made
        seat, auto = found
        try:
            made.append(step(store, m, seat, auto))
        except DomainError as e:          # someone appended first (their commit looks again), or refused
            log.info("automatic step of seat %s in %s at version %s not made: %s", seat, match_id, m.version, e.code)
            return made
    log.warning("automatic steps of %s stopped after %s in a row; the seat to act is asked", match_id, limit)
    return made


def command_id(version: int) -> str:
    """The command id of the automatic step made at ``version``."""
    return f"auto-{version}"


def made_after(store, match_id: str, version: int, chunk: int = 64) -> int:
    """The version where the automatic steps appended right after ``version`` (each made at the version
    the one before ended) end; ``version`` when none was."""
    end, current = version, None
    while True:
        records = store.read(match_id, end, count=chunk)
        for record in records:
            if record.command_id == current:
                end = record.version
            elif record.command_id == command_id(end) and "auto" in (record.command or {}):
                current, end = record.command_id, record.version
            else:
                return end
        if len(records) < chunk:
            return end


def step(store, m, seat: int, auto: dict):
    """Commit the seat's automatic move at the loaded version, as its own action marked ``auto``."""
    action = auto["action"]
    state, events = decide(store, m, seat, action, store.secret(m.match_id))
    command = {"seat": seat, "action": action, "auto": {"setting": auto["setting"], "why": auto["why"]}}
    made_at = command_id(m.version)
    return commit(store, m, [(command, events), *after_action(m.game, m.state, seat, events)], by="auto",
                  command_key=f"{seat}:{made_at}", command_id=made_at, seat=seat, acted=True, folded=state)
