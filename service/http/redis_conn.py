"""The app's Redis clients and event store (service.application.storage.connections): the store's client
(a plain Redis, a Redis Cluster, or the embedded fakeredis) and the queue Redis RQ uses, the store
built by ``service.composition`` with its jobs port on the queue Redis.

Config: STORE_URL (``KIFU_STORE_URL``; unset: REDIS_URL), QUEUE_URL (``KIFU_QUEUE_URL``; unset: the
store's server, and required when the store is a cluster: the app refuses to start without it),
STORE_WAIT_REPLICAS / STORE_WAIT_MS (``KIFU_STORE_WAIT_*``: WAIT after each append).

One client (with its thread-safe connection pool) is made per app and shared by every request;
``get_store()`` hands out the event store through ``g`` in the flaskr manner. The clients return
bytes, as RQ needs; the storage modules decode what they read.
"""
from flask import current_app, g

from service.application.storage.connections import open_clients
from service.application.storage.store import EventStore
from service.composition import build_store


def init_app(app) -> None:
    store_url = app.config.get("STORE_URL") or app.config.get("REDIS_URL")
    client, queue = open_clients(store_url, app.config.get("QUEUE_URL"), app.config.get("FAKEREDIS_SERVER"))
    app.extensions["kifu_redis"] = client
    app.extensions["kifu_queue_redis"] = queue
    app.extensions["kifu_store"] = build_store(client, queue, app.config, app.config["STATE_CACHE_SIZE"],
                                               strict=app.testing)


def get_redis():
    """The store's client (a ``redis.Redis``, a ``RedisCluster`` or the embedded fakeredis), for tools
    and tests that look at the stored keys themselves; the routes use the store (``get_store``), whose
    storage modules alone name keys (service.application.storage)."""
    return current_app.extensions["kifu_redis"]


def get_store() -> EventStore:
    if "store" not in g:
        g.store = current_app.extensions["kifu_store"]
    return g.store
