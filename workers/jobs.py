"""RQ jobs. Plain module-level functions taking ids and primitives, run by ``rq worker`` (JSON
serializer) or, with the embedded fakeredis, by the process's job thread (``workers.runner``)."""
from rq import get_current_job

from service.application.store import EventStore
from engine.audit.verify import verify


def _connection():
    return get_current_job().connection


def verify_match(match_id: str) -> dict:
    """Re-read the match's stream, recompute the hash chain, re-fold from event 1 and compare with
    every stored snapshot. Read-only, so running it twice is harmless."""
    return verify(EventStore(_connection()), match_id)


def bot_turn(match_id: str, seat: int, version: int) -> dict:
    """The bot of ``seat`` moves if the match is still at ``version`` (idempotent: see bot_turns)."""
    from service.application.bot_turns import play_bot_turn
    return play_bot_turn(_connection(), match_id, seat, version)


def watch_turn(match_id: str, seat: int, version: int, attempt: int) -> dict:
    """Another attempt at a bot move the match still waits for (a worker may have died)."""
    from service.application.bot_turns import watch
    return watch(_connection(), match_id, seat, version, attempt)


def deadline_passed(match_id: str, seat: int, since_version: int, due: str) -> dict:
    """The deadline of ``seat``, waiting since ``since_version``, has passed unless it has moved."""
    from service.application.missed_deadlines import missed
    return missed(_connection(), match_id, seat, since_version, due)


def simulate_chunk(sim_id: str, start: int, count: int) -> dict:
    """Games ``start .. start+count-1`` of a simulation (records already stored are skipped)."""
    from service.application.simulations import run_chunk
    job = get_current_job()
    return run_chunk(job.connection, sim_id, start, count, job)
