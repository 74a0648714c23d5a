"""POST /matches/<id>/actions: optimistic concurrency, idempotency, turn order, illegal actions."""
import hashlib
import json

import pytest

from tests.helpers import ApiMatch, bearer

ADD1 = {"type": "add", "n": 1}


@pytest.fixture
def match(client):
    return ApiMatch(client)


def test_an_action_appends_events_at_the_next_versions(match):
    seat = match.seat_to_act()
    r = match.post(seat, {"type": "add", "n": 2}, expected_version=4)
    assert r.status_code == 200
    body = r.get_json()
    assert body["version"] == 7
    assert [(e["version"], e["type"]) for e in body["events"]] == [
        (5, "Added"), (6, "CardDealt"), (7, "TurnPassed")]
    added = body["events"][0]
    assert added["seat"] == seat and added["rule"] == "toy/1" and added["data"] == {"n": 2, "total": 2}
    assert body["events"][1]["cause"] == 5
    assert match.info()["version"] == 7 and match.info()["to_act"] == [1 - seat]


def test_stale_expected_version_is_409_giving_the_current_one(match):
    seat = match.seat_to_act()
    assert match.post(seat, ADD1, expected_version=4).status_code == 200
    r = match.post(1 - seat, ADD1, expected_version=4)
    assert r.status_code == 409
    assert r.get_json()["error"]["code"] == "stale_version"
    assert "at version 7" in r.get_json()["error"]["message"]
    assert match.post(seat, ADD1, expected_version=99).status_code == 409


def test_the_same_command_id_returns_the_first_answer_and_appends_nothing(match):
    seat = match.seat_to_act()
    first = match.post(seat, ADD1, expected_version=4, command_id="c-1")
    again = match.post(seat, ADD1, expected_version=4, command_id="c-1")   # now stale, still 200
    other_action = match.post(seat, {"type": "add", "n": 3}, expected_version=7, command_id="c-1")
    assert first.status_code == again.status_code == other_action.status_code == 200
    assert first.get_json() == again.get_json() == other_action.get_json()
    assert match.info()["version"] == 7
    assert len(match.get("/events")["events"]) == 7


def test_command_ids_are_scoped_by_seat(match):
    seat = match.seat_to_act()
    mine = match.post(seat, ADD1, expected_version=4, command_id="same").get_json()
    theirs = match.post(1 - seat, ADD1, expected_version=7, command_id="same")
    assert theirs.status_code == 200
    assert theirs.get_json()["version"] == 10 and theirs.get_json() != mine


def test_acting_out_of_turn_is_403(match):
    seat = match.seat_to_act()
    r = match.post(1 - seat, ADD1, expected_version=4)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_your_turn"
    assert match.info()["version"] == 4


def test_acting_needs_a_token_of_this_match(client, match):
    assert match.post(None, ADD1).status_code == 401
    assert match.post(None, ADD1).get_json()["error"]["code"] == "unauthorized"
    r = match.post(None, ADD1, headers=bearer("not-a-token"))
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_token"
    r = match.post(None, ADD1, headers=bearer(ApiMatch(client).tokens[0]))
    assert r.status_code == 403


def test_an_illegal_action_is_422_naming_the_rule(match):
    seat = match.seat_to_act()
    r = match.post(seat, {"type": "add", "n": 4}, expected_version=4)
    assert r.status_code == 422
    assert r.get_json()["error"] == {"code": "illegal_action", "rule": "toy/1",
                                     "message": "you may add 1, 2 or 3"}
    assert match.post(seat, {"type": "jump"}).get_json()["error"]["rule"] == "toy/actions"
    assert match.info()["version"] == 4


def test_a_decider_crash_on_a_malformed_action_is_422_not_500(client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    seat = m.info()["to_act"][0]
    r = m.post(seat, {"type": "territory", "card": ["not", "a", "card"]})
    assert r.status_code == 422, r.get_json()


@pytest.mark.parametrize("body, field", [
    ({"action": ADD1, "expected_version": "4", "command_id": "x"}, "expected_version"),
    ({"action": ADD1, "expected_version": -1, "command_id": "x"}, "expected_version"),
    ({"action": ADD1, "expected_version": 4, "command_id": ""}, "command_id"),
    ({"action": ADD1, "expected_version": 4}, "command_id"),
    ({"action": "add", "expected_version": 4, "command_id": "x"}, "action"),
    ({"action": ADD1, "expected_version": 4, "command_id": "x", "memo": "kept for ever?"}, "memo"),
    ({"action": ADD1, "expected_version": 4, "command_id": "x" * 129}, "command_id"),
    ({"action": {**ADD1, "pad": "x" * 20_000}, "expected_version": 4, "command_id": "x"}, "action"),
    ({"action": {"type": "add", "n": json.loads("[" * 100 + "]" * 100)}, "expected_version": 4,
      "command_id": "x"}, "action"),
])
def test_bad_action_bodies_are_400_naming_the_field(client, match, body, field):
    seat = match.seat_to_act()
    r = client.post(f"/matches/{match.id}/actions", json=body, headers=match.headers(seat))
    assert r.status_code == 400
    assert f"{field}:" in r.get_json()["error"]["message"]


def test_the_end_reveals_the_seed_and_then_refuses_actions(match):
    seat = match.seat_to_act()
    info = match.play_to_end(choose=lambda actions: actions[-1])
    assert info["outcome"] == {"winner": info["view"]["winner"]} and info["to_act"] == []
    events = match.get("/events")["events"]
    created, revealed = events[0], events[-1]
    assert revealed["type"] == "SeedRevealed" and revealed["rule"] == "kifu/match"
    seed = bytes.fromhex(revealed["data"]["seed"])
    assert hashlib.sha256(seed).hexdigest() == created["data"]["commitment"]
    r = match.post(seat, ADD1, expected_version=info["version"])
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "match_over"


def test_the_ending_action_answers_with_hashes_and_the_revealed_seed(match):
    answers = []
    match.play_to_end(on_step=lambda m, seat, answer: answers.append(answer))
    *running, last = answers
    assert all("hash" not in e for a in running for e in a["events"])
    assert last["events"][-1]["type"] == "SeedRevealed"
    assert all(len(e["hash"]) == 64 for e in last["events"])


def test_two_service_processes_on_one_store_never_serve_a_stale_state():
    """Each process caches the latest states it saw; the other's appends must still be seen."""
    import fakeredis

    from service import create_app
    server = fakeredis.FakeServer()
    a, b = (create_app({"TESTING": True, "FAKEREDIS_SERVER": server}).test_client() for _ in "ab")
    m = ApiMatch(a)
    on_b = ApiMatch.__new__(ApiMatch)
    on_b.__dict__.update(m.__dict__, client=b)
    for turn in range(4):
        here, there = (m, on_b) if turn % 2 else (on_b, m)
        seat, version = here.seat_to_act(), here.info()["version"]
        assert here.post(seat, ADD1, expected_version=version).status_code == 200
        assert there.info(seat) == here.info(seat)
        assert there.get("/state", seat, version=version) == here.get("/state", seat, version=version)


def test_an_action_with_a_field_its_type_does_not_declare_is_422_and_stores_nothing(client, match):
    seat, before = match.seat_to_act(), match.info()["version"]
    r = match.post(seat, {**ADD1, "note": "junk for the record"})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "illegal_action"
    assert "'note'" in r.get_json()["error"]["message"] and r.get_json()["error"]["rule"] == "kifu/match"
    assert match.info()["version"] == before


@pytest.mark.parametrize("path, body, field", [
    ("/disputes", {"version": 1, "reason": "x" * 1001}, "reason"),
    ("/disputes", {"version": 1, "reason": "x", "extra": 1}, "extra"),
    ("/seats/1/claim", {"invite": "x" * 129}, "invite"),
])
def test_other_bodies_are_bounded_and_closed(client, match, path, body, field):
    r = client.post(f"/matches/{match.id}{path}", json=body, headers=match.headers(0))
    assert r.status_code == 400 and f"{field}:" in r.get_json()["error"]["message"], r.get_json()


def test_a_ruling_note_and_a_seat_name_are_bounded(client, match):
    r = client.post(f"/matches/{match.id}/disputes", json={"version": 1, "reason": "x"}, headers=match.headers(0))
    r = client.post(f"/matches/{match.id}/disputes/{r.get_json()['dispute']}/ruling",
                    json={"decision": "stands", "note": "x" * 2001},
                    headers=bearer(match.created["auditor_token"]))
    assert r.status_code == 400 and "note:" in r.get_json()["error"]["message"]
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": [{"name": "x" * 65}, {"name": "B"}]})
    assert r.status_code == 400 and "seats.0.name:" in r.get_json()["error"]["message"]
