"""Composition: the event store as web and worker processes build it, its ``Jobs`` port wired to RQ
on the queue Redis (and, on the embedded store, to the process's job thread).

``store_client`` holds the event store's keys (a plain Redis, a ``RedisCluster``, or the embedded
fakeredis); ``queue_client`` holds RQ's queues and scheduler (a plain Redis; the store's client
when they share a server, always so on the embedded store)."""
from service.application.storage.state_cache import StateCache
from service.application.storage.store import EventStore
from workers import runner
from workers.queues import RqJobs, is_embedded


def build_store(store_client, queue_client=None, snapshot_every: int = 50, cache_size: int = 0,
                strict: bool = False, wait_replicas: int = 0, wait_ms: int = 1000) -> EventStore:
    cache = StateCache(cache_size, strict) if cache_size else None
    queue_client = store_client if queue_client is None else queue_client
    return EventStore(store_client, snapshot_every, cache, jobs=RqJobs(queue_client, wake=runner.wake),
                      strict=strict, wait_replicas=0 if is_embedded(store_client) else wait_replicas,
                      wait_ms=wait_ms)
