"""Disputes: filed by a seat as an event both seats see, ruled by the auditor token, replayed from a
fork when every seat consents; nothing is deleted."""
import json

import pytest

from tests.audit_helpers import auditor, hidden_cards, mentions, overlord_after_setup
from tests.helpers import ApiMatch


@pytest.fixture
def m(client):
    match = ApiMatch(client)
    for _ in range(3):                                       # versions 5-7, 8-10, 11-13
        match.post(match.seat_to_act(), {"type": "add", "n": 1})
    return match


def file(client, m, seat, version=9, reason="that card was not mine to draw"):
    return client.post(f"/matches/{m.id}/disputes", json={"version": version, "reason": reason},
                       headers=m.headers(seat))


def rule(client, m, dispute, decision="overturned", headers=None):
    return client.post(f"/matches/{m.id}/disputes/{dispute}/ruling",
                       json={"decision": decision, "note": "re-dealt by mistake"},
                       headers=auditor(m) if headers is None else headers)


def consent(client, m, dispute, seat):
    return client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(seat))


def test_a_dispute_is_an_event_both_seats_and_spectators_see(client, m):
    r = file(client, m, 1)
    assert r.status_code == 201
    d = r.get_json()
    assert d == {"dispute": 14, "version": 9, "seat": 1, "reason": "that card was not mine to draw",
                 "ruling": None, "consents": [], "continued_in": None}
    for seat in (0, 1, None):
        event = m.get("/events", seat, after=13)["events"][0]
        assert (event["type"], event["data"]["version"], event["rule"]) == ("DisputeFiled", 9, "kifu/dispute")
    assert client.get(f"/matches/{m.id}/disputes").get_json()["disputes"] == [d]


def test_the_auditor_rules_and_the_seats_consent_to_continue_from_a_fork(client, m):
    before = m.get("/events", 0, limit=1000)["events"]
    dispute = file(client, m, 1).get_json()["dispute"]
    ruled = rule(client, m, dispute).get_json()
    assert ruled["ruling"]["decision"] == "overturned"
    first = consent(client, m, dispute, 0).get_json()
    assert first["consents"] == [0] and first["match"] is None
    done = consent(client, m, dispute, 1).get_json()
    assert done["consents"] == [0, 1] and done["match"]["from_version"] == 7
    fork_id = done["continued_in"]
    assert done["match"]["match_id"] == fork_id
    after = m.get("/events", 0, limit=1000)["events"]
    assert after[:len(before)] == before                          # nothing deleted or changed
    assert [e["type"] for e in after[len(before):]] == ["DisputeFiled", "DisputeRuled", "DisputeConsented",
                                                        "DisputeConsented", "DisputeForked"]
    r = m.post(m.seat_to_act(), {"type": "add", "n": 1})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "match_continued"
    fork = client.get(f"/matches/{fork_id}", headers=m.headers(1)).get_json()  # the same tokens work there
    assert fork["view"]["total"] == 1 and fork["seat"] == 1
    original_at_7 = m.get("/state", 1, version=7)["view"]
    assert fork["view"] == original_at_7
    fork_match = ApiMatch.__new__(ApiMatch)
    fork_match.client, fork_match.id, fork_match.tokens = client, fork_id, m.tokens
    fork_match.play_to_end()
    assert client.get(f"/matches/{fork_id}/verify").get_json()["ok"]
    # the continuation has ended: the original's seed is revealed too, so it verifies re-decided
    last = m.get("/events", None, after=m.info()["version"] - 1)["events"][-1]
    assert last["type"] == "SeedRevealed" and "hash" in last
    report = client.get(f"/matches/{m.id}/verify").get_json()
    assert report["ok"] and report["seed_revealed"] and report["redecided"] == 4


def test_who_may_do_what(client, m):
    r = client.post(f"/matches/{m.id}/disputes", json={"version": 9, "reason": "x"})
    assert r.status_code == 401
    assert file(client, m, 0, version=99).status_code == 404
    r = file(client, m, 0, reason="")
    assert r.status_code == 400 and "reason" in r.get_json()["error"]["message"]
    dispute = file(client, m, 0).get_json()["dispute"]
    r = rule(client, m, dispute, headers=m.headers(0))
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "auditor_only"
    r = rule(client, m, dispute, decision="maybe")
    assert r.status_code == 400 and "decision" in r.get_json()["error"]["message"]
    r = consent(client, m, dispute, 0)
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "not_overturned"
    assert rule(client, m, dispute, "stands").status_code == 200
    assert rule(client, m, dispute).get_json()["error"]["code"] == "already_ruled"
    assert consent(client, m, dispute, 1).status_code == 409          # it stands: nothing to replay
    assert rule(client, m, 12).status_code == 404
    r = m.post(m.seat_to_act(), {"type": "add", "n": 1})              # the match plays on
    assert r.status_code == 200


def test_an_auditor_token_cannot_act(client, m):
    r = m.post(m.seat_to_act(), {"type": "add", "n": 1}, headers=auditor(m))
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "auditor_cannot_act"


def test_no_step_of_a_dispute_shows_anyone_the_other_seats_hidden_cards(client):
    m = overlord_after_setup(client)
    hidden = {0: hidden_cards(m, 0), 1: hidden_cards(m, 1)}
    dispute = file(client, m, 1, version=m.info()["version"]).get_json()["dispute"]
    rule(client, m, dispute)
    consent(client, m, dispute, 0)
    fork_id = consent(client, m, dispute, 1).get_json()["continued_in"]
    for seat, secret in ((0, hidden[1]), (1, hidden[0]), (None, hidden[0] | hidden[1])):
        for match_id in (m.id, fork_id):
            r = client.get(f"/matches/{match_id}/export", headers=m.headers(seat))
            assert mentions(r.get_data(as_text=True), secret) == set(), (match_id, seat)
        text = json.dumps(client.get(f"/matches/{m.id}/disputes").get_json(), ensure_ascii=False)
        assert mentions(text, hidden[0] | hidden[1]) == set()


def test_a_match_continued_after_a_dispute_keeps_no_deadline_running(client, app, manual_clock):
    from tests.jobs import run_jobs
    match = ApiMatch(client, deadline={"minutes": 60, "on_timeout": "forfeit"})
    for _ in range(3):
        match.post(match.seat_to_act(), {"type": "add", "n": 1})
    dispute = file(client, match, 1).get_json()["dispute"]
    rule(client, match, dispute)
    consent(client, match, dispute, 0)
    fork_id = consent(client, match, dispute, 1).get_json()["continued_in"]
    before = match.get("/events", 0, limit=1000)["events"]
    assert match.info()["deadline"]["waiting"] == []
    manual_clock.advance(minutes=61)
    run_jobs(app)          # the original's deadline jobs find nothing to do; the continuation's forfeit ends it
    after = match.get("/events", 0, limit=1000)["events"]
    assert [e["type"] for e in after[len(before):]] == ["SeedRevealed"]     # the original revealed, nothing more
    assert ApiMatch.held(client, fork_id, match.tokens).info()["outcome"] is not None


def _moves(client, app, m, count):
    """``count`` moves of the people (the first legal action, a draw where there is one), the bot's
    queued jobs run in between; the number of the bot's moves seen."""
    from tests.jobs import run_jobs
    bot_moves = 0
    for _ in range(count):
        before = m.info()["version"]
        run_jobs(app)
        bot_moves += any(e["seat"] == 0 for e in m.get("/events", None, after=before, limit=1000)["events"])
        info = m.info()
        if info["outcome"] is not None:
            break
        seat = info["to_act"][0]
        assert seat != 0, "the bot's seat waits: nobody plays it"
        legal = m.legal(seat)["actions"]
        action = next((a for a in legal if a["type"] == "draw"), legal[0])
        assert m.post(seat, action, info["version"]).status_code == 200
    return bot_moves


def test_a_continuation_keeps_every_seat_its_token_and_its_bot(client, app):
    """[bot Owl, Alice, Bob] in 東方独占録: after an overturned dispute each token still holds its own
    seat (and sees that seat's hand), the bot still plays seat 0, and the continuation goes on."""
    r = client.post("/matches", json={"game": "dokusenroku", "variant": "standard", "options": {"removed": 40},
                                      "seats": [{"name": "Owl", "bot": "random"}, {"name": "Alice"},
                                                {"name": "Bob"}]})
    created = r.get_json()
    m = ApiMatch.held(client, created["match_id"], [s["token"] for s in created["seats"]])
    m.created = created
    _moves(client, app, m, 6)
    version = m.info()["version"]
    dispute = file(client, m, 1, version=version).get_json()["dispute"]
    assert rule(client, m, dispute).status_code == 200
    assert consent(client, m, dispute, 1).get_json()["match"] is None
    done = consent(client, m, dispute, 2).get_json()                # the bot's seat has nobody to ask
    at, fork_id = done["match"]["from_version"], done["continued_in"]
    fork = ApiMatch.held(client, fork_id, m.tokens)
    for seat in (1, 2):
        mine = fork.info(seat)
        assert mine["seat"] == seat
        assert mine["view"]["players"][seat]["hand"] == m.get("/state", seat, version=at)["view"]["players"][seat]["hand"]
    info = fork.info()
    assert [(s["controller"], s["bot"]) for s in info["seats"]] == [
        ("bot", {"bot": "random", "budget": None}), ("human", None), ("human", None)]
    assert _moves(client, app, fork, 12) > 0                       # the bot moves in the continuation


def test_an_unclaimed_invite_seat_stays_claimable_in_the_continuation(client):
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "Alice"}, {"name": "Bob", "join": "invite"}]})
    created = r.get_json()
    m = ApiMatch.held(client, created["match_id"], [created["seats"][0]["token"]])
    m.created, code = created, created["seats"][1]["invite"]
    dispute = file(client, m, 0, version=2).get_json()["dispute"]
    rule(client, m, dispute)
    fork_id = consent(client, m, dispute, 0).get_json()["continued_in"]    # Bob holds no token yet
    assert fork_id
    r = client.post(f"/matches/{m.id}/seats/1/claim", json={"invite": code})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "match_continued"
    r = client.post(f"/matches/{fork_id}/seats/1/invite", headers={"Authorization": f"Bearer {created['organiser_token']}"})
    assert r.status_code == 200, r.get_json()                    # the organiser token carries over too
    code = r.get_json()["invite"]
    r = client.post(f"/matches/{fork_id}/seats/1/claim", json={"invite": code})
    assert r.status_code == 200, r.get_json()
    bob = client.get(f"/matches/{fork_id}", headers={"Authorization": f"Bearer {r.get_json()['token']}"})
    assert bob.get_json()["seat"] == 1
