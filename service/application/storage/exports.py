"""Dataset exports as stored (service.application.datasets.exports): ``kifu:export:<id>``, a hash of
spec (JSON), created_at, requested_by, expires_at, done, total and cursor, expiring with the
export; one key, so it lives in one slot on a Redis Cluster.
The files themselves are on disk (``KIFU_EXPORT_DIR``), never in Redis."""
import json

from service.application.storage import keys
from service.application.storage.replies import text, text_map


def create(store, export_id: str, spec: dict, created_at: str, requested_by: str = "", expires_at: float = 0,
           ttl: int = 0) -> None:
    """The export's record, gone ``ttl`` seconds on (0: kept), with who asked and when it expires."""
    pipe = store.redis.pipeline(transaction=True)        # one key: one slot
    pipe.hset(keys.export(export_id), mapping={"spec": json.dumps(spec), "created_at": created_at,
                                               "done": 0, "total": 0, "requested_by": requested_by,
                                               "expires_at": f"{expires_at:.3f}" if expires_at else ""})
    if ttl:
        pipe.expire(keys.export(export_id), ttl)
    pipe.execute()


def remove(store, export_id: str) -> None:
    store.redis.delete(keys.export(export_id))


def spec(store, export_id: str) -> dict:
    return json.loads(text(store.redis.hget(keys.export(export_id), "spec")))


def record_progress(store, export_id: str, **fields) -> None:
    """``done``, ``total``, ``cursor`` as the job has them."""
    store.redis.hset(keys.export(export_id), mapping=fields)


def read(store, export_id: str) -> dict:
    """The export's hash (``{}``: no such export)."""
    return text_map(store.redis.hgetall(keys.export(export_id)))
