"""Simulations need an API key and stay within bounded budgets (issue 16): anyone could POST 100,000
games of 60-second ISMCTS turns and stall every bot. 401 without a key, 403 for a token that is no
key, 422 naming the field or figure over a limit, 429 with Retry-After once a key's daily quota is
used; chunks small enough to interleave with bot turns on one worker."""
import json

import fakeredis
import pytest

from service import create_app
from service.application import simulations
from service.application.storage import keys
from service.application.identity import api_keys
from service.cli import main
from service.http.redis_conn import get_redis, get_store
from tests.helpers import ApiMatch, api_key_headers, bearer

TOY = {"game": "toy", "variant": "standard", "seats": [{"bot": "random"}, {"bot": "random"}], "games": 4, "seed": 1}
OVERLORD = {"game": "threebythree", "variant": "overlord", "seed": "s"}


def ismcts(**budget) -> list:
    return [{"bot": "ismcts", "budget": budget}, {"bot": "random"}]


def error(r, status: int, code: str, naming: str = "") -> dict:
    body = r.get_json()
    assert r.status_code == status and body["error"]["code"] == code, (r.status_code, body)
    assert naming in body["error"]["message"], body
    return body


def test_without_a_key_401_and_with_a_token_that_is_no_key_403(client):
    error(client.post("/simulations", json=TOY), 401, "api_key_required", "kifu keys create")
    seat_token = ApiMatch(client).tokens[0]
    error(client.post("/simulations", json=TOY, headers=bearer(seat_token)), 403, "unknown_api_key")
    error(client.post("/simulations", json=TOY, headers={"Authorization": "Basic abc"}), 401, "unauthorized")


def test_a_revoked_key_is_refused_at_once(app, client):
    headers = api_key_headers(app, "alice")
    assert client.post("/simulations", json=TOY, headers=headers).status_code == 202
    with app.app_context():
        assert api_keys.revoke(get_store(), "alice") and not api_keys.revoke(get_store(), "alice")
    error(client.post("/simulations", json=TOY, headers=headers), 403, "unknown_api_key")


def test_the_issue_s_request_of_100000_games_of_60_second_turns_is_422(client):
    """The request from the issue, then the same with a per-move budget inside the limit: still far
    more CPU than one simulation may use."""
    headers = api_key_headers(client.application)
    body = {**OVERLORD, "games": 100_000, "seats": [{"bot": "ismcts", "budget": {"ms": 60_000}}] * 2}
    error(client.post("/simulations", json=body, headers=headers), 422, "budget_too_large", "seats.0.budget.ms")
    body["seats"] = [{"bot": "ismcts", "budget": {"ms": 1000}}] * 2
    refused = error(client.post("/simulations", json=body, headers=headers), 422, "simulation_too_large",
                    "KIFU_SIM_MAX_CPU_SECONDS")
    assert refused["error"]["rule"] == "kifu/simulations"


@pytest.mark.parametrize("seats, naming", [
    (ismcts(ms=1001), "seats.0.budget.ms"),
    ([{"bot": "random"}, {"bot": "ismcts", "budget": {"iterations": 10_001}}], "seats.1.budget.iterations")])
def test_a_per_move_budget_over_the_limit_is_422_naming_the_seat(client, seats, naming):
    error(client.post("/simulations", json={**OVERLORD, "games": 1, "seats": seats},
                      headers=api_key_headers(client.application)), 422, "budget_too_large", naming)


def test_the_limits_come_from_the_settings():
    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "SIM_MAX_GAMES": 10,
                      "SIM_MAX_CPU_SECONDS": 20})
    client, headers = app.test_client(), api_key_headers(app)
    error(client.post("/simulations", json={**TOY, "games": 11}, headers=headers), 422, "too_many_games", "games")
    assert client.post("/simulations", json={**TOY, "games": 10}, headers=headers).status_code == 202
    # 10 games of 64-iteration ISMCTS in 3x3Wars: about 120 actions, 60 searches a game, ~40 s
    error(client.post("/simulations", json={**OVERLORD, "games": 10, "seats": ismcts(iterations=64)},
                      headers=headers), 422, "simulation_too_large", "the 20 one simulation")


def test_the_estimate_is_charged_to_the_key_s_day_then_429_with_retry_after(app, client, manual_clock):
    headers = api_key_headers(app, "bob", daily_cpu_seconds=100)
    body = {**OVERLORD, "games": 5, "seats": ismcts(iterations=64)}      # ~ 5 x 4 s estimated
    first = client.post("/simulations", json=body, headers=headers)
    assert first.status_code == 202, first.get_json()
    cost = first.get_json()["spec"]["cpu_seconds"]
    assert 10 <= cost <= 60 and first.get_json()["spec"]["api_key"] == "bob"
    accepted = 1
    while (r := client.post("/simulations", json=body, headers=headers)).status_code == 202:
        accepted += 1
    assert accepted == 100 // cost
    error(r, 429, "quota_exceeded", "renews at 00:00 UTC")
    assert r.headers["Retry-After"] == str(15 * 3600)                  # the manual clock stands at 09:00 UTC
    with app.app_context():
        [listed] = [k for k in api_keys.listing(get_store(), 0) if k["name"] == "bob"]
    assert listed["used_today"] == accepted * cost and listed["daily_cpu_seconds"] == 100
    manual_clock.advance(hours=15)                                     # a new UTC day
    assert client.post("/simulations", json=body, headers=headers).status_code == 202


def test_a_run_larger_than_the_key_s_whole_day_is_422_not_429(app, client):
    headers = api_key_headers(app, daily_cpu_seconds=10)
    error(client.post("/simulations", json={**OVERLORD, "games": 50, "seats": ismcts(iterations=64)},
                      headers=headers), 422, "over_daily_quota", "in a day (10)")


def test_an_ismcts_simulation_is_cut_into_chunks_of_a_few_seconds(app, client):
    """On a worker that also runs bot turns, a bot waits at most one chunk: each is about
    KIFU_SIM_CHUNK_SECONDS (5) of estimated CPU time, at least one game."""
    r = client.post("/simulations", json={**OVERLORD, "games": 40, "seats": ismcts(iterations=32)},
                    headers=api_key_headers(app))
    spec = r.get_json()["spec"]
    with app.app_context():
        pieces = json.loads(get_redis().hget(keys.simulation(r.get_json()["id"]), "chunks"))
    per_game = spec["cpu_seconds"] / 40
    assert sum(count for _, count in pieces) == 40 and len(pieces) > 8
    assert all(count * per_game <= 5 for _, count in pieces), (pieces, per_game)


def test_chunks_never_hold_less_than_one_game():
    assert simulations.chunks(3, per_game=60.0, chunk_seconds=5) == [[0, 1], [1, 1], [2, 1]]
    assert simulations.chunks(1000, per_game=0.01, chunk_seconds=5) == [[s, 125] for s in range(0, 1000, 125)]


@pytest.mark.parametrize("field, value, naming", [
    ("seed", "x" * 500_000, "seed"), ("seed", True, "seed"), ("seed", {}, "seed"), ("seed", 1.5, "seed"),
    ("games", "4", "games"), ("games", 100_001, "games"), ("seats", [], "seats"), ("game", "", "game"),
    ("variant", "v" * 65, "variant"), ("seats", [{"bot": "random", "budget": []}] * 2, "seats.0.budget"),
    ("seats", [{"bot": "random", "kingdom": "k" * 65}] * 2, "seats.0.kingdom"),
    ("seats", [{"bot": "nobody"}] * 2, "seats.0.bot"), ("extra", 1, "extra")])
def test_every_body_field_is_validated(client, field, value, naming):
    r = client.post("/simulations", json={**TOY, field: value}, headers=api_key_headers(client.application))
    error(r, 400, "invalid_request", naming)


@pytest.mark.redis
def test_kifu_keys_create_list_and_revoke(monkeypatch, capsys, real_redis_url):
    monkeypatch.setenv("REDIS_URL", real_redis_url)
    assert main(["keys", "create", "carol", "--daily-cpu-seconds", "500"]) == 0
    key = capsys.readouterr().out.strip()
    assert key.startswith("kifu_") and len(key) > 40
    app = create_app({"TESTING": True, "REDIS_URL": real_redis_url})
    with app.app_context():
        stored = [v for k in get_redis().scan_iter("kifu:apikey*") for v in get_redis().dump(k) or b""]
        assert key.encode() not in bytes(stored)                        # only the hash is kept
    assert app.test_client().post("/simulations", json=TOY, headers=bearer(key)).status_code == 202
    assert main(["keys", "create", "carol"]) == 2 and "exists" in capsys.readouterr().err
    assert main(["keys", "list"]) == 0
    listed = capsys.readouterr().out
    assert "carol" in listed and "daily 500" in listed and key not in listed
    assert main(["keys", "revoke", "carol"]) == 0
    assert app.test_client().post("/simulations", json=TOY, headers=bearer(key)).status_code == 403
