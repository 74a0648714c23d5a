"""Dimension Zero through the API alone: a two-player match with the preset decks played to the end from
legal-actions (issue 4, Done when), nothing hidden shown to the other seat or a spectator."""
import random
import re

import pytest

from tests.helpers import ApiMatch

CARD_KEY = re.compile(r"^(?:dz|th)-")


def check_hidden(m, viewer):
    view = m.info(viewer)["view"]
    hidden = set()
    for p in view["players"]:
        if p["seat"] != viewer:
            assert p["hand"] is None
        hidden |= set(p["smash"])
    assert not hidden & set(view["cards"])


@pytest.mark.parametrize("variant", ["first-century", "touhou", "touhou-instant"])
def test_a_preset_deck_match_plays_to_the_end_over_the_api(client, variant):
    rnd = random.Random(variant)
    m = ApiMatch(client, game="dimension-zero", variant=variant)

    def check(match, seat, answer):
        if answer["version"] % 97 == 0:
            for viewer in (None, 0, 1):
                check_hidden(match, viewer)

    info = m.play_to_end(choose=rnd.choice, on_step=check)
    assert info["outcome"] is not None and info["to_act"] == []
    assert info["outcome"]["reason"] in ("smash", "deck", "both")


def test_an_illegal_action_names_its_dimension_zero_rule(client):
    m = ApiMatch(client, game="dimension-zero", variant="first-century", options={"first": 0})
    r = m.post(0, {"type": "move", "unit": "0-00", "to": 4, "pay": []})
    assert r.status_code == 422
    assert r.get_json()["error"]["rule"].startswith("dimension-zero/")
