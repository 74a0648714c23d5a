"""The difference between two JSON-ready values (two views of a state), as a flat list of changes."""

MISSING = object()


def diff(before, after, path: str = "") -> list[dict]:
    """``[{"path": "players.1.life", "before": 30, "after": 25}, ...]``; a key that appears or goes
    has ``before`` / ``after`` null and ``"added"`` / ``"removed"`` true."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for k in list(before) + [k for k in after if k not in before]:
            out += diff(before.get(k, MISSING), after.get(k, MISSING), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = []
        for i, (b, a) in enumerate(zip(before, after)):
            out += diff(b, a, f"{path}.{i}" if path else str(i))
        return out
    if before == after:
        return []
    change = {"path": path, "before": None if before is MISSING else before,
              "after": None if after is MISSING else after}
    if before is MISSING:
        change["added"] = True
    if after is MISSING:
        change["removed"] = True
    return [change]
