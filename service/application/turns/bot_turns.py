"""A bot seat's move: load the match, choose from the seat's legal actions, and submit through
the same append path as a person, with the command id ``bot-<version>`` and that version expected.
A retried or duplicated job therefore can never move twice: the second finds the version gone
(409) or the command already answered. The job is a due job (service.application.turns.dispatch): its
retries are the watchdog that brings a lost or killed run back."""
from engine.bots import bot_key, bot_rng, choose
from engine.core import controller
from service.application.errors import Conflict
from service.application.match.commands import take_action
from service.application.turns.dispatch import dispatch, queue_verify
from service.application.match.loading import open_match


def redispatch(store, match_id: str) -> None:
    """Queue what the match waits for now: a bot job that finds the match moved on makes sure the
    position it finds is served (queues nothing a dispatch or a sweep already queued)."""
    dispatch(store.jobs, match_id, open_match(store, match_id).state)


def play_bot_turn(store, match_id: str, seat: int, version: int) -> dict:
    meta = store.meta(match_id)
    if meta is None:
        return {"status": "no_match"}
    if int(meta["version"]) != version:
        redispatch(store, match_id)
        return {"status": "stale", "version": int(meta["version"])}
    m = open_match(store, match_id, meta=meta)
    held = controller(m.state, seat)
    if m.outcome() is not None or seat not in m.to_act() or held["by"] != "bot":
        return {"status": "not_to_act", "version": version}
    rng = bot_rng(bot_key(store.secret(match_id), seat), version)
    action = choose(m.game, m.state, seat, held["bot"], rng)
    try:
        answer, ended = take_action(store, match_id, seat, {"action": action, "expected_version": version,
                                                            "command_id": f"bot-{version}"},
                                    meta=meta, by_bot=True)
    except Conflict:
        return {"status": "stale", "version": version}
    if ended:
        queue_verify(store.jobs, match_id)
    # the action's type only: a job's result is kept in Redis and written by rq's debug log, and the
    # action may hold the seat's hidden choices
    return {"status": "moved", "version": answer["version"], "type": action.get("type")}
