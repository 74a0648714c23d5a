"""Stored events: an engine Event plus what the store adds (version, time, command id, chain hash,
and on the first event of a batch the command that produced it).

``command`` is what re-deciding needs: ``{"seat": s, "action": {...}}`` for a seat's action,
``{"create": {"position": ...}}`` for a match's opening batch, ``{"seat": s, "note": "<kind>"}`` for a
platform record such as a dispute. It is part of the hash chain (see ``chained``).
"""
import gc
import json
from typing import NamedTuple

import orjson

from engine.core import Event, canonical_json, chain_hash, chained
from service.application import clock

FIELDS = ("type", "data", "seat", "rule", "cause", "schema", "command_id", "at", "hash", "command")


def load_json(raw: bytes | str):
    """``json.loads(raw)``, exactly, in a third of the time for what the store writes: orjson reads
    it, and what it read must write back as the very same bytes (the stored events and commands
    are canonical JSON, snapshots compact JSON); anything else — an integer past 64 bits, which
    orjson would read as a float, NaN, a lone surrogate, a snapshot stored with spaces — is read
    by the standard library."""
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    try:
        value = orjson.loads(data)
        if len(data) < 19 or orjson.dumps(value) == data:     # (a 19-digit number needs 19 bytes)
            return value
    except (orjson.JSONDecodeError, TypeError):
        pass
    return json.loads(data)


class _Fields(NamedTuple):
    version: int
    event: Event
    at: str
    hash: str
    command_id: str = ""
    command: dict | None = None


class StoredEvent(_Fields):
    """Frozen: a named tuple (every load builds one per event read)."""

    __slots__ = ()

    def __eq__(self, other):
        return isinstance(other, StoredEvent) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__

    def fields(self) -> list[str]:
        """The stream entry's values, in FIELDS order (None is stored as an empty string)."""
        e = self.event
        values = (e.type, canonical_json(e.data).decode("utf-8"), e.seat, e.rule, e.cause,
                  e.schema, self.command_id, self.at, self.hash,
                  None if self.command is None else canonical_json(self.command).decode("utf-8"))
        return ["" if v is None else str(v) for v in values]

    @classmethod
    def from_entry(cls, entry_id: str, f: dict) -> "StoredEvent":
        """A stream entry as text (``decode`` reads one as Redis returns it)."""
        return decode(entry_id.encode("ascii"), {k.encode("utf-8"): v.encode("utf-8") for k, v in f.items()})

    def item(self, event: Event, with_hash: bool, with_command: bool = False) -> dict:
        """What a client sees of this event (``event`` is the copy redacted for that client)."""
        out = {"version": self.version, "type": event.type, "data": event.data, "seat": event.seat,
               "rule": event.rule, "cause": event.cause, "at": self.at}
        if with_hash:
            out["hash"] = self.hash
        if with_command and self.command is not None:
            out["command"] = self.command
        return out


def decode(entry_id: bytes, f: dict) -> StoredEvent:
    """A stream entry as Redis returns it (bytes), read the way it was written (``fields``). The
    tuples are built directly (``tuple.__new__``): a load decodes every event it folds."""
    get = f.get
    seat, cause, command = get(b"seat"), get(b"cause"), get(b"command")
    event = tuple.__new__(Event, (f[b"type"].decode(), load_json(f[b"data"]), int(seat) if seat else None,
                                  get(b"rule", b"").decode(), int(cause) if cause else None,
                                  int(get(b"schema") or 1)))
    return tuple.__new__(StoredEvent, (int(entry_id.partition(b"-")[0]), event, get(b"at", b"").decode(),
                                       get(b"hash", b"").decode(), get(b"command_id", b"").decode(),
                                       load_json(command) if command else None))


GC_PAUSE_FROM = 200      # entries: a read this long decodes with the cyclic GC paused


def decode_all(entries: list) -> list[StoredEvent]:
    """``decode`` for each ``(entry id, fields)`` of an XRANGE. A long read builds thousands of small
    containers that all stay alive, and CPython's cyclic GC, set off by the allocations, walked them
    again and again (half the decoding time): it waits until the read is decoded (nothing here
    makes a cycle)."""
    pause = len(entries) >= GC_PAUSE_FROM and gc.isenabled()
    if pause:
        gc.disable()
    try:
        return [decode(entry_id, fields) for entry_id, fields in entries]
    finally:
        if pause:
            gc.enable()


def now() -> str:
    return clock.iso(clock.now())


def seal(events: list[Event], after_version: int, prev_hash: str, at: str,
         command_id: str = "", command: dict | None = None) -> list[StoredEvent]:
    """Number the events from ``after_version + 1`` and chain their hashes onto ``prev_hash``;
    ``command`` (what produced the batch) goes on the first event."""
    out = []
    for i, event in enumerate(events, start=after_version + 1):
        own = command if i == after_version + 1 else None
        prev_hash = chain_hash(prev_hash, i, chained(event, own))
        out.append(StoredEvent(i, event, at, prev_hash, command_id, own))
    return out
