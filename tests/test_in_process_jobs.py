"""Jobs run in this process (workers.runner.InProcessJobs, issue 34): one adapter, the embedded store's
queues run by its job thread, or a caller's own queue run by the caller — how ``kifu simulate --store``
plays its games (service.composition.in_process_store): by the service's bot_turn jobs, the due-job
sweep and the reactions of each commit, on a queue beside the store that keeps nothing behind."""
import json

import fakeredis
import pytest

from service.application.match.creating import create_match
from service.application.match.loading import open_match
from service.application.storage.connections import connect
from service.cli import main, stores
from service.composition import build_store, in_process_store
from workers import jobs, runner

BOTS = {"game": "toy", "variant": "standard", "options": {}, "setup": None, "audit_live": False, "deadline": None,
        "seats": [{"name": "random", "bot": "random"}, {"name": "greedy", "bot": "greedy"}]}


@pytest.fixture
def threads_allowed(monkeypatch):
    """THREAD on, as in every process but the tests' (a caller's queue must start no job thread)."""
    monkeypatch.setattr(runner, "THREAD", True)
    yield
    for server in list(runner._runners):
        runner._runners[server].stop(10)


def test_a_caller_s_jobs_run_when_it_runs_them_on_a_queue_of_their_own(threads_allowed):
    store_server = fakeredis.FakeServer()            # the store: in `kifu simulate --store`, REDIS_URL's server
    store = in_process_store(connect(server=store_server))
    created = create_match(store, BOTS)
    assert open_match(store, created.match_id).version == created.version      # nothing ran on its own
    assert store.jobs.by_caller and store.jobs.run_pending() >= 1
    m = open_match(store, created.match_id)
    assert m.outcome() is not None and m.version > created.version
    moves = [r.event for r in store.read(created.match_id) if r.event.type == "Added"]
    assert moves and {e.seat for e in moves} == {0, 1}                           # both bots moved, by their jobs
    store_keys = {k.decode() for k in connect(server=store_server).scan_iter()}            # no job left on the
    assert not any(k.startswith(("rq:", "kifu:due")) for k in store_keys), store_keys   # store's server
    queue = store.jobs.connection
    assert not list(queue.scan_iter("rq:job:*")) and not queue.zcard("kifu:due")  # nor results kept, nor anything due
    assert runner._runners == {}                                                   # and no job thread started


def test_the_embedded_store_s_jobs_are_run_by_its_job_thread(threads_allowed):
    connection = connect(server=fakeredis.FakeServer())
    store = build_store(connection)
    assert isinstance(store.jobs, runner.InProcessJobs) and not store.jobs.by_caller
    created = create_match(store, BOTS)
    assert runner.runner_for(connection).wait_idle(60)
    assert open_match(store, created.match_id).outcome() is not None


def test_simulate_store_says_which_game_did_not_end_when_a_bot_s_moves_stop(monkeypatch, capsys):
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    monkeypatch.setattr(stores, "connection", lambda command: connection)

    def broken(store, match_id, seat, version):
        raise RuntimeError("the bot crashed")
    monkeypatch.setattr(jobs, "play_bot_turn", broken)
    assert main(["simulate", "toy", "standard", "--seat", "random", "--seat", "random", "--games", "3",
                 "--store", "--quiet"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "kifu simulate: match " in captured.err and "did not end" in captured.err


def test_simulate_store_plays_each_game_to_its_end(monkeypatch, capsys):
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    monkeypatch.setattr(stores, "connection", lambda command: connection)
    assert main(["simulate", "toy", "standard", "--seat", "random", "--seat", "greedy", "--games", "3",
                 "--store", "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["stored"] == 3
    store = build_store(connection)
    for match_id in (printed["first"], printed["last"]):
        assert open_match(store, match_id).outcome() is not None
