"""Redis connections: a real server when REDIS_URL is set, else one embedded fakeredis per process.

One client (with its thread-safe connection pool) is made per app and shared by every request;
``get_redis()`` hands it out through ``g`` in the flaskr manner. The client returns bytes, as RQ
needs; the event store decodes what it reads.
"""
import threading
from urllib.parse import urlsplit

import fakeredis
import redis
from flask import current_app, g

from service.application.state_cache import StateCache
from service.application.store import EventStore

_embedded_server = None
_embedded_lock = threading.Lock()


def embedded_server() -> fakeredis.FakeServer:
    """The process-wide in-memory Redis used when no REDIS_URL is configured."""
    global _embedded_server
    with _embedded_lock:
        if _embedded_server is None:
            _embedded_server = fakeredis.FakeServer()
        return _embedded_server


def connect(url: str | None = None, server: fakeredis.FakeServer | None = None) -> redis.Redis:
    if url:
        return redis.Redis.from_url(url)
    return fakeredis.FakeRedis(server=server or embedded_server())


def is_embedded(client) -> bool:
    return isinstance(client, fakeredis.FakeRedis)


def describe_url(url: str | None) -> str:
    """Where the store lives, for logs: host, port and db only (never a password)."""
    if not url:
        return "embedded fakeredis (in-process; jobs run in-process)"
    parts = urlsplit(url)
    return f"Redis at {parts.hostname}:{parts.port or 6379}{parts.path or '/0'}"


def init_app(app) -> None:
    client = connect(app.config.get("REDIS_URL"), app.config.get("FAKEREDIS_SERVER"))
    app.extensions["kifu_redis"] = client
    cache = StateCache(app.config["STATE_CACHE_SIZE"]) if app.config["STATE_CACHE_SIZE"] else None
    app.extensions["kifu_store"] = EventStore(client, app.config["SNAPSHOT_EVERY"], cache)


def get_redis() -> redis.Redis:
    if "redis" not in g:
        g.redis = current_app.extensions["kifu_redis"]
    return g.redis


def get_store() -> EventStore:
    if "store" not in g:
        g.store = current_app.extensions["kifu_store"]
    return g.store
