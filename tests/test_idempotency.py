"""Idempotency-Key on the creating routes (issue 40; service.application.idempotency): a retry with the
key gets the first answer and creates nothing; another body is 422; a retry while the first runs is
409; keys are the caller's own, checked, kept sealed and expire; a new match no replica confirmed is
not listed until a retry with its key finds it on a replica."""
import json
from pathlib import Path

import pytest
import redis
import yaml

from service.application import idempotency
from service.application.errors import Conflict
from service.http.api import matches as matches_api
from service.http.redis_conn import get_store

TOY = {"game": "toy", "variant": "standard", "seats": [{"name": "A"}, {"name": "B"}]}
SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text("utf-8"))


def key(k: str) -> dict:
    """A key of at least 16 characters (the least taken) made from ``k``."""
    return {"Idempotency-Key": f"{k}-8d3c1f2a9b7e4a51"}


def running(client) -> list[str]:
    return [m["match_id"] for m in client.get("/matches?status=running").get_json()["matches"]]


def test_a_retry_with_the_key_gets_the_first_answer_and_creates_nothing(client):
    first = client.post("/matches", json=TOY, headers=key("3f0c7f3e-create"))
    again = client.post("/matches", data=json.dumps(dict(reversed(TOY.items()))), content_type="application/json",
                        headers={"Idempotency-Key": '"3f0c7f3e-create-8d3c1f2a9b7e4a51"'})   # reordered; quoted
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert running(client) == [first.get_json()["match_id"]]


def test_the_same_key_with_another_body_is_422_and_another_caller_s_key_is_its_own(client):
    first = client.post("/matches", json=TOY, headers=key("k1"))
    other = client.post("/matches", json={**TOY, "private": True}, headers=key("k1"))
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency_key_reused"
    elsewhere = client.post("/matches", json=TOY, headers=key("k1"), environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert elsewhere.status_code == 201 and elsewhere.get_json()["match_id"] != first.get_json()["match_id"]
    player = client.post("/players", json={"name": "Reimu"}).get_json()["key"]      # a credential is a scope
    with_key = client.post("/matches", json=TOY, headers={**key("k1"), "Authorization": f"Bearer {player}"})
    assert with_key.get_json()["match_id"] not in (first.get_json()["match_id"], elsewhere.get_json()["match_id"])
    assert len(running(client)) == 3


@pytest.mark.parametrize("value, words", [
    ("", "0 characters, at least 16"), ('""', "0 characters"), ("k1", "2 characters, at least 16"),
    ("x" * 256, "256 characters, at most 255"), ("a b" * 6, "visible ASCII"), ('a"b' * 6, "visible ASCII"),
    ("a\\b" * 6, "visible ASCII"), ("ключ" * 5, "visible ASCII"),
])
def test_a_malformed_key_is_400_naming_the_problem(client, value, words):
    r = client.post("/matches", json=TOY, headers={"Idempotency-Key": value})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["code"] == "invalid_idempotency_key" and words in r.get_json()["error"]["message"]
    assert running(client) == []


def test_a_retry_while_the_first_runs_is_409_with_retry_after(app, client, monkeypatch):
    seen = []
    create = matches_api.create_match

    def slow_create(store, body, bound, **planned):
        seen.append(app.test_client().post("/matches", json=TOY, headers=key("busy")))     # the retry, meanwhile
        return create(store, body, bound, **planned)
    monkeypatch.setattr(matches_api, "create_match", slow_create)
    first = client.post("/matches", json=TOY, headers=key("busy"))
    assert first.status_code == 201 and len(seen) == 1
    assert seen[0].status_code == 409 and seen[0].get_json()["error"]["code"] == "idempotency_key_in_use"
    assert seen[0].headers["Retry-After"] == "1"
    assert running(client) == [first.get_json()["match_id"]]


def test_a_match_made_by_a_request_that_died_before_keeping_its_answer_is_answered_to_the_retry(client, monkeypatch):
    # The web process dies between the append and keeping the answer: the reservation names the match,
    # whose own keys hold its answer (sealed), so the retry gets it.
    monkeypatch.setattr(idempotency.Reservation, "finish", lambda self, answer: None)
    first = client.post("/matches", json=TOY, headers=key("died"))
    monkeypatch.undo()
    again = client.post("/matches", json=TOY, headers=key("died"))
    assert first.status_code == again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json() and running(client) == [first.get_json()["match_id"]]


def test_a_planned_match_never_appended_is_made_by_the_retry_under_the_same_id(app, client, monkeypatch):
    # The store failed before the append (503): the key stays reserved for the planned id, and once
    # the first request can no longer be in flight the retry makes the match under that id.
    def unavailable(*args, **kwargs):
        raise redis.ConnectionError("the store went away")
    monkeypatch.setattr(matches_api, "create_match", unavailable)
    assert client.post("/matches", json=TOY, headers=key("planned")).status_code == 503
    monkeypatch.undo()
    with app.app_context():
        record = [get_store().redis.get(n) for n in get_store().redis.keys("kifu:idem:*")][0].decode()
    planned = json.loads(record.split(" ", 1)[1])["match_id"]
    assert client.post("/matches", json=TOY, headers=key("planned")).status_code == 409     # may still be running
    monkeypatch.setattr(idempotency, "IN_FLIGHT_SECONDS", 0)
    made = client.post("/matches", json=TOY, headers=key("planned"))
    assert made.status_code == 201 and made.get_json()["match_id"] == planned and running(client) == [planned]
    assert client.post("/matches", json=TOY, headers=key("planned")).get_json() == made.get_json()


def test_concurrent_begins_reserve_the_key_once(app):
    with app.app_context():
        store = get_store()
        ask = idempotency.Request("address:10.0.0.1", "k", "fp", 60)
        taken = idempotency.begin(store, ask, None)
        assert isinstance(taken, idempotency.Reservation)
        with pytest.raises(Conflict):
            idempotency.begin(store, ask, None)
        taken.abandon()                                              # a failure gives the key back
        assert isinstance(idempotency.begin(store, ask, None), idempotency.Reservation)


def test_a_failed_request_keeps_nothing_so_the_retry_does_the_work(client):
    bad = client.post("/matches", json={**TOY, "variant": "nope"}, headers=key("k2"))
    assert bad.status_code == 422 and bad.get_json()["error"]["code"] != "idempotency_key_reused"
    good = client.post("/matches", json=TOY, headers=key("k2"))
    assert good.status_code == 201 and "Idempotent-Replayed" not in good.headers


def test_the_answer_expires_with_the_setting_and_its_tokens_are_not_kept_in_the_clear(app, client):
    app.config["IDEMPOTENCY_TTL_SECONDS"] = 600
    made = client.post("/matches", json=TOY, headers=key("k3")).get_json()
    with app.app_context():
        redis = get_store().redis
        names = [n for n in redis.keys("kifu:idem:*")]
        assert len(names) == 1 and 590 <= redis.ttl(names[0]) <= 600
        dump = b" ".join(redis.dump(n) or b"" for n in redis.keys("*"))
    for seat in made["seats"]:
        assert seat["token"].encode() not in dump
    assert made["organiser_token"].encode() not in dump and b"k3-8d3c" not in b" ".join(names)


def test_other_creating_routes_answer_a_retry_with_the_first_answer(client):
    made = client.post("/players", json={"name": "Marisa"}, headers=key("p1"))
    again = client.post("/players", json={"name": "Marisa"}, headers=key("p1"))
    assert made.status_code == again.status_code == 201 and made.get_json() == again.get_json()
    player = {"Authorization": f"Bearer {made.get_json()['key']}"}
    code = client.post("/players/me/sign-in-codes", headers={**player, **key("c1")}).get_json()
    assert client.post("/players/me/sign-in-codes", headers={**player, **key("c1")}).get_json() == code
    signed = client.post("/players/sign-in", json={"code": code["code"], "label": "phone"}, headers=key("s1"))
    resent = client.post("/players/sign-in", json={"code": code["code"], "label": "phone"}, headers=key("s1"))
    assert signed.status_code == resent.status_code == 201 and signed.get_json() == resent.get_json()


def test_every_route_that_takes_the_key_says_so_in_the_spec_and_no_other(app):
    wrapped = set()
    for rule in app.url_map.iter_rules():
        if getattr(app.view_functions[rule.endpoint], "idempotent", False):
            path = rule.rule.replace("<int:", "<").replace("<", "{").replace(">", "}")
            wrapped |= {(path, m.lower()) for m in rule.methods if m == "POST"}
    header = {"$ref": "#/components/parameters/IdempotencyKey"}
    declared = {(path, method) for path, item in SPEC["paths"].items() for method, op in item.items()
                if isinstance(op, dict) and header in op.get("parameters", [])}
    assert wrapped == declared and ("/matches", "post") in wrapped and len(wrapped) >= 14
    for path, method in declared:
        assert {"409", "422"} <= set(SPEC["paths"][path][method]["responses"]), path


@pytest.mark.redis
def test_a_new_match_no_replica_confirmed_is_not_listed_until_a_retry_with_its_key_finds_it(real_redis_url):
    from service.http import create_app
    app = create_app({"TESTING": True, "REDIS_URL": real_redis_url, "STORE_WAIT_REPLICAS": 1, "STORE_WAIT_MS": 20})
    client = app.test_client()
    refused = client.post("/matches", json=TOY, headers=key("wait-1"))     # WAIT 1 on a server with no replica
    assert refused.status_code == 503 and refused.get_json()["error"]["code"] == "not_replicated"
    bare = client.post("/matches", json=TOY)                                 # without a key: refused alike
    assert bare.status_code == 503
    assert running(client) == []                                             # no orphan listed as running
    again = client.post("/matches", json=TOY, headers=key("wait-1"))
    assert again.status_code == 503 and again.get_json()["error"]["code"] == "not_replicated"
    with app.app_context():
        get_store().wait_replicas = 0                                        # a replica has it now
    answered = client.post("/matches", json=TOY, headers=key("wait-1"))
    assert answered.status_code == 201 and answered.headers["Idempotent-Replayed"] == "true"
    made = answered.get_json()
    assert made["match_id"] in refused.get_json()["error"]["message"]
    assert running(client) == [made["match_id"]]
    token = made["seats"][0]["token"]
    seen = client.get(f"/matches/{made['match_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert seen["seat"] == 0
    assert client.post("/matches", json=TOY, headers=key("wait-1")).get_json() == made
