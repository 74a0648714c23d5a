"""Seat names as players read them (issue 38; service/application/table/seats.py ``display_name``, the
one source): a seat bound to a signed-in player by the player's account name — in the view, the
narrated log, pending_text, table talk, rematches — a bot's seat "Bot (greedy)" also in the log, an
anonymous person's seat by the name it was created with. The seat's own ``name`` stays as created."""
from tests.helpers import ApiMatch, bearer
from tests.jobs import run_jobs
from tests.test_api_players import create, new_player


def _bound_match(client):
    reimu, marisa = new_player(client, "霊夢"), new_player(client, "魔理沙")
    made = create(client, reimu["key"], [{"name": "Me", "player": True}, {"name": "Player 2", "join": "invite"},
                                         {"name": "Sakuya"}], game="dokusenroku", variant="standard")
    r = client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"invite": made["seats"][1]["invite"],
                                                                        "player": True}, headers=bearer(marisa["key"]))
    assert r.status_code == 200, r.get_json()
    return ApiMatch.held(client, made["match_id"], [reimu["key"], marisa["key"], made["seats"][2]["token"]])


def test_a_signed_in_players_seat_reads_its_account_name_everywhere(client):
    m = _bound_match(client)
    info = m.info(2)
    assert [s["display_name"] for s in info["seats"]] == ["霊夢", "魔理沙", "Sakuya"]
    assert [s["name"] for s in info["seats"]] == ["Me", "Player 2", "Sakuya"]          # as created
    names = [s["display_name"] for s in info["seats"]]
    onlooker = next(s for s in range(3) if s not in info["to_act"])
    assert m.info(onlooker)["pending_text"].startswith(f"Waiting for {names[info['to_act'][0]]}")
    assert client.put(f"/matches/{m.id}/seats/1/settings", json={}, headers=m.headers(1)).status_code == 200
    assert client.post(f"/matches/{m.id}/chat", json={"text": "よろしく"}, headers=m.headers(0)).status_code == 200
    told = [e["text"] for e in m.get("/events", 2, limit=1000)["events"] if e["type"] == "SeatSettingsChanged"]
    assert told and told[0].startswith("魔理沙's settings")
    lines = client.get(f"/matches/{m.id}/chat").get_json()["lines"]
    assert [line["name"] for line in lines] == ["霊夢"]
    mine = client.get("/players/me/matches", headers=m.headers(0)).get_json()["matches"]
    assert mine[0]["seats"] == ["霊夢", "魔理沙", "Sakuya"]


def test_a_bot_seat_is_told_as_bot_and_its_kind_in_the_log(app, client):
    r = client.post("/matches", json={"game": "threebythree", "variant": "overlord",
                                      "seats": [{"name": "Me"}, {"name": "Player 2", "bot": "greedy"}]})
    m = ApiMatch.held(client, r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]])
    for _ in range(20):
        run_jobs(app)
        seat = m.seat_to_act()
        if seat != 0:
            continue
        legal = m.legal(0)
        assert m.post(0, legal["actions"][0], legal["version"]).status_code == 200
    texts = [e["text"] or "" for e in m.get("/events", 0, limit=1000)["events"] if e["move"]["seat"] == 1]
    assert texts and any("Bot (greedy)" in t for t in texts), texts
    assert not any("Player 2" in t for t in texts)
