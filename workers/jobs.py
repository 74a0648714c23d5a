"""The job adapter's entry points (RQ jobs): plain module-level functions taking ids and primitives,
run by ``rq worker`` (JSON serializer) or, with the embedded fakeredis, by the process's job thread
(``workers.runner``). Each builds the event store as the web process does (``workers.wiring``, the
``KIFU_*`` settings) and calls the application."""
from rq import get_current_job

from engine.audit.verify import verify
from service.application import exports, settings
from service.application.bot_turns import play_bot_turn, watch
from service.application.missed_deadlines import missed
from service.application.simulations import run_chunk
from workers.wiring import build_store


def _store():
    configured = settings.from_env()
    return build_store(get_current_job().connection, configured["SNAPSHOT_EVERY"])


def verify_match(match_id: str) -> dict:
    """Re-read the match's stream, recompute the hash chain, re-fold from event 1 and compare with
    every stored snapshot. Read-only, so running it twice is harmless."""
    return verify(_store(), match_id)


def bot_turn(match_id: str, seat: int, version: int) -> dict:
    """The bot of ``seat`` moves if the match is still at ``version`` (idempotent: see bot_turns)."""
    return play_bot_turn(_store(), match_id, seat, version)


def watch_turn(match_id: str, seat: int, version: int, attempt: int) -> dict:
    """Another attempt at a bot move the match still waits for (a worker may have died)."""
    return watch(_store(), match_id, seat, version, attempt)


def deadline_passed(match_id: str, seat: int, since_version: int, due: str) -> dict:
    """The deadline of ``seat``, waiting since ``since_version``, has passed unless it has moved."""
    return missed(_store(), match_id, seat, since_version, due)


def simulate_chunk(sim_id: str, start: int, count: int) -> dict:
    """Games ``start .. start+count-1`` of a simulation (records already stored are skipped)."""
    job = get_current_job()

    def progress(done: int, total: int) -> None:
        job.meta["progress"] = {"done": done, "total": total}
        job.save_meta()
    return run_chunk(job.connection, sim_id, start, count, progress)


def export_dataset(export_id: str) -> dict:
    """Write a dataset export (service.application.exports); a retry resumes after its cursor."""
    return exports.run(_store(), export_id)
