"""Bot seats on the embedded store: jobs queued when a bot is to act, moving through the append path."""
import threading
import time

import fakeredis
import pytest
from rq import Queue
from rq.serializers import JSONSerializer

from service.application.storage.connections import connect
from service.http.redis_conn import get_redis, get_store
from service.application.storage.store import EventStore
from tests.helpers import ApiMatch
from tests.jobs import run_jobs
from workers import runner
from service.application.turns.bot_turns import play_bot_turn
from workers import due
from engine.audit.verify import verify


def create(client, seats, game="threebythree", variant="overlord", **extra):
    return ApiMatch(client, game=game, variant=variant, seats=seats, **extra)


def queued(app, name="high") -> list:
    with app.app_context():
        return Queue(name, connection=get_redis(), serializer=JSONSerializer).job_ids


def bot_commands(app, match_id) -> list:
    """The bot commands stored, one per appended batch; each ``bot-<v>`` batch starts at version v+1."""
    with app.app_context():
        records = EventStore(get_redis()).read(match_id)
    batches = []
    for previous, record in zip([None] + records, records):
        if record.command_id.startswith("bot-") and (previous is None or previous.command_id != record.command_id):
            assert record.version == int(record.command_id.split("-")[1]) + 1
            batches.append(record.command_id)
    return batches


def test_a_bot_seat_gets_no_token_and_shows_as_a_bot(client):
    m = create(client, [{"name": "Reimu"}, {"name": "Owl", "bot": "ismcts", "budget": {"iterations": 8}}])
    assert m.created["seats"][0]["token"] and m.created["seats"][0]["bot"] is None
    assert m.created["seats"][1] == {"seat": 1, "name": "Owl", "join": "bot", "token": None,
                                     "bot": "ismcts"}
    seats = m.info()["seats"]
    assert seats[1] == {"seat": 1, "name": "Owl", "display_name": "Bot (ismcts)", "controller": "bot",
                        "stand_in": False, "unclaimed": False, "join": None,
                        "bot": {"bot": "ismcts", "budget": {"iterations": 8}}}
    assert seats[0]["controller"] == "human"


def test_creating_queues_the_bot_and_the_request_does_not_run_it(app, client):
    m = create(client, [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}])
    version = m.info()["version"]
    assert m.info()["to_act"] == [0, 1]                    # setup: both choose at once
    assert sorted(queued(app)) == [f"bot-{m.id}-{version}-0", f"bot-{m.id}-{version}-1"]
    assert m.info()["version"] == version                  # nothing moved inside the request


def test_two_bots_play_to_the_end_and_verify(app, client):
    m = create(client, [{"name": "A", "bot": "ismcts", "budget": {"iterations": 4}}, {"name": "B", "bot": "greedy"}])
    run_jobs(app)
    info = m.info()
    assert info["outcome"] is not None and info["to_act"] == []
    commands = bot_commands(app, m.id)
    assert len(commands) == len(set(commands)) > 20        # one move per version, never two
    with app.app_context():
        assert verify(EventStore(get_redis()), m.id)["ok"]


def test_a_person_and_a_bot_play_to_the_end(app, client):
    m = create(client, [{"name": "Reimu"}, {"name": "Owl", "bot": "greedy"}])
    for _ in range(2000):
        run_jobs(app)
        info = m.info()
        if info["outcome"] is not None:
            break
        assert info["to_act"] == [0], "the bot left the match waiting"
        legal = m.legal(0)
        assert m.post(0, legal["actions"][0], legal["version"]).status_code == 200
    assert m.info()["outcome"] is not None
    assert {e["seat"] for e in m.get("/events", limit=1000)["events"] if e["seat"] is not None} == {0, 1}


def test_a_duplicated_or_late_bot_job_never_moves_twice(app, client):
    m = create(client, [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}])
    version = m.info()["version"]
    with app.app_context():
        first = play_bot_turn(get_store(), m.id, 0, version)
        again = play_bot_turn(get_store(), m.id, 0, version)
    assert first["status"] == "moved" and again["status"] == "stale"
    assert set(first) == {"status", "version", "type"}          # never the action itself: rq logs a result
    assert bot_commands(app, m.id) == [f"bot-{version}"]


def test_a_person_cannot_act_for_a_bot_seat(client):
    m = create(client, [{"name": "Reimu"}, {"name": "Owl", "bot": "random"}])
    r = client.post(f"/matches/{m.id}/actions", json={"action": {"type": "pass"}, "expected_version": 1,
                                                       "command_id": "x"})
    assert r.status_code == 401


def test_a_bot_job_lost_mid_run_runs_again_when_its_watchdog_ends(app, client, manual_clock):
    m = create(client, [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}])
    version = m.info()["version"]
    with app.app_context():
        r = get_redis()
        for job_id in queued(app):
            due.begin(r, job_id, manual_clock().timestamp())          # the runs began, then died
        Queue("high", connection=r, serializer=JSONSerializer).empty()
    manual_clock.advance(seconds=119)                             # KIFU_BOT_WATCHDOG_SECONDS: 120
    run_jobs(app)
    assert m.info()["version"] == version
    manual_clock.advance(seconds=2)
    run_jobs(app)
    assert m.info()["version"] > version
    manual_clock.advance(hours=1)
    run_jobs(app)
    assert m.info()["outcome"] is not None


def test_a_bot_move_whose_dispatch_was_lost_after_the_append_is_queued_when_due(app, client, manual_clock,
                                                                              monkeypatch):
    from service.application.turns import reactions
    m = create(client, [{"name": "Reimu"}, {"name": "Owl", "bot": "random"}], game="toy", variant="standard",
               setup={"first": 0, "total": 0, "secrets": [1, 2]})

    def lost(*args, **kwargs):
        raise ConnectionError("connection dropped right after the append's reply")
    monkeypatch.setattr(reactions, "dispatch", lost)
    assert m.post(0, {"type": "add", "n": 1}).status_code == 200
    monkeypatch.undo()
    version = m.info()["version"]
    assert m.info()["to_act"] == [1] and queued(app) == []
    run_jobs(app)
    assert m.info()["version"] == version                     # recorded before the append, due 2 s after it
    manual_clock.advance(seconds=2)
    run_jobs(app)
    assert m.info()["version"] > version and m.info()["to_act"] == [0]


def test_ismcts_for_a_game_without_determinize_is_a_clear_422(client):
    r = client.post("/matches", json={"game": "toy-plain", "variant": "standard",
                                      "seats": [{"name": "a"}, {"name": "b", "bot": "ismcts"}]})
    assert r.status_code == 422
    assert r.get_json()["error"]["code"] == "invalid_config"
    assert "determinize" in r.get_json()["error"]["message"]


@pytest.mark.parametrize("seat,message", [
    ({"name": "b", "bot": "wizard"}, "seats.1.bot"),
    ({"name": "b", "bot": "ismcts", "budget": {"iterations": "many"}}, "seats.1.budget")])
def test_malformed_bot_seats_are_a_400_naming_the_field(client, seat, message):
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": [{"name": "a"}, seat]})
    assert r.status_code == 400 and message in r.get_json()["error"]["message"]


def test_random_and_greedy_seat_a_game_without_determinize(app, client):
    m = create(client, [{"name": "a", "bot": "greedy"}, {"name": "b", "bot": "random"}], game="toy-plain",
               variant="standard")
    run_jobs(app)
    assert m.info()["outcome"] is not None


def test_the_embedded_job_thread_plays_bots_after_the_response(app, client, job_thread):
    m = create(client, [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}], game="toy",
               variant="standard")
    with app.app_context():
        jobs = runner.runner_for(get_redis())
        assert jobs.wait_idle(30)
        runner.stop(get_redis())                    # a test done with its server leaves no thread polling it
        assert not jobs._thread.is_alive() and runner.runner_for(get_redis()) is not jobs     # (job_thread stops it)
    assert m.info()["outcome"] is not None


def test_a_bot_move_is_due_until_the_bot_has_moved(app, client):
    m = create(client, [{"name": "A", "bot": "random"}, {"name": "B"}], game="toy", variant="standard")
    with app.app_context():
        info = m.info()
        if info["to_act"] == [1]:                   # make the bot seat the one to act
            assert m.post(1, {"type": "add", "n": 1}).status_code == 200
        version = m.info()["version"]
        job_id = f"bot-{m.id}-{version}-0"
        assert due.pending(get_redis(), job_id)
        run_jobs(app)
        assert m.info()["version"] > version and not due.pending(get_redis(), job_id)


def test_a_job_thread_stopped_mid_pass_is_not_started_again_by_that_pass(monkeypatch):
    """A bot job of the last pass queues more work (wakes the thread): it wakes the stopping thread,
    which ends, rather than making the server a new one."""
    server = fakeredis.FakeServer()
    started = threading.Event()

    def a_pass(connection, now=None):
        started.set()
        time.sleep(0.2)
        runner.wake(connection)
        return 1
    monkeypatch.setattr(runner, "THREAD", True)
    monkeypatch.setattr(runner, "run_pending", a_pass)
    connection = connect(server=server)
    jobs = runner.runner_for(connection)
    jobs.wake()
    assert started.wait(5)
    runner.stop(connection)
    assert not jobs._thread.is_alive() and id(server) not in runner._runners
