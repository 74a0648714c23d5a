"""The app's Redis client and event store: a real server when REDIS_URL is set, else the embedded
fakeredis (service.application.connections), the store built by ``workers.wiring`` with its jobs port.

One client (with its thread-safe connection pool) is made per app and shared by every request;
``get_redis()`` hands it out through ``g`` in the flaskr manner. The client returns bytes, as RQ
needs; the event store decodes what it reads.
"""
import redis
from flask import current_app, g

from service.application.connections import connect
from service.application.store import EventStore
from workers.wiring import build_store


def init_app(app) -> None:
    client = connect(app.config.get("REDIS_URL"), app.config.get("FAKEREDIS_SERVER"))
    app.extensions["kifu_redis"] = client
    app.extensions["kifu_store"] = build_store(client, app.config["SNAPSHOT_EVERY"], app.config["STATE_CACHE_SIZE"],
                                               strict=app.testing)


def get_redis() -> redis.Redis:
    if "redis" not in g:
        g.redis = current_app.extensions["kifu_redis"]
    return g.redis


def get_store() -> EventStore:
    if "store" not in g:
        g.store = current_app.extensions["kifu_store"]
    return g.store
