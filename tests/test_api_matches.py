"""POST /matches, GET /matches/<id>, GET /matches/<id>/legal-actions: tokens, views, errors."""
import pytest

from tests.helpers import ApiMatch, bearer

TOY = {"game": "toy", "variant": "standard", "seats": [{"name": "A"}, {"name": "B"}]}


def test_create_returns_201_with_one_token_per_seat(client):
    r = client.post("/matches", json=TOY)
    assert r.status_code == 201
    body = r.get_json()
    assert body["version"] == 4     # MatchCreated, FirstPlayerChosen, 2 x CardDealt
    assert [(s["seat"], s["name"]) for s in body["seats"]] == [(0, "A"), (1, "B")]
    assert len({s["token"] for s in body["seats"]}) == 2


@pytest.mark.parametrize("body, field", [
    ({**TOY, "seats": [{"name": ""}, {"name": "B"}]}, "seats.0.name"),
    ({**TOY, "seats": [{"nom": "A"}, {"name": "B"}]}, "seats.0.nom"),
    ({"variant": "standard", "seats": [{"name": "A"}]}, "game"),
    ({**TOY, "seats": "two"}, "seats"),
    ({**TOY, "colour": "red"}, "colour"),
    ({**TOY, "options": []}, "options"),
])
def test_create_validation_names_the_field(client, body, field):
    r = client.post("/matches", json=body)
    assert r.status_code == 400
    assert r.get_json()["error"]["code"] == "invalid_request"
    assert f"{field}:" in r.get_json()["error"]["message"]


def test_create_needs_a_json_object(client):
    for kwargs in ({"data": "not json"}, {"json": [1, 2]}):
        r = client.post("/matches", **kwargs)
        assert r.status_code == 400 and "JSON object" in r.get_json()["error"]["message"]


@pytest.mark.parametrize("change, words", [
    ({"game": "chess"}, "unknown game"),
    ({"variant": "speed"}, "unknown variant"),
    ({"seats": [{"name": "solo"}]}, "not 1"),
    ({"options": {"target": 1000}}, "target"),
    ({"setup": {"first": 3, "total": 0, "secrets": [1, 2]}}, "setup"),
])
def test_unplayable_configurations_are_422(client, change, words):
    r = client.post("/matches", json={**TOY, **change})
    assert r.status_code == 422
    error = r.get_json()["error"]
    assert error["code"] == "invalid_config" and words in error["message"]


def test_analysis_setup_starts_from_the_given_position(client):
    m = ApiMatch(client, setup={"first": 1, "total": 8, "secrets": [4, 5]})
    info = m.info(seat=1)
    assert info["analysis"] is True and info["to_act"] == [1]
    assert info["view"]["total"] == 8 and info["view"]["players"][1]["secret"] == 5
    assert ApiMatch(client).info()["analysis"] is False


def test_match_as_seat_and_as_spectator(client):
    m = ApiMatch(client)
    seat0, spectator = m.info(seat=0), m.info()
    assert seat0["seat"] == 0 and spectator["seat"] is None
    assert seat0["game"] == "toy" and seat0["variant"] == "standard" and seat0["outcome"] is None
    assert seat0["version"] == 4 and len(seat0["to_act"]) == 1
    assert seat0["view"]["players"][0]["secret"] in range(1, 10)
    assert seat0["view"]["players"][1]["secret"] is None
    assert [p["secret"] for p in spectator["view"]["players"]] == [None, None]


def test_unknown_match_is_404_on_every_route(client):
    for path in ("", "/legal-actions", "/events", "/state"):
        r = client.get(f"/matches/nope{path}")
        assert r.status_code == 404 and r.get_json()["error"]["code"] == "match_not_found"
    r = client.post("/matches/nope/actions", json={})
    assert r.status_code == 404


def test_a_wrong_token_is_403_never_a_spectator(client):
    m, other = ApiMatch(client), ApiMatch(client)
    for headers in (bearer("forged"), bearer(other.tokens[0])):
        r = client.get(f"/matches/{m.id}", headers=headers)
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_token"


def test_a_malformed_authorization_header_is_401(client):
    m = ApiMatch(client)
    for header in ("Basic abc", "Bearer", "Bearer   "):
        r = client.get(f"/matches/{m.id}", headers={"Authorization": header})
        assert r.status_code == 401 and r.get_json()["error"]["code"] == "unauthorized"


def test_legal_actions_only_for_the_seat_to_act(client):
    m = ApiMatch(client)
    seat = m.seat_to_act()
    legal = m.legal(seat)
    assert legal["version"] == 4 and legal["actions"] == [{"type": "add", "n": n} for n in (1, 2, 3)]
    assert [o["action"] for o in legal["step"]["options"]] == [{"type": "add"}]
    assert m.legal(1 - seat)["actions"] == [] and m.legal(1 - seat)["step"] is None
    assert m.get("/legal-actions")["actions"] == []     # spectator


def test_an_oversized_body_is_a_json_413(client):
    r = client.post("/matches", data="x" * (2 << 20), content_type="application/json")
    assert r.status_code == 413 and r.get_json()["error"]["code"] == "request_entity_too_large"
