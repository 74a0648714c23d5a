"""RQ jobs. Plain module-level functions taking ids, run by ``rq worker`` (JSON serializer) or,
with the embedded fakeredis, in-process at enqueue time."""
from rq import get_current_job

from service.store import EventStore
from workers.verify import verify


def verify_match(match_id: str) -> dict:
    """Re-read the match's stream, recompute the hash chain, re-fold from event 1 and compare with
    every stored snapshot. Read-only, so running it twice is harmless."""
    return verify(EventStore(get_current_job().connection), match_id)
