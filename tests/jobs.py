"""Helpers for tests of background jobs on the embedded fakeredis: run them in the test thread,
and a clock the test moves by hand."""
from datetime import datetime, timedelta, timezone

from service.http.redis_conn import get_redis
from workers.runner import run_pending


def run_jobs(app) -> int:
    """Run every queued job, and every scheduled one due by the service clock, until none is left."""
    with app.app_context():
        return run_pending(get_redis())


class ManualClock:
    def __init__(self, start=datetime(2030, 1, 1, 9, 0, tzinfo=timezone.utc)):
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta) -> None:
        self.moment += timedelta(**delta)
