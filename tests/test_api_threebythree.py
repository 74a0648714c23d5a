"""3x3Wars through the API alone: create, play to the end from legal-actions, read it all — every level."""
import hashlib
import random

import pytest

from tests.helpers import ApiMatch

HIDDEN_EVENTS = {"CardDrawn": ("seat", "card"), "TerritoryExpanded": ("seat", "card"),
                 "CardsDealt": ("to", "cards"), "MagicDealt": ("to", "cards"), "HandsOffered": ("to", "hands"),
                 "TerritoryFromDeck": ("seat", "card")}


def assert_nothing_hidden_shown(m, viewer):
    info = m.info(viewer)
    view = info["view"]
    for p in view["players"]:
        if p["seat"] != viewer:
            assert p["hand"] is None and p["territories"] is None and p["offered_magic"] is None
            assert p["offered_hands"] is None
            assert all(mg["card"] is None for mg in p["magic"] if mg["state"] == "down" and not mg.get("shown"))
        else:
            assert isinstance(p["hand"], list)
    for e in m.get("/events", viewer, limit=1000)["events"]:
        owner_key, cards_key = HIDDEN_EVENTS.get(e["type"], (None, None))
        if owner_key and e["data"][owner_key] != viewer:
            assert not isinstance(e["data"].get(cards_key), (list, str)), e       # absent, or only a count
        assert e["type"] != "DeckShuffled" or "order" not in e["data"]
        assert ("hash" in e) == (info["outcome"] is not None)


@pytest.mark.parametrize("variant, seed", [("overlord", 1), ("overlord", 2), ("apprentice", 3), ("wizard", 4),
                                           ("seven-mage", 5)])
def test_a_match_can_be_played_to_the_end_from_legal_actions(client, variant, seed):
    rnd = random.Random(seed)
    m = ApiMatch(client, game="threebythree", variant=variant)
    assert m.info(0)["view"]["players"][0]["life"] == 30

    def check(match, seat, answer):
        if answer["version"] % 7 == 0:
            for viewer in (None, 0, 1):
                assert_nothing_hidden_shown(match, viewer)

    info = m.play_to_end(choose=rnd.choice, on_step=check)
    assert info["outcome"] is not None and info["to_act"] == []
    assert m.legal(0)["actions"] == [] and m.legal(1)["actions"] == []

    log, after = [], 0
    while after < info["version"]:
        page = m.get("/events", after=after, limit=100)
        log += page["events"]
        after = page["next_after"]
    assert [e["version"] for e in log] == list(range(1, info["version"] + 1))
    assert all(len(e["hash"]) == 64 for e in log)
    seed_hex = log[-1]["data"]["seed"]
    assert hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest() == log[0]["data"]["commitment"]


def test_an_overlord_illegal_action_names_its_rule(client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    seat = m.info()["to_act"][0]
    r = m.post(seat, {"type": "deploy", "card": "026"})
    assert r.status_code == 422
    assert r.get_json()["error"]["rule"].startswith("threebythree/")
