"""On a real Redis server: racing claims of one seat hand its token out exactly once."""
import threading

import pytest

pytestmark = pytest.mark.redis


@pytest.mark.parametrize("join", ["open", "invite"])
def test_16_clients_racing_for_one_seat_get_one_token(real_app, join):
    client = real_app.test_client()
    created = client.post("/matches", json={"game": "toy", "variant": "standard",
                                            "seats": [{"name": "A"}, {"name": "B", "join": join}]})
    match_id, invite = created.get_json()["match_id"], created.get_json()["seats"][1].get("invite")
    answers, start = [], threading.Barrier(16)

    def race():
        mine = real_app.test_client()
        start.wait()
        answers.append(mine.post(f"/matches/{match_id}/seats/1/claim", json={"invite": invite}))

    threads = [threading.Thread(target=race) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    won = [r.get_json()["token"] for r in answers if r.status_code == 200]
    assert len(won) == 1
    assert sorted({(r.status_code, r.get_json()["error"]["code"]) for r in answers if r.status_code != 200}) \
        == [(409, "seat_taken")]
    info = client.get(f"/matches/{match_id}", headers={"Authorization": f"Bearer {won[0]}"})
    assert info.get_json()["seat"] == 1
    assert client.get("/open-seats").get_json()["open_seats"] == []
