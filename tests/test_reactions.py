"""What follows a commit happens once, in one place, for every appender (issue 34): a match continued
after a dispute is ended by a person's action, a bot's job, a missed deadline, a table move or the
CLI's in-process bots, and each time the same reactions follow — the original's seed revealed, the
notice sent, the listing updated, the match verified (when VERIFY_ON_END is on). A bot job for a match
that can no longer move ends cleanly instead of failing and retrying."""
import fakeredis
import pytest

from engine.audit.verify import verify
from service import create_app
from service.cli.simulate import play_bots
from service.composition import in_process_store
from service.http.redis_conn import get_store
from tests.helpers import ApiMatch, bearer
from tests.jobs import run_jobs
from workers import jobs

APPENDERS = ("person", "bot job", "missed deadline", "table move", "cli")
HOOK = {"kind": "webhook", "url": "http://seat.example/hook", "events": ["match_ended"]}


def app_with(verify_on_end: bool, monkeypatch):
    """The web app and the jobs it runs read the one setting, as web and worker processes do."""
    monkeypatch.setenv("KIFU_VERIFY_ON_END", "true" if verify_on_end else "false")
    return create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "SNAPSHOT_EVERY": 5})


def started(client, appender: str) -> ApiMatch:
    """A toy match to 3 (a greedy bot to act always wins at once): Reimu against Marisa, or against the
    bot Owl where a bot is to end it; a 60-minute forfeit clock where a deadline is."""
    second = {"name": "Owl", "bot": "greedy"} if appender in ("bot job", "cli") else {"name": "Marisa"}
    body = {"game": "toy", "variant": "standard", "options": {"target": 3}, "seats": [{"name": "Reimu"}, second]}
    if appender == "missed deadline":
        body["deadline"] = {"minutes": 60, "on_timeout": "forfeit"}
    made = client.post("/matches", json=body).get_json()
    m = ApiMatch.held(client, made["match_id"], [s["token"] for s in made["seats"]])
    m.created = made
    assert client.post(f"/matches/{m.id}/seats/0/notifications", json=HOOK, headers=m.headers(0)).status_code == 201
    return m


def continued(client, m) -> ApiMatch:
    """Seat 0 disputes the deal, the auditor overturns it, every person consents: the continuation."""
    dispute = client.post(f"/matches/{m.id}/disputes", json={"version": 1, "reason": "misdealt"},
                          headers=m.headers(0)).get_json()["dispute"]
    client.post(f"/matches/{m.id}/disputes/{dispute}/ruling", json={"decision": "overturned", "note": "re-deal"},
                headers=bearer(m.created["auditor_token"]))
    for seat, token in enumerate(m.tokens):
        if token:
            client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(seat))
    continuation = client.get(f"/matches/{m.id}/disputes").get_json()["disputes"][0]["continued_in"]
    return ApiMatch.held(client, continuation, m.tokens)


def end(app, client, c: ApiMatch, appender: str, manual_clock) -> None:
    if appender == "person":
        c.post(c.seat_to_act(), {"type": "add", "n": 3})
    elif appender == "table move":
        assert client.post(f"/matches/{c.id}/resign", headers=c.headers(c.seat_to_act())).status_code == 200
    elif appender == "missed deadline":
        manual_clock.advance(minutes=61)
        run_jobs(app)
    else:                                      # the bot, to act now or after Reimu's 1, wins at once
        if c.seat_to_act() == 0:
            c.post(0, {"type": "add", "n": 1})
        if appender == "bot job":
            run_jobs(app)
        else:
            with app.app_context():
                play_bots(in_process_store(get_store().redis), c.id)
    assert c.info()["outcome"] is not None, appender


@pytest.mark.parametrize("verify_on_end", [True, False], ids=["verify-on-end", "no-verify"])
@pytest.mark.parametrize("appender", APPENDERS)
def test_every_appender_ending_a_continuation_is_followed_by_the_same_reactions(appender, verify_on_end, outbox,
                                                                                manual_clock, monkeypatch):
    app = app_with(verify_on_end, monkeypatch)
    client = app.test_client()
    verified = []                               # (match, ok) of each verify_match job run, on any queue

    def verify_recorded(store, match_id):
        report = verify(store, match_id)
        verified.append((match_id, report["ok"]))
        return report
    monkeypatch.setattr(jobs, "verify", verify_recorded)
    m = started(client, appender)
    c = continued(client, m)
    end(app, client, c, appender, manual_clock)
    run_jobs(app)
    events = m.get("/events", 0, limit=1000)["events"]
    assert events[-1]["type"] == "SeedRevealed", appender                 # the original's seed, now public
    header = client.get(f"/matches/{m.id}/export").get_data(as_text=True).splitlines()[0]
    assert '"ended": true' in header.replace('"ended":true', '"ended": true'), header
    assert ("match_ended", c.id) in {(x["event"], x["match"]["match_id"]) for x in outbox.events(HOOK["url"])}
    ended = {x["match_id"] for x in client.get("/matches", query_string={"status": "ended"}).get_json()["matches"]}
    running = {x["match_id"] for x in client.get("/matches", query_string={"status": "running"}).get_json()["matches"]}
    assert {m.id, c.id} <= ended and not {m.id, c.id} & running, appender
    for match_id in (c.id, m.id):
        assert ((match_id, True) in verified) == verify_on_end and (match_id, False) not in verified, appender
        with app.app_context():
            job = get_store().jobs.status(f"verify-{match_id}")
        if appender == "cli":          # the end (and the original's seed) came from the CLI, verified by its
            assert job is None         # own jobs, whose queue keeps no results
        elif verify_on_end:
            assert job["status"] == "finished" and job["result"]["ok"], (appender, match_id, job)
        else:
            assert job is None, (appender, match_id)


@pytest.mark.parametrize("how", ["continued", "ended"])
def test_a_bot_job_for_a_match_that_can_no_longer_move_finishes_without_an_error_or_a_retry(how, client, app,
                                                                                           manual_clock):
    m = started(client, "bot job")
    if m.seat_to_act() == 0:
        m.post(0, {"type": "add", "n": 1})
    version = m.info()["version"]                      # the bot's move is queued, not yet run
    if how == "continued":
        continued(client, m)
    else:
        assert client.post(f"/matches/{m.id}/resign", headers=m.headers(0)).status_code == 200
    manual_clock.advance(minutes=30)                  # long past every retry of a failing run
    run_jobs(app)
    with app.app_context():
        job = get_store().jobs.status(f"bot-{m.id}-{version}-1")
    assert job["status"] == "finished" and job["result"]["status"] == "over", job
    assert [e for e in m.get("/events", None, after=version, limit=100)["events"] if e["seat"] == 1 and e["type"] == "Added"] == []
