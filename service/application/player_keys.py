"""Player keys: the credential of a player (issue 17), one per device, shown once and kept only as
its sha256, revocable one by one.

  kifu:player:{p}             hash: name, created_at, and ``key:<key id>`` -> JSON {label, created_at, hash}
  kifu:playerkey:{<sha256>}   string "<player id>:<key id>": which player a key is (its own slot)

A key is checked by one GET of its lookup key, only where a bearer token is not a seat's (the seat
tokens stay the fast path): ``seat_finder`` answers a match's seat bound to the key's player, and
reads nothing at all for a match no player is bound to. Revoking deletes the lookup first (from then
on the key opens nothing), then the player's record of it; both single-key commands (Redis Cluster).
"""
import json
import secrets

from service.application.auth import token_hash
from service.application.errors import Forbidden, NotFound, Unauthenticated
from service.application.seats import seat_count

KEY_PREFIX = "kp_"          # tells a player key from a seat token at a glance (in a support request, say)


def player_key(player_id: str) -> str:
    return f"kifu:player:{{{player_id}}}"


def lookup_key(digest: str) -> str:
    return f"kifu:playerkey:{{{digest}}}"


def text(value):
    """A value read from Redis (bytes: the clients do not decode) as a string."""
    return value.decode("utf-8") if isinstance(value, bytes) else value


def issue(redis, player_id: str, label: str, now: str) -> dict:
    """A new key for the player (a new device): ``{"key", "key_id"}``; the key is shown only here."""
    key, key_id = KEY_PREFIX + secrets.token_urlsafe(32), secrets.token_urlsafe(6)
    digest = token_hash(key)
    redis.hset(player_key(player_id), f"key:{key_id}", json.dumps({"label": label, "created_at": now, "hash": digest}))
    redis.set(lookup_key(digest), f"{player_id}:{key_id}")
    return {"key": key, "key_id": key_id}


def resolve(redis, digest: str) -> tuple[str, str] | None:
    """``(player id, key id)`` of the key whose sha256 is ``digest``, or None (unknown or revoked)."""
    found = redis.get(lookup_key(digest))
    if found is None:
        return None
    player_id, _, key_id = text(found).rpartition(":")
    return player_id, key_id


def authenticate(redis, key: str | None) -> tuple[str, str]:
    """The player and key id of a bearer player key; 401 without one, 403 for an unknown or revoked one."""
    if not key:
        raise Unauthenticated("unauthorized", "this needs a player key: Authorization: Bearer <player key> "
                              "(POST /players makes a player; a device signs in with POST /players/sign-in)")
    found = resolve(redis, token_hash(key))
    if found is None:
        raise Forbidden("bad_player_key", "that is not a player key, or it has been revoked")
    return found


def keys(redis, player_id: str) -> list[dict]:
    """The player's keys (never the key itself, nor its hash), oldest first."""
    raw = {text(k): text(v) for k, v in redis.hgetall(player_key(player_id)).items()}
    out = [{"key_id": k[4:], **{f: v for f, v in json.loads(raw[k]).items() if f != "hash"}}
           for k in raw if k.startswith("key:")]
    return sorted(out, key=lambda k: (k["created_at"], k["key_id"]))


def revoke(redis, player_id: str, key_id: str) -> None:
    raw = redis.hget(player_key(player_id), f"key:{key_id}")
    if raw is None:
        raise NotFound("key_not_found", f"the player has no key {key_id!r}")
    redis.delete(lookup_key(json.loads(text(raw))["hash"]))     # from now on the key opens nothing
    redis.hdel(player_key(player_id), f"key:{key_id}")


def bound_seats(meta: dict) -> dict:
    """``{player id: seat}`` of a match's seats bound to a player (meta ``player:<seat>``), seat by
    seat (a meta read as asked for is not read whole)."""
    return {meta[f"player:{s}"]: s for s in range(seat_count(meta)) if meta.get(f"player:{s}")}


def seat_finder(redis):
    """``find(meta, digest) -> seat | None``: the seat of the match bound to the player whose key
    hashes to ``digest`` (auth.identify's fallback after the seat tokens)."""
    def find(meta: dict, digest: str) -> int | None:
        bound = bound_seats(meta)
        if not bound:
            return None                   # no player at this table: nothing to read
        found = resolve(redis, digest)
        return bound.get(found[0]) if found else None
    return find
