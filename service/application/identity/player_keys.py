"""Player keys: the credential of a player (issue 17), one per device, shown once and kept only as
its sha256, revocable (issue 33: with the keys made from it, by itself or an older key). Each key's
record lives in its player's record, and a lookup by its sha256 says which player it is
(service.application.storage.players).

A key is checked by one GET of its lookup, only where a bearer token is not a seat's (the seat
tokens stay the fast path): ``seat_finder`` answers a match's seat bound to the key's player, and
reads nothing at all for a match no player is bound to.

**Revoking a key revokes its line of descent**: every key signed in with a code it made, and theirs,
and the codes it made that are not used yet (a code is only made into a key under a minting key that
stands). A lost phone's key may have opened another device before it was revoked; that device goes
with it. **Who may revoke which**: a key revokes itself and any key made after it, never an older one
(``made_before``). So the player's first key — the device that made the player — can revoke every
other, and a stolen key cannot lock out the devices signed in before it; the price is that nobody
revokes a lost first key but itself.

Both writes of the player's record are single-key scripts on its hash (Redis Cluster): a new key is
recorded only while the key that made its code stands, and a revocation marks the key and its whole
line ``revoked:<id>`` at once, so no key is made under a key being revoked. Then the lookups
are deleted (from then on those keys open nothing), then the records. A key whose lookup was written
while its line was being revoked is found by ``issue``'s look after the write and deleted; a
revocation cut off half-way (the process died) is finished by the player's next revocation.
"""
import secrets

from service.application.identity.auth import token_hash
from service.application.errors import Forbidden, NotFound, Unauthenticated
from service.application.storage import players as player_records
from service.application.table.seats import seat_count
from service.i18n import N_, _

KEY_PREFIX = "kp_"          # tells a player key from a seat token at a glance (in a support request, say)
NOT_A_KEY = N_("that is not a player key, or it has been revoked")


def issue(store, player_id: str, label: str, now: str, made_by: str | None = None) -> dict | None:
    """A new key for the player (a new device): ``{"key", "key_id"}``; the key is shown only here.
    ``made_by``: the key whose sign-in code this is; None when that key is revoked (or being revoked)."""
    key, key_id = KEY_PREFIX + secrets.token_urlsafe(32), secrets.token_urlsafe(6)
    digest = token_hash(key)
    record = {"label": label, "created_at": now, "hash": digest, **({"made_by": made_by} if made_by else {})}
    if not player_records.add_key(store, player_id, key_id, record, made_by):
        return None
    player_records.add_lookup(store, digest, player_id, key_id)
    if made_by and not player_records.key_stands(store, player_id, key_id):   # its line revoked meanwhile:
        player_records.drop_lookup(store, digest)                              # the lookup may have been missed
        return None
    return {"key": key, "key_id": key_id}


def resolve(store, digest: str) -> tuple[str, str] | None:
    """``(player id, key id)`` of the key whose sha256 is ``digest``, or None (unknown or revoked)."""
    return player_records.lookup(store, digest)


def authenticate(store, key: str | None) -> tuple[str, str]:
    """The player and key id of a bearer player key; 401 without one, 403 for an unknown or revoked one."""
    if not key:
        raise Unauthenticated("unauthorized", _("this needs a player key: Authorization: Bearer <player key> (POST "
                                                "/players makes a player; a device signs in with POST "
                                                "/players/sign-in)"))
    found = resolve(store, token_hash(key))
    if found is None:
        raise Forbidden("bad_player_key", _(NOT_A_KEY))
    return found


def _order(key_id: str, record: dict) -> tuple:
    """Where a key stands in the order the player's keys were made (keys from before issue 33 have no
    ``n``: they were all made before the numbered ones, in the order of their times)."""
    return record.get("n", 0), record["created_at"], key_id


def made_before(records: dict[str, dict], a: str, b: str) -> bool:
    """Key ``a`` was made before key ``b``, so ``b`` may not revoke it."""
    return _order(a, records[a]) < _order(b, records[b])


def keys(store, player_id: str, asking: str) -> list[dict]:
    """The player's keys (never the key itself, nor its hash), oldest first: ``made_by`` (the key whose
    code signed it in) and ``may_revoke`` (whether the key ``asking`` may revoke it)."""
    records = player_records.key_records(store, player_id)
    out = [{"key_id": k, "label": r["label"], "created_at": r["created_at"], "made_by": r.get("made_by"),
            "may_revoke": asking in records and not made_before(records, k, asking)}
           for k, r in records.items()]
    return sorted(out, key=lambda k: _order(k["key_id"], records[k["key_id"]]))


def revoke(store, player_id: str, by: str, key_id: str) -> None:
    """Key ``by`` revokes key ``key_id`` and its line of descent. 404 for no such key, 403
    ``older_key`` for a key made before ``by``."""
    records = player_records.key_records(store, player_id)
    if key_id not in records:
        raise _no_key(key_id)
    if by in records and made_before(records, key_id, by):
        raise Forbidden("older_key", _("key %(key_id)s was made before the key asking (it signed this device in, or "
                                       "came earlier): a key revokes itself and the keys made after it, so that a "
                                       "stolen key cannot sign out the devices that came before it; revoke it from "
                                       "that device itself",
                                       key_id=repr(key_id)))
    status, line = player_records.mark_revoked(store, player_id, by, key_id)
    if line:
        player_records.forget_keys(store, player_id, line)      # from now on these keys open nothing
    if status == "not_found":                   # revoked in the meantime, by another device
        raise _no_key(key_id)
    if status == "revoker_gone":
        raise Forbidden("bad_player_key", _(NOT_A_KEY))


def _no_key(key_id: str) -> NotFound:
    return NotFound("key_not_found", _("the player has no key %(key_id)s", key_id=repr(key_id)))


def bound_seats(meta: dict) -> dict:
    """``{player id: seat}`` of a match's seats bound to a player (meta ``player:<seat>``), seat by
    seat (a meta read as asked for is not read whole)."""
    return {meta[f"player:{s}"]: s for s in range(seat_count(meta)) if meta.get(f"player:{s}")}


def seat_finder(store):
    """``find(meta, digest) -> seat | None``: the seat of the match bound to the player whose key
    hashes to ``digest`` (auth.identify's fallback after the seat tokens)."""
    def find(meta: dict, digest: str) -> int | None:
        bound = bound_seats(meta)
        if not bound:
            return None                   # no player at this table: nothing to read
        found = resolve(store, digest)
        return bound.get(found[0]) if found else None
    return find
