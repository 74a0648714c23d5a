"""Platform events about the table rather than the game, folded into ``state["match"]`` and never
given to a game's ``evolve`` (like ``MatchCreated`` and ``SeedRevealed``):

- ``SeatControlled`` {seat, by: "human" | "bot", bot: config | None, stand_in: bool} — who plays a
  seat: a bot seat from the start, a stand-in bot after a missed deadline, a person again after
  reclaiming it;
- ``ClockSet`` {minutes, on_timeout: "pass" | "bot" | "forfeit", stand_in: bot config} — the
  per-move deadline of a play-by-post match;
- ``DeadlineMissed`` {seat, version, due, on_timeout} — a seat to act let its deadline pass;
- ``SeatForfeited`` {seat} — the seat lost by forfeit; the match is over (``match_outcome``);

and the table's own moves, decided by ``engine.core.table_moves`` (so an audit re-decides them):

- ``SeatResigned`` {seat} — the seat gave up; the match is over, the others win;
- ``DrawOffered`` {seat} — an open offer of a draw; ``DrawAccepted`` {seat, offer} by each other
  seat, and with the last of them ``DrawAgreed`` {offer, seats}: the match is over, drawn;
  ``DrawDeclined`` {seat, offer} or ``DrawWithdrawn`` {seat, offer} (the offerer moved)
  close the offer;
- ``ChatSaid`` {seat, text} — a line of table talk (changes no state);
- ``SeatSettingsChanged`` {seat, settings} — the seat's settings from now on (engine/core/seat_settings.py:
  which steps that are not decisions the table takes for it), its own table move;
- ``RematchConsented`` {seat, audit_live: true} — after a match refereed live (``audit_live``), the
  seat agrees to a rematch refereed live as well: the same auditor sees every hand while it is played;
- ``RematchStarted`` {match, by} on a match that ended (``audit_live: true`` beside them when the
  rematch is refereed live, which takes every person's ``RematchConsented``), and ``RematchOf``
  {match, first} in the table batch of the new match: the two matches linked both ways.
"""
from engine.core.game import Game
from engine.core.outcomes import rewards
from engine.core import seat_settings

TABLE_EVENTS = frozenset({"SeatControlled", "ClockSet", "DeadlineMissed", "SeatForfeited", "SeatResigned",
                          "DrawOffered", "DrawAccepted", "DrawAgreed", "DrawDeclined", "DrawWithdrawn",
                          "ChatSaid", "SeatSettingsChanged", "RematchConsented", "RematchStarted", "RematchOf"})
TABLE_RULE = "kifu/table"


def fold_table(match: dict, event, version: int | None = None) -> None:
    """Apply a table event to ``state["match"]``; ``version`` is the event's own (the match's
    version once it is folded), kept as the id of a draw offer."""
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
    elif event.type == "SeatResigned":
        match["resigned"] = sorted(set(match.get("resigned", [])) | {d["seat"]})
        match.pop("draw_offer", None)
    elif event.type == "DrawOffered":
        match["draw_offer"] = {"seat": d["seat"], "version": version, "accepted": []}
    elif event.type == "DrawAccepted":
        match["draw_offer"]["accepted"] = sorted({*match["draw_offer"]["accepted"], d["seat"]})
    elif event.type == "DrawAgreed":
        match["drawn"] = {"offer": d["offer"], "seats": list(d["seats"])}
        match.pop("draw_offer", None)
    elif event.type in ("DrawDeclined", "DrawWithdrawn"):
        match.pop("draw_offer", None)
    elif event.type == "SeatSettingsChanged":
        seat_settings.fold(match, d)
    elif event.type == "RematchConsented":
        match["rematch_consents"] = sorted({*match.get("rematch_consents", []), d["seat"]})
    elif event.type == "RematchStarted":
        match["rematch"] = d["match"]
    elif event.type == "RematchOf":
        match["rematch_of"] = d["match"]
    # ChatSaid: the record holds the line; the state does not change


def controller(state: dict, seat: int) -> dict:
    """``{"by": "human" | "bot", "bot": config | None, "stand_in": bool}`` for ``seat``."""
    control = state["match"].get("control")
    return control[seat] if control else {"by": "human", "bot": None, "stand_in": False}


def ended_at_table(match: dict) -> bool:
    """The table ended the match (a forfeit, a resignation, a draw by agreement), whatever the game says."""
    return bool(match.get("forfeited") or match.get("resigned") or match.get("drawn"))


def match_outcome(game: Game, state: dict):
    """The game's outcome, or the platform's when the table ended the match:
    a forfeit ``{"reason": "forfeit", "forfeited": [...], "winners": [...], "winner": seat | None,
    "draw": False}``, a resignation the same with ``"reason": "resign", "resigned": [...]``, a draw
    by agreement ``{"reason": "draw_agreed", "winner": None, "draw": True}``."""
    match = state["match"]
    if not ended_at_table(match):
        return game.outcome(state)
    if match.get("drawn"):
        return {"reason": "draw_agreed", "winner": None, "draw": True}
    if match.get("forfeited"):
        reason, lost = "forfeit", {"forfeited": list(match["forfeited"])}
    else:
        reason, lost = "resign", {"resigned": list(match["resigned"])}
    losers = next(iter(lost.values()))
    winners = [s for s in range(len(match["seats"])) if s not in losers]
    return {"reason": reason, **lost, "winners": winners, "winner": winners[0] if len(winners) == 1 else None,
            "draw": False}


def match_results(game: Game, state: dict) -> list[float] | None:
    """Per seat, what the match's outcome is worth (``Game.results``; a forfeit's or resignation's
    winners share it, a draw by agreement is shared by all), or None while it runs."""
    outcome = match_outcome(game, state)
    if outcome is None:
        return None
    n_seats = len(state["match"]["seats"])
    return rewards(outcome, n_seats) if ended_at_table(state["match"]) else game.results(outcome, n_seats)


def seats_to_act(game: Game, state: dict) -> list[int]:
    return [] if ended_at_table(state["match"]) else sorted(game.to_act(state))


def table_view(state: dict, over: bool = False) -> dict:
    """What anyone may see of the table's own state: the open draw offer (none once the match is
    ``over``: an offer nobody answered lapses with the match), the rematch links, and the seats that
    have agreed to a rematch refereed live."""
    match = state["match"]
    offer = None if over else match.get("draw_offer")
    return {"draw_offer": dict(offer) if offer else None, "rematch": match.get("rematch"),
            "rematch_of": match.get("rematch_of"), "rematch_consents": list(match.get("rematch_consents", []))}
