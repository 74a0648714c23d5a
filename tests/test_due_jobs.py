"""Due jobs (workers.due): recorded before they are needed, queued once when due by whichever sweep
sees them first, run again when a run dies, raises or is lost (at once when its heartbeat lapses),
forgotten once a run returns. On fakeredis (the same Lua scripts), and on a real Redis with several
sweepers at once and with a run's heartbeat thread."""
import os
import threading
import time

import fakeredis
import pytest
import redis
from rq import Queue, get_current_job
from rq.job import Job
from rq.serializers import JSONSerializer

from tests.conftest import flushed
from workers import due
from workers.jobs import tracked
from workers.runner import ThreadWorker

T0 = 1_900_000_000.0


@pytest.fixture
def r():
    return fakeredis.FakeRedis()


def queued(connection, name="high") -> list:
    return Queue(name, connection=connection, serializer=JSONSerializer).job_ids


def record(r, job_id="bot-m-3-1", at=T0 + 10, retries=(120, 240), now=T0):
    return due.record(r, "high", "bot_turn", ["m", 1, 3], job_id, at, retries, now=now)


def test_a_due_job_is_queued_once_when_its_time_comes(r):
    assert record(r) == "recorded" and record(r) == "recorded"       # recording twice keeps one
    assert due.sweep(r, T0 + 9.9) == [] and queued(r) == []
    assert due.sweep(r, T0 + 10.5) == [("bot-m-3-1", 0.5)]           # how late it was queued
    assert queued(r) == ["bot-m-3-1"]
    job = Job.fetch("bot-m-3-1", connection=r, serializer=JSONSerializer)
    assert job.func_name == "workers.jobs.bot_turn" and job.args == ["m", 1, 3]
    assert due.sweep(r, T0 + 11) == [] and queued(r) == ["bot-m-3-1"]  # claimed: no second copy


def test_recorded_for_now_it_is_queued_by_the_recorder_and_by_nobody_else(r):
    assert record(r) == "recorded"                                   # before the append: due in a while
    assert record(r, at=T0 + 1, now=T0 + 1) == "started"              # the dispatch after it: now
    assert record(r, at=T0 + 2, now=T0 + 2) == "recorded"             # a second dispatch: nothing more
    assert due.sweep(r, T0 + 11) == [] and queued(r) == ["bot-m-3-1"]


def test_a_job_rq_already_holds_is_not_recorded(r):
    Queue("high", connection=r, serializer=JSONSerializer).enqueue("workers.jobs.bot_turn", "m", 1, 3,
                                                                   job_id="bot-m-3-1")
    assert record(r) == "known" and not due.pending(r, "bot-m-3-1")


def test_a_run_that_never_reports_back_is_queued_again_when_its_lease_ends(r):
    record(r, at=T0)
    due.sweep(r, T0)
    Queue("high", connection=r, serializer=JSONSerializer).empty()    # its worker took it, then died
    assert due.begin(r, "bot-m-3-1", T0 + 1) == 1                     # lease: 120 s from the start
    assert due.sweep(r, T0 + 120) == []
    assert [j for j, _ in due.sweep(r, T0 + 121)] == ["bot-m-3-1"]
    assert due.begin(r, "bot-m-3-1", T0 + 122) == 2                   # lease: 240 s
    assert due.sweep(r, T0 + 361) == [] and due.pending(r, "bot-m-3-1")
    due.sweep(r, T0 + 362)
    assert due.begin(r, "bot-m-3-1", T0 + 363) == 3                   # the last run: nothing after it
    assert not due.pending(r, "bot-m-3-1") and due.sweep(r, T0 + 10_000) == []


def test_a_run_that_returns_ends_it(r):
    record(r, at=T0)
    due.sweep(r, T0)
    due.begin(r, "bot-m-3-1", T0)
    due.done(r, "bot-m-3-1")
    assert not due.pending(r, "bot-m-3-1") and due.next_due(r, "bot-m-3-1") is None


def test_a_killed_run_is_due_at_once_and_a_run_that_raised_soon(r):
    record(r, at=T0)
    due.sweep(r, T0)
    Queue("high", connection=r, serializer=JSONSerializer).empty()
    due.begin(r, "bot-m-3-1", T0)
    assert due.retry_now(r, "bot-m-3-1", T0 + 5) and due.next_due(r, "bot-m-3-1") == T0 + 5
    due.sweep(r, T0 + 5)
    Queue("high", connection=r, serializer=JSONSerializer).empty()
    assert due.begin(r, "bot-m-3-1", T0 + 6) == 2
    due.retry_soon(r, "bot-m-3-1", 2, T0 + 7)
    assert due.next_due(r, "bot-m-3-1") == T0 + 11                    # 2**2 s later, not after 240 s
    assert not due.retry_now(r, "nothing", T0)                        # not due-tracked: nothing made


def begun(r, beats=True, at=T0):
    """The bot move recorded, queued by a sweep at ``at`` and taken by a worker that began it."""
    record(r, at=at, now=at)
    due.sweep(r, at)
    Queue("high", connection=r, serializer=JSONSerializer).empty()
    return due.begin(r, "bot-m-3-1", at, beats)


def test_a_run_that_stopped_beating_is_due_again_at_once_and_one_that_beats_keeps_its_lease(r):
    assert begun(r) == 1                                              # lease: 120 s
    for t in range(1, 100):                                           # a long ISMCTS move, beating
        assert due.beat(r, "bot-m-3-1", T0 + t)
        assert due.sweep(r, T0 + t + 0.5) == []
    # its process was killed after the beat at T0 + 99: nothing until the beat lapses, 5 s later
    assert due.sweep(r, T0 + 99 + due.BEAT_SECONDS - 0.1) == [] and queued(r) == []
    assert due.sweep(r, T0 + 99 + due.BEAT_SECONDS + 0.1) == [("bot-m-3-1", 0.0)]
    assert queued(r) == ["bot-m-3-1"] and due.next_due(r, "bot-m-3-1") < T0 + 120
    Queue("high", connection=r, serializer=JSONSerializer).empty()
    assert not due.beat(r, "bot-m-3-1", T0 + 105)                     # that run's beats no longer count
    assert due.begin(r, "bot-m-3-1", T0 + 106, beats=True) == 2       # the next run beats afresh
    assert due.sweep(r, T0 + 106 + due.BEAT_SECONDS - 0.1) == []
    assert [j for j, _ in due.sweep(r, T0 + 106 + due.BEAT_SECONDS + 0.1)] == ["bot-m-3-1"]


def test_a_run_that_does_not_beat_keeps_its_lease(r):
    assert begun(r, beats=False) == 1                                 # the embedded store's job thread
    assert due.sweep(r, T0 + 119) == []
    assert [j for j, _ in due.sweep(r, T0 + 121)] == ["bot-m-3-1"]    # the watchdog, as before


def test_a_run_over_stops_beating(r):
    begun(r)
    due.done(r, "bot-m-3-1")
    assert not due.beat(r, "bot-m-3-1", T0 + 1) and due.sweep(r, T0 + 60) == []
    begun(r, at=T0 + 100)
    due.retry_soon(r, "bot-m-3-1", 1, T0 + 101)                       # it raised: again after 2 s,
    assert due.sweep(r, T0 + 101 + 1.9) == []                         # not at once when the beat lapses
    assert not due.beat(r, "bot-m-3-1", T0 + 102)
    assert [j for j, _ in due.sweep(r, T0 + 103.1)] == ["bot-m-3-1"]
    Queue("high", connection=r, serializer=JSONSerializer).empty()
    assert due.begin(r, "bot-m-3-1", T0 + 104, beats=True) == 2
    due.sweep(r, T0 + 104 + 240.5)                                    # its lease is over, though it beats:
    assert not due.beat(r, "bot-m-3-1", T0 + 345)                     # claimed again, it beats no more


def test_a_sweep_leaves_a_job_still_waiting_in_its_queue_where_it_is(r):
    record(r, at=T0, now=T0)
    due.sweep(r, T0)                                                  # queued; no worker has taken it
    assert due.sweep(r, T0 + due.START_SECONDS + 1) == []             # a backlog, not a loss
    assert queued(r) == ["bot-m-3-1"]
    Queue("high", connection=r, serializer=JSONSerializer).empty()    # now it is gone from the queue
    assert [j for j, _ in due.sweep(r, T0 + 2 * due.START_SECONDS + 2)] == ["bot-m-3-1"]


def test_a_sweep_queues_what_has_fallen_due_at_the_front_of_its_queue(r):
    q = Queue("high", connection=r, serializer=JSONSerializer)
    q.enqueue("workers.jobs.bot_turn", "other", 0, 1, job_id="bot-other-1-0")
    record(r)
    due.sweep(r, T0 + 10)
    assert q.job_ids == ["bot-m-3-1", "bot-other-1-0"]


def test_a_job_queued_again_and_again_without_finishing_is_given_up(r, monkeypatch):
    monkeypatch.setattr(due, "MAX_CLAIMS", 2)
    record(r, at=T0, now=T0 - 1)
    for k in range(2):
        assert due.sweep(r, T0 + k * 100)
        Queue("high", connection=r, serializer=JSONSerializer).empty()
    assert due.sweep(r, T0 + 300) == [] and not due.pending(r, "bot-m-3-1")


@pytest.mark.redis
def test_several_sweepers_at_once_queue_each_due_job_exactly_once():
    url = flushed(os.environ["REDIS_TEST_URL"])
    clients = [redis.Redis.from_url(url) for _ in range(4)]
    for k in range(300):
        due.record(clients[0], "high", "deadline_passed", ["m", k % 2, k, "due"], f"deadline-{k}", T0, (10,),
                   now=T0 - 1)
    swept = [[] for _ in clients]
    go = threading.Barrier(len(clients))

    def sweeper(i):
        go.wait()
        for _ in range(5):
            swept[i] += [j for j, _ in due.sweep(clients[i], T0 + 1)]
    threads = [threading.Thread(target=sweeper, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    everything = [j for part in swept for j in part]
    assert sorted(everything) == sorted(f"deadline-{k}" for k in range(300))     # each once, none lost
    assert sum(1 for part in swept if part) > 1                                   # really concurrent
    assert sorted(queued(clients[0])) == sorted(everything)
    for c in clients:
        c.close()


@pytest.fixture
def fast_beats(monkeypatch):
    monkeypatch.setattr(due, "BEAT_EVERY", 0.05)
    monkeypatch.setattr(due, "BEAT_SECONDS", 0.6)


@pytest.mark.redis
def test_on_real_redis_a_beating_run_is_left_alone_and_a_silent_one_queued_again_within_its_lapse(fast_beats):
    r = redis.Redis.from_url(flushed(os.environ["REDIS_TEST_URL"]))
    now = time.time()
    begun(r, at=now)
    with due.beating(r, "bot-m-3-1"):                                 # a run three lapses long
        end = time.time() + 3 * due.BEAT_SECONDS
        while time.time() < end:
            assert due.sweep(r) == []
            time.sleep(0.02)
    stopped = time.time()                                             # its beats end, no end reported:
    lapse = r.zscore(due.KEYS[5], "bot-m-3-1")                        # as if its process were killed
    assert lapse > stopped                                            # it beat to the end
    assert due.sweep(r, lapse - 0.01) == []
    assert due.sweep(r, lapse + 0.01) == [("bot-m-3-1", 0.0)] and queued(r) == ["bot-m-3-1"]
    r.close()


RUNS = "test:slow-runs"


@tracked
def slow_job(seconds: float) -> None:
    """A tracked job that counts its runs and takes ``seconds``."""
    get_current_job().connection.incr(RUNS)
    time.sleep(seconds)


@pytest.mark.redis
def test_on_real_redis_a_tracked_run_longer_than_the_lapse_is_run_once(fast_beats):
    r = redis.Redis.from_url(flushed(os.environ["REDIS_TEST_URL"]))
    due.record(r, "high", "bot_turn", [], "slow", time.time() + 60, (120,))
    q = Queue("high", connection=r, serializer=JSONSerializer)
    q.enqueue("tests.test_due_jobs.slow_job", 3 * due.BEAT_SECONDS, job_id="slow")
    stopping = threading.Event()
    swept, beats = [], []

    def sweeper():
        while not stopping.wait(0.05):
            swept.extend(due.sweep(r))
            beats.append(r.zscore(due.KEYS[5], "slow"))
    thread = threading.Thread(target=sweeper)
    thread.start()
    try:
        ThreadWorker([q], connection=r, serializer=JSONSerializer).work(burst=True, logging_level="WARNING")
    finally:
        stopping.set()
        thread.join()
    assert int(r.get(RUNS)) == 1 and swept == [] and not due.pending(r, "slow")
    lapses = sorted({b for b in beats if b is not None})
    assert len(lapses) >= 5 and lapses[-1] - lapses[0] >= 2 * due.BEAT_SECONDS       # it beat throughout
    r.close()
