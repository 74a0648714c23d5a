"""Rate limits of what may be tried without end (issue 33): sign-ins per client address, sign-in codes
made per player (service.application.identity.players). A counter per limited thing, ``kifu:rate:{<thing>}``:
its first count starts a window of ``window`` seconds (the key's time to live), after which it is
gone and counting starts again; past ``limit`` counts in the window each one is refused (429 with
``Retry-After``: the seconds the window has left). A fixed window from the first count, so at most
twice the limit can pass in a window's length across two windows; enough to bound guessing.

One single-key script per count (INCR, and EXPIRE when the key has no time to live yet), so a
counter never outlives its window even when a count races the key's expiry, and it runs on a Redis
Cluster (its own slot)."""
from service.application.errors import Throttled

COUNT = """
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
"""


def counter_key(thing: str) -> str:
    return f"kifu:rate:{{{thing}}}"


def take(redis, thing: str, limit: int, window: int, code: str, what: str) -> None:
    """Count one more of ``thing``; Throttled ``code`` once it is over ``limit`` in the window (0: no
    limit, nothing counted). ``what`` says what was counted, for the message."""
    if not limit:
        return
    n, ttl = redis.register_script(COUNT)(keys=[counter_key(thing)], args=[window])
    if int(n) > limit:
        wait = max(1, int(ttl))
        raise Throttled(code, f"at most {limit} {what} in {window} s; try again in {wait} s", retry_after=wait)
