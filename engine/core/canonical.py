"""Canonical JSON and the tamper-evident hash chain over a match's events."""
import hashlib
import json

GENESIS_HASH = "0" * 64


# json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) builds this encoder on
# every call; one kept encoder gives the same bytes in half the time (bots key every action by it).
_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def canonical_json(obj) -> bytes:
    """One byte string per value: sorted keys, no spaces, UTF-8 (Japanese names kept as is)."""
    return _ENCODE(obj).encode("utf-8")


def chain_hash(previous: str, version: int, event_dict: dict) -> str:
    """sha256(previous hash, version, canonical event): changing any event breaks every later hash."""
    h = hashlib.sha256()
    h.update(previous.encode("ascii"))
    h.update(b"\n%d\n" % version)
    h.update(canonical_json(event_dict))
    return h.hexdigest()


def chained(event, command: dict | None) -> dict:
    """What the chain hashes for one stored event: the event, and its command when it has one."""
    d = event.to_dict()
    if command is not None:
        d["command"] = command
    return d
