"""GET /games, GET /games/<game>, the spec route and the JSON error shape for unknown routes."""
import pytest
import yaml


def test_games_lists_every_registered_game_with_variants(client):
    games = {g["id"]: g for g in client.get("/games").get_json()["games"]}
    assert games["toy"]["variants"] == [{"id": "standard", "title": "Standard",
                                         "min_seats": 2, "max_seats": 2}]
    assert "overlord" in {v["id"] for v in games["threebythree"]["variants"]}


def test_game_description_is_the_games_own(client):
    r = client.get("/games/threebythree")
    assert r.status_code == 200
    body = r.get_json()
    assert body["id"] == "threebythree" and body["cards"], "describe() keeps the game's extra keys"


def test_unknown_game_is_a_json_404(client):
    r = client.get("/games/chess")
    assert r.status_code == 404
    assert r.get_json()["error"]["code"] == "game_not_found"
    assert "chess" in r.get_json()["error"]["message"]


def test_unknown_route_and_wrong_method_answer_json(client):
    r = client.get("/no/such/route")
    assert r.status_code == 404 and r.get_json()["error"]["code"] == "not_found"
    r = client.delete("/games")
    assert r.status_code == 405
    assert r.get_json() == {"error": {"code": "method_not_allowed", "rule": None,
                                      "message": r.get_json()["error"]["message"]}}


def test_unexpected_failure_is_a_json_500_without_details(app, client, monkeypatch):
    from service.http.api import games
    monkeypatch.setattr(games, "list_games", lambda: 1 / 0)
    r = client.get("/games")
    assert r.status_code == 500
    assert r.get_json() == {"error": {"code": "internal_error", "message": "internal server error",
                                      "rule": None}}


def test_openapi_document_is_served(client):
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml"
    assert yaml.safe_load(r.data)["openapi"].startswith("3.")


def test_each_game_lists_the_bots_that_can_hold_its_seats(client):
    games = {g["id"]: g for g in client.get("/games").get_json()["games"]}
    assert games["threebythree"]["bots"] == ["greedy", "ismcts", "random"]
    toy_has_determinize = hasattr(__import__("tests.toygame").toygame.GAME, "determinize")
    assert ("ismcts" in games["toy"]["bots"]) == toy_has_determinize


def test_kifu_games_registers_plug_in_games_when_the_app_starts(monkeypatch):
    """KIFU_GAMES names modules (comma-separated) whose GAME the web app (and each worker job)
    registers beside engine/games/*: how a game kept outside the package is served."""
    import fakeredis
    from engine.core import registry
    from service import create_app
    from service.application import settings
    monkeypatch.setattr(registry, "_GAMES", {k: v for k, v in registry._GAMES.items() if k != "toy"})
    assert "toy" not in {g.id for g in registry.list_games()}
    monkeypatch.setenv("KIFU_GAMES", " tests.toygame, ,")
    assert settings.plugin_games() == ["tests.toygame"]
    client = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer()}).test_client()
    assert "toy" in {g["id"] for g in client.get("/games").get_json()["games"]}
    monkeypatch.setenv("KIFU_GAMES", "tests.helpers")
    with pytest.raises(registry.ConfigError, match="defines no GAME"):
        create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer()})
