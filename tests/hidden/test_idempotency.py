"""A creating request's answer kept under its Idempotency-Key holds tokens (a new match's seats, a
player's key): it is given again only to the caller that made it — the same credential, or the same
address without one — and Redis holds none of it in the clear (issue 40; service.application.idempotency)."""
from service.http.redis_conn import get_store
from tests.helpers import bearer

TOY = {"game": "toy", "variant": "standard", "seats": [{"name": "A"}, {"name": "B"}]}
KEY = {"Idempotency-Key": "0d6f3c1e-hidden-answer"}


def test_another_caller_with_the_same_key_and_body_never_gets_the_first_answer(app, client):
    first = client.post("/matches", json=TOY, headers=KEY).get_json()
    tokens = {s["token"] for s in first["seats"]} | {first["auditor_token"], first["organiser_token"]}
    player = client.post("/players", json={"name": "Mallory"}).get_json()["key"]
    others = [client.post("/matches", json=TOY, headers=KEY, environ_base={"REMOTE_ADDR": "192.0.2.7"}),
              client.post("/matches", json=TOY, headers={**KEY, **bearer(player)}),
              client.post("/matches", json=TOY, headers={**KEY, **bearer(first["seats"][1]["token"])})]
    for other in others:
        assert other.status_code == 201 and "Idempotent-Replayed" not in other.headers
        got = other.get_json()
        assert got["match_id"] != first["match_id"]
        assert not tokens & ({s["token"] for s in got["seats"]} | {got["auditor_token"], got["organiser_token"]})


def test_redis_keeps_no_token_of_a_kept_answer_in_the_clear(app, client):
    made = client.post("/players", json={"name": "Reimu"}, headers=KEY).get_json()
    match = client.post("/matches", json=TOY, headers={**KEY, **bearer(made["key"])}).get_json()
    secrets = [made["key"], *(s["token"] for s in match["seats"]), match["auditor_token"], match["organiser_token"]]
    with app.app_context():
        redis = get_store().redis
        dump = b" ".join(redis.dump(name) or b"" for name in redis.keys("*"))
        names = b" ".join(redis.keys("*"))
    assert not [s for s in secrets if s.encode() in dump or s.encode() in names]
    assert KEY["Idempotency-Key"].encode() not in dump + names
