"""What a commit leaves a match waiting on, kept for every appender alike (``match.reactions``):
the deadline of each person who begins to wait, and the move of each bot seat to act — each
recorded as a due job before the append, the bots' moves queued at once after it, the deadlines of
waits that ended called off. A match continued elsewhere after a dispute waits on no one."""
from service.application.match.reactions import Reaction
from service.application.turns.deadlines import read_waiting
from service.application.turns.dispatch import call_off_deadlines, dispatch, expect, schedule_deadlines


def _waits_changed(commit) -> bool:
    return commit.meta.get("waiting") != commit.previous.get("waiting")


class Deadlines(Reaction):
    name = "deadlines"

    def before(self, store, commit):
        if _waits_changed(commit) and not commit.continued and commit.state["match"].get("clock"):
            schedule_deadlines(store.jobs, commit.match_id, commit.state["match"]["clock"],
                               read_waiting(commit.meta))

    def after(self, store, commit, prepared) -> None:
        """Best effort: a job left behind finds its wait gone and stops."""
        if _waits_changed(commit) and not commit.created:
            call_off_deadlines(store.jobs, commit.match_id, read_waiting(commit.previous), read_waiting(commit.meta))


class BotTurns(Reaction):
    name = "bot turns"

    def before(self, store, commit):
        if not commit.continued:
            expect(store.jobs, commit.match_id, commit.state)

    def after(self, store, commit, prepared) -> None:
        """The bots' moves queued now (were this lost, the due jobs recorded before run anyway)."""
        if not commit.continued:
            dispatch(store.jobs, commit.match_id, commit.state)
