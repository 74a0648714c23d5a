"""How many probes ran per game (printed at the end of the session by tests/hidden/conftest.py)."""
from collections import Counter, defaultdict

COUNTS: dict = defaultdict(Counter)       # game id -> {probe kind: count}


def count(game_id: str, kind: str, n: int = 1) -> None:
    COUNTS[game_id][kind] += n


def summary() -> list:
    lines = []
    for game_id in sorted(COUNTS):
        c = COUNTS[game_id]
        lines.append(f"{game_id}: {sum(c.values())} probes (" +
                     ", ".join(f"{k} {n}" for k, n in sorted(c.items())) + ")")
    return lines
