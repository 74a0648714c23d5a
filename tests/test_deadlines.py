"""Per-move deadlines with a controllable clock: pass, a stand-in bot (and reclaiming the seat), forfeit."""
from datetime import datetime, timedelta, timezone

from service.application.errors import Conflict
from service.application import clock
from service.http.redis_conn import get_redis, get_store
from service.application.storage.store import EventStore
from tests.helpers import ApiMatch
from tests.jobs import run_jobs
from service.application.turns.missed_deadlines import missed
from engine.audit.verify import verify
from workers.due import KEYS as DUE_KEYS


def due_deadlines(app) -> dict:
    """The due jobs (workers.due; these matches have no bots: deadlines only), each with when it falls due."""
    with app.app_context():
        return {j.decode(): clock.iso(datetime.fromtimestamp(t, timezone.utc))
                for j, t in get_redis().zrange(DUE_KEYS[0], 0, -1, withscores=True)}


def create(client, on_timeout, minutes=60, **deadline):
    return ApiMatch(client, game="threebythree", variant="overlord",
                    deadline={"minutes": minutes, "on_timeout": on_timeout, **deadline})


def events(m, seat=None, after=0):
    return m.get("/events", seat, after=after, limit=1000)["events"]


def choose_setup(m, seat):
    legal = m.legal(seat)
    assert m.post(seat, legal["actions"][0], legal["version"]).status_code == 200


def test_the_deadline_is_a_due_job_and_shown(app, client, manual_clock):
    m = create(client, "pass", minutes=90)
    info = m.info()
    due = clock.iso(manual_clock() + timedelta(minutes=90))
    since = clock.iso(manual_clock())
    assert info["deadline"] == {"minutes": 90, "on_timeout": "pass", "due": due, "seats": [0, 1],
                                "waiting": [{"seat": s, "since": since, "due": due} for s in (0, 1)]}
    since_ms = int(manual_clock().timestamp() * 1000)
    assert due_deadlines(app) == {f"deadline-{m.id}-{s}-{info['version']}-{since_ms}": due for s in (0, 1)}


def test_nothing_happens_before_the_deadline(client, app, manual_clock):
    m = create(client, "forfeit")
    version = m.info()["version"]
    manual_clock.advance(minutes=59, seconds=59)
    run_jobs(app)
    assert m.info()["version"] == version and m.info()["outcome"] is None


def test_pass_plays_the_games_pass_or_else_a_bot_move_and_the_seat_stays_a_persons(client, app, manual_clock):
    m = create(client, "pass")
    choose_setup(m, 0)
    manual_clock.advance(minutes=61)
    run_jobs(app)                      # seat 1 missed its setup choice: no pass there, the stand-in chooses
    log = events(m)
    miss = [e for e in log if e["type"] == "DeadlineMissed"]
    assert [(e["data"]["seat"], e["rule"]) for e in miss] == [(1, "kifu/deadline")]
    chosen = [e for e in log if e["type"] == "SetupChosen"]
    assert [e["seat"] for e in chosen] == [0, 1] and chosen[1]["version"] == miss[0]["version"] + 1
    info = m.info()
    assert info["seats"][1]["controller"] == "human" and info["outcome"] is None
    seat = info["to_act"][0]
    after = info["version"]
    manual_clock.advance(minutes=61)   # now the active seat misses a step where pass is legal
    run_jobs(app)
    later = events(m, after=after)
    assert later[0]["type"] == "DeadlineMissed" and later[0]["data"]["seat"] == seat
    assert later[1]["type"] == "Passed" and later[1]["seat"] == seat


def test_one_seats_move_does_not_restart_the_clock_of_another_seat_acting_at_once(client, app, manual_clock):
    m = create(client, "forfeit")          # both seats choose their setup at once (○初級ルール開始前手順)
    manual_clock.advance(minutes=40)
    choose_setup(m, 0)
    waiting = m.info()["deadline"]["waiting"]
    assert [w["seat"] for w in waiting] == [1] and waiting[0]["due"] == m.info()["deadline"]["due"]
    manual_clock.advance(minutes=21)                  # 61 minutes since seat 1 began to wait
    run_jobs(app)
    assert m.info()["outcome"]["forfeited"] == [1]


def test_a_deadline_survives_a_web_process_dying_right_after_the_append(client, app, manual_clock, monkeypatch):
    from service.application.match import reactions
    m = create(client, "forfeit")
    choose_setup(m, 0)
    monkeypatch.setattr(reactions, "follow", lambda *a, **k: None)   # nothing after the append runs
    choose_setup(m, 1)
    monkeypatch.undo()
    version = m.info()["version"]
    seat = m.info()["to_act"][0]
    manual_clock.advance(minutes=61)
    run_jobs(app)
    missed_it = [e for e in events(m, after=version) if e["type"] == "DeadlineMissed"]
    assert [e["data"]["seat"] for e in missed_it] == [seat] and m.info()["outcome"]["forfeited"] == [seat]


def test_a_move_in_time_cancels_that_deadline(client, app, manual_clock):
    m = create(client, "forfeit")
    manual_clock.advance(minutes=40)
    choose_setup(m, 0)
    choose_setup(m, 1)
    manual_clock.advance(minutes=40)                  # 80 minutes after creation, 40 after the last move
    run_jobs(app)
    assert m.info()["outcome"] is None
    assert not [e for e in events(m) if e["type"] == "DeadlineMissed"]


def test_forfeit_ends_the_match_for_the_other_seat(client, app, manual_clock):
    m = create(client, "forfeit")
    choose_setup(m, 1)
    manual_clock.advance(days=1)
    run_jobs(app)
    info = m.info()
    assert info["outcome"] == {"reason": "forfeit", "forfeited": [0], "winners": [1], "winner": 1, "draw": False}
    assert info["to_act"] == [] and m.legal(1)["actions"] == []
    assert [e["type"] for e in events(m)][-3:] == ["DeadlineMissed", "SeatForfeited", "SeedRevealed"]
    r = m.post(1, {"type": "pass"})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "match_over"
    with app.app_context():
        assert verify(EventStore(get_redis()), m.id)["ok"]


def test_a_stand_in_bot_takes_the_seat_until_it_is_reclaimed(client, app, manual_clock):
    m = create(client, "bot", stand_in={"bot": "greedy"})
    choose_setup(m, 0)
    manual_clock.advance(minutes=61)
    run_jobs(app)                                     # seat 1 is taken over and its bot plays on
    info = m.info()
    assert info["seats"][1] == {"seat": 1, "name": "Marisa", "display_name": "Marisa", "controller": "bot",
                                "stand_in": True, "unclaimed": False, "join": None,
                                "bot": {"bot": "greedy", "budget": None}}
    assert 1 not in info["to_act"], "the stand-in left the match waiting"
    while 1 not in m.info()["to_act"]:               # seat 0 plays until the stand-in is to act
        if m.info()["outcome"] is not None:
            return
        legal = m.legal(0)
        assert m.post(0, legal["actions"][0], legal["version"]).status_code == 200
        if 1 in m.info()["to_act"]:
            break
        run_jobs(app)
    refused = m.post(1, m.legal(1)["actions"][0] if m.legal(1)["actions"] else {"type": "pass"})
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "seat_held_by_bot"
    r = client.post(f"/matches/{m.id}/seats/1/reclaim", headers=m.headers(1))
    assert r.status_code == 200 and r.get_json()["events"][0]["type"] == "SeatControlled"
    assert m.info()["seats"][1]["controller"] == "human"
    run_jobs(app)                                     # the bot's queued job finds the seat taken back
    legal = m.legal(1)
    assert legal["actions"] and m.post(1, legal["actions"][0], legal["version"]).status_code == 200


def test_reclaiming_a_seat_no_bot_holds_or_someone_elses_is_refused(client):
    m = create(client, "bot")
    r = client.post(f"/matches/{m.id}/seats/1/reclaim", headers=m.headers(1))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "seat_not_held"
    r = client.post(f"/matches/{m.id}/seats/0/reclaim", headers=m.headers(1))
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_your_seat"
    assert client.post(f"/matches/{m.id}/seats/0/reclaim").status_code == 401


def test_a_deadline_job_run_twice_or_early_changes_nothing_more(client, app, manual_clock):
    m = create(client, "forfeit")
    version = m.info()["version"]
    due = m.info()["deadline"]["due"]
    with app.app_context():
        assert missed(get_store(), m.id, 0, version, due)["status"] == "early"
        manual_clock.advance(minutes=60)
        assert missed(get_store(), m.id, 0, version, due) == {"status": "forfeit", "seats": [0, 1]}
        assert missed(get_store(), m.id, 0, version, due)["status"] == "moved"
        assert missed(get_store(), m.id, 1, version, due)["status"] == "moved"
    assert [e["type"] for e in events(m)].count("DeadlineMissed") == 2      # both seats were late
    assert m.info()["outcome"]["forfeited"] == [0, 1]


def test_a_deadline_that_keeps_losing_the_race_to_append_comes_back_later(client, app, manual_clock, monkeypatch):
    import service.application.turns.missed_deadlines
    m = create(client, "forfeit")
    version = m.info()["version"]
    due = m.info()["deadline"]["due"]

    def always_stale(*args, **kwargs):
        raise Conflict("stale_version", "someone appended first")
    with app.app_context():
        for job_id in due_deadlines(app):              # only the job under test may act
            get_store().jobs.cancel(job_id)
        manual_clock.advance(minutes=61)
        monkeypatch.setattr(service.application.turns.missed_deadlines, "commit", always_stale)
        assert missed(get_store(), m.id, 0, version, due)["status"] == "busy"
        monkeypatch.undo()
    assert len(due_deadlines(app)) == 1
    manual_clock.advance(seconds=4)
    run_jobs(app)
    assert m.info()["outcome"] is None
    manual_clock.advance(seconds=2)
    run_jobs(app)
    assert m.info()["outcome"]["forfeited"] == [0, 1]


def test_a_job_left_by_an_append_that_lost_a_race_does_nothing_and_blocks_nothing(client, app, manual_clock):
    from service.application.turns.dispatch import schedule_deadlines
    m = create(client, "forfeit")
    version = m.info()["version"]
    ghost = {"version": version, "since": clock.iso(manual_clock() - timedelta(minutes=30))}   # never stored
    with app.app_context():
        schedule_deadlines(get_store().jobs, m.id, {"minutes": 60}, {"0": ghost})
    assert len(due_deadlines(app)) == 3                         # its own job beside the two real ones
    manual_clock.advance(minutes=31)                            # the ghost's due has passed, not the seats'
    run_jobs(app)
    assert m.info()["outcome"] is None
    manual_clock.advance(minutes=30)
    run_jobs(app)
    assert m.info()["outcome"]["forfeited"] == [0, 1]


def test_bad_deadlines_are_refused(client):
    for deadline, status in [({"minutes": 0, "on_timeout": "pass"}, 400), ({"minutes": 5, "on_timeout": "sulk"}, 400),
                             ({"minutes": 5, "on_timeout": "bot", "stand_in": {"bot": "ismcts"}}, 201)]:
        r = client.post("/matches", json={"game": "threebythree", "variant": "overlord",
                                          "seats": [{"name": "a"}, {"name": "b"}], "deadline": deadline})
        assert r.status_code == status, r.get_json()
    r = client.post("/matches", json={"game": "toy-plain", "variant": "standard", "seats": [{"name": "a"}, {"name": "b"}],
                                      "deadline": {"minutes": 5, "on_timeout": "bot", "stand_in": {"bot": "ismcts"}}})
    assert r.status_code == 422 and "determinize" in r.get_json()["error"]["message"]


def test_a_match_with_missed_deadlines_still_re_decides_cleanly(client, app, manual_clock):
    m = create(client, "pass")
    choose_setup(m, 0)
    manual_clock.advance(minutes=61)
    run_jobs(app)                                     # seat 1's setup chosen for it, as its own action
    manual_clock.advance(minutes=61)
    run_jobs(app)                                     # and a pass
    info = m.play_to_end(choose=lambda actions: actions[0])
    assert info["outcome"] is not None
    with app.app_context():
        report = verify(EventStore(get_redis()), m.id)
    assert report["ok"] and report["seed_revealed"] and report["redecided"] > 10, report


def test_the_embedded_job_thread_fires_a_deadline_though_nothing_else_was_queued(client, manual_clock, job_thread):
    import time
    m = create(client, "forfeit", minutes=1)
    manual_clock.advance(minutes=2)
    end = time.monotonic() + 15
    while m.info()["outcome"] is None:
        assert time.monotonic() < end, "the deadline never fired"
        time.sleep(0.1)
    assert m.info()["outcome"]["forfeited"] == [0, 1]
