"""GET /matches/<id>/events/<v>/explain: rule text, causes, command, view diff — and hidden cards."""
import json

from tests.audit_helpers import auditor, hidden_cards, mentions, overlord_after_setup
from tests.helpers import ApiMatch


def explain(client, m, version, headers=None):
    return client.get(f"/matches/{m.id}/events/{version}/explain", headers=headers or {})


def test_an_automatic_event_cites_its_rule_its_causes_and_its_command(client):
    m = ApiMatch(client)
    seat = m.seat_to_act()
    assert m.post(seat, {"type": "add", "n": 2}).status_code == 200          # versions 5..7
    body = explain(client, m, 7, m.headers(seat)).get_json()
    assert body["event"]["type"] == "TurnPassed" and body["caller"] == f"seat {seat}"
    assert body["rule"] == {"id": "toy/4", "section": "toy §4", "statement": "turn passes"}
    assert [c["version"] for c in body["causes"]] == [5] and body["causes"][0]["type"] == "Added"
    assert body["command"] == {"version": 5, "seat": seat, "kind": "action",
                               "command": {"seat": seat, "action": {"type": "add", "n": 2}}}
    assert body["diff"] == [{"path": "turn", "before": seat, "after": 1 - seat}]


def test_the_other_seat_sees_who_acted_but_not_the_command_nor_the_redealt_card(client):
    m = ApiMatch(client)
    seat = m.seat_to_act()
    m.post(seat, {"type": "add", "n": 1})
    other = explain(client, m, 6, m.headers(1 - seat)).get_json()              # CardDealt to the mover
    assert other["event"]["data"]["card"] is None and other["diff"] == []
    assert other["command"] == {"version": 5, "seat": seat, "kind": "action"}
    mine = explain(client, m, 6, m.headers(seat)).get_json()
    assert isinstance(mine["event"]["data"]["card"], int)
    assert [d["path"] for d in mine["diff"]] in ([], [f"players.{seat}.secret"])   # a die may repeat
    spectator = explain(client, m, 6).get_json()
    assert spectator["event"]["data"]["card"] is None and "hash" not in spectator["event"]


def test_platform_events_cite_the_platform_rules(client):
    body = explain(client, ApiMatch(client), 1).get_json()
    assert body["event"]["type"] == "MatchCreated" and body["rule"]["id"] == "kifu/match"
    assert "commitment" in body["rule"]["statement"] and body["causes"] == []


def test_after_the_end_everyone_gets_the_full_truth_with_hashes(client):
    m = ApiMatch(client)
    m.play_to_end()
    body = explain(client, m, 4).get_json()                                    # seat 1's first card
    assert body["full_truth"] and isinstance(body["event"]["data"]["card"], int)
    assert len(body["event"]["hash"]) == 64 and body["diff"][0]["path"] == "secrets.1"


def test_unknown_versions_and_bad_tokens_are_json_errors(client):
    m = ApiMatch(client)
    r = explain(client, m, 99)
    assert r.status_code == 404 and r.get_json()["error"]["code"] == "version_not_found"
    assert explain(client, m, 0).status_code == 404
    r = explain(client, m, 1, {"Authorization": "Bearer nope"})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_token"
    assert client.get("/matches/nope/events/1/explain").status_code == 404


def test_overlord_rules_come_with_their_seed_section(client):
    m = overlord_after_setup(client)
    body = explain(client, m, 3, m.headers(0)).get_json()                      # FirstPlayerChosen
    assert body["rule"]["id"] == "threebythree/setup.deal"
    assert body["rule"]["section"] == "○初級ルール開始前手順" and body["rule"]["statement"]


def test_no_explanation_shows_a_seat_or_a_spectator_the_other_seats_hidden_cards(client):
    m = overlord_after_setup(client)
    hidden = {0: hidden_cards(m, 0), 1: hidden_cards(m, 1)}
    version = m.info()["version"]
    for v in range(1, version + 1):
        for seat, secret in ((0, hidden[1]), (1, hidden[0]), (None, hidden[0] | hidden[1])):
            text = json.dumps(explain(client, m, v, m.headers(seat)).get_json(), ensure_ascii=False)
            assert mentions(text, secret) == set(), (v, seat)
    text = json.dumps(explain(client, m, version, auditor(m)).get_json(), ensure_ascii=False)
    assert mentions(text, hidden[0] | hidden[1]) == set()                      # not an audit_live match
