"""Per-move deadlines of play-by-post matches: the match's clock, when a move is due, and what a
missed deadline does.

``POST /matches`` may give ``"deadline": {"minutes": 1..43200, "on_timeout": "pass" | "bot" |
"forfeit", "stand_in": {bot config}?}``. Each person to act has ``minutes`` from the moment
they began to wait: the append after which they were to act and had not been just before, or had
just moved. Where several seats act at once, one seat's move does not restart another's clock.
Who waits since when is the match meta's ``waiting``, written by the same atomic append as the
events; each seat's deadline job is scheduled *before* that append, so a web process dying in
between can leave a job with nothing to do (it checks ``waiting`` and stops) but never a waiting
seat without a deadline. When it passes:

- ``pass``: the seat plays the game's first legal action of type ``pass``; a game with no pass
  there gets one move from the stand-in bot instead; the seat stays the person's;
- ``bot``: the stand-in bot takes the seat over until the person reclaims it;
- ``forfeit``: the seat forfeits and the match ends (the other seats win).

In every case a ``DeadlineMissed`` table event records it first.

``KIFU_DEADLINE_MINUTE_SECONDS`` (tests only; 60) is how many seconds a deadline minute lasts, in
every process alike: the fault suite (tests/faults) runs real processes through deadlines of a
few seconds on the same code path, measuring how late each fires, instead of waiting minutes.
"""
import json
import os
from datetime import timedelta

from engine.core import TABLE_RULE, ConfigError, Game, controller, match_outcome, seats_to_act
from service.application import clock
from engine.bots import check_config

POLICIES = ("pass", "bot", "forfeit")
MAX_MINUTES = 30 * 24 * 60
DEFAULT_STAND_IN = {"bot": "greedy"}


def clock_config(game: Game, deadline: dict | None) -> dict | None:
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


def waiting_after(game: Game, state: dict, before: dict, movers: set, at: str) -> dict | None:
    """``{"<seat>": {"since": time, "version": v}}``: each person to act at ``state`` and since when
    they have waited. A seat that already waited (``before``) and is not among ``movers`` (the seats
    whose own actions this append holds) keeps its clock; anyone else starts one at ``at``. None
    for a match without a clock."""
    if state["match"].get("clock") is None:
        return None
    if match_outcome(game, state) is not None:
        return {}
    out = {}
    for seat in seats_to_act(game, state):
        if controller(state, seat)["by"] != "human":
            continue
        kept = before.get(str(seat))
        out[str(seat)] = kept if kept and seat not in movers else {"since": at, "version": state["version"]}
    return out


def read_waiting(meta: dict) -> dict:
    return json.loads(meta.get("waiting") or "{}")


def minute() -> timedelta:
    """A deadline minute: 60 s, unless KIFU_DEADLINE_MINUTE_SECONDS (tests) says otherwise."""
    raw = os.environ.get("KIFU_DEADLINE_MINUTE_SECONDS", "")
    try:
        seconds = float(raw) if raw else 60.0
        if not seconds > 0:
            raise ValueError
    except ValueError:
        raise ValueError(f"KIFU_DEADLINE_MINUTE_SECONDS must be a positive number of seconds, not {raw!r}") from None
    return timedelta(seconds=seconds)


def due(settings: dict, entry: dict) -> str:
    """When the move of a seat waiting since ``entry["since"]`` falls due."""
    return clock.iso(clock.parse(entry["since"]) + settings["minutes"] * minute())
