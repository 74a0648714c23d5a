"""Idempotency keys' records (service.application.idempotency): ``kifu:idem:{<sha256>}``, one per
caller and key, in its own slot. A record is ``<nonce> <json>``: the reservation a first request
takes (``pending``, for a lease), then the answer it gave (``done``, or ``unconfirmed`` for a new
match whose append no replica confirmed in time), kept until the key expires.

Two single-key scripts, so they run on a Redis Cluster: ``reserve`` takes the key only if no record
is there (else gives the record found), and ``replace`` writes (or deletes) a record only while it
is still the reservation the caller took (its nonce), so a request whose lease ran out cannot
overwrite the answer of the request that took the key after it."""
from service.application.storage import keys
from service.application.storage.replies import text

RESERVE = """
local found = redis.call('GET', KEYS[1])
if found then return found end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return false
"""

REPLACE = """
local found = redis.call('GET', KEYS[1])
if not found or string.sub(found, 1, string.len(ARGV[1]) + 1) ~= ARGV[1] .. ' ' then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
end
return 1
"""


def reserve(store, digest: str, record: str, lease: int) -> str | None:
    """Take the key with ``record`` for ``lease`` seconds if it has none; else the record found."""
    found = store.redis.register_script(RESERVE)(keys=[keys.idempotency(digest)], args=[record, lease])
    return None if found is None else text(found)


def replace(store, digest: str, nonce: str, record: str | None, ttl: int = 0) -> bool:
    """Write ``record`` for ``ttl`` seconds (None: delete the key) if the key still holds the
    record of ``nonce``; whether it did."""
    return bool(store.redis.register_script(REPLACE)(keys=[keys.idempotency(digest)],
                                                      args=[nonce, record or "", ttl]))


def write(store, digest: str, record: str, ttl: int) -> None:
    """Overwrite the key's record (an unconfirmed creation confirmed since), keeping ``ttl``."""
    store.redis.set(keys.idempotency(digest), record, ex=max(1, ttl))


def seconds_left(store, digest: str) -> int:
    return int(store.redis.ttl(keys.idempotency(digest)))
