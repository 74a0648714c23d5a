"""Redis clients: a real server when a URL is given, else the process's embedded fakeredis.

A client returns bytes, as RQ needs; the event store decodes what it reads.
"""
import threading
from urllib.parse import urlsplit

import fakeredis
import redis

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


def describe_url(url: str | None) -> str:
    """Where the store lives, for logs: host, port and db only (never a password)."""
    if not url:
        return "embedded fakeredis (in-process; jobs run in-process)"
    parts = urlsplit(url)
    return f"Redis at {parts.hostname}:{parts.port or 6379}{parts.path or '/0'}"
