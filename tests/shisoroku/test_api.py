"""東方祀爭録 through the API alone: listed and described, played to the end from legal-actions, and
nothing hidden served to a seat or a spectator (公開情報と非公開情報 l.191-204)."""
import random

from tests.helpers import ApiMatch

KINGDOM = ["shanghai", "star", "fuumajin", "painflow", "sairan", "merlin", "youmu", "keine", "misdirection", "koishi"]
PRIVATE = {"CardsDrawn": "cards", "CardsLookedAt": "cards", "CardsPutInHand": "cards"}


def test_the_game_is_listed_and_described(client):
    games = {g["id"]: g for g in client.get("/games").get_json()["games"]}
    assert [(v["id"], v["min_seats"], v["max_seats"]) for v in games["shisoroku"]["variants"]] == [("standard", 2, 4)]
    described = client.get("/games/shisoroku").get_json()
    assert len([c for c in described["cards"] if c["section"] == "kingdom"]) >= 26
    assert described["rules"]["draw.exact"]["section"].startswith("「+Xカードを引く」")


def check_hidden(m, seats):
    for viewer in [None, *seats]:
        view = m.info(viewer)["view"]
        for p in view["players"]:
            if p["seat"] != viewer:
                assert p["hand"] is None and p["deck_count"] is None and p["looking"] is None
        for e in m.get("/events", viewer, limit=1000)["events"]:
            d = e["data"]
            assert "order" not in d or e["type"] == "CleanedUp" and d["seat"] == viewer
            assert "stack" not in d and "then" not in d
            if e["type"] in PRIVATE and d["seat"] != viewer:
                assert PRIVATE[e["type"]] not in d, e


def test_a_match_can_be_played_to_the_end_from_legal_actions(client):
    rnd = random.Random(4)
    rich = {"hand": ["omiki"] * 3 + ["saidan", "hakurei"], "deck": ["omiki", "omiki", "misdirection", "youmu",
                                                                    "painflow"] * 3}
    m = ApiMatch(client, game="shisoroku", names=("Reimu", "Marisa", "Sakuya"), options={"kingdom": KINGDOM},
                 setup={"players": [rich, rich, rich], "supply": {"saidan": 4}})
    steps = []

    def prefer_buying(actions):
        for a in actions:
            if a == {"type": "buy", "card": "saidan"} or a == {"type": "play_treasures"}:
                return a
        return rnd.choice(actions)

    def check(match, seat, answer):
        steps.append(answer["version"])
        if len(steps) % 5 == 0:
            check_hidden(match, range(3))

    info = m.play_to_end(choose=prefer_buying, on_step=check, max_actions=600)
    assert info["outcome"]["reasons"] == ["6vp-pile"] and info["to_act"] == [] and len(steps) >= 15
    assert all(m.legal(s)["actions"] == [] for s in range(3))
    check_hidden(m, range(3))


def test_an_illegal_action_names_its_rule(client):
    m = ApiMatch(client, game="shisoroku", options={"kingdom": KINGDOM, "first": 0})
    r = m.post(0, {"type": "buy", "card": "amaneki"})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "shisoroku/buy.buy"
    r = m.post(1, {"type": "end_turn"})
    assert r.status_code in (403, 422)
