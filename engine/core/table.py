"""Platform events about the table rather than the game, folded into ``state["match"]`` and never
given to a game's ``evolve`` (like ``MatchCreated`` and ``SeedRevealed``):

- ``SeatControlled`` {seat, by: "human" | "bot", bot: config | None, stand_in: bool} — who plays a
  seat: a bot seat from the start, a stand-in bot after a missed deadline, a person again after
  reclaiming it;
- ``ClockSet`` {minutes, on_timeout: "pass" | "bot" | "forfeit", stand_in: bot config} — the
  per-move deadline of a play-by-post match;
- ``DeadlineMissed`` {seat, version, due, on_timeout} — a seat to act let its deadline pass;
- ``SeatForfeited`` {seat} — the seat lost by forfeit; the match is over (``match_outcome``).
"""
from engine.core.outcomes import rewards

TABLE_EVENTS = frozenset({"SeatControlled", "ClockSet", "DeadlineMissed", "SeatForfeited"})
TABLE_RULE = "kifu/table"


def fold_table(match: dict, event) -> None:
    d = event.data
    n = len(match["seats"])
    if event.type == "SeatControlled":
        control = match.setdefault("control", [{"by": "human", "bot": None, "stand_in": False}
                                               for _ in range(n)])
        control[d["seat"]] = {"by": d["by"], "bot": d.get("bot"), "stand_in": bool(d.get("stand_in"))}
    elif event.type == "ClockSet":
        match["clock"] = dict(d)
    elif event.type == "DeadlineMissed":
        missed = match.setdefault("missed", [0] * n)
        missed[d["seat"]] += 1
    elif event.type == "SeatForfeited":
        match["forfeited"] = sorted(set(match.get("forfeited", [])) | {d["seat"]})


def controller(state: dict, seat: int) -> dict:
    """``{"by": "human" | "bot", "bot": config | None, "stand_in": bool}`` for ``seat``."""
    control = state["match"].get("control")
    return control[seat] if control else {"by": "human", "bot": None, "stand_in": False}


def match_outcome(game, state: dict):
    """The game's outcome, or the platform's when a seat forfeited:
    ``{"reason": "forfeit", "forfeited": [...], "winners": [...], "winner": seat | None, "draw": False}``."""
    forfeited = state["match"].get("forfeited")
    if not forfeited:
        return game.outcome(state)
    winners = [s for s in range(len(state["match"]["seats"])) if s not in forfeited]
    return {"reason": "forfeit", "forfeited": list(forfeited), "winners": winners,
            "winner": winners[0] if len(winners) == 1 else None, "draw": False}


def match_results(game, state: dict) -> list[float] | None:
    """Per seat, what the match's outcome is worth (``Game.results``; a forfeit's winners share it),
    or None while it runs."""
    outcome = match_outcome(game, state)
    if outcome is None:
        return None
    n_seats = len(state["match"]["seats"])
    return rewards(outcome, n_seats) if state["match"].get("forfeited") else game.results(outcome, n_seats)


def seats_to_act(game, state: dict) -> list[int]:
    return [] if state["match"].get("forfeited") else sorted(game.to_act(state))
