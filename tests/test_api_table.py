"""The table's own moves through the API (issue 17): resign, a draw by agreement (and an offer
withdrawn by the offerer's move), table talk and its limits, a rematch linked both ways — each
ends or starts a match as events that verify, re-decided from the revealed seed."""
from datetime import timedelta

import pytest

from engine.audit.verify import verify
from service.http.redis_conn import get_store
from tests.audit_helpers import auditor, export_lines
from tests.helpers import ApiMatch, bearer
from tests.jobs import run_jobs


def post(m, path, seat, body=None):
    return m.client.post(f"/matches/{m.id}{path}", json=body, headers=m.headers(seat))


def events(m, seat=None, after=0):
    return m.get("/events", seat, after=after, limit=1000)["events"]


def verified(app, match_id):
    run_jobs(app)
    with app.app_context():
        report = verify(get_store(), match_id)
    assert report["ok"], report
    return report


def test_a_resignation_ends_the_match_reveals_the_seed_and_verifies(app, client):
    m = ApiMatch(client)
    r = post(m, "/resign", 1)
    assert r.status_code == 200, r.get_json()
    shown = [(e["type"], e["rule"]) for e in r.get_json()["events"]]
    assert shown == [("SeatResigned", "kifu/resign"), ("SeedRevealed", "kifu/match")]
    info = m.info()
    assert info["outcome"] == {"reason": "resign", "resigned": [1], "winners": [0], "winner": 0, "draw": False}
    assert info["to_act"] == []
    report = verified(app, m.id)
    assert report["seed_revealed"] and report["redecided"] >= 2       # the opening and the resignation
    again = post(m, "/resign", 0)
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "illegal_table_move"
    assert again.get_json()["error"]["rule"] == "kifu/resign"
    listed = client.get("/matches", query_string={"status": "ended"}).get_json()["matches"]
    assert [x["outcome"]["reason"] for x in listed if x["match_id"] == m.id] == ["resign"]


def test_a_draw_by_agreement_ends_the_match_drawn(app, client):
    m = ApiMatch(client)
    offered = post(m, "/draw/offer", 0)
    assert offered.status_code == 200, offered.get_json()
    assert [e["type"] for e in offered.get_json()["events"]] == ["DrawOffered"]
    assert post(m, "/draw/accept", 0).get_json()["error"]["message"] == "that is your own draw offer"
    accepted = post(m, "/draw/accept", 1)
    assert [e["type"] for e in accepted.get_json()["events"]] == ["DrawAccepted", "DrawAgreed", "SeedRevealed"]
    assert m.info()["outcome"] == {"reason": "draw_agreed", "winner": None, "draw": True}
    verified(app, m.id)


def test_a_declined_offer_leaves_the_match_running(client):
    m = ApiMatch(client)
    post(m, "/draw/offer", 1)
    assert [e["type"] for e in post(m, "/draw/decline", 0).get_json()["events"]] == ["DrawDeclined"]
    assert m.info()["outcome"] is None
    assert post(m, "/draw/decline", 0).get_json()["error"]["message"] == "no draw offer is open"


def test_the_offerers_next_move_withdraws_the_offer_in_the_same_append(app, client):
    m = ApiMatch(client)
    mover = m.seat_to_act()
    post(m, "/draw/offer", mover)
    r = m.post(mover, {"type": "add", "n": 1})
    assert r.status_code == 200, r.get_json()
    made = r.get_json()["events"]
    assert [e["type"] for e in made][-1] == "DrawWithdrawn" and made[-1]["cause"] == made[0]["version"] - 1
    assert post(m, "/draw/accept", 1 - mover).status_code == 422
    post(m, "/resign", mover)
    report = verified(app, m.id)
    assert report["redecided"] >= 4            # opening, offer, the move, the withdrawal, the resignation


def test_an_offer_open_when_the_game_ends_the_match_is_not_shown_as_open(client):
    """The other seat's winning move ends the match with the offer unanswered: it lapses (the match
    view shows no open offer on a finished match, as nobody may accept it)."""
    m = ApiMatch(client)
    while (info := m.info())["view"]["total"] + 3 < info["view"]["target"]:
        m.post(info["to_act"][0], {"type": "add", "n": 1})
    winner = info["to_act"][0]
    post(m, "/draw/offer", 1 - winner)
    assert m.info()["table"]["draw_offer"]["seat"] == 1 - winner
    assert m.post(winner, {"type": "add", "n": 3}).status_code == 200
    info = m.info()
    assert info["outcome"]["winner"] == winner and info["table"]["draw_offer"] is None
    assert post(m, "/draw/accept", winner).get_json()["error"]["message"] == "the match is over"


def test_table_talk_reaches_both_seats_spectators_and_the_export(app, client):
    m = ApiMatch(client)
    r = post(m, "/chat", 0, {"text": "  よろしくお願いします  "})
    assert r.status_code == 200, r.get_json()
    said = r.get_json()["events"][0]
    assert said["type"] == "ChatSaid" and said["data"] == {"seat": 0, "text": "よろしくお願いします"}
    for caller in (0, 1, None):
        assert [e["data"]["text"] for e in events(m, caller) if e["type"] == "ChatSaid"] == ["よろしくお願いします"]
    lines = m.get("/chat")["lines"]
    assert [(x["seat"], x["name"], x["text"]) for x in lines] == [(0, "Reimu", "よろしくお願いします")]
    export = client.get(f"/matches/{m.id}/export", headers=m.headers(1)).get_data(as_text=True)
    assert "よろしくお願いします" in export
    post(m, "/resign", 1)
    assert post(m, "/chat", 1, {"text": "gg"}).status_code == 200       # talk goes on after the end
    verified(app, m.id)


@pytest.mark.parametrize("body, field", [({"text": ""}, "text"), ({"text": "x" * 501}, "text"),
                                         ({"text": "two\nlines"}, "text"), ({"text": 5}, "text"),
                                         ({}, "text"), ({"text": "hi", "loud": True}, "loud"),
                                         ({"text": "hi", "command_id": ""}, "command_id"),
                                         ({"text": "hi", "command_id": None}, "command_id")])
def test_bad_table_talk_is_400_naming_the_field(client, body, field):
    m = ApiMatch(client)
    r = post(m, "/chat", 0, body)
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith(f"{field}:"), r.get_json()


def test_table_moves_need_a_seat_token(client):
    m = ApiMatch(client)
    assert post(m, "/resign", None).status_code == 401
    r = client.post(f"/matches/{m.id}/resign", headers=bearer(m.created["auditor_token"]))
    assert r.status_code == 403
    assert client.post("/matches/nope/resign").status_code == 404
    assert post(m, "/resign", 0, {"now": True}).status_code == 400


def test_table_talk_is_rate_limited_per_seat(client, manual_clock):
    m = ApiMatch(client)
    for i in range(5):
        assert post(m, "/chat", 0, {"text": f"line {i}"}).status_code == 200
    r = post(m, "/chat", 0, {"text": "one too many"})
    assert r.status_code == 429 and r.get_json()["error"]["code"] == "talk_too_fast"
    assert int(r.headers["Retry-After"]) > 0
    assert post(m, "/chat", 1, {"text": "the other seat may"}).status_code == 200
    manual_clock.advance(seconds=31)
    assert post(m, "/chat", 0, {"text": "later"}).status_code == 200


def test_a_resent_command_id_answers_once(client):
    m = ApiMatch(client)
    first = post(m, "/chat", 0, {"text": "hello", "command_id": "c1"}).get_json()
    again = post(m, "/chat", 0, {"text": "hello", "command_id": "c1"}).get_json()
    assert first == again and len(m.get("/chat")["lines"]) == 1


def test_a_chat_line_does_not_restart_a_waiting_seats_clock(client, manual_clock):
    m = ApiMatch(client, deadline={"minutes": 60, "on_timeout": "forfeit"})
    before = m.info()["deadline"]["waiting"]
    manual_clock.advance(minutes=10)
    post(m, "/chat", 0, {"text": "take your time"})
    post(m, "/chat", 1, {"text": "thanks"})
    assert m.info()["deadline"]["waiting"] == before


def test_a_rematch_keeps_seats_bots_and_clock_and_is_linked_both_ways(app, client):
    r = client.post("/matches", json={"game": "threebythree", "variant": "overlord", "deadline":
                                      {"minutes": 600, "on_timeout": "pass"},
                                      "seats": [{"name": "Reimu"}, {"name": "Owl", "bot": "random"}]})
    made = r.get_json()
    m = ApiMatch.held(client, made["match_id"], [made["seats"][0]["token"], None])
    assert post(m, "/rematch", 0).get_json()["error"]["code"] == "match_running"
    post(m, "/resign", 0)
    r = post(m, "/rematch", 0)
    assert r.status_code == 201, r.get_json()
    again = r.get_json()
    assert again["rematch_of"] == m.id and [s["token"] for s in again["seats"]] == [None, None]
    first = [e for e in events(m) if e["type"] == "FirstPlayerChosen"][0]["data"]["first"]
    assert again["first"] == 1 - first
    new = ApiMatch.held(client, again["match_id"], m.tokens)        # the same token plays the new match
    info = new.info(0)
    assert info["seat"] == 0 and [s["controller"] for s in info["seats"]] == ["human", "bot"]
    assert info["deadline"]["minutes"] == 600
    chosen = [e for e in events(new) if e["type"] == "FirstPlayerChosen"][0]["data"]
    assert chosen == {"first": 1 - first, "by": "options"}
    assert [e["data"] for e in events(new) if e["type"] == "RematchOf"] == [{"match": m.id, "first": 1 - first}]
    assert [e["data"] for e in events(m) if e["type"] == "RematchStarted"] == [{"match": new.id, "by": 0}]
    second = post(m, "/rematch", 0)
    assert second.status_code == 409 and second.get_json()["error"]["code"] == "rematch_exists"
    verified(app, m.id)
    verified(app, new.id)


def test_a_rematch_of_a_game_without_a_first_player_option_draws_lots_again(client):
    m = ApiMatch(client)
    post(m, "/resign", 0)
    again = post(m, "/rematch", 1).get_json()
    assert again["first"] is None
    new = ApiMatch.held(client, again["match_id"], m.tokens)
    assert new.info(1)["seat"] == 1 and new.info()["outcome"] is None


def test_the_rematch_of_a_match_refereed_live_is_refereed_live_only_once_every_seat_agreed(app, client):
    """Issue 33: the rematch of an audit_live match used to stay refereed live, by the same auditor
    token, without asking its seats. Now the asker says which it is to be; a rematch refereed live
    is each seat's consent, said to everyone, and starts with the last one."""
    m = ApiMatch(client, audit_live=True)
    post(m, "/resign", 0)
    r = post(m, "/rematch", 0)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "audit_live_unstated", r.get_json()
    assert "audit_live" in r.get_json()["error"]["message"]
    r = post(m, "/rematch", 0, {"audit_live": True})
    assert r.status_code == 202, r.get_json()
    assert r.get_json() == {"rematch_of": m.id, "audit_live": True, "agreed": [0], "asked": [1]}
    assert post(m, "/rematch", 0, {"audit_live": True}).get_json()["asked"] == [1]      # asked once
    for reader in (None, 1):                              # the other seat and a spectator are told
        assert m.info(reader)["table"]["rematch_consents"] == [0]
        consented = [e for e in events(m, reader) if e["type"] == "RematchConsented"]
        assert [(e["data"], e["rule"]) for e in consented] == [({"seat": 0, "audit_live": True}, "kifu/rematch")]
        assert "refereed live" in consented[0]["text"] and "auditor sees every hand" in consented[0]["text"]
    assert m.info()["table"]["rematch"] is None
    r = post(m, "/rematch", 1, {"audit_live": True})
    assert r.status_code == 201, r.get_json()
    again = r.get_json()
    assert again["audit_live"] is True and again["rematch_of"] == m.id
    assert [s["token"] for s in again["seats"]] == [None, None] and m.created["auditor_token"] not in r.text
    new = ApiMatch.held(client, again["match_id"], m.tokens)
    assert new.info(0)["audit_live"] is True and new.info(0)["outcome"] is None
    # the same auditor token: it sees the running rematch whole, as the seats agreed
    assert export_lines(client, new, auditor(m))[0]["redacted_for"] is None
    started = [e["data"] for e in events(m) if e["type"] == "RematchStarted"]
    assert started == [{"match": new.id, "by": 1, "audit_live": True}]
    verified(app, m.id)


def test_a_rematch_of_a_match_refereed_live_started_without_consent_is_not_refereed_live(app, client):
    m = ApiMatch(client, audit_live=True)
    post(m, "/resign", 1)
    assert post(m, "/rematch", 0, {"audit_live": True}).status_code == 202
    r = post(m, "/rematch", 1, {"audit_live": False})       # seat 1 does not agree: it starts one that is not
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["audit_live"] is False
    new = ApiMatch.held(client, r.get_json()["match_id"], m.tokens)
    assert new.info()["audit_live"] is False
    assert export_lines(client, new, auditor(m))[0]["redacted_for"] == "auditor"   # a spectator until the end
    assert [e["data"] for e in events(m) if e["type"] == "RematchStarted"] == [{"match": new.id, "by": 1}]
    r = post(m, "/rematch", 0, {"audit_live": True})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "rematch_exists"
    post(new, "/resign", 0)
    assert export_lines(client, new, auditor(m))[0]["redacted_for"] is None          # everything, once over
    verified(app, m.id)


def test_a_bot_is_not_asked_and_a_match_not_refereed_live_has_no_rematch_that_is(client):
    made = client.post("/matches", json={"game": "toy", "variant": "standard", "audit_live": True, "seats": [
        {"name": "Reimu", "join": "invite"}, {"name": "Owl", "bot": "random"}]}).get_json()
    claimed = client.post(f"/matches/{made['match_id']}/seats/0/claim",
                          json={"invite": made["seats"][0]["invite"]}).get_json()
    m = ApiMatch.held(client, made["match_id"], [claimed["token"], None])
    post(m, "/resign", 0)
    r = post(m, "/rematch", 0, {"audit_live": True})         # the only person: its consent is every one
    assert r.status_code == 201 and r.get_json()["audit_live"] is True, r.get_json()
    plain = ApiMatch(client)
    post(plain, "/resign", 0)
    r = post(plain, "/rematch", 0, {"audit_live": True})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "not_audit_live", r.get_json()
    r = post(plain, "/rematch", 0, {"audit_live": "yes"})
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith("audit_live:"), r.get_json()
    r = post(plain, "/rematch", 0, {"audit_live": False})
    assert r.status_code == 201 and r.get_json()["audit_live"] is False
