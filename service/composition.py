"""The composition root: the event store as web, CLI and worker processes build it — its ``Jobs``
port (RQ on the queue Redis; on a fakeredis queue, the jobs run in this process) and the reactions
that follow every commit (service.application.match.reactions), in their order. The one module that
knows both the application and the job adapter: the HTTP adapter and the application import
nothing from ``workers``.

``store_client`` holds the event store's keys (a plain Redis, a ``RedisCluster``, or the embedded
fakeredis); ``queue_client`` holds RQ's queues and the due jobs (a plain Redis; the store's client
when they share a server, always so on the embedded store; or a queue of the process's own,
``in_process_store``)."""
from service.application import settings
from service.application.identity.players import PlayersMatches
from service.application.match.automatic import AutoSteps
from service.application.match.listing import ListedMatches
from service.application.match.verifying import VerifyOnEnd
from service.application.notify.notices import Notices
from service.application.ratings.live import Ratings
from service.application.storage.connections import is_embedded
from service.application.storage.state_cache import StateCache
from service.application.storage.store import EventStore
from service.application.table.disputes import RevealOriginals
from service.application.table.seats import OpenSeats
from service.application.turns.reactions import BotTurns, Deadlines
from workers.queues import RqJobs
from workers.runner import InProcessJobs, caller_queue


def reactions(verify_on_end: bool = True, rating_min_moves: int = 2) -> tuple:
    """What follows every commit, in order: before the append, the due jobs (deadlines, bots' moves,
    notices) and the index entries; after it, the same queued or completed (the live followers are
    told by the append itself: storage/append.lua), then a continued original's seed revealed, a
    rated match's end in the ratings and the ended match verified; last, the moves seats' settings
    make for them (match.automatic), each a commit of its own followed by the same reactions."""
    return (Deadlines(), BotTurns(), Notices(), ListedMatches(), PlayersMatches(), OpenSeats(), RevealOriginals(),
            Ratings(rating_min_moves), *((VerifyOnEnd(),) if verify_on_end else ()), AutoSteps())


def build_store(store_client, queue_client=None, configured: dict | None = None, cache_size: int = 0,
                strict: bool = False) -> EventStore:
    """The event store on ``store_client``, its jobs on ``queue_client``, as ``configured`` says
    (service.application.settings: the ``KIFU_*`` settings; by default read from the environment, as
    workers and the CLI do; the web passes its app's config). ``cache_size``: the state cache (0: none).
    Jobs on a real Redis are run by the ``kifu worker`` processes; on a fakeredis, in this process
    (``workers.runner.InProcessJobs``)."""
    configured = settings.from_env() if configured is None else configured
    cache = StateCache(cache_size, strict) if cache_size else None
    queue_client = store_client if queue_client is None else queue_client
    jobs = InProcessJobs(queue_client) if is_embedded(queue_client) else \
        RqJobs(queue_client, configured["JOB_RESULT_TTL"], configured["JOB_FAILURE_TTL"])
    return EventStore(store_client, configured["SNAPSHOT_EVERY"], cache, jobs=jobs,
                      strict=strict,
                      wait_replicas=0 if is_embedded(store_client) else configured["STORE_WAIT_REPLICAS"],
                      wait_ms=configured["STORE_WAIT_MS"], reactions=reactions(configured["VERIFY_ON_END"],
                                                                configured["RATING_MIN_MOVES"]))


def in_process_store(store_client, configured: dict | None = None) -> EventStore:
    """The event store on ``store_client`` whose jobs (bots' moves, verification, notices) run in this
    process, in the caller's thread, when it calls ``store.jobs.run_pending()``: on a queue of the
    process's own, so nothing is left on the service's queues. How the CLI plays stored games: by the
    jobs and reactions that play them in the service."""
    return build_store(store_client, caller_queue(store_client), configured)
