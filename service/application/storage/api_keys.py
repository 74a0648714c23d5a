"""API keys as stored (service.application.identity.api_keys): only each key's sha256 is kept.

  kifu:apikeys                          hash: name -> sha256 of the key
  kifu:apikey:{<sha256>}                hash: name, created_at, daily_cpu_seconds ("" = the
                                        KIFU_SIM_DAILY_CPU_SECONDS default; 0 = no daily limit)
  kifu:apikey:{<sha256>}:used:<day>     CPU-seconds charged on that UTC day (kept ``kept`` seconds)

Each key's own keys share the hash tag ``{<sha256>}`` (one Cluster slot); every command names one key.
"""
from service.application.storage import keys
from service.application.storage.replies import text, text_map


def add(store, name: str, digest: str, record: dict) -> bool:
    """The key named ``name`` recorded; False when that name is taken."""
    if not store.redis.hsetnx(keys.API_KEYS, name, digest):
        return False
    store.redis.hset(keys.api_key(digest), mapping=record)
    return True


def remove(store, name: str) -> bool:
    """The key named ``name`` gone (its record first: from then on it opens nothing); False if none."""
    digest = store.redis.hget(keys.API_KEYS, name)
    if digest is None:
        return False
    store.redis.delete(keys.api_key(text(digest)))
    store.redis.hdel(keys.API_KEYS, name)
    return True


def names(store) -> dict[str, str]:
    """Every key's name -> its sha256."""
    return text_map(store.redis.hgetall(keys.API_KEYS))


def record(store, digest: str) -> dict:
    """The record of the key whose sha256 is ``digest`` (``{}``: no such key)."""
    return text_map(store.redis.hgetall(keys.api_key(digest)))


def used(store, digest: str, day: str) -> int:
    return int(store.redis.get(keys.api_key_used(digest, day)) or 0)


def charge(store, digest: str, day: str, cost: int, kept: int) -> int:
    """``cost`` added to the key's use on ``day``: the use now."""
    used_key = keys.api_key_used(digest, day)
    now_used = store.redis.incrby(used_key, cost)
    store.redis.expire(used_key, kept)
    return now_used


def refund(store, digest: str, day: str, cost: int) -> None:
    store.redis.decrby(keys.api_key_used(digest, day), cost)
