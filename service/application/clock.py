"""The service's clock: event times, deadlines. Replaceable, so deadline tests control time."""
from datetime import datetime, timezone

_source = None


def now() -> datetime:
    """The current time (UTC, aware)."""
    return _source() if _source is not None else datetime.now(timezone.utc)


def set_source(source) -> object:
    """Use ``source()`` (an aware datetime) as the clock; None restores the real one. Returns the old."""
    global _source
    previous, _source = _source, source
    return previous


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
