"""A ruling diff: a stored match decided again, command by command, by another rules version (the
current one, typically), listing every command on which the rules now rule differently.

The state always follows the *stored* events, so each difference is local: it answers "on the
position the match really reached, what would these rules have done with the same command?".
"""
import json

from engine.audit.redecide import redecide
from engine.core import Game


def ruling_diff(game: Game, records, seed: bytes | None) -> dict:
    """``{"batches", "redecided", "differences": [{"version", "command", "stored", "now", "error"}]}``."""
    out = {"batches": 0, "redecided": 0, "differences": []}
    for batch in redecide(game, records, seed, follow="stored"):
        out["batches"] += 1
        out["redecided"] += batch.decided is not None
        at = batch.first_difference()
        if batch.error is None and at is None:
            continue
        at = batch.start if at is None else at
        skip = at - batch.start
        out["differences"].append({
            "version": at, "command": batch.command, "error": batch.error,
            "stored": [e.to_dict() for e in batch.stored[skip:]],
            "now": None if batch.decided is None else [e.to_dict() for e in batch.decided[skip:]]})
    return out


def describe(report: dict) -> str:
    """The ruling diff as text, one block per differing command."""
    lines = [f"{report['batches']} commands, {report['redecided']} re-decided, "
             f"{len(report['differences'])} ruled differently"]
    for d in report["differences"]:
        lines.append(f"\nversion {d['version']}: command {_short(d['command'])}")
        if d["error"]:
            lines.append(f"  now: {d['error']}")
        for sign, events in (("-", d["stored"]), ("+", d["now"] or [])):
            for e in events:
                lines.append(f"  {sign} {e['type']} {_short(e['data'])} [{e['rule']}]")
    return "\n".join(lines)


def _short(value, width: int = 100) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= width else text[:width - 1] + "…"
