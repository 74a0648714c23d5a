"""Forks: a new match that starts from another match's state at a version; the original is untouched.

An *analysis* fork (POST /matches/<id>/forks) is for whoever asks: a seat's fork re-deals every card
that seat could not see at that version (the game's ``determinize``, with a fresh seed, so the
re-deal carries no trace of the real cards); only the auditor, once it sees everything, forks the true
state. The caller gets every seat's token of the fork. A *continuation* (after a dispute both seats
agree on) is the true state, played on by the same seats with the same tokens (each at its own seat),
the same bots at their seats, the same clock, and the same auditor. Both keep the original's options
and house rules (its ``rulings``: the fork's MatchCreated records them again), and each seat's
settings as they stand at that version (``settings``, engine/core/seat_settings.py).
"""
import secrets
from dataclasses import replace

from engine.core import Event, MatchConfig, Rng, TABLE_RULE, can, clone, commitment, controller, create_events
from engine.core.match import PLATFORM_RULE
from service.application.errors import Forbidden, Illegal
from service.application.match.creating import store_new_match
from service.application.match.loading import check_version, match_game
from service.i18n import _

FORK_RULE = "kifu/fork"


def decision_point(store, match_id: str, version: int, current: int) -> None:
    """422 unless ``version`` ends a batch (a fork starts where a command is awaited, never between
    the events one command produced)."""
    if version < current:
        nxt = store.read(match_id, version, version + 1)
        if nxt and nxt[0].command is None and nxt[0].event.type != "MatchCreated":
            start = store.batch_start(match_id, version)
            raise Illegal("inside_a_command",
                           _("version %(version)s falls inside the events of the command at version %(value)s; fork "
                             "at the end of a command",
                             version=version, value=start.version if start else '?'), FORK_RULE)


def analysis_fork(store, match_id: str, version: int, caller, meta: dict) -> dict:
    game, current = match_game(meta), int(meta["version"])
    check_version(match_id, meta, version)
    if caller.seat is None and not caller.auditor_sees_all(meta):
        raise Forbidden("fork_needs_a_seat",
                       _("a fork re-deals what a seat could not see: fork with your seat token (or the auditor token "
                         "once the match has ended)"), FORK_RULE)
    decision_point(store, match_id, version, current)
    state = store.load(game, match_id, version)
    seed = secrets.token_bytes(32)
    determinized_for = None
    if not caller.auditor_sees_all(meta):
        if not can(game, "determinize"):
            raise Illegal("cannot_redeal", _("%(id)s cannot re-deal hidden cards, so a seat cannot fork it (an "
                                             "auditor can, after the end)",
                                             id=game.id), FORK_RULE)
        state = game.determinize(state, caller.seat, Rng(secrets.token_bytes(32)))
        determinized_for = caller.seat
    created = store.read(match_id, 0, 1)[0].event.data
    events = fork_events(created, seed, match_id, version, state, determinized_for, analysis=True)
    answer = store_new_match(store, game, events, seed, {"create": {"fork": {"from": match_id, "version": version}}},
                             created["seats"], analysis=True, audit_live=False,
                             extra_meta={"forked_from": f"{match_id}@{version}"}, by="fork").answer
    return {**answer, "forked_from": {"match_id": match_id, "version": version,
                                      "determinized_for": determinized_for}}


def continuation(store, match_id: str, version: int, meta: dict, command: dict | None) -> dict:
    """The match played on from its true state at ``version`` by the same seats and auditor (version
    0: dealt again from the same configuration)."""
    game = match_game(meta)
    created = store.read(match_id, 0, 1)[0].event.data
    seed, live = secrets.token_bytes(32), meta.get("audit_live") == "1"
    state = store.load(game, match_id, version if version else int(meta["version"]))
    if version == 0:
        position = ((command or {}).get("create") or {}).get("position")
        config = replace(MatchConfig.of_created(created, position=position, audit_live=live),
                         settings=state["match"].get("settings", {}))
        events, opening = create_events(game, config, seed), {"create": {"position": position} if position else {}}
    else:
        events = fork_events(created, seed, match_id, version, state, None,
                             analysis=created.get("analysis", False), audit_live=live)
        opening = {"create": {"fork": {"from": match_id, "version": version}}}
    table = table_events(state, creation_only=version == 0)
    return store_new_match(store, game, events, seed, opening, created["seats"],
                           analysis=created.get("analysis", False), audit_live=live,
                           carried_from=(match_id, meta), table=table,
                           extra_meta={"continues": f"{match_id}@{version}",
                                       **({"private": "1"} if meta.get("private") == "1" else {})},
                           by="continuation").answer


def table_events(state: dict, creation_only: bool) -> list:
    """The table a continuation starts with: who plays each seat that a person does not (a bot, or a
    stand-in bot — the seat's holder takes it back as in the original) and the clock, as they were
    at ``state``. ``creation_only``: only the bots the match was created with (dealt again from
    the start, no deadline has been missed yet)."""
    out = []
    for seat in range(len(state["match"]["seats"])):
        held = controller(state, seat)
        if held["by"] == "bot" and not (creation_only and held["stand_in"]):
            out.append(Event("SeatControlled", {"seat": seat, **held}, rule=TABLE_RULE))
    if state["match"].get("clock") is not None:
        out.append(Event("ClockSet", dict(state["match"]["clock"]), rule=TABLE_RULE))
    return out


def fork_events(created: dict, seed: bytes, match_id: str, version: int, state: dict,
                determinized_for, analysis: bool, audit_live: bool = False) -> list:
    config = replace(MatchConfig.of_created(created, audit_live=audit_live), settings=state["match"].get("settings", {}))
    opening = Event("MatchCreated", {
        **config.to_dict(), "analysis": analysis,
        "commitment": commitment(seed),
        "engine_version": created["engine_version"], "cardset_version": created["cardset_version"]},
        rule=PLATFORM_RULE)
    game_state = {k: v for k, v in clone(state).items() if k not in ("version", "match")}
    forked = Event("MatchForked", {"from": match_id, "version": version,
                                   "determinized_for": determinized_for, "state": game_state}, rule=FORK_RULE)
    return [opening, forked]
