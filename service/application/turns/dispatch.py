"""What a position needs run, and when: the move of each bot seat to act, and the deadline of
each person who begins to wait (service.application.turns.deadlines), both asked of the Jobs port as
*due jobs* (``at``): recorded in Redis BEFORE the append that creates the need, so no crash, lost
connection or restart between the append and the queueing can leave a match waiting on nothing.

- A bot's move (``expect``, before the append) falls due ``GRACE_SECONDS`` later; ``dispatch``,
  right after the append, queues it at once. If that never happens (the web process died, or its
  connection dropped right after the append's reply), a worker's sweep queues it when it falls due.
  Its retries are the watchdog: a run that has not returned after ``watchdog_seconds`` (doubling
  each time, ``MAX_ATTEMPTS`` runs in all) runs again; a run whose work horse or worker was killed
  runs again at once, or once its heartbeat lapses when nothing saw it die (workers.due).
- A deadline job is due at the deadline, on the ``default`` queue (an rq worker of its own, so it
  never waits behind a bot's move on ``high``); a run that dies runs again at once or after
  ``DEADLINE_RETRIES``.

Job ids are derived from (match, version, seat) and (match, seat, version, since), so recording
or dispatching the same position twice queues nothing new, and the jobs themselves are idempotent
(command ids derived from the version), so a job run twice never moves twice.
"""
import os
from datetime import timedelta

from engine.audit.rulesets import for_created
from engine.core import controller, match_outcome, seats_to_act
from service.application import clock
from service.application.turns.deadlines import due

MAX_ATTEMPTS = 5                       # runs of one bot move (the first and four retries)
DEADLINE_RETRIES = (10, 60, 300)       # a deadline job that failed or died runs again after these seconds
GRACE_SECONDS = 2                      # a bot move recorded before the append is due this long after it


def watchdog_seconds(bot: dict | None = None) -> float:
    """How long a bot job may take before the watchdog queues another attempt
    (KIFU_BOT_WATCHDOG_SECONDS, 120 by default, plus the bot's time budget)."""
    base = float(os.environ.get("KIFU_BOT_WATCHDOG_SECONDS", "120"))
    budget = (bot or {}).get("budget") or {}
    return base + budget.get("ms", 0) / 1000


def bot_retries(bot: dict | None) -> tuple:
    """Seconds each run of a bot move may take before the next: the watchdog, doubling."""
    return tuple(watchdog_seconds(bot) * 2 ** k for k in range(MAX_ATTEMPTS - 1))


def bot_job_id(match_id: str, version: int, seat: int) -> str:
    return f"bot-{match_id}-{version}-{seat}"


def bots_to_act(state: dict) -> list[tuple[int, dict]]:
    """``(seat, bot config)`` of each bot seat to act at ``state`` (none once the match is over)."""
    match = state["match"]
    game = for_created(match)
    if match_outcome(game, state) is not None:
        return []
    return [(seat, held["bot"]) for seat in seats_to_act(game, state)
            if (held := controller(state, seat))["by"] == "bot"]


def expect(jobs, match_id: str, state: dict) -> None:
    """Before the append that reaches ``state``: the moves of its bots to act, due shortly."""
    for seat, bot in bots_to_act(state):
        queue_bot_turn(jobs, match_id, seat, state["version"], bot, clock.now() + timedelta(seconds=GRACE_SECONDS))


def dispatch(jobs, match_id: str, state: dict) -> None:
    """After the append: queue the moves of the bots the match at ``state`` waits for, now."""
    for seat, bot in bots_to_act(state):
        queue_bot_turn(jobs, match_id, seat, state["version"], bot)


def queue_bot_turn(jobs, match_id: str, seat: int, version: int, bot: dict, at=None) -> str:
    """The bot's move at ``version`` as a due job: at ``at`` (default: now, so queued at once unless
    someone queued it already)."""
    return jobs.enqueue("high", "bot_turn", match_id, seat, version, job_id=bot_job_id(match_id, version, seat),
                        at=at or clock.now(), retries=bot_retries(bot))


def deadline_job_id(match_id: str, seat: int, entry: dict) -> str:
    """One id per ``waiting`` entry (seat, the version and the moment it began to wait): an append
    that lost a race leaves a job of its own, never one that stands in for the winner's."""
    since_ms = int(clock.parse(entry["since"]).timestamp() * 1000)
    return f"deadline-{match_id}-{seat}-{entry['version']}-{since_ms}"


def schedule_deadlines(jobs, match_id: str, settings: dict, waiting: dict) -> None:
    """A due ``deadline_passed`` job for each waiting seat (recording one twice changes nothing)."""
    for seat, entry in waiting.items():
        when = due(settings, entry)
        schedule_deadline(jobs, clock.parse(when), match_id, int(seat), entry["version"], when,
                          deadline_job_id(match_id, int(seat), entry))


def call_off_deadlines(jobs, match_id: str, before: dict, after: dict) -> None:
    """Forget the deadline job of each wait in ``before`` that ``after`` no longer holds."""
    for seat, entry in before.items():
        if after.get(seat) != entry:
            jobs.cancel(deadline_job_id(match_id, int(seat), entry))


def schedule_deadline(jobs, at, match_id: str, seat: int, since: int, when: str,
                      job_id: str | None = None) -> None:
    """Run ``deadline_passed`` at ``at`` for ``seat``, waiting since version ``since``, due ``when``."""
    jobs.enqueue("default", "deadline_passed", match_id, seat, since, when, job_id=job_id, at=at,
                 keep=86400, retries=DEADLINE_RETRIES)
