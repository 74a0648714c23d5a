"""The event type every game emits."""
from dataclasses import dataclass, field

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Event:
    """Something that happened in a match, past tense (``CardDrawn``, ``UnitDeployed``).

    ``seat`` is the acting seat (None for the table/the rules), ``rule`` the rule that produced it
    (``<game>/<section>``), ``cause`` the match version of the event that caused it (None for a
    seat's own action and for match creation).
    """

    type: str
    data: dict = field(default_factory=dict)
    seat: int | None = None
    rule: str = ""
    cause: int | None = None
    schema: int = SCHEMA_VERSION

    def to_dict(self) -> dict:
        return {"type": self.type, "data": self.data, "seat": self.seat, "rule": self.rule,
                "cause": self.cause, "schema": self.schema}

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        return cls(type=d["type"], data=d.get("data") or {}, seat=d.get("seat"), rule=d.get("rule", ""),
                   cause=d.get("cause"), schema=d.get("schema", SCHEMA_VERSION))

    def with_data(self, data: dict) -> "Event":
        return Event(self.type, data, self.seat, self.rule, self.cause, self.schema)
