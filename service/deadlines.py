"""Per-move deadlines of play-by-post matches: the match's clock, when a move is due, and what a
missed deadline does.

``POST /matches`` may give ``"deadline": {"minutes": 1..43200, "on_timeout": "pass" | "bot" |
"forfeit", "stand_in": {bot config}?}``. Every time the match moves on, each person to act has
``minutes`` from that moment (the ``at`` of the last event). When it passes:

- ``pass``: the seat plays the game's first legal action of type ``pass``; a game with no pass
  there gets one move from the stand-in bot instead; the seat stays the person's;
- ``bot``: the stand-in bot takes the seat over until the person reclaims it;
- ``forfeit``: the seat forfeits and the match ends (the other seats win).

In every case a ``DeadlineMissed`` table event records it first.
"""
from datetime import timedelta

from engine.core import TABLE_RULE, ConfigError
from service import clock
from workers.bots import check_config

POLICIES = ("pass", "bot", "forfeit")
MAX_MINUTES = 30 * 24 * 60
DEFAULT_STAND_IN = {"bot": "greedy"}


def clock_config(game, deadline: dict | None) -> dict | None:
    """The ``ClockSet`` event's data for a match's ``deadline`` option (None: no deadline)."""
    if deadline is None:
        return None
    minutes, policy = deadline["minutes"], deadline["on_timeout"]
    if policy not in POLICIES:
        raise ConfigError(f"on_timeout is one of {', '.join(POLICIES)}, not {policy!r}", rule=TABLE_RULE)
    if not 1 <= minutes <= MAX_MINUTES:
        raise ConfigError(f"deadline minutes are 1..{MAX_MINUTES} (a minute to 30 days)", rule=TABLE_RULE)
    stand_in = check_config(game, deadline.get("stand_in") or DEFAULT_STAND_IN)
    return {"minutes": minutes, "on_timeout": policy, "stand_in": stand_in}


def due(state: dict, at: str) -> str | None:
    """When the move waited for at this state falls due, counted from ``at`` (the last event's time)."""
    settings = state["match"].get("clock")
    if settings is None:
        return None
    return clock.iso(clock.parse(at) + timedelta(minutes=settings["minutes"]))
