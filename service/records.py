"""Stored events: an engine Event plus what the store adds (version, time, command id, chain hash)."""
import json
from dataclasses import dataclass

from engine.core import Event, canonical_json, chain_hash
from service import clock

FIELDS = ("type", "data", "seat", "rule", "cause", "schema", "command_id", "at", "hash")


@dataclass(frozen=True)
class StoredEvent:
    version: int
    event: Event
    at: str
    hash: str
    command_id: str = ""

    def fields(self) -> list[str]:
        """The stream entry's values, in FIELDS order (None is stored as an empty string)."""
        e = self.event
        values = (e.type, canonical_json(e.data).decode("utf-8"), e.seat, e.rule, e.cause,
                  e.schema, self.command_id, self.at, self.hash)
        return ["" if v is None else str(v) for v in values]

    @classmethod
    def from_entry(cls, entry_id: str, f: dict) -> "StoredEvent":
        def optional_int(v):
            return None if v in ("", None) else int(v)
        event = Event(f["type"], json.loads(f["data"]), optional_int(f.get("seat")), f.get("rule", ""),
                      optional_int(f.get("cause")), int(f.get("schema") or 1))
        return cls(int(entry_id.split("-")[0]), event, f.get("at", ""), f.get("hash", ""),
                   f.get("command_id", ""))

    def item(self, event: Event, with_hash: bool) -> dict:
        """What a client sees of this event (``event`` is the copy redacted for that client)."""
        out = {"version": self.version, "type": event.type, "data": event.data, "seat": event.seat,
               "rule": event.rule, "cause": event.cause, "at": self.at}
        if with_hash:
            out["hash"] = self.hash
        return out


def now() -> str:
    return clock.iso(clock.now())


def seal(events: list[Event], after_version: int, prev_hash: str, at: str,
         command_id: str = "") -> list[StoredEvent]:
    """Number the events from ``after_version + 1`` and chain their hashes onto ``prev_hash``."""
    out = []
    for i, event in enumerate(events, start=after_version + 1):
        prev_hash = chain_hash(prev_hash, i, event.to_dict())
        out.append(StoredEvent(i, event, at, prev_hash, command_id))
    return out
