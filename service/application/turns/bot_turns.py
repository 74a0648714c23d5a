"""A bot seat's move: load the match, choose from the seat's legal actions, and submit through
the same append path as a person, with the command id ``bot-<version>`` and that version expected.
A retried or duplicated job therefore can never move twice: the second finds the version gone
(409) or the command already answered. The job is a due job (service.application.turns.dispatch): its
retries are the watchdog that brings a lost or killed run back."""
from engine.bots import bot_key, bot_rng, choose
from engine.core import controller
from service.application.errors import Conflict, Illegal
from service.application.match.acting import take_action
from service.application.match.loading import open_match
from service.application.turns.dispatch import dispatch


def redispatch(store, match_id: str) -> None:
    """Queue what the match waits for now: a bot job that finds the match moved on makes sure the
    position it finds is served (queues nothing a dispatch or a sweep already queued)."""
    m = open_match(store, match_id)
    if not m.meta.get("continued_in"):
        dispatch(store.jobs, match_id, m.state)


def play_bot_turn(store, match_id: str, seat: int, version: int) -> dict:
    """The bot's move at ``version``, if it is still the bot's to make. A match that can no longer move
    (ended, or continued elsewhere after a dispute) ends the job cleanly: nothing to retry."""
    meta = store.meta(match_id)
    if meta is None:
        return {"status": "no_match"}
    if meta.get("ended") or meta.get("continued_in"):
        return {"status": "over", "version": int(meta["version"])}
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
        done = take_action(store, match_id, seat, {"action": action, "expected_version": version,
                                                   "command_id": f"bot-{version}"}, meta=meta, by_bot=True)
    except Conflict:
        return {"status": "stale", "version": version}
    except Illegal as e:
        if e.code in ("match_over", "match_continued"):      # ended or continued since the meta was read
            return {"status": "over", "version": version}
        raise
    # the action's type only: a job's result is kept in Redis and written by rq's debug log, and the
    # action may hold the seat's hidden choices
    return {"status": "moved", "version": done.answer["version"], "type": action.get("type")}
