"""The listing's indexes (service.application.match.listing says what is listed, and when): sorted sets
of match ids scored by creation time (milliseconds since the epoch).

  kifu:index:all                          every listed match
  kifu:index:status:running | :ended      by status
  kifu:index:game:<game>                  by game
  kifu:index:variant:<game>:<variant>     by game and variant
  kifu:index:player:<seat name>           by seat name (exact)

Redis Cluster: each index is written by its own single-key command (ZADD / ZREM), never inside
append.lua, and nothing lists keys (no KEYS / SCAN): a walk reads one index and each match's meta
by single-key HMGETs.
"""
from service.application.storage import keys
from service.application.storage.replies import text


def status_index(status: str) -> str:
    return keys.index(f"status:{status}")


def driving_index(game=None, variant=None, status=None, player=None) -> str:
    """The most selective index for a filter; the rest of the filter is checked on each match's meta."""
    if player is not None:
        return keys.index(f"player:{player}")
    if game is not None and variant is not None:
        return keys.index(f"variant:{game}:{variant}")
    if game is not None:
        return keys.index(f"game:{game}")
    if status is not None:
        return status_index(status)
    return keys.index("all")


def _indexes(game: str, variant: str, status: str, names) -> list[str]:
    return [keys.index("all"), status_index(status), keys.index(f"game:{game}"),
            keys.index(f"variant:{game}:{variant}")] + [keys.index(f"player:{name}") for name in set(names)]


def add(store, match_id: str, score: int, game: str, variant: str, status: str, names) -> None:
    """The match in every index it belongs to: idempotent single-key ZADDs in one pipeline round trip
    (not a transaction: the keys lie in different slots)."""
    pipe = store.redis.pipeline(transaction=False)
    for index in _indexes(game, variant, status, names):
        pipe.zadd(index, {match_id: score})
    pipe.execute()


def remove(store, match_id: str, game: str, variant: str, status: str, names) -> None:
    """The match out of every index ``add`` put it in (single-key ZREMs, one round trip)."""
    pipe = store.redis.pipeline(transaction=False)
    for index in _indexes(game, variant, status, names):
        pipe.zrem(index, match_id)
    pipe.execute()


def left_running(store, match_id: str) -> None:
    store.redis.zrem(status_index("running"), match_id)


def walk(store, index: str, fields: list, since: int | None = None, after: tuple | None = None,
         batch: int = 200):
    """Yield ``(score, match_id, meta)`` for every entry of ``index`` after ``after`` (a ``(score,
    match_id)`` already seen) and created at or after ``since`` (ms), oldest first, reading each
    match's ``fields`` (``store.metas_fields``: one pipelined round trip a batch); ``meta`` is None
    for a match that is gone."""
    low, ties = (since if since is not None else float("-inf")), 0
    if after is not None:
        a_score, a_id = after
        if since is None or a_score >= since:
            low = a_score
            ties = sum(1 for m in store.redis.zrangebyscore(index, a_score, a_score) if text(m) <= a_id)
    while True:
        raw = store.redis.zrangebyscore(index, low, "+inf", start=ties, num=batch, withscores=True)
        if not raw:
            return
        ids = [text(member) for member, _ in raw]
        for match_id, (_, score), values in zip(ids, raw, store.metas_fields(ids, fields)):
            meta = {f: v for f, v in zip(fields, values) if v is not None}
            yield int(score), match_id, (meta if "version" in meta else None)
        last = int(raw[-1][1])
        ties = (ties + len(raw)) if last == low else sum(1 for _, s in raw if int(s) == last)
        low = last
        if len(raw) < batch:
            return


def count(store, index: str, since: int | None = None) -> int:
    """How many entries ``index`` holds from ``since`` (ms) on."""
    return store.redis.zcount(index, since if since is not None else "-inf", "+inf")
