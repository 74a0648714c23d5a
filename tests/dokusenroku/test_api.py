"""東方独占録 through the API alone: describe, create, play to the end from legal-actions, hidden cards."""
import json
import random
import re

import pytest

from tests.helpers import ApiMatch

CARD = re.compile(r'"((?:\d:)?[CSX]\d\d[a-d])"')


def test_the_game_is_listed_and_described(client):
    games = {g["id"]: g for g in client.get("/games").get_json()["games"]}
    assert {v["id"]: (v["min_seats"], v["max_seats"]) for v in games["dokusenroku"]["variants"]} == \
        {"standard": (2, 4), "constructed": (2, 4)}
    r = client.get("/games/dokusenroku")
    assert r.status_code == 200
    described = r.get_json()
    assert len([c for c in described["cards"] if c["type"] == "character"]) >= 40
    assert "dokusenroku/battle.reveal" in ["dokusenroku/" + k for k in described["rules"]]


def cards(obj):
    return set(CARD.findall(json.dumps(obj, ensure_ascii=False)))


def check_hidden(m, seats):
    """No viewer's answer shows a card in another seat's hand; draws and deals of others carry no card."""
    hands = {s: set(m.info(s)["view"]["players"][s]["hand"]) for s in seats}
    for viewer in [None, *seats]:
        view = m.info(viewer)["view"]
        others = set().union(*(h for s, h in hands.items() if s != viewer))
        assert not cards(view) & others
        for e in m.get("/events", viewer, limit=1000)["events"]:
            if e["type"] in ("CardDrawn", "CardsDealt", "CardSearched") and e["data"]["seat"] != viewer:
                assert not cards(e["data"]), e
            assert e["type"] not in ("DeckShuffled", "CardsRemoved") or not cards(e["data"])


@pytest.mark.parametrize("variant, names, seed", [("standard", ("Reimu", "Marisa", "Sakuya"), 1),
                                                  ("constructed", ("Reimu", "Marisa"), 2)])
def test_a_match_can_be_played_to_the_end_from_legal_actions(client, variant, names, seed):
    rnd = random.Random(seed)
    m = ApiMatch(client, game="dokusenroku", variant=variant, names=names,
                 options={"removed": 40 if variant == "standard" else 25})
    checked = []

    def check(match, seat, answer):
        checked.append(answer["version"])
        if len(checked) % 3 == 0:
            check_hidden(match, range(len(names)))

    info = m.play_to_end(choose=lambda actions: actions[0] if actions[0]["type"] == "draw" else rnd.choice(actions),
                         on_step=check, max_actions=2000)
    assert info["outcome"]["reason"] == "deck" and info["to_act"] == [] and len(checked) >= 9
    assert all(m.legal(s)["actions"] == [] for s in range(len(names)))


def test_an_illegal_action_names_its_rule(client):
    m = ApiMatch(client, game="dokusenroku", variant="standard")
    seat = m.info()["to_act"][0]
    r = m.post(seat, {"type": "invade", "card": "C01a", "support": None})
    assert r.status_code == 422 and r.get_json()["error"]["rule"] == "dokusenroku/square.invade"
