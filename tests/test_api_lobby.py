"""The lobby's API: invite and open seats claimed exactly once, GET /open-seats, POST /my-matches."""
import pytest

from tests.helpers import ApiMatch, bearer

TOY = {"game": "toy", "variant": "standard"}


def create(client, *joins, **extra):
    seats = [{"name": f"P{i}", **({"join": j} if j else {})} for i, j in enumerate(joins)]
    r = client.post("/matches", json={**TOY, "seats": seats, **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def claim(client, match_id, seat, invite=None):
    return client.post(f"/matches/{match_id}/seats/{seat}/claim",
                       json={} if invite is None else {"invite": invite})


def test_an_invite_seat_gets_a_code_instead_of_a_token(client):
    created = create(client, None, "invite")
    me, friend = created["seats"]
    assert me["join"] == "token" and me["token"] and "invite" not in me
    assert friend["join"] == "invite" and friend["token"] is None and len(friend["invite"]) >= 20
    seats = client.get(f"/matches/{created['match_id']}").get_json()["seats"]
    assert [(s["seat"], s["name"], s["controller"], s["unclaimed"], s["join"]) for s in seats] == [
        (0, "P0", "human", False, None), (1, "P1", "human", True, "invite")]


def test_the_invite_code_claims_the_seat_once(client):
    created = create(client, None, "invite")
    match_id, code = created["match_id"], created["seats"][1]["invite"]
    r = claim(client, match_id, 1, code)
    assert r.status_code == 200
    got = r.get_json()
    assert (got["match_id"], got["seat"], got["name"]) == (match_id, 1, "P1")
    info = client.get(f"/matches/{match_id}", headers=bearer(got["token"])).get_json()
    assert info["seat"] == 1 and info["seats"][1]["unclaimed"] is False
    again = claim(client, match_id, 1, code)
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "seat_taken"


def test_a_claimed_token_acts_for_its_seat(client):
    created = create(client, "invite", "invite")
    match_id = created["match_id"]
    tokens = [claim(client, match_id, s, created["seats"][s]["invite"]).get_json()["token"]
              for s in (0, 1)]
    info = ApiMatch.held(client, match_id, tokens).play_to_end()
    assert info["outcome"] is not None


@pytest.mark.parametrize("invite, code", [(None, "bad_invite"), ("not-the-code", "bad_invite")])
def test_a_wrong_or_missing_invite_code_is_403(client, invite, code):
    created = create(client, None, "invite")
    r = claim(client, created["match_id"], 1, invite)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == code
    assert claim(client, created["match_id"], 1, created["seats"][1]["invite"]).status_code == 200


def test_what_cannot_be_claimed(client):
    created = create(client, None, "invite")
    match_id = created["match_id"]
    cases = [(claim(client, match_id, 0), 409, "seat_taken"),          # got its token at creation
             (claim(client, match_id, 2), 404, "seat_not_found"),
             (claim(client, "nope", 0), 404, "match_not_found"),
             (client.post(f"/matches/{match_id}/seats/1/claim", data="x"), 400, "invalid_request"),
             (client.post(f"/matches/{match_id}/seats/1/claim", json={"invite": 5}), 400,
              "invalid_request")]
    for r, status, code in cases:
        assert (r.status_code, r.get_json()["error"]["code"]) == (status, code)


def reissue(client, match_id, seat, token=None):
    return client.post(f"/matches/{match_id}/seats/{seat}/invite", headers=bearer(token) if token else {})


def test_a_lost_invite_is_replaced_by_a_new_code_and_the_old_one_stops_working(client):
    created = create(client, None, "invite")
    match_id, organiser, old = created["match_id"], created["organiser_token"], created["seats"][1]["invite"]
    r = reissue(client, match_id, 1, organiser)
    assert r.status_code == 200
    first = r.get_json()
    assert (first["match_id"], first["seat"], first["name"]) == (match_id, 1, "P1") and first["invite"] != old
    r = client.post(f"/matches/{match_id}/seats/1/invite", json={"invite": first["invite"]})  # its holder rotates it
    new = r.get_json()
    assert r.status_code == 200 and new["invite"] not in (old, first["invite"])
    for stale in (old, first["invite"]):
        r = claim(client, match_id, 1, stale)
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_invite"
        r = client.post(f"/matches/{match_id}/seats/1/invite", json={"invite": stale})
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_invite"
    token = claim(client, match_id, 1, new["invite"]).get_json()["token"]
    r = reissue(client, match_id, 1, organiser)                # claimed: too late for a new code
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "seat_taken"
    r = reissue(client, match_id, 1, token)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_the_organiser"


def test_who_may_not_reissue_an_invite_and_which_seats_have_none(client):
    created, with_open = create(client, None, "invite"), create(client, None, "open")
    match_id, me, organiser = created["match_id"], created["seats"][0]["token"], created["organiser_token"]
    cases = [(reissue(client, match_id, 1), 401, "unauthorized"),                    # a spectator
             (reissue(client, match_id, 1, "someone-else"), 403, "bad_token"),
             (reissue(client, match_id, 1, me), 403, "not_the_organiser"),           # a seat given at creation
             (reissue(client, match_id, 1, created["auditor_token"]), 403, "not_the_organiser"),
             (reissue(client, match_id, 0, organiser), 409, "not_an_invite_seat"),
             (reissue(client, with_open["match_id"], 1, with_open["organiser_token"]), 409,
              "not_an_invite_seat"),
             (reissue(client, match_id, 2, organiser), 404, "seat_not_found"),
             (reissue(client, "nope", 1, organiser), 404, "match_not_found")]
    for r, status, code in cases:
        assert (r.status_code, r.get_json()["error"]["code"]) == (status, code)
    r = client.post(f"/matches/{match_id}/actions", headers=bearer(organiser),
                    json={"action": {"type": "add", "n": 1}, "expected_version": 4, "command_id": "x"})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "organiser_cannot_act"
    assert client.get(f"/matches/{match_id}", headers=bearer(organiser)).get_json()["seat"] is None


def test_a_seat_that_joined_by_invite_or_as_an_open_seat_cannot_reissue_another_seats_invite(client):
    created = create(client, "invite", "invite")
    match_id = created["match_id"]
    token = claim(client, match_id, 0, created["seats"][0]["invite"]).get_json()["token"]
    r = reissue(client, match_id, 1, token)                    # it could take seat 1 for itself
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_the_organiser"
    assert claim(client, match_id, 1, created["seats"][1]["invite"]).status_code == 200


def test_another_seat_cannot_take_over_an_invite_seat(client):
    """Seat 1's token was given out at creation, but it is not the organiser: it may not re-issue seat
    2's invite (and claim seat 2, reading its hand), so the invitee's link keeps working."""
    r = client.post("/matches", json={"game": "dokusenroku", "variant": "standard", "options": {"removed": 40},
                                      "seats": [{"name": "Org"}, {"name": "Mallory"},
                                                {"name": "Carol", "join": "invite"}]})
    created = r.get_json()
    match_id, mallory, code = created["match_id"], created["seats"][1]["token"], created["seats"][2]["invite"]
    for token in (mallory, created["seats"][0]["token"], created["auditor_token"]):
        r = reissue(client, match_id, 2, token)
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_the_organiser", r.get_json()
    assert claim(client, match_id, 2, code).status_code == 200


def test_join_must_be_known(client):
    r = client.post("/matches", json={**TOY, "seats": [{"name": "A"}, {"name": "B", "join": "bribe"}]})
    assert r.status_code == 400 and "seats.1.join:" in r.get_json()["error"]["message"]


def test_a_bot_seat_has_no_join_and_no_token(client):
    r = client.post("/matches", json={**TOY, "seats": [{"name": "A", "join": "invite"},
                                                       {"name": "Bot", "bot": "random"}]})
    assert r.status_code == 201
    bot = r.get_json()["seats"][1]
    assert (bot["join"], bot["token"], bot["bot"]) == ("bot", None, "random") and "invite" not in bot
    assert claim(client, r.get_json()["match_id"], 1).status_code == 409
    r = client.post("/matches", json={**TOY, "seats": [{"name": "A"}, {"name": "B", "bot": "random",
                                                                          "join": "open"}]})
    assert r.status_code == 400 and "seats.1.join:" in r.get_json()["error"]["message"]


def test_open_seats_are_listed_until_claimed(client):
    first = create(client, None, "open")
    second = create(client, "open", "invite")
    listed = client.get("/open-seats").get_json()["open_seats"]
    assert [(s["match_id"], s["seat"]) for s in listed] == [(second["match_id"], 0),
                                                           (first["match_id"], 1)]
    assert listed[1] == {**listed[1], "name": "P1", "game": "toy", "variant": "standard",
                         "seats": ["P0", "P1"]}
    r = claim(client, first["match_id"], 1)                   # no code needed for an open seat
    assert r.status_code == 200 and r.get_json()["seat"] == 1
    assert claim(client, first["match_id"], 1).status_code == 409
    listed = client.get("/open-seats").get_json()["open_seats"]
    assert [(s["match_id"], s["seat"]) for s in listed] == [(second["match_id"], 0)]


def test_an_ended_match_has_no_open_seats(client):
    created = create(client, None, "open", setup={"first": 0, "total": 9, "secrets": [1, 2]})
    match_id, token = created["match_id"], created["seats"][0]["token"]
    r = client.post(f"/matches/{match_id}/actions", headers=bearer(token),
                    json={"action": {"type": "add", "n": 1}, "expected_version": 2, "command_id": "w"})
    assert r.status_code == 200
    assert client.get("/open-seats").get_json()["open_seats"] == []
    r = claim(client, match_id, 1)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "match_over"


def my(client, *pairs):
    r = client.post("/my-matches", json={"seats": [{"match_id": m, "token": t} for m, t in pairs]})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_my_matches_puts_your_move_first(client):
    a, b = ApiMatch(client), ApiMatch(client)
    waiting_a, waiting_b = 1 - a.seat_to_act(), b.seat_to_act()
    got = my(client, (a.id, a.tokens[waiting_a]), (b.id, b.tokens[waiting_b]))
    assert [(x["match_id"], x["seat"], x["your_move"]) for x in got["matches"]] == [
        (b.id, waiting_b, True), (a.id, waiting_a, False)]
    summary = got["matches"][0]
    assert summary["seats"] == ["Reimu", "Marisa"] and summary["to_act"] == [waiting_b]
    assert summary["version"] == b.info()["version"] and summary["updated_at"].endswith("Z")
    assert summary["due"] is None                                        # no deadline set
    assert "view" not in summary and got["unknown"] == []


def test_my_matches_reports_what_it_cannot_find(client):
    a, b = ApiMatch(client), ApiMatch(client)
    got = my(client, (a.id, b.tokens[0]), ("gone", "x"), (a.id, a.tokens[0]), (a.id, a.tokens[0]))
    assert [x["match_id"] for x in got["matches"]] == [a.id]
    assert [(u["match_id"], u["error"]["code"]) for u in got["unknown"]] == [
        (a.id, "bad_token"), ("gone", "match_not_found")]


def test_a_finished_match_is_never_your_move_and_comes_last(client):
    done, live = ApiMatch(client), ApiMatch(client)
    done.play_to_end()
    seat = 1 - live.seat_to_act()
    got = my(client, (done.id, done.tokens[0]), (live.id, live.tokens[seat]))
    assert [x["match_id"] for x in got["matches"]] == [live.id, done.id]
    assert got["matches"][1]["your_move"] is False and got["matches"][1]["outcome"] is not None


@pytest.mark.parametrize("body, field", [({}, "seats"), ({"seats": [{"match_id": "a"}]}, "seats.0.token"),
                                         ({"seats": [{"match_id": "a", "token": "t"}] * 201}, "seats")])
def test_my_matches_validates_its_body(client, body, field):
    r = client.post("/my-matches", json=body)
    assert r.status_code == 400 and f"{field}:" in r.get_json()["error"]["message"]


def test_a_live_refereed_match_says_so_to_everyone_before_and_after_joining(client):
    created = create(client, "invite", "open", audit_live=True)
    match_id = created["match_id"]
    assert created["audit_live"] is True
    assert client.get(f"/matches/{match_id}").get_json()["audit_live"] is True        # the invite's landing
    listed = next(s for s in client.get("/open-seats").get_json()["open_seats"] if s["match_id"] == match_id)
    assert listed["audit_live"] is True
    claimed = claim(client, match_id, 0, created["seats"][0]["invite"]).get_json()
    assert claimed["audit_live"] is True
    assert client.get(f"/matches/{match_id}", headers=bearer(claimed["token"])).get_json()["audit_live"] is True
    first = client.get(f"/matches/{match_id}/events", query_string={"limit": 1}).get_json()["events"][0]
    assert (first["type"], first["data"]["audit_live"]) == ("MatchCreated", True)   # in the hash-chained record
    header = client.get(f"/matches/{match_id}/export").get_data(as_text=True).splitlines()[0]
    assert '"audit_live": true' in header or '"audit_live":true' in header
    plain = create(client, None, "open")["match_id"]
    assert client.get(f"/matches/{plain}").get_json()["audit_live"] is False


@pytest.mark.parametrize("seats, bad", [([{"name": "A"}, {"name": "B", "join": "invite"}], 0),
                                        ([{"name": "A", "join": "open"}, {"name": "B", "join": "token"}], 1)])
def test_a_live_refereed_match_hands_no_seat_token_to_its_creator(client, seats, bad):
    """The creator gets the auditor token, which sees every hand at once: it may not also hold a seat."""
    r = client.post("/matches", json={**TOY, "seats": seats, "audit_live": True})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "auditor_holds_seat"
    assert "audit_live" in r.get_json()["error"]["message"] and f"seats.{bad}.join" in r.get_json()["error"]["message"]
    r = client.post("/matches", json={**TOY, "audit_live": True,
                                      "seats": [{"name": "A", "join": "invite"}, {"name": "B", "bot": "random"}]})
    assert r.status_code == 201 and all(s["token"] is None for s in r.get_json()["seats"])
