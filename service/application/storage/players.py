"""Players as stored (service.application.identity: players, player_keys): a player's record and its
keys, the lookups that tell which player a key is, one-time sign-in codes, the seats bound to a
player and each player's list of matches.

  kifu:player:{p}             hash: name, created_at, ``language`` (the player's preference, issue 39;
                              none: not chosen), ``keys_made`` (a counter), ``key:<key id>`` ->
                              JSON {label, created_at, hash, n (the key's place in the order keys were
                              made), made_by (the key whose sign-in code made it; none for the first)},
                              ``revoked:<key id>`` while the key's revocation is under way
  kifu:playerkey:{<sha256>}   string "<player id>:<key id>": which player a key is (its own slot)
  kifu:signin:{<sha256>}      string "<player id>:<key id that made it>", a one-time code, taken with GETDEL
  kifu:player:{p}:matches     sorted set of the player's match ids, scored by creation time
  kifu:{m}:meta               ``player:<seat>`` -> the player id the seat is bound to (HSETNX)

Both writes of a player's record that must see the whole of it are single-key scripts on its hash
(Redis Cluster): ``ISSUE`` records a new key only while the key that made its code stands, and
``REVOKE`` marks a key and its whole line of descent ``revoked:<id>`` at once.
"""
import json

from service.application.storage import keys
from service.application.storage.replies import pair, text, text_map, texts

ISSUE = """
local made_by = ARGV[3]
if made_by ~= '' and (redis.call('HEXISTS', KEYS[1], 'key:' .. made_by) == 0
                      or redis.call('HEXISTS', KEYS[1], 'revoked:' .. made_by) == 1) then
  return 0
end
local record = cjson.decode(ARGV[2])
record.n = redis.call('HINCRBY', KEYS[1], 'keys_made', 1)
redis.call('HSET', KEYS[1], 'key:' .. ARGV[1], cjson.encode(record))
return record.n
"""

REVOKE = """
local children, hashes, revoked = {}, {}, {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local field, value = all[i], all[i + 1]
  if string.sub(field, 1, 4) == 'key:' then
    local id, record = string.sub(field, 5), cjson.decode(value)
    hashes[id] = record.hash
    if type(record.made_by) == 'string' then
      children[record.made_by] = children[record.made_by] or {}
      table.insert(children[record.made_by], id)
    end
  elseif string.sub(field, 1, 8) == 'revoked:' then
    revoked[string.sub(field, 9)] = true
  end
end
local status = 'revoked'
if not hashes[ARGV[2]] then
  status = 'not_found'
elseif not hashes[ARGV[1]] or revoked[ARGV[1]] then
  status = 'revoker_gone'
else
  local line = {ARGV[2]}
  while #line > 0 do
    local id = table.remove(line)
    if not revoked[id] then
      revoked[id] = true
      redis.call('HSET', KEYS[1], 'revoked:' .. id, '1')
      for _, child in ipairs(children[id] or {}) do table.insert(line, child) end
    end
  end
end
local out = {status}
for id in pairs(revoked) do
  table.insert(out, id)
  table.insert(out, hashes[id] or '')
end
return out
"""


def create(store, player_id: str, name: str, created_at: str) -> None:
    store.redis.hset(keys.player(player_id), mapping={"name": name, "created_at": created_at})


def fields(store, player_id: str, names: list) -> list:
    """The player record's ``names`` (None where it has none)."""
    return texts(store.redis.hmget(keys.player(player_id), names))


def set_field(store, player_id: str, field: str, value: str | None) -> None:
    """The player record's ``field`` set to ``value`` (None: removed)."""
    if value is None:
        store.redis.hdel(keys.player(player_id), field)
    else:
        store.redis.hset(keys.player(player_id), field, value)


def name(store, player_id: str) -> str:
    return text(store.redis.hget(keys.player(player_id), "name") or b"")


def key_records(store, player_id: str) -> dict[str, dict]:
    """The player's keys by key id: their records as stored."""
    return {k[4:]: json.loads(v) for k, v in text_map(store.redis.hgetall(keys.player(player_id))).items()
            if k.startswith("key:")}


def add_key(store, player_id: str, key_id: str, record: dict, made_by: str | None) -> bool:
    """``record`` kept as the player's key ``key_id`` (numbered in the order keys are made), unless
    ``made_by`` (the key whose sign-in code this is) no longer stands or is being revoked."""
    script = store.redis.register_script(ISSUE)
    return bool(script(keys=[keys.player(player_id)], args=[key_id, json.dumps(record), made_by or ""]))


def key_stands(store, player_id: str, key_id: str) -> bool:
    """The key is recorded and no revocation of it is under way."""
    stands, revoking = store.redis.hmget(keys.player(player_id), [f"key:{key_id}", f"revoked:{key_id}"])
    return stands is not None and revoking is None


def add_lookup(store, digest: str, player_id: str, key_id: str) -> None:
    """The key whose sha256 is ``digest`` opens the player's door from now on."""
    store.redis.set(keys.player_key(digest), f"{player_id}:{key_id}")


def drop_lookup(store, digest: str) -> None:
    store.redis.delete(keys.player_key(digest))


def lookup(store, digest: str) -> tuple[str, str] | None:
    """``(player id, key id)`` of the key whose sha256 is ``digest``, or None."""
    return pair(store.redis.get(keys.player_key(digest)))


def mark_revoked(store, player_id: str, by: str, key_id: str) -> tuple[str, dict]:
    """Key ``by`` marks key ``key_id`` and its line of descent revoked (``REVOKE``): the status
    (``revoked``, ``not_found``, ``revoker_gone``) and every key marked so far, by key id, with the
    sha256 of each (empty for one no longer recorded)."""
    status, *rest = texts(store.redis.register_script(REVOKE)(keys=[keys.player(player_id)], args=[by, key_id]))
    return status, dict(zip(rest[::2], rest[1::2]))


def forget_keys(store, player_id: str, line: dict) -> None:
    """The keys of ``line`` (key id -> sha256) gone: first their lookups (one round trip; from then
    on they open nothing), then their records."""
    pipe = store.redis.pipeline(transaction=False)
    for digest in filter(None, line.values()):
        pipe.delete(keys.player_key(digest))
    pipe.execute()
    store.redis.hdel(keys.player(player_id), *(f"{kind}:{k}" for k in line for kind in ("key", "revoked")))


def add_sign_in_code(store, digest: str, player_id: str, key_id: str, seconds: int) -> None:
    store.redis.set(keys.sign_in_code(digest), f"{player_id}:{key_id}", ex=seconds)


def take_sign_in_code(store, digest: str) -> tuple[str, str] | None:
    """``(player id, key id that made it)`` of the code whose sha256 is ``digest``, which is gone
    from then on (GETDEL: it works once); None for an unknown, used or expired code."""
    found = pair(store.redis.getdel(keys.sign_in_code(digest)))
    return found if found and found[0] else None


def bind_seat(store, match_id: str, seat: int, player_id: str, name: str) -> bool:
    """The seat bound to the player (meta ``player:<seat>``, HSETNX) and named by its account ``name``
    (``player_name:<seat>``); False when it is bound to another."""
    meta = keys.match(match_id, "meta")
    if not (store.redis.hsetnx(meta, f"player:{seat}", player_id)
            or text(store.redis.hget(meta, f"player:{seat}")) == player_id):
        return False
    store.redis.hset(meta, f"player_name:{seat}", name)
    return True


def add_match(store, player_ids, match_id: str, score: int) -> None:
    """The match in each player's list: single-key ZADDs in one pipeline round trip."""
    pipe = store.redis.pipeline(transaction=False)
    for player_id in player_ids:
        pipe.zadd(keys.player(player_id, "matches"), {match_id: score})
    pipe.execute()


def match_ids(store, player_id: str, limit: int | None = None) -> list[str]:
    """The player's matches, newest first (the first ``limit``; None: all)."""
    return texts(store.redis.zrevrange(keys.player(player_id, "matches"), 0, -1 if limit is None else limit - 1))
