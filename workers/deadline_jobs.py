"""A missed deadline (see ``service.deadlines``): one atomic batch at the version that waited.

``DeadlineMissed`` for every person still to act, then the configured outcome: their ``pass``
(the game's own events, decided right after), a stand-in bot taking the seat, or the forfeit.
Appended with the command key ``deadline:<version>`` at that version, so a job run twice, or a
move that beat it, leaves nothing doubled.
"""
from datetime import timedelta

from engine.core import Event, apply, clone, controller, play, seats_to_act
from service import clock
from service.commands import commit
from service.deadlines import DEFAULT_STAND_IN
from service.errors import ApiError
from service.loading import open_match
from service.store import EventStore
from workers.bots import bot_key, bot_rng, choose

DEADLINE_RULE = "kifu/deadline"


def pass_action(game, state: dict, seat: int, stand_in: dict, rng) -> dict:
    """What ``pass`` means for any game: its first legal action of type pass, else a bot's move."""
    actions = game.legal_actions(state, seat)
    for action in actions:
        if action.get("type") == "pass":
            return action
    return choose(game, state, seat, stand_in or DEFAULT_STAND_IN, rng)


def missed(connection, match_id: str, version: int, due: str) -> dict:
    store = EventStore(connection)
    meta = store.meta(match_id)
    if meta is None or meta.get("ended") or int(meta["version"]) != version:
        return {"status": "moved"}
    if clock.now() < clock.parse(due):          # a scheduler ahead of this clock: come back on time
        from workers.jobs import deadline_passed
        from workers.queues import schedule
        schedule(connection, "default", clock.parse(due) + timedelta(milliseconds=1), deadline_passed,
                 match_id, version, due, result_ttl=86400)
        return {"status": "early"}
    m = open_match(store, match_id, meta=meta)
    late = [s for s in m.to_act() if controller(m.state, s)["by"] == "human"]
    settings = m.state["match"].get("clock")
    if not late or settings is None or m.outcome() is not None:
        return {"status": "nobody_late"}
    batches = outcome_batches(store, m, late, version, due, settings)
    try:
        commit(store, m, batches, None, f"deadline:{version}", f"deadline-{version}", None)
    except ApiError as e:
        if e.status == 409:
            return {"status": "moved"}
        raise
    if settings["on_timeout"] == "forfeit":
        from workers.queues import enqueue_verify
        enqueue_verify(connection, match_id)
    return {"status": settings["on_timeout"], "seats": late}


def outcome_batches(store, m, late: list, version: int, due: str, settings: dict) -> list:
    """``(command, events)`` batches: the table events under a ``note`` command (nothing to
    re-decide), then each pass as the seat's own action, so an audit re-decides it like any move."""
    policy = settings["on_timeout"]
    note = {"seat": None, "note": "deadline"}
    events = [Event("DeadlineMissed", {"seat": s, "version": version, "due": due, "on_timeout": policy},
                    rule=DEADLINE_RULE) for s in late]
    if policy == "bot":
        return [(note, events + [Event("SeatControlled", {"seat": s, "by": "bot", "bot": settings["stand_in"],
                                                          "stand_in": True}, rule=DEADLINE_RULE) for s in late])]
    if policy == "forfeit":
        return [(note, events + [Event("SeatForfeited", {"seat": s}, rule=DEADLINE_RULE) for s in late])]
    batches = [(note, events)]
    seed = store.secret(m.match_id)
    state = clone(m.state)
    for event in events:
        state = apply(m.game, state, event)
    for seat in late:              # each late seat passes, in seat order, while it is still to act
        if seat not in seats_to_act(m.game, state) or m.game.outcome(state) is not None:
            continue
        rng = bot_rng(bot_key(seed, seat), state["version"])
        action = pass_action(m.game, state, seat, settings["stand_in"], rng)
        decided = play(m.game, state, seat, action, seed)
        for event in decided:
            state = apply(m.game, state, event)
        batches.append(({"seat": seat, "action": action}, decided))
    return batches
