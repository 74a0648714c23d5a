"""What the table writes outside the stream (service.application.table: seats, rematch): claims on a
match's meta that append no event, and the lobby's index of open seats.

  kifu:{m}:meta      ``claimed:<seat>`` (HSETNX: exactly one claim wins a seat) and the seat token it
                     hands out, ``token:<sha256>`` -> seat; ``invite:<seat>`` (sha256 of the code);
                     ``rematch_claim`` (when a seat began starting the rematch)
  kifu:open-seats    sorted set, member ``<match_id>:<seat>``, scored by when the seat was listed

Every command names one key: the meta writes stay in the match's slot, the index is global.
"""
from service.application.storage import keys
from service.application.storage.replies import pair


def list_open_seats(store, match_id: str, seats: list[int], now: float) -> None:
    if seats:
        store.redis.zadd(keys.OPEN_SEATS, {f"{match_id}:{seat}": now for seat in seats})


def newest_open_seats(store, count: int) -> list[tuple[str, str]]:
    """``(match_id, seat)`` of the ``count`` seats listed last, newest first."""
    return [pair(member) for member in store.redis.zrevrange(keys.OPEN_SEATS, 0, count - 1)]


def unlist_open_seats(store, seats: list[tuple[str, str]]) -> None:
    if seats:
        store.redis.zrem(keys.OPEN_SEATS, *(f"{match_id}:{seat}" for match_id, seat in seats))


def claim_seat(store, match_id: str, seat: int, token_digest: str, now: float) -> bool:
    """The seat claimed, its token recorded and the seat out of the lobby; False when a claim was first."""
    meta = keys.match(match_id, "meta")
    if not store.redis.hsetnx(meta, f"claimed:{seat}", str(now)):
        return False
    store.redis.hset(meta, f"token:{token_digest}", str(seat))
    store.redis.zrem(keys.OPEN_SEATS, f"{match_id}:{seat}")
    return True


def seat_claimed(store, match_id: str, seat: int) -> bool:
    """Read afresh from the store, not from a meta read earlier."""
    return bool(store.redis.hexists(keys.match(match_id, "meta"), f"claimed:{seat}"))


def set_invite(store, match_id: str, seat: int, code_digest: str) -> None:
    store.redis.hset(keys.match(match_id, "meta"), f"invite:{seat}", code_digest)


def claim_rematch(store, match_id: str, now: float, stale_after: float) -> bool:
    """The rematch claimed at ``now``: False while another claim younger than ``stale_after`` seconds
    stands (an older one is taken over)."""
    meta = keys.match(match_id, "meta")
    if store.redis.hsetnx(meta, "rematch_claim", str(now)):
        return True
    held = store.redis.hget(meta, "rematch_claim")
    if held is not None and now - float(held) < stale_after:
        return False
    store.redis.hset(meta, "rematch_claim", str(now))
    return True
