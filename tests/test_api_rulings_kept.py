"""A match's house rules (POST /matches `rulings`) come along wherever the match goes on: its rematch,
a dispute's continuation (dealt again from the start, or from a fork of the true state) and an
analysis fork each record them again in their MatchCreated and play them."""
from tests.audit_helpers import auditor
from tests.helpers import ApiMatch

HOUSE = {"fushi-optional": "optional", "tensha-target": "any-face-up"}
IN_FORCE = {"tensha-target": "any-face-up", "fushi-optional": "optional", "housyoku-nyushoku": "counted",
            "mentor-any": "any"}


def wizard(client) -> ApiMatch:
    """A 3x3Wars Wizard match with house rules, both seats' setups chosen (versions 9 and 10)."""
    m = ApiMatch(client, "threebythree", "wizard", rulings=HOUSE, options={"first": 0})
    for seat in (0, 1):
        legal = m.legal(seat)
        assert m.post(seat, legal["actions"][0], legal["version"]).status_code == 200
    return m


def kept(client, match_id: str, tokens) -> None:
    again = ApiMatch.held(client, match_id, tokens)
    assert again.info()["rulings"] == IN_FORCE
    assert again.get("/events", None, limit=1)["events"][0]["data"]["rulings"] == HOUSE
    assert client.get(f"/matches/{match_id}/verify").get_json()["ok"]


def test_a_rematch_keeps_the_house_rules(client):
    m = wizard(client)
    assert client.post(f"/matches/{m.id}/resign", headers=m.headers(0)).status_code == 200
    r = client.post(f"/matches/{m.id}/rematch", headers=m.headers(1))
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["first"] == 1                   # the options moved on, the house rules kept
    kept(client, r.get_json()["match_id"], m.tokens)


def continued(client, m: ApiMatch, version: int) -> str:
    dispute = client.post(f"/matches/{m.id}/disputes", json={"version": version, "reason": "misdealt"},
                          headers=m.headers(0)).get_json()["dispute"]
    client.post(f"/matches/{m.id}/disputes/{dispute}/ruling", json={"decision": "overturned"}, headers=auditor(m))
    client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(0))
    done = client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(1)).get_json()
    return done["continued_in"]


def test_a_continuation_dealt_again_keeps_the_house_rules(client):
    m = wizard(client)
    kept(client, continued(client, m, 3), m.tokens)              # a setup event: dealt again from version 0


def test_a_continuation_from_the_true_state_keeps_the_house_rules(client):
    m = wizard(client)
    kept(client, continued(client, m, 10), m.tokens)             # seat 1's setup: from version 9


def test_an_analysis_fork_keeps_the_house_rules(client):
    m = wizard(client)
    r = client.post(f"/matches/{m.id}/forks", json={"version": m.info()["version"]}, headers=m.headers(0))
    assert r.status_code == 201, r.get_json()
    kept(client, r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]])
