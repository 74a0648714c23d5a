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

from engine.audit.rulesets import pinned
from engine.core import controller, match_outcome, seats_to_act
from service.application import clock
from service.application.deadlines import due

MAX_ATTEMPTS = 5
DEADLINE_RETRIES = (10, 60, 300)       # a deadline job that failed runs again after these seconds


def watchdog_seconds(bot: dict | None = None) -> float:
    """How long a bot job may take before the watchdog queues another attempt
    (KIFU_BOT_WATCHDOG_SECONDS, 120 by default, plus the bot's time budget)."""
    base = float(os.environ.get("KIFU_BOT_WATCHDOG_SECONDS", "120"))
    budget = (bot or {}).get("budget") or {}
    return base + budget.get("ms", 0) / 1000


def bot_job_id(match_id: str, version: int, seat: int, attempt: int = 0) -> str:
    return f"bot-{match_id}-{version}-{seat}" + (f"-a{attempt}" if attempt else "")


def dispatch(jobs, match_id: str, state: dict) -> None:
    """Queue the moves of the bots the match at ``state`` waits for."""
    match = state["match"]
    game = pinned(match["game"], match.get("engine_version"), match.get("cardset_version"))
    if match_outcome(game, state) is not None:
        return
    for seat in seats_to_act(game, state):
        held = controller(state, seat)
        if held["by"] == "bot":
            queue_bot_turn(jobs, match_id, seat, state["version"], held["bot"])


def deadline_job_id(match_id: str, seat: int, entry: dict) -> str:
    """One id per ``waiting`` entry (seat, the version and the moment it began to wait): an append
    that lost a race leaves a job of its own, never one that stands in for the winner's."""
    since_ms = int(clock.parse(entry["since"]).timestamp() * 1000)
    return f"deadline-{match_id}-{seat}-{entry['version']}-{since_ms}"


def schedule_deadlines(jobs, match_id: str, settings: dict, waiting: dict) -> None:
    """A scheduled ``deadline_passed`` job for each waiting seat, unless it has one already."""
    for seat, entry in waiting.items():
        job_id = deadline_job_id(match_id, int(seat), entry)
        if not jobs.exists(job_id):
            when = due(settings, entry)
            schedule_deadline(jobs, clock.parse(when), match_id, int(seat), entry["version"], when, job_id)


def schedule_deadline(jobs, at, match_id: str, seat: int, since: int, when: str,
                      job_id: str | None = None) -> None:
    """Run ``deadline_passed`` at ``at`` for ``seat``, waiting since version ``since``, due ``when``."""
    jobs.enqueue("default", "deadline_passed", match_id, seat, since, when, job_id=job_id, at=at,
                 keep=86400, retries=DEADLINE_RETRIES)


def call_off_watchdogs(jobs, match_id: str, seat: int, version: int) -> None:
    """The bot has moved at ``version``: its watchdogs have nothing left to watch."""
    for attempt in range(1, MAX_ATTEMPTS):
        jobs.cancel(f"watch-{bot_job_id(match_id, version, seat, attempt - 1)}")


def queue_bot_turn(jobs, match_id: str, seat: int, version: int, bot: dict, attempt: int = 0) -> bool:
    """Queue the bot's move (and its watchdog) unless that attempt is already queued or done."""
    job_id = bot_job_id(match_id, version, seat, attempt)
    if jobs.exists(job_id):
        return False
    jobs.enqueue("high", "bot_turn", match_id, seat, version, job_id=job_id)
    wait = watchdog_seconds(bot) * 2 ** attempt
    if attempt + 1 < MAX_ATTEMPTS:
        jobs.enqueue("default", "watch_turn", match_id, seat, version, attempt + 1, job_id=f"watch-{job_id}",
                     at=clock.now() + timedelta(seconds=wait))
    return True


def queue_verify(jobs, match_id: str, job_id: str | None = None) -> str:
    """Queue ``verify_match`` (low priority; on the embedded store it has run on return)."""
    return jobs.enqueue("low", "verify_match", match_id, job_id=job_id or f"verify-{match_id}", keep=86400,
                        eager=True)


def verify_job(jobs, match_id: str, version: int) -> tuple[str, dict]:
    """The verification job of ``match_id`` at ``version`` (queued now if there is none yet): its id
    and status."""
    job_id = f"verify-{match_id}-v{version}"
    found = jobs.status(job_id)
    if found is None:
        queue_verify(jobs, match_id, job_id)
        found = jobs.status(job_id)
    return job_id, found
