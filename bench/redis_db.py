"""The Redis database the benches on real Redis fill and flush: db 3 of the local server (the test
suite's workers use 4-15, so a bench may run beside `./dev test`), or the one ``KIFU_BENCH_REDIS_URL``
names (another helper's or CI's server, say)."""
import os

import redis

REDIS_URL = os.environ.get("KIFU_BENCH_REDIS_URL", "redis://127.0.0.1:6379/3")


def flushed() -> redis.Redis:
    """A client of the bench database, flushed; exits naming the URL when no server answers."""
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.RedisError as e:
        raise SystemExit(f"no Redis at {REDIS_URL} ({e}); ./dev test starts one, KIFU_BENCH_REDIS_URL names another")
    client.flushdb()
    return client
