"""Rate limits' counters (service.application.identity.rate_limits): ``kifu:rate:{<thing>}``, one per
limited thing, in its own slot, gone when its window ends (the key's time to live).

One single-key script per count (INCR, and EXPIRE when the key has no time to live yet), so a
counter never outlives its window even when a count races the key's expiry, and it runs on a Redis
Cluster."""
from service.application.storage import keys

COUNT = """
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1]) * 1000
end
return {n, ttl}
"""


def count(store, thing: str, window: int) -> tuple[int, int]:
    """One more of ``thing``: how many in its window so far, and the whole seconds until the window
    has ended (a first count starts a window of ``window`` seconds). Rounded up: a client that waits
    that long is past the window (TTL's rounding could say 1 with 1.4 s left)."""
    n, ttl_ms = store.redis.register_script(COUNT)(keys=[keys.rate(thing)], args=[window])
    return int(n), -(-int(ttl_ms) // 1000)
