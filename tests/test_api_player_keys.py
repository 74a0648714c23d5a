"""Player keys after issue 33: revoking a key revokes its line of descent (the sign-in codes it made
and, transitively, the keys made from them); a key revokes itself and the keys made after it, never
an older one; sign-ins are limited per client address and sign-in codes per player (429 with
Retry-After), on fakeredis and on a real Redis."""
import time

import fakeredis
import pytest

from service import create_app
from service.application.identity import player_keys, players
from service.application.storage import keys, players as player_records, rate_limits as counters
from service.http.redis_conn import get_redis, get_store
from tests.helpers import bearer
from tests.test_api_players import create, new_player

BOTH_STORES = ["app", pytest.param("real_app", marks=pytest.mark.redis)]


def code_of(client, key) -> str:
    r = client.post("/players/me/sign-in-codes", headers=bearer(key))
    assert r.status_code == 201, r.get_json()
    return r.get_json()["code"]


def sign_in(client, code, label, address="127.0.0.1"):
    return client.post("/players/sign-in", json={"code": code, "label": label}, environ_base={"REMOTE_ADDR": address})


def device(client, key, label) -> dict:
    """A new device signed in with a code ``key`` made."""
    r = sign_in(client, code_of(client, key), label)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def works(client, key) -> bool:
    status = client.get("/players/me", headers=bearer(key)).status_code
    assert status in (200, 403)
    return status == 200


@pytest.mark.parametrize("store", BOTH_STORES)
def test_revoking_a_key_refuses_its_codes_and_revokes_the_keys_made_from_them(request, store):
    """The review's case: the phone makes a code, the desk revokes the phone, the code must not
    sign anything in; and what the phone signed in before (a tablet, which signed in a watch) goes too."""
    client = request.getfixturevalue(store).test_client()
    desk = new_player(client)
    made = create(client, desk["key"], [{"name": "Reimu", "player": True}, {"name": "Marisa"}])
    phone = device(client, desk["key"], "phone")
    laptop = device(client, desk["key"], "laptop")               # the desk's too, not the phone's
    tablet = device(client, phone["key"], "tablet")
    watch = device(client, tablet["key"], "watch")
    pending = code_of(client, phone["key"])                       # made, not used yet
    listed = {k["label"]: k for k in client.get("/players/me", headers=bearer(desk["key"])).get_json()["keys"]}
    assert listed["tablet"]["made_by"] == phone["key_id"] and listed["watch"]["made_by"] == tablet["key_id"]
    assert listed["phone"]["made_by"] == listed["laptop"]["made_by"] == desk["key_id"]

    assert client.delete(f"/players/me/keys/{phone['key_id']}", headers=bearer(desk["key"])).status_code == 204
    r = sign_in(client, pending, "thief")
    assert r.status_code == 401 and r.get_json()["error"]["code"] == "bad_sign_in_code", r.get_json()
    assert "revoked" in r.get_json()["error"]["message"]
    for gone in (phone, tablet, watch):
        assert not works(client, gone["key"])
        assert client.get(f"/matches/{made['match_id']}", headers=bearer(gone["key"])).status_code == 403
        assert client.get("/players/me/matches", headers=bearer(gone["key"])).status_code == 403
    assert works(client, desk["key"]) and works(client, laptop["key"])
    assert client.get(f"/matches/{made['match_id']}", headers=bearer(laptop["key"])).get_json()["seat"] == 0
    labels = [k["label"] for k in client.get("/players/me", headers=bearer(desk["key"])).get_json()["keys"]]
    assert labels == ["desk", "laptop"]
    with client.application.app_context():                       # nothing of the revoked keys is left behind
        fields = {k.decode() for k in get_redis().hkeys(keys.player(desk["player_id"]))}
    assert not {f for f in fields if f.startswith("revoked:")}
    assert {f for f in fields if f.startswith("key:")} == {f"key:{desk['key_id']}", f"key:{laptop['key_id']}"}


def test_a_key_revokes_itself_and_later_keys_never_an_older_one(client):
    desk = new_player(client)
    phone = device(client, desk["key"], "phone")
    laptop = device(client, desk["key"], "laptop")
    tablet = device(client, laptop["key"], "tablet")
    # Refused: a younger key against an older one (the phone against the desk that signed it in, the
    # laptop against the phone signed in before it); the older key keeps working.
    for by, older in ((phone, desk), (laptop, phone), (tablet, desk)):
        r = client.delete(f"/players/me/keys/{older['key_id']}", headers=bearer(by["key"]))
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "older_key", r.get_json()
        assert works(client, older["key"])
    seen = {k["label"]: k["may_revoke"] for k in client.get("/players/me", headers=bearer(laptop["key"])).get_json()["keys"]}
    assert seen == {"desk": False, "phone": False, "laptop": True, "tablet": True}
    # Allowed: an older key against a younger one that is not of its line (the phone and the laptop's
    # tablet), and a key against itself.
    assert client.delete(f"/players/me/keys/{tablet['key_id']}", headers=bearer(phone["key"])).status_code == 204
    assert not works(client, tablet["key"]) and works(client, laptop["key"])
    assert client.delete(f"/players/me/keys/{laptop['key_id']}", headers=bearer(laptop["key"])).status_code == 204
    assert not works(client, laptop["key"])
    # The first key revokes any other.
    assert client.delete(f"/players/me/keys/{phone['key_id']}", headers=bearer(desk["key"])).status_code == 204
    assert [k["label"] for k in client.get("/players/me", headers=bearer(desk["key"])).get_json()["keys"]] == ["desk"]
    assert client.delete(f"/players/me/keys/{phone['key_id']}", headers=bearer(desk["key"])).status_code == 404


def test_a_key_made_while_its_line_is_revoked_is_revoked_too(app, monkeypatch):
    """The code's key is recorded, then its maker revoked before the new key's lookup is written:
    issue's look after the write finds it and takes the lookup back (no key outlives its line)."""
    with app.app_context():
        store, redis = get_store(), get_redis()
        desk = players.register(store, "Reimu", "desk")
        phone = player_keys.issue(store, desk["player_id"], "phone", "2026-01-01T00:00:00.000Z", desk["key_id"])
        add_lookup = player_records.add_lookup

        def revoked_meanwhile(*args):
            """The desk revokes the phone just before the tablet's lookup is written."""
            player_keys.revoke(store, desk["player_id"], desk["key_id"], phone["key_id"])
            add_lookup(*args)
        monkeypatch.setattr(player_records, "add_lookup", revoked_meanwhile)
        assert player_keys.issue(store, desk["player_id"], "tablet", "2026-01-01T00:00:01.000Z",
                                 phone["key_id"]) is None
        monkeypatch.setattr(player_records, "add_lookup", add_lookup)
        assert [k["label"] for k in player_keys.keys(store, desk["player_id"], desk["key_id"])] == ["desk"]
        assert not [k for k in redis.keys("kifu:playerkey:*")
                    if redis.get(k).decode() != f"{desk['player_id']}:{desk['key_id']}"]


def test_a_revocation_cut_off_half_way_is_finished_by_the_next(app):
    """REVOKE marked the line, then the process died before the lookups went: the keys still open
    (and are still listed, so they can be seen and revoked); the player's next revocation ends them."""
    with app.app_context():
        store = get_store()
        desk = players.register(store, "Reimu", "desk")
        now = "2026-01-01T00:00:00.000Z"
        phone = player_keys.issue(store, desk["player_id"], "phone", now, desk["key_id"])
        laptop = player_keys.issue(store, desk["player_id"], "laptop", now, desk["key_id"])
        player_records.mark_revoked(store, desk["player_id"], desk["key_id"], phone["key_id"])   # and no more
        assert player_keys.resolve(store, player_keys.token_hash(phone["key"])) is not None
        assert player_keys.issue(store, desk["player_id"], "tablet", now, phone["key_id"]) is None
        assert "phone" in [k["label"] for k in player_keys.keys(store, desk["player_id"], desk["key_id"])]
        player_keys.revoke(store, desk["player_id"], desk["key_id"], laptop["key_id"])
        assert player_keys.resolve(store, player_keys.token_hash(phone["key"])) is None
        assert [k["label"] for k in player_keys.keys(store, desk["player_id"], desk["key_id"])] == ["desk"]


@pytest.mark.parametrize("store", BOTH_STORES)
def test_a_sign_in_flood_from_one_address_gets_429_with_retry_after(request, store):
    app = request.getfixturevalue(store)
    app.config.update(SIGN_IN_PER_ADDRESS=5, SIGN_IN_WINDOW_SECONDS=2)
    client = app.test_client()
    reimu = new_player(client)
    right = code_of(client, reimu["key"])
    wrong = [sign_in(client, f"WRONG-CODE-{i:04d}", "x", "203.0.113.7") for i in range(8)]
    assert [r.status_code for r in wrong] == [401] * 5 + [429] * 3
    refused = wrong[-1]
    assert refused.get_json()["error"]["code"] == "too_many_sign_ins"
    assert 1 <= int(refused.headers["Retry-After"]) <= 2
    # Past the limit even the right code is refused, and not used up by it.
    assert sign_in(client, right, "phone", "203.0.113.7").status_code == 429
    # Each address has its own count; an IPv6 host counts by its /64.
    assert sign_in(client, right, "phone", "198.51.100.1").status_code == 201
    v6 = [sign_in(client, "WRONG-CODE", "x", f"2001:db8:1:2::{i}").status_code for i in range(1, 7)]
    assert v6 == [401] * 5 + [429]
    assert sign_in(client, "WRONG-CODE", "x", "2001:db8:1:3::1").status_code == 401
    time.sleep(int(refused.headers["Retry-After"]) + 0.2)        # the window has passed
    assert sign_in(client, "WRONG-CODE", "x", "203.0.113.7").status_code == 401


@pytest.mark.parametrize("store", BOTH_STORES)
def test_retry_after_is_never_before_the_window_ends(request, store):
    """The wait a refusal names is the window's time left rounded up: Redis's TTL rounds 1.4 s to 1,
    and a client that waited 1 s was refused again (a fresh clone's sign-in flood test did)."""
    app = request.getfixturevalue(store)
    with app.app_context():
        store = get_store()
        thing = f"test:{time.monotonic_ns()}"
        counters.count(store, thing, 2)
        time.sleep(0.6)                                     # 1.4 s left of the window
        _n, wait = counters.count(store, thing, 2)
        assert wait * 1000 >= store.redis.pttl(keys.rate(thing))


@pytest.mark.parametrize("store", BOTH_STORES)
def test_sign_in_codes_are_limited_per_player(request, store):
    app = request.getfixturevalue(store)
    app.config.update(SIGN_IN_CODES_PER_PLAYER=3)
    client = app.test_client()
    reimu, marisa = new_player(client), new_player(client, "Marisa")
    made = [client.post("/players/me/sign-in-codes", headers=bearer(reimu["key"])) for _ in range(4)]
    assert [r.status_code for r in made] == [201, 201, 201, 429]
    assert made[-1].get_json()["error"]["code"] == "too_many_sign_in_codes"
    assert 0 < int(made[-1].headers["Retry-After"]) <= app.config["SIGN_IN_WINDOW_SECONDS"]
    phone = sign_in(client, made[0].get_json()["code"], "phone").get_json()      # the player's keys share it
    assert client.post("/players/me/sign-in-codes", headers=bearer(phone["key"])).status_code == 429
    assert client.post("/players/me/sign-in-codes", headers=bearer(marisa["key"])).status_code == 201


def test_the_client_address_comes_from_x_forwarded_for_only_behind_trusted_proxies(app):
    app.config.update(SIGN_IN_PER_ADDRESS=2)
    client = app.test_client()
    spoofed = [client.post("/players/sign-in", json={"code": "WRONG-CODE"},
                           headers={"X-Forwarded-For": f"192.0.2.{i}"}).status_code for i in range(3)]
    assert spoofed == [401, 401, 429]                  # no proxy trusted: the header changes nothing
    behind = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "TRUSTED_PROXIES": 1,
                         "SIGN_IN_PER_ADDRESS": 2}).test_client()
    forwarded = [behind.post("/players/sign-in", json={"code": "WRONG-CODE"},
                             headers={"X-Forwarded-For": f"192.0.2.{i // 2}"}).status_code for i in range(5)]
    assert forwarded == [401, 401, 401, 401, 401]      # two clients' two attempts each, then a third's
    assert behind.post("/players/sign-in", json={"code": "WRONG-CODE"},
                       headers={"X-Forwarded-For": "192.0.2.0"}).status_code == 429
