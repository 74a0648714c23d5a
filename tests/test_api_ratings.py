"""Ratings over HTTP (issue 41): a rated match between two signed-in players changes their ratings, shown in
the match's view, each other's profile and the leaderboard; a leaderboard pages stably while matches end;
quick pairing pairs two waiting players within the band and offers the nearest bot to one alone after
the wait."""
import threading
from datetime import timedelta

from service.application import clock
from service.application.ratings import live, pairing
from service.application.ratings.model import RatedEnd
from service.application.storage import ratings as stored
from service.http.redis_conn import get_store
from tests.helpers import bearer
from tests.test_api_players import new_player


def rated_toy(client, a, b):
    """A rated toy match: ``a`` creates it (seat 0 bound), ``b`` claims seat 1 as a player."""
    r = client.post("/matches", headers=bearer(a["key"]), json={
        "game": "toy", "variant": "standard", "rated": True,
        "seats": [{"name": a["name"], "player": True}, {"name": b["name"], "join": "invite"}]})
    assert r.status_code == 201, r.get_json()
    made = r.get_json()
    invite = made["seats"][1]["invite"]
    r = client.post(f"/matches/{made['match_id']}/seats/1/claim", headers=bearer(b["key"]),
                    json={"invite": invite, "player": True})
    assert r.status_code == 200, r.get_json()
    return made["match_id"]


def play_to_the_end(client, match_id, keys):
    """Each seat adds 3 in turn (by its player's key) until the toy match ends."""
    for _ in range(40):
        view = client.get(f"/matches/{match_id}", headers=bearer(keys[0])).get_json()
        if view["outcome"] is not None:
            return view
        seat = view["to_act"][0]
        r = client.post(f"/matches/{match_id}/actions", headers=bearer(keys[seat]),
                        json={"action": {"type": "add", "n": 3}, "expected_version": view["version"],
                              "command_id": f"m{view['version']}"})
        assert r.status_code == 200, r.get_json()
    raise AssertionError("the toy match did not end")


def test_a_rated_match_changes_both_ratings_shown_in_the_view_the_profiles_and_the_ladder(client):
    a, b = new_player(client, "Reimu"), new_player(client, "Marisa", "phone")
    match_id = rated_toy(client, a, b)
    running = client.get(f"/matches/{match_id}").get_json()
    assert running["rated"] is True and running["ratings"] is None      # nothing told before the end
    view = play_to_the_end(client, match_id, [a["key"], b["key"]])
    assert view["rated"] is True
    changes = {c["id"]: c for c in view["ratings"]}
    winner = view["outcome"]["winner"]
    won, lost = (a, b) if winner == 0 else (b, a)
    after = {who: c["rating_after"] for who, c in changes.items()}
    assert after[f"player:{won['player_id']}"] > 1500 > after[f"player:{lost['player_id']}"]
    profile = client.get(f"/players/{lost['player_id']}").get_json()       # public: no key
    assert profile["name"] == lost["name"]
    (rating,) = profile["ratings"]
    assert (rating["game"], rating["variant"], rating["games"], rating["provisional"]) == ("toy", "standard", 1, True)
    assert rating["rating"] < 1500 and rating["history"][-1]["match_id"] == match_id
    assert profile["recent"][0]["result"] == "loss" and profile["recent"][0]["opponents"] == [
        {"id": f"player:{won['player_id']}", "name": won["name"]}]
    board = client.get("/ratings/toy/standard").get_json()
    assert [e["name"] for e in board["entries"]] == [won["name"], lost["name"]]
    assert board["entries"][0]["rank"] == 1 and board["next_cursor"] is None
    assert client.get("/players/nobody").status_code == 404
    assert client.get("/ratings/toy/nope").status_code == 404


def test_a_rated_match_takes_only_players_and_bots(client):
    a = new_player(client)
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "rated": True,
                                      "seats": [{"name": "a"}, {"name": "b"}]})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "not_rateable"
    assert "seats.0" in r.get_json()["error"]["message"]
    made = client.post("/matches", headers=bearer(a["key"]), json={
        "game": "toy", "variant": "standard", "rated": True,
        "seats": [{"name": "a", "player": True}, {"name": "b", "join": "invite"}]}).get_json()
    r = client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"invite": made["seats"][1]["invite"]})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "not_rateable"     # claimed by no player


def test_an_aborted_rated_match_changes_nothing(client):
    a, b = new_player(client, "Reimu"), new_player(client, "Marisa", "phone")
    match_id = rated_toy(client, a, b)
    r = client.post(f"/matches/{match_id}/resign", headers=bearer(a["key"]), json={})
    assert r.status_code == 200, r.get_json()
    view = client.get(f"/matches/{match_id}").get_json()
    assert view["outcome"]["reason"] == "resign" and view["rated"] is True and view["ratings"] is None
    assert client.get(f"/players/{a['player_id']}").get_json()["ratings"] == []
    assert client.get("/ratings/toy/standard").get_json()["entries"] == []


def test_the_leaderboard_pages_stably_while_matches_end(app, client):
    with app.app_context():
        store = get_store()
        for i in range(30):                     # 40 rated players
            live.record(store, RatedEnd(f"m{i}", "toy", "standard", f"2026-01-01T00:{i:02d}:00.000Z",
                                        [f"bot:b{i}", f"bot:b{i + 10}"], [1.0, 0.0], 5))
    seen, cursor, pages = [], None, 0
    stop, moved = threading.Event(), []

    def churn():                               # matches ending while the pages are read
        with app.app_context():
            i = 100
            while not stop.is_set():
                moved.append(live.record(get_store(), RatedEnd(
                    f"m{i}", "toy", "standard", f"2026-01-02T00:00:{i % 60:02d}.{i:03d}Z",
                    [f"bot:b{i % 40}", f"bot:b{(i * 7 + 3) % 40}"], [0.0, 1.0], 5)))
                i += 1
    worker = threading.Thread(target=churn)
    worker.start()
    try:
        while True:
            query = {"limit": 7, **({"cursor": cursor} if cursor else {})}
            page = client.get("/ratings/toy/standard", query_string=query).get_json()
            seen += page["entries"]
            pages += 1
            cursor = page["next_cursor"]
            if cursor is None:
                break
    finally:
        stop.set()
        worker.join()
    ids = [e["id"] for e in seen]
    assert len(ids) == len(set(ids)) == 40 and pages == 6           # every entry once
    assert [e["rank"] for e in seen] == list(range(1, 41))
    assert all(x["rating"] >= y["rating"] for x, y in zip(seen, seen[1:]))    # the copy's order
    assert moved                                                     # the board did move meanwhile
    bad = client.get("/ratings/toy/standard", query_string={"cursor": "bm90OmE"})
    assert bad.status_code == 400


def test_quick_pairing_pairs_within_the_band_and_offers_a_bot_after_the_wait(app, client):
    a, b, c = new_player(client, "A"), new_player(client, "B", "2"), new_player(client, "C", "3")
    with app.app_context():
        store = get_store()
        live.record(store, RatedEnd("x1", "toy", "standard", "2026-01-01T00:00:00.000Z",
                                    [f"player:{c['player_id']}", "bot:random"], [1.0, 0.0], 5))
        live.record(store, RatedEnd("x2", "toy", "standard", "2026-01-01T00:01:00.000Z",
                                    [f"player:{c['player_id']}", "bot:greedy"], [1.0, 0.0], 5))
        high = stored.figures(store, "toy", "standard", [f"player:{c['player_id']}"])[0]["rating"]
    assert high > 1500 + 200                                          # C is out of A's band
    r = client.post("/pairing/toy/standard", headers=bearer(c["key"]))
    assert r.status_code == 200 and r.get_json()["status"] == "waiting"
    r = client.post("/pairing/toy/standard", headers=bearer(a["key"]))
    assert r.get_json()["status"] == "waiting" and r.get_json()["bot_offer"] is None
    r = client.post("/pairing/toy/standard", headers=bearer(b["key"]))   # B is within A's band: paired
    paired = r.get_json()
    assert paired["status"] == "paired" and paired["seat"] == 1
    mine = client.get("/pairing/toy/standard", headers=bearer(a["key"])).get_json()
    assert mine["status"] == "paired" and mine["match_id"] == paired["match_id"] and mine["seat"] == 0
    view = client.get(f"/matches/{paired['match_id']}", headers=bearer(a["key"])).get_json()
    assert view["rated"] is True and view["seat"] == 0 and view["deadline"] is not None
    assert client.get(f"/matches/{paired['match_id']}", headers=bearer(b["key"])).get_json()["seat"] == 1
    # C waits alone: no bot before the wait, then the bot rated nearest to C
    r = client.post("/pairing/toy/standard/bot", headers=bearer(c["key"]))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "no_bot_offer_yet"
    later = clock.now() + timedelta(seconds=app.config["PAIRING_BOT_WAIT_SECONDS"])
    with app.app_context():
        rules = pairing.Rules.from_settings(app.config)
        offered = pairing.status(get_store(), "toy", "standard", c["player_id"], rules, now=later)
        bots = stored.figures(get_store(), "toy", "standard", ["bot:random", "bot:greedy"])
        nearest = "random" if abs(bots[0]["rating"] - high) < abs(bots[1]["rating"] - high) else "greedy"
        assert offered["bot_offer"]["bot"] == nearest
        taken = pairing.take_bot(get_store(), "toy", "standard", c["player_id"], rules, now=later)
    assert taken["status"] == "paired"
    seats = client.get(f"/matches/{taken['match_id']}").get_json()["seats"]
    assert [s["name"] for s in seats] == ["C", nearest]
    assert client.post("/pairing/toy/standard", headers=bearer("kp_nope")).status_code == 403
    assert client.delete("/pairing/toy/standard", headers=bearer(c["key"])).status_code == 204
    assert client.get("/pairing/toy/standard", headers=bearer(c["key"])).get_json()["status"] == "none"


def test_a_rated_simulation_rates_the_bots_and_the_lobby_can_say_how_strong_each_is(app, client):
    from tests.helpers import api_key_headers
    from tests.jobs import run_jobs
    r = client.post("/simulations", headers=api_key_headers(app), json={
        "game": "toy", "variant": "standard", "games": 6, "seed": 41, "rated": True,
        "seats": [{"bot": "random"}, {"bot": "greedy"}]})
    assert r.status_code == 202, r.get_json()
    run_jobs(app)
    done = client.get(f"/jobs/{r.get_json()['id']}").get_json()
    assert done["status"] == "finished", done
    board = client.get("/ratings/toy/standard").get_json()
    assert {e["id"]: e["games"] for e in board["entries"]} == {"bot:random": 6, "bot:greedy": 6}
    assert {e["kind"] for e in board["entries"]} == {"bot"}
    same = client.post("/simulations", headers=api_key_headers(app), json={
        "game": "toy", "variant": "standard", "games": 2, "seed": 1, "rated": True,
        "seats": [{"bot": "random"}, {"bot": "random"}]})
    assert same.status_code == 422 and "different bots" in same.get_json()["error"]["message"]


def test_matches_and_open_seats_filter_by_their_players_rating(app, client):
    a, b = new_player(client, "Reimu"), new_player(client, "Marisa", "phone")
    with app.app_context():
        live.record(get_store(), RatedEnd("y1", "toy", "standard", "2026-01-01T00:00:00.000Z",
                                          [f"player:{a['player_id']}", "bot:random"], [1.0, 0.0], 5))
    strong = client.post("/matches", headers=bearer(a["key"]), json={
        "game": "toy", "variant": "standard", "rated": True,
        "seats": [{"name": "Reimu", "player": True}, {"name": "open", "join": "open"}]}).get_json()
    weak = client.post("/matches", headers=bearer(b["key"]), json={
        "game": "toy", "variant": "standard",
        "seats": [{"name": "Marisa", "player": True}, {"name": "o", "join": "open"}]}).get_json()
    everything = {m["match_id"]: m for m in client.get("/matches").get_json()["matches"]}
    assert everything[strong["match_id"]]["rated"] and not everything[weak["match_id"]]["rated"]
    rating = everything[strong["match_id"]]["rating"]
    assert rating > 1600 and everything[strong["match_id"]]["seat_ratings"] == [rating, None]
    assert everything[weak["match_id"]]["rating"] == 1500
    high = client.get("/matches", query_string={"rating_min": 1600}).get_json()["matches"]
    assert [m["match_id"] for m in high] == [strong["match_id"]]
    near = client.get("/open-seats", query_string={"rating_min": 1400, "rating_max": 1550}).get_json()["open_seats"]
    assert [s["match_id"] for s in near] == [weak["match_id"]]
    assert client.get("/open-seats", query_string={"rating_min": "x"}).status_code == 400


def test_pairing_keeps_the_settings_each_player_joined_with_for_its_seat(app, client):
    """Issue 38: a player pairing from the page takes settings with its seat, in force from the first
    move (MatchCreated's settings); one that sends none is asked every step, as the API always was."""
    a, b = new_player(client, "A"), new_player(client, "B", "2")
    bad = client.post("/pairing/toy/standard", json={"settings": {"pass": "always"}}, headers=bearer(a["key"]))
    assert bad.status_code == 400 and "settings.pass" in bad.get_json()["error"]["message"]
    waiting = client.post("/pairing/toy/standard", json={"settings": {"confirm": True}}, headers=bearer(a["key"]))
    assert waiting.get_json()["status"] == "waiting" and "settings" not in waiting.get_json()
    paired = client.post("/pairing/toy/standard", headers=bearer(b["key"])).get_json()
    assert paired["status"] == "paired"
    settings = [client.get(f"/matches/{paired['match_id']}", headers=bearer(k["key"])).get_json()["settings"]
                for k in (a, b)]
    assert settings[0]["recorded"] is True and settings[0]["confirm"] is True and settings[0]["pass"] == "only-choice"
    assert settings[1]["recorded"] is False
