"""What Redis answers, as text: the clients return bytes (RQ needs them), the storage modules hand the
application strings."""


def text(value) -> str | None:
    """A value read (bytes, or text from a client made with decode_responses) as a string; None stays None."""
    return value.decode("utf-8") if isinstance(value, bytes) else value


def texts(values) -> list:
    return [text(v) for v in values]


def text_map(raw: dict) -> dict:
    """A hash read whole (HGETALL), keys and values as strings."""
    return {text(k): text(v) for k, v in raw.items()}


def pair(value, separator: str = ":") -> tuple[str, str] | None:
    """A stored ``"<a><separator><b>"`` as ``(a, b)``, cut at its last separator; None stays None."""
    if value is None:
        return None
    first, _, second = text(value).rpartition(separator)
    return first, second
