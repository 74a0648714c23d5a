"""POST /matches/<id>/forks: analysis matches from a past state, hidden cards re-dealt for seats."""
import random
from collections import Counter

from tests.audit_helpers import auditor, export_lines, overlord_after_setup
from tests.helpers import ApiMatch, bearer


def fork(client, m, version, headers):
    return client.post(f"/matches/{m.id}/forks", json={"version": version}, headers=headers)


class Fork(ApiMatch):
    """The fork, driven with the tokens its creator got."""

    def __init__(self, client, created):
        self.client, self.created = client, created
        self.id, self.tokens = created["match_id"], [s["token"] for s in created["seats"]]


def test_a_seats_fork_keeps_what_it_sees_and_re_deals_what_it_does_not(client):
    m = overlord_after_setup(client)
    version, real = m.info()["version"], {s: m.info(s)["view"]["players"][s] for s in (0, 1)}
    real_deck_count = m.info()["view"]["deck_count"]
    r = fork(client, m, version, m.headers(0))
    assert r.status_code == 201, r.get_json()
    f = Fork(client, r.get_json())
    assert r.get_json()["forked_from"] == {"match_id": m.id, "version": version, "determinized_for": 0}
    mine, theirs = (f.info(s)["view"]["players"][s] for s in (0, 1))
    assert mine["hand"] == real[0]["hand"] and mine["territories"] == real[0]["territories"]
    assert len(theirs["hand"]) == len(real[1]["hand"]) and len(theirs["territories"]) == 3
    assert theirs["hand"] != real[1]["hand"]                      # re-dealt (the chance of a repeat is ~1e-6)
    assert f.info()["view"]["deck_count"] == real_deck_count
    pool = lambda p: Counter(p["hand"] + p["territories"])        # noqa: E731
    assert not set(pool(theirs)) & set(pool(mine))
    assert f.info()["analysis"] and f.info()["to_act"] == m.info()["to_act"]


def test_a_fork_plays_on_and_leaves_the_original_untouched(client):
    m = overlord_after_setup(client)
    before = client.get(f"/matches/{m.id}/events", query_string={"limit": 1000}).get_json()
    f = Fork(client, fork(client, m, m.info()["version"], m.headers(1)).get_json())
    f.play_to_end(choose=random.Random(2).choice)
    after = client.get(f"/matches/{m.id}/events", query_string={"limit": 1000}).get_json()
    assert after == before
    assert client.get(f"/matches/{f.id}/verify").get_json()["ok"]


def test_the_auditor_forks_the_true_state_after_the_end(client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    m.play_to_end(choose=random.Random(4).choice)
    starts = [e["version"] for e in export_lines(client, m, {})[1:] if "command" in e]
    at = next(v for v in starts if v > 30) - 1                      # a decision point a few turns in
    r = fork(client, m, at, auditor(m))
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["forked_from"]["determinized_for"] is None
    f = Fork(client, r.get_json())
    for seat in (0, 1):
        old = m.get("/state", seat, version=at)["view"]
        assert f.info(seat)["view"]["players"] == old["players"]


def test_who_may_fork_where(client):
    m = ApiMatch(client)
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    r = fork(client, m, 4, {})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "fork_needs_a_seat"
    r = fork(client, m, 4, auditor(m))                             # not the end, not audit_live
    assert r.status_code == 403
    r = fork(client, m, 6, m.headers(0))                           # between Added (5) and TurnPassed (7)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "inside_a_command"
    assert fork(client, m, 99, m.headers(0)).status_code == 404
    r = client.post(f"/matches/{m.id}/forks", json={"version": "4"}, headers=m.headers(0))
    assert r.status_code == 400 and "version" in r.get_json()["error"]["message"]
    assert fork(client, m, 4, m.headers(0)).status_code == 201


def test_a_fork_shows_each_of_its_seats_only_its_own_view_of_the_start(client):
    m = overlord_after_setup(client)
    f = Fork(client, fork(client, m, m.info()["version"], m.headers(0)).get_json())
    events = {s: f.get("/events", s)["events"] for s in (None, 0, 1)}
    forked = {s: next(e for e in events[s] if e["type"] == "MatchForked") for s in events}
    assert "state" not in forked[None]["data"] and forked[None]["data"]["view"]["players"][0]["hand"] is None
    assert forked[0]["data"]["view"]["players"][1]["hand"] is None
    assert forked[1]["data"]["view"]["players"][0]["hand"] is None
    assert bearer(f.tokens[0]) != m.headers(0)                     # the fork has its own tokens
