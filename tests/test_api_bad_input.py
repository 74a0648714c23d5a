"""Bad input is a 4xx naming what is wrong, never a 500 (issue 16): a body nested too deep, a lone
surrogate in any string of a body, numbers past what a version can be, a simulation seed of the
wrong kind; a 405 says which methods are allowed."""
import pytest

from service import create_app
from tests.helpers import ApiMatch, api_key_headers
from tests.plugin_stack import free_port

DEEP = "[" * 1000 + "]" * 1000
BOTS = [{"bot": "random"}, {"bot": "random"}]


def post_raw(client, path, text, headers=None):
    if path == "/simulations" and headers is None:
        headers = api_key_headers(client.application)
    return client.post(path, data=text, content_type="application/json", headers=headers or {})


def refused(r, naming):
    body = r.get_json()
    assert r.status_code == 400, (r.status_code, body)
    assert body["error"]["code"] == "invalid_request" and naming in body["error"]["message"], body
    return body


def test_a_body_nested_a_thousand_levels_deep_is_400(client):
    m = ApiMatch(client)
    refused(post_raw(client, "/matches", '{"game": "toy", "variant": "standard", "seats": ' + DEEP + '}'), "nested")
    refused(post_raw(client, f"/matches/{m.id}/actions", '{"action": ' + DEEP + '}', m.headers(m.seat_to_act())),
            "nested")


@pytest.mark.parametrize("path, body, field", [
    ("/matches", '{"game": "toy", "variant": "standard", "seats": [{"name": "\\ud800"}, {"name": "b"}]}', "seats.0.name"),
    ("/simulations", '{"game": "toy", "variant": "standard", "seats": [{"bot": "random"}, {"bot": "random"}], '
                     '"games": 1, "seed": "\\udfff"}', "seed"),
    ("/matches", '{"game": "toy", "variant": "standard", "seats": [{"name": "a"}, {"name": "b"}], "\\ud800": 1}', "\\ud800"),
])
def test_a_lone_surrogate_is_400_naming_its_field(client, path, body, field):
    refused(post_raw(client, path, body), field)


def test_a_lone_surrogate_in_an_action_command_id_a_dispute_reason_or_an_invite_is_400(client):
    m = ApiMatch(client)
    seat = m.seat_to_act()
    version = m.info()["version"]
    refused(post_raw(client, f"/matches/{m.id}/actions", '{"action": {"type": "add", "n": 1}, "expected_version": %d, '
                     '"command_id": "\\ud800"}' % version, m.headers(seat)), "command_id")
    refused(post_raw(client, f"/matches/{m.id}/disputes", '{"version": 1, "reason": "x\\ud800"}', m.headers(seat)),
            "reason")
    invited = client.post("/matches", json={"game": "toy", "variant": "standard",
                                            "seats": [{"name": "a", "join": "invite"}, {"name": "b"}]}).get_json()
    refused(post_raw(client, f"/matches/{invited['match_id']}/seats/0/claim", '{"invite": "\\ud800"}'), "invite")


@pytest.mark.parametrize("seed", [True, {}, [], None, "", "x" * 129, 10 ** 200])
def test_a_simulation_seed_of_the_wrong_kind_is_400(client, seed):
    refused(client.post("/simulations", json={"game": "toy", "variant": "standard", "seats": BOTS, "games": 1,
                                              "seed": seed}, headers=api_key_headers(client.application)), "seed")


def test_a_version_past_any_stream_id_is_400_and_a_last_event_id_past_it_is_ignored(client):
    m = ApiMatch(client)
    huge = 2 ** 64
    refused(client.get(f"/matches/{m.id}/events?after={huge}"), "after")
    refused(client.get(f"/matches/{m.id}/stream?after={huge}&follow=false"), "after")
    refused(client.get(f"/matches/{m.id}/state?version={huge}"), "version")
    r = client.get(f"/matches/{m.id}/stream?follow=false", headers={"Last-Event-ID": str(huge)})
    assert r.status_code == 200 and "event: caught-up" in r.get_data(as_text=True)


def test_a_405_says_which_methods_are_allowed(client):
    m = ApiMatch(client)
    r = client.delete(f"/matches/{m.id}")
    assert r.status_code == 405 and "GET" in r.headers["Allow"] and r.get_json()["error"]["code"] == "method_not_allowed"


def test_an_unreachable_store_is_503_with_retry_after():
    """Redis down: 503 store_unavailable and Retry-After, never a bare 500 (clients can tell "try
    again" from a bug)."""
    port = free_port()                               # a port nothing listens on
    app = create_app({"TESTING": True, "REDIS_URL": f"redis://127.0.0.1:{port}/0"})
    for r in (app.test_client().get("/matches/abc"), app.test_client().post("/matches", json={
            "game": "toy", "variant": "standard", "seats": [{"name": "a"}, {"name": "b"}]})):
        assert r.status_code == 503 and r.headers["Retry-After"] == "2", (r.status_code, r.get_json())
        assert r.get_json()["error"]["code"] == "store_unavailable"

