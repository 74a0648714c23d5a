"""The composition root: the event store as web, CLI and worker processes build it — its ``Jobs``
port (RQ on the queue Redis; on the embedded store, the process's job thread) and the reactions that
follow every commit (service.application.match.reactions), in their order. The one module that
knows both the application and the job adapter: the HTTP adapter and the application import
nothing from ``workers``.

``store_client`` holds the event store's keys (a plain Redis, a ``RedisCluster``, or the embedded
fakeredis); ``queue_client`` holds RQ's queues and the due jobs (a plain Redis; the store's client
when they share a server, always so on the embedded store)."""
from service.application import settings
from service.application.identity.players import PlayersMatches
from service.application.match.listing import ListedMatches
from service.application.match.verifying import VerifyOnEnd
from service.application.notify.notices import Notices
from service.application.storage.connections import is_embedded
from service.application.storage.state_cache import StateCache
from service.application.storage.store import EventStore
from service.application.table.disputes import RevealOriginals
from service.application.table.seats import OpenSeats
from service.application.turns.reactions import BotTurns, Deadlines
from workers import runner
from workers.queues import RqJobs


def reactions(verify_on_end: bool = True) -> tuple:
    """What follows every commit, in order: before the append, the due jobs (deadlines, bots' moves,
    notices) and the index entries; after it, the same queued or completed, then a continued
    original's seed revealed and the ended match verified."""
    return (Deadlines(), BotTurns(), Notices(), ListedMatches(), PlayersMatches(), OpenSeats(), RevealOriginals(),
            *((VerifyOnEnd(),) if verify_on_end else ()))


def build_store(store_client, queue_client=None, configured: dict | None = None, cache_size: int = 0,
                strict: bool = False, jobs=None) -> EventStore:
    """The event store on ``store_client``, its jobs on ``queue_client``, as ``configured`` says
    (service.application.settings: the ``KIFU_*`` settings; by default read from the environment, as
    workers and the CLI do; the web passes its app's config). ``cache_size``: the state cache (0: none);
    ``jobs``: another Jobs adapter than RQ's."""
    configured = settings.from_env() if configured is None else configured
    cache = StateCache(cache_size, strict) if cache_size else None
    queue_client = store_client if queue_client is None else queue_client
    jobs = jobs or RqJobs(queue_client, wake=runner.wake)
    return EventStore(store_client, configured["SNAPSHOT_EVERY"], cache, jobs=jobs,
                      strict=strict,
                      wait_replicas=0 if is_embedded(store_client) else configured["STORE_WAIT_REPLICAS"],
                      wait_ms=configured["STORE_WAIT_MS"], reactions=reactions(configured["VERIFY_ON_END"]))
