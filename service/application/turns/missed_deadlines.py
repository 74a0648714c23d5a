"""A missed deadline (see ``service.application.turns.deadlines``): one atomic append for the seats whose time is up.

``DeadlineMissed`` for each of them, then the configured outcome: their ``pass`` (the game's own
events, decided right after), a stand-in bot taking the seat, or the forfeit. Appended with the
command key ``deadline:<seat>:<version it began waiting>``, so a job run twice leaves nothing
doubled, and a seat that moved in time (its ``waiting`` entry changed) is left alone.
"""
from datetime import timedelta

from engine.bots import bot_key, bot_rng, choose
from engine.core import Event, Game, apply, clone, play, seats_to_act
from service.application.errors import DomainError
from service.application import clock, worker_figures
from service.application.match.committing import commit
from service.application.turns.deadlines import DEFAULT_STAND_IN, read_waiting
from service.application.turns.deadlines import due as deadline_due
from service.application.turns.dispatch import schedule_deadline
from service.application.match.loading import open_match

DEADLINE_RULE = "kifu/deadline"
RETRIES = 5                 # appends tried in one run when others keep moving first
BUSY_SECONDS = 5            # then the job comes back this much later


def pass_action(game: Game, state: dict, seat: int, stand_in: dict, rng) -> dict:
    """What ``pass`` means for any game: its first legal action of type pass, else a bot's move."""
    return game.pass_action(state, seat) or choose(game, state, seat, stand_in or DEFAULT_STAND_IN, rng)


def missed(store, match_id: str, seat: int, since: int, due: str) -> dict:
    """``seat`` has waited since version ``since``, due at ``due``; if that is still its ``waiting``
    entry and the time is up, append the configured outcome for it and for every other seat whose
    time is up too (two seats late at the same moment forfeit together). Retried at the new version
    when someone appended first. A job whose entry never got stored (its append lost a race) or has
    changed since finds another due, or none, and does nothing."""
    for _ in range(RETRIES):
        meta = store.meta(match_id)
        over = meta is None or meta.get("ended") or meta.get("continued_in")   # continued after a dispute
        waiting = {} if over else read_waiting(meta)
        if waiting.get(str(seat), {}).get("version") != since:
            return {"status": "moved"}
        m = open_match(store, match_id, meta=meta)
        settings = m.state["match"]["clock"]
        dues = {int(s): deadline_due(settings, entry) for s, entry in waiting.items()}
        if dues[seat] != due:
            return {"status": "moved"}
        if clock.now() < clock.parse(due):            # a scheduler ahead of this clock: come back on time
            schedule_deadline(store.jobs, clock.parse(due) + timedelta(milliseconds=1), match_id, seat, since, due)
            return {"status": "early"}
        late = {s: (waiting[str(s)]["version"], when) for s, when in sorted(dues.items())
                if clock.parse(when) <= clock.now()}
        try:
            commit(store, m, outcome_batches(store, m, late, settings), by="deadline",
                   command_key=f"deadline:{seat}:{since}", command_id=f"deadline-{seat}-{since}")
        except DomainError as e:
            if e.code == "stale_version":         # someone moved meanwhile: look again
                continue
            raise
        worker_figures.deadline_handled(store, due)        # its lateness, for the web's /metrics
        return {"status": settings["on_timeout"], "seats": list(late)}
    schedule_deadline(store.jobs, clock.now() + timedelta(seconds=BUSY_SECONDS), match_id, seat, since, due)
    return {"status": "busy"}          # the match kept moving: the job comes back shortly


def outcome_batches(store, m, late: dict, settings: dict) -> list:
    """``(command, events)`` batches for the ``late`` seats (seat -> (version it began waiting, due)):
    the table events under a ``note`` command (nothing to re-decide), then each pass as the seat's
    own action, so an audit re-decides it like any move."""
    policy = settings["on_timeout"]
    note = {"seat": None, "note": "deadline"}
    events = [Event("DeadlineMissed", {"seat": s, "version": since, "due": due, "on_timeout": policy},
                    rule=DEADLINE_RULE) for s, (since, due) in late.items()]
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
