"""Composition: the event store as web and worker processes build it, its ``Jobs`` port wired to RQ
(and, on the embedded store, to the process's job thread)."""
from service.application.state_cache import StateCache
from service.application.store import EventStore
from workers import runner
from workers.queues import RqJobs


def build_store(client, snapshot_every: int = 50, cache_size: int = 0, strict: bool = False) -> EventStore:
    cache = StateCache(cache_size) if cache_size else None
    return EventStore(client, snapshot_every, cache, jobs=RqJobs(client, wake=runner.wake), strict=strict)
