"""What a position needs queued: after every append, a job for each bot seat to act and a watchdog
behind it; before an append, the deadline job of each person who begins to wait (service.application.deadlines).

Job ids are derived from (match, version, seat), so dispatching the same position twice queues
nothing new; the moves themselves are idempotent anyway (command ids derived from the version).

The watchdog makes bot play survive a worker killed mid-job: ``watch_turn`` is scheduled (in
Redis, so a restart keeps it) a while after each bot job; if the match still waits at that version
it queues a fresh attempt and watches again, and if the match has moved on it re-dispatches the
current position (a worker may have died between appending a move and queueing the next).
"""
import os
from datetime import timedelta

from rq import Retry
from rq.job import Job
from rq.registry import ScheduledJobRegistry

from engine.audit.rulesets import pinned
from engine.core import controller, match_outcome, seats_to_act
from service.application import clock
from service.application.deadlines import due
from workers.queues import background_queue, enqueue, schedule

MAX_ATTEMPTS = 5
DEADLINE_RETRY = Retry(max=3, interval=[10, 60, 300])    # a deadline job that failed runs again


def watchdog_seconds(bot: dict | None = None) -> float:
    """How long a bot job may take before the watchdog queues another attempt
    (KIFU_BOT_WATCHDOG_SECONDS, 120 by default, plus the bot's time budget)."""
    base = float(os.environ.get("KIFU_BOT_WATCHDOG_SECONDS", "120"))
    budget = (bot or {}).get("budget") or {}
    return base + budget.get("ms", 0) / 1000


def bot_job_id(match_id: str, version: int, seat: int, attempt: int = 0) -> str:
    return f"bot-{match_id}-{version}-{seat}" + (f"-a{attempt}" if attempt else "")


def dispatch(connection, match_id: str, state: dict) -> None:
    """Queue the moves of the bots the match at ``state`` waits for."""
    match = state["match"]
    game = pinned(match["game"], match.get("engine_version"), match.get("cardset_version"))
    if match_outcome(game, state) is not None:
        return
    for seat in seats_to_act(game, state):
        held = controller(state, seat)
        if held["by"] == "bot":
            queue_bot_turn(connection, match_id, seat, state["version"], held["bot"])


def deadline_job_id(match_id: str, seat: int, entry: dict) -> str:
    """One id per ``waiting`` entry (seat, the version and the moment it began to wait): an append
    that lost a race leaves a job of its own, never one that stands in for the winner's."""
    since_ms = int(clock.parse(entry["since"]).timestamp() * 1000)
    return f"deadline-{match_id}-{seat}-{entry['version']}-{since_ms}"


def schedule_deadlines(connection, match_id: str, settings: dict, waiting: dict) -> None:
    """A scheduled ``deadline_passed`` job for each waiting seat, unless it has one already."""
    for seat, entry in waiting.items():
        job_id = deadline_job_id(match_id, int(seat), entry)
        if not Job.exists(job_id, connection=connection):
            when = due(settings, entry)
            schedule_deadline(connection, clock.parse(when), match_id, int(seat), entry["version"], when, job_id)


def schedule_deadline(connection, at, match_id: str, seat: int, since: int, when: str,
                      job_id: str | None = None) -> None:
    """Run ``deadline_passed`` at ``at`` for ``seat``, waiting since version ``since``, due ``when``."""
    from workers.jobs import deadline_passed
    schedule(connection, "default", at, deadline_passed, match_id, seat, since, when, job_id=job_id,
             result_ttl=86400, retry=DEADLINE_RETRY)


def call_off_watchdogs(connection, match_id: str, seat: int, version: int) -> None:
    """The bot has moved at ``version``: its watchdogs have nothing left to watch."""
    registry = ScheduledJobRegistry(queue=background_queue(connection, "default"))
    for attempt in range(1, MAX_ATTEMPTS):
        job_id = f"watch-{bot_job_id(match_id, version, seat, attempt - 1)}"
        registry.remove(job_id)
        connection.delete(Job.key_for(job_id))


def queue_bot_turn(connection, match_id: str, seat: int, version: int, bot: dict,
                   attempt: int = 0) -> bool:
    """Queue the bot's move (and its watchdog) unless that attempt is already queued or done."""
    from workers.jobs import bot_turn, watch_turn
    job_id = bot_job_id(match_id, version, seat, attempt)
    if Job.exists(job_id, connection=connection):
        return False
    enqueue(connection, "high", bot_turn, match_id, seat, version, job_id=job_id, result_ttl=3600)
    wait = watchdog_seconds(bot) * 2 ** attempt
    if attempt + 1 < MAX_ATTEMPTS:
        schedule(connection, "default", clock.now() + timedelta(seconds=wait), watch_turn, match_id, seat,
                 version, attempt + 1, job_id=f"watch-{job_id}", result_ttl=3600)
    return True
