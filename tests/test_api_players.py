"""Players (issue 17): keys shown once, stored hashed and revocable; seats created, claimed or adopted
bound to a player; a player's key opens its seat on any device; a second device signs in with a
one-time code; GET /players/me/matches lists waiting-for-you, then running, then finished; matches
without players work as before."""
import pytest

from service.application.identity.auth import token_hash
from service.http.redis_conn import get_redis
from tests.helpers import ApiMatch, bearer


def new_player(client, name="Reimu", label="desk"):
    r = client.post("/players", json={"name": name, "label": label})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def create(client, key, seats, game="toy", variant="standard"):
    r = client.post("/matches", json={"game": game, "variant": variant, "seats": seats}, headers=bearer(key))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_a_key_is_shown_once_and_kept_only_as_its_hash(app, client):
    made = new_player(client)
    assert made["key"].startswith("kp_") and made["name"] == "Reimu"
    me = client.get("/players/me", headers=bearer(made["key"])).get_json()
    assert me["player_id"] == made["player_id"] and me["key_id"] == made["key_id"]
    assert me["keys"] == [{"key_id": made["key_id"], "label": "desk", "created_at": me["keys"][0]["created_at"],
                           "made_by": None, "may_revoke": True}]
    with app.app_context():
        everything = [k.decode() + repr(get_redis().dump(k)) for k in get_redis().keys("*")]
    assert not any(made["key"] in x for x in everything)
    assert any(token_hash(made["key"]) in x for x in everything)


def test_player_routes_need_a_valid_key(client):
    assert client.get("/players/me").status_code == 401
    r = client.get("/players/me", headers=bearer("kp_nope"))
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_player_key"


@pytest.mark.parametrize("body, field", [({}, "name"), ({"name": ""}, "name"), ({"name": "x" * 65}, "name"),
                                         ({"name": "R", "label": "y" * 65}, "label"), ({"name": "R", "x": 1}, "x")])
def test_bad_player_bodies_are_400_naming_the_field(client, body, field):
    r = client.post("/players", json=body)
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith(f"{field}:"), r.get_json()


def test_two_players_bound_by_creation_and_claim_each_act_with_their_key(client):
    reimu, marisa = new_player(client), new_player(client, "Marisa")
    made = create(client, reimu["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa", "join": "invite"}])
    r = client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"invite": made["seats"][1]["invite"],
                                                                        "player": True}, headers=bearer(marisa["key"]))
    assert r.status_code == 200 and r.get_json()["player_id"] == marisa["player_id"]
    m = ApiMatch.held(client, made["match_id"], [reimu["key"], marisa["key"]])
    assert m.info(0)["seat"] == 0 and m.info(1)["seat"] == 1
    seat = m.seat_to_act()
    assert m.post(seat, {"type": "add", "n": 2}).status_code == 200
    assert m.post(1 - seat, {"type": "add", "n": 1}).status_code == 200
    # The seat token works as it always did, beside the key.
    assert client.get(f"/matches/{m.id}", headers=bearer(made["seats"][0]["token"])).get_json()["seat"] == 0
    # Another player's key opens nothing here.
    stranger = new_player(client, "Sanae")
    assert client.get(f"/matches/{m.id}", headers=bearer(stranger["key"])).status_code == 403


def test_binding_a_seat_needs_the_key_and_one_seat_per_player(client):
    reimu = new_player(client)
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "A", "player": True}, {"name": "B"}]})
    assert r.status_code == 401 and "seats.0.player" in r.get_json()["error"]["message"]
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "A", "player": True}, {"name": "B", "player": True}]},
                    headers=bearer(reimu["key"]))
    assert r.status_code == 400 and "seats.1.player" in r.get_json()["error"]["message"]
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "A", "player": True, "join": "invite"}, {"name": "B"}]},
                    headers=bearer(reimu["key"]))
    assert r.status_code == 400 and "seats.0.player" in r.get_json()["error"]["message"]
    made = create(client, reimu["key"], [{"name": "A", "player": True}, {"name": "B", "join": "open"}])
    r = client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"player": True}, headers=bearer(reimu["key"]))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "player_already_seated"
    assert client.get(f"/matches/{made['match_id']}").get_json()["seats"][1]["unclaimed"]   # the seat is still open


def test_a_second_device_signs_in_once_with_a_code_and_finds_the_match(client):
    reimu = new_player(client)
    made = create(client, reimu["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa"}])
    code = client.post("/players/me/sign-in-codes", headers=bearer(reimu["key"])).get_json()
    assert len(code["code"]) == 14 and code["expires_at"]
    phone = client.post("/players/sign-in", json={"code": code["code"].lower().replace("-", " "), "label": "phone"})
    assert phone.status_code == 201, phone.get_json()
    phone = phone.get_json()
    assert phone["player_id"] == reimu["player_id"] and phone["key"] != reimu["key"]
    again = client.post("/players/sign-in", json={"code": code["code"]})
    assert again.status_code == 401 and again.get_json()["error"]["code"] == "bad_sign_in_code"
    listed = client.get("/players/me/matches", headers=bearer(phone["key"])).get_json()["matches"]
    assert [(x["match_id"], x["seat"]) for x in listed] == [(made["match_id"], 0)]
    labels = [k["label"] for k in client.get("/players/me", headers=bearer(phone["key"])).get_json()["keys"]]
    assert sorted(labels) == ["desk", "phone"]


def test_a_revoked_key_opens_nothing_and_the_other_keys_still_work(client):
    reimu = new_player(client)
    made = create(client, reimu["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa"}])
    code = client.post("/players/me/sign-in-codes", headers=bearer(reimu["key"])).get_json()["code"]
    phone = client.post("/players/sign-in", json={"code": code}).get_json()
    assert client.delete(f"/players/me/keys/{phone['key_id']}", headers=bearer(reimu["key"])).status_code == 204
    assert client.get("/players/me", headers=bearer(phone["key"])).status_code == 403
    assert client.get(f"/matches/{made['match_id']}", headers=bearer(phone["key"])).status_code == 403
    assert client.get(f"/matches/{made['match_id']}", headers=bearer(reimu["key"])).get_json()["seat"] == 0
    assert client.delete("/players/me/keys/nope", headers=bearer(reimu["key"])).status_code == 404


def test_my_matches_orders_waiting_for_you_then_running_then_finished(client):
    reimu = new_player(client)
    made = [create(client, reimu["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa"}]) for _ in range(6)]
    held = [ApiMatch.held(client, x["match_id"], [reimu["key"], x["seats"][1]["token"]]) for x in made]
    ended = held[0]
    ended.client.post(f"/matches/{ended.id}/resign", headers=bearer(reimu["key"]))
    # The first player is dealt at random: one move where needed makes the first two running matches
    # wait for Marisa and the others for Reimu, so both kinds are listed.
    for i, m in enumerate(held[1:]):
        want = 1 if i < 2 else 0
        if (seat := m.seat_to_act()) != want:
            assert m.post(seat, {"type": "add", "n": 1}).status_code == 200
    listed = client.get("/players/me/matches", headers=bearer(reimu["key"])).get_json()["matches"]
    assert len(listed) == 6 and listed[-1]["match_id"] == ended.id and listed[-1]["status"] == "ended"
    flags = [x["your_move"] for x in listed[:-1]]
    assert flags == [True, True, True, False, False]
    waiting = {m.id for m in held[1:] if m.info()["to_act"] == [0]}
    assert {x["match_id"] for x in listed if x["your_move"]} == waiting
    assert listed[-1]["outcome"]["reason"] == "resign"
    # POST /my-matches (what a browser holds) accepts the key as the seat's token too.
    mine = client.post("/my-matches", json={"seats": [{"match_id": m.id, "token": reimu["key"]} for m in held]})
    assert {x["match_id"] for x in mine.get_json()["matches"]} == {m.id for m in held}


def test_a_seat_held_by_token_is_adopted_by_a_player(client):
    reimu = new_player(client)
    m = ApiMatch(client)
    r = client.post("/players/me/seats", json={"match_id": m.id, "token": m.tokens[1]}, headers=bearer(reimu["key"]))
    assert r.status_code == 201 and r.get_json() == {"match_id": m.id, "seat": 1}
    assert client.get(f"/matches/{m.id}", headers=bearer(reimu["key"])).get_json()["seat"] == 1
    r = client.post("/players/me/seats", json={"match_id": m.id, "token": m.tokens[0]}, headers=bearer(reimu["key"]))
    assert r.status_code == 409
    marisa = new_player(client, "Marisa")
    r = client.post("/players/me/seats", json={"match_id": m.id, "token": m.tokens[1]}, headers=bearer(marisa["key"]))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "seat_bound"
    r = client.post("/players/me/seats", json={"match_id": m.id, "token": "nope"}, headers=bearer(marisa["key"]))
    assert r.status_code == 403


def test_a_rematch_keeps_the_players_and_lists_the_new_match(client):
    reimu, marisa = new_player(client), new_player(client, "Marisa")
    made = create(client, reimu["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa", "join": "open"}])
    client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"player": True}, headers=bearer(marisa["key"]))
    client.post(f"/matches/{made['match_id']}/resign", headers=bearer(marisa["key"]))
    again = client.post(f"/matches/{made['match_id']}/rematch", headers=bearer(marisa["key"])).get_json()
    for player, seat in ((reimu, 0), (marisa, 1)):
        listed = client.get("/players/me/matches", headers=bearer(player["key"])).get_json()["matches"]
        assert listed[0]["match_id"] == again["match_id"] and listed[0]["seat"] == seat
        assert client.get(f"/matches/{again['match_id']}", headers=bearer(player["key"])).get_json()["seat"] == seat


def test_matches_without_players_read_no_player_key(app, client, monkeypatch):
    from service.application.identity import player_keys
    m = ApiMatch(client)
    monkeypatch.setattr(player_keys, "resolve", lambda *a: pytest.fail("a key was looked up"))
    assert client.get(f"/matches/{m.id}", headers=bearer("not-a-seat-token")).status_code == 403
    assert m.post(m.seat_to_act(), {"type": "add", "n": 1}).status_code == 200


def test_a_match_continued_after_a_dispute_keeps_its_players(client):
    """A consented replay continues the match as a new one (service.application.match.forks.continuation);
    its seats stay bound to their players, so each key opens its seat there and lists the match."""
    reimu, marisa = new_player(client), new_player(client, "Marisa")
    made = create(client, reimu["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa", "join": "open"}])
    client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"player": True}, headers=bearer(marisa["key"]))
    m = ApiMatch.held(client, made["match_id"], [reimu["key"], marisa["key"]])
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    version = m.info()["version"]
    dispute = client.post(f"/matches/{m.id}/disputes", json={"version": version, "reason": "misdealt"},
                          headers=m.headers(1)).get_json()["dispute"]
    client.post(f"/matches/{m.id}/disputes/{dispute}/ruling", json={"decision": "overturned", "note": "re-deal"},
                headers=bearer(made["auditor_token"]))
    client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(0))
    fork_id = client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(1)).get_json()["continued_in"]
    assert fork_id
    for player, seat in ((reimu, 0), (marisa, 1)):
        r = client.get(f"/matches/{fork_id}", headers=bearer(player["key"]))
        assert r.status_code == 200 and r.get_json()["seat"] == seat, r.get_json()
        listed = client.get("/players/me/matches", headers=bearer(player["key"])).get_json()["matches"]
        assert [(x["match_id"], x["status"]) for x in listed] == [(fork_id, "running"), (m.id, "continued")]
