"""Redis clients: a real server or a Redis Cluster when a URL is given, else the process's embedded
fakeredis.

Two roles (README "Past one machine"):
  the store   ``KIFU_STORE_URL``, falling back to ``REDIS_URL``: the event store's keys. It may name
              a Redis Cluster: ``redis+cluster://host:port`` (any node; the others are discovered)
              or a ``?cluster=1`` flag on a ``redis://`` URL, and then it is redis-py's
              ``RedisCluster``.
  the queues  ``KIFU_QUEUE_URL``: RQ's queues and jobs, and the due jobs (workers.due: bots' moves and
              deadlines, swept by ``kifu worker``). RQ cannot run on a cluster, so a
              clustered store needs a plain Redis here; otherwise it defaults to the store's server.

A client returns bytes (not decoded), as RQ needs; the event store decodes what it reads.
"""
import threading
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import fakeredis
import redis
from redis.cluster import RedisCluster
from redis.exceptions import (ClusterDownError, ClusterError, ConnectionError as RedisConnectionError, MovedError,
                              ReadOnlyError, RedisClusterException, TimeoutError as RedisTimeoutError,
                              TryAgainError)

# redis-py's default socket timeout (5 s) is shorter than the feed's blocking XREAD (SSE_KEEPALIVE_MS,
# 15 s): every wait ended in TimeoutError and the live feed died. Reads may block this long.
SOCKET_TIMEOUT = 60.0
CONNECT_TIMEOUT = 5.0

# What redis-py raises while the store cannot answer: refused or dropped connections, timeouts, a
# cluster that is down, moving a slot, promoting a replica or with no reachable node. The HTTP
# adapter answers them 503 store_unavailable, the `kifu` command with one line and exit status 3.
UNAVAILABLE = (RedisConnectionError, RedisTimeoutError, ClusterDownError, ClusterError, TryAgainError, MovedError,
               ReadOnlyError, RedisClusterException)

_embedded_server = None
_embedded_lock = threading.Lock()


class TopologyError(ValueError):
    """The configured URLs cannot work together (a clustered store with no queue Redis, RQ on a cluster)."""


def embedded_server() -> fakeredis.FakeServer:
    """The process-wide in-memory Redis used when no REDIS_URL is configured."""
    global _embedded_server
    with _embedded_lock:
        if _embedded_server is None:
            _embedded_server = fakeredis.FakeServer()
        return _embedded_server


def is_embedded(client) -> bool:
    """Whether ``client`` is the in-process fakeredis (no URL given): its jobs run on the process's thread."""
    return isinstance(client, fakeredis.FakeRedis)


def is_cluster(url: str | None) -> bool:
    """Whether ``url`` names a Redis Cluster: ``redis+cluster://`` (``rediss+cluster://``) or ``?cluster=1``."""
    if not url:
        return False
    parts = urlsplit(url)
    return parts.scheme.endswith("+cluster") or \
        any(k == "cluster" and v.lower() in ("1", "true", "yes") for k, v in parse_qsl(parts.query))


def _plain(url: str) -> str:
    """``url`` as redis-py reads it: the ``+cluster`` scheme suffix and the ``cluster`` flag removed."""
    parts = urlsplit(url)
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "cluster"])
    return urlunsplit((parts.scheme.removesuffix("+cluster"), parts.netloc, parts.path, query, parts.fragment))


def connect(url: str | None = None, server: fakeredis.FakeServer | None = None):
    """A client for ``url``: ``RedisCluster`` for a cluster URL, ``redis.Redis`` for a plain one, the
    embedded fakeredis (``server``, or the process's) for none."""
    if not url:
        return fakeredis.FakeRedis(server=server or embedded_server())
    if is_cluster(url):
        return RedisCluster.from_url(_plain(url), socket_connect_timeout=2, socket_timeout=SOCKET_TIMEOUT)
    return redis.Redis.from_url(url, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=CONNECT_TIMEOUT)


def ping(url: str) -> None:
    """Ask the server at ``url`` once, on a client of its own closed after; raises what the client
    raises when it does not answer."""
    client = connect(url)
    try:
        client.ping()
    finally:
        client.close()


def store_url(environ) -> str | None:
    return environ.get("KIFU_STORE_URL") or environ.get("REDIS_URL") or None


def queue_url(environ) -> str | None:
    return environ.get("KIFU_QUEUE_URL") or None


def check_topology(store: str | None, queue: str | None) -> None:
    """Refuse URLs that cannot work together, before connecting to anything."""
    if is_cluster(queue):
        raise TopologyError(f"KIFU_QUEUE_URL ({describe_url(queue)}) names a Redis Cluster; the job queues "
                            "(RQ) and the due jobs (bots' moves, deadlines) need one plain Redis server, "
                            "whose keys live together (e.g. redis://queue-host:6379/0)")
    if is_cluster(store) and not queue:
        raise TopologyError(f"the store ({describe_url(store)}) is a Redis Cluster; kifu also needs a plain "
                            "Redis server for its job queues (RQ) and due jobs (bots' moves, deadlines), which "
                            "cannot run on a cluster: set KIFU_QUEUE_URL to it, the same for the web, every "
                            "kifu worker and kifu verify / replay (e.g. KIFU_QUEUE_URL=redis://queue-host:6379/0)")
    if queue and not store:
        raise TopologyError("KIFU_QUEUE_URL is set but no store URL (KIFU_STORE_URL or REDIS_URL): "
                            "the embedded store lives inside one process, which workers cannot reach")


def open_clients(store: str | None, queue: str | None, server: fakeredis.FakeServer | None = None):
    """``(store client, queue client)``; the same client when the queues share the store's server."""
    check_topology(store, queue)
    store_client = connect(store, server)
    return store_client, (connect(queue) if queue else store_client)


def describe_url(url: str | None) -> str:
    """Where the store lives, for logs: host, port and db only (never a password)."""
    if not url:
        return "embedded fakeredis (in-process; jobs run in-process)"
    parts = urlsplit(url)
    if is_cluster(url):
        return f"Redis Cluster via {parts.hostname}:{parts.port or 6379}"
    return f"Redis at {parts.hostname}:{parts.port or 6379}{parts.path or '/0'}"
