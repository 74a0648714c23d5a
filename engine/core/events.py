"""The event type every game emits."""
from typing import NamedTuple

SCHEMA_VERSION = 1


class _Fields(NamedTuple):
    type: str
    data: dict
    seat: int | None
    rule: str
    cause: int | None
    schema: int


class Event(_Fields):
    """Something that happened in a match, past tense (``CardDrawn``, ``UnitDeployed``).

    ``seat`` is the acting seat (None for the table/the rules), ``rule`` the rule that produced it
    (``<game>/<section>``), ``cause`` the match version of the event that caused it (None for a
    seat's own action and for match creation).

    Frozen: a tuple underneath (a named tuple builds in a third of a frozen dataclass's time, and
    every fold and every load builds thousands), compared only with other Events.
    """

    __slots__ = ()

    def __new__(cls, type: str, data: dict | None = None, seat: int | None = None, rule: str = "",
                cause: int | None = None, schema: int = SCHEMA_VERSION):
        return tuple.__new__(cls, (type, {} if data is None else data, seat, rule, cause, schema))

    def __eq__(self, other):
        return isinstance(other, Event) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__

    def to_dict(self) -> dict:
        return {"type": self.type, "data": self.data, "seat": self.seat, "rule": self.rule,
                "cause": self.cause, "schema": self.schema}

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        return cls(d["type"], d.get("data") or {}, d.get("seat"), d.get("rule", ""), d.get("cause"),
                   d.get("schema", SCHEMA_VERSION))

    def with_data(self, data: dict) -> "Event":
        return Event(self.type, data, self.seat, self.rule, self.cause, self.schema)
