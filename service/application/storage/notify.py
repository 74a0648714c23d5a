"""Subscriptions and deliveries as stored (service.application.notify: subscriptions, delivery). An
*owner* (a player, or one seat of a match: ``notify.subscriptions.Owner``) keeps them under keys of
its own slot (``keys.owned``):

  kifu:player:{p}:subs | kifu:{m}:seat:<s>:subs      hash: subscription id -> JSON
  ...:deliveries                                     hash: delivery id -> JSON record
  ...:log                                            sorted set of delivery ids by creation time
  ...:sending:<delivery>:<attempt>                   the claim under which one attempt is sent (SET NX EX)
  kifu:unsub:{<sha256>}                              an unsubscribe token -> "<owner>|<subscription id>"
  kifu:{m}:meta  ``notify:<seat>``                   the seat has subscriptions of its own

Every command names one key.
"""
import json

from service.application.storage import keys
from service.application.storage.replies import pair, text, texts


def subscription_count(store, owner) -> int:
    return store.redis.hlen(keys.owned(owner, "subs"))


def save_subscription(store, owner, sub: dict, unsubscribe_digest: str) -> None:
    """``sub`` kept (by its id), and its unsubscribe token (by the token's sha256) made to end it."""
    store.redis.hset(keys.owned(owner, "subs"), sub["id"], json.dumps(sub))
    store.redis.set(keys.unsubscribe(unsubscribe_digest), f"{owner}|{sub['id']}")


def subscriptions(store, owner) -> list[dict]:
    return [json.loads(text(v)) for v in store.redis.hvals(keys.owned(owner, "subs"))]


def subscription(store, owner, sub_id: str) -> dict | None:
    raw = store.redis.hget(keys.owned(owner, "subs"), sub_id)
    return None if raw is None else json.loads(text(raw))


def delete_subscription(store, owner, sub_id: str, unsubscribe_digest: str) -> None:
    store.redis.delete(keys.unsubscribe(unsubscribe_digest))
    store.redis.hdel(keys.owned(owner, "subs"), sub_id)


def unsubscribing(store, unsubscribe_digest: str) -> tuple[str, str] | None:
    """``(owner, subscription id)`` the unsubscribe token whose sha256 is ``unsubscribe_digest`` ends."""
    return pair(store.redis.get(keys.unsubscribe(unsubscribe_digest)), "|")


def mark_seat(store, match_id: str, seat: int, has_own: bool) -> None:
    """The match meta's ``notify:<seat>``: whether the seat has subscriptions of its own."""
    if has_own:
        store.redis.hset(keys.match(match_id, "meta"), f"notify:{seat}", "1")
    else:
        store.redis.hdel(keys.match(match_id, "meta"), f"notify:{seat}")


def add_delivery(store, owner, record: dict, at: float) -> bool:
    """The delivery recorded (HSETNX: once) and logged at ``at``; False when it was recorded before."""
    if not store.redis.hsetnx(keys.owned(owner, "deliveries"), record["id"], json.dumps(record, ensure_ascii=False)):
        return False
    store.redis.zadd(keys.owned(owner, "log"), {record["id"]: at})
    return True


def save_delivery(store, owner, record: dict) -> None:
    store.redis.hset(keys.owned(owner, "deliveries"), record["id"], json.dumps(record, ensure_ascii=False))


def delivery(store, owner, delivery_id: str) -> dict | None:
    raw = store.redis.hget(keys.owned(owner, "deliveries"), delivery_id)
    return None if raw is None else json.loads(text(raw))


def deliveries(store, owner, delivery_ids: list) -> list[dict | None]:
    """The records of ``delivery_ids`` (None where one is gone), one HMGET."""
    raw = store.redis.hmget(keys.owned(owner, "deliveries"), delivery_ids) if delivery_ids else []
    return [None if value is None else json.loads(text(value)) for value in raw]


def log_size(store, owner) -> int:
    return store.redis.zcard(keys.owned(owner, "log"))


def oldest(store, owner, count: int) -> list[str]:
    return texts(store.redis.zrange(keys.owned(owner, "log"), 0, count - 1))


def newest(store, owner, count: int) -> list[str]:
    return texts(store.redis.zrevrange(keys.owned(owner, "log"), 0, count - 1))


def drop_deliveries(store, owner, delivery_ids: list) -> None:
    store.redis.zrem(keys.owned(owner, "log"), *delivery_ids)
    store.redis.hdel(keys.owned(owner, "deliveries"), *delivery_ids)


def claim_sending(store, owner, delivery_id: str, attempt: int, seconds: int) -> bool:
    """The claim to send attempt ``attempt`` for ``seconds``; False while another run holds it."""
    return bool(store.redis.set(keys.owned(owner, f"sending:{delivery_id}:{attempt}"), 1, nx=True, ex=seconds))
