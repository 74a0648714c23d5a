"""GET /matches/<id>/legal-actions?partial=...: the choice protocol through the API (issue 15) — a
move built step by step from the options offered, posted as any action, nothing appended before."""
import json
import random

import pytest

from tests.helpers import ApiMatch


def step(m, seat, partial=None, status=200):
    query = {} if partial is None else {"partial": json.dumps(partial)}
    r = m.client.get(f"/matches/{m.id}/legal-actions", headers=m.headers(seat), query_string=query)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def build(m, seat, rnd, limit=100):
    """A complete action reached by picking one offered option at random at every step."""
    partial = {}
    for _ in range(limit):
        answer = step(m, seat, partial)
        options = answer["step"]["options"]
        assert options and all(set(o) == {"action", "label", "ref", "done"} for o in options)
        option = rnd.choice(options)
        if option["done"]:
            return option["action"], answer["version"]
        partial = option["action"]
    raise AssertionError("no complete move")


@pytest.mark.parametrize("game, variant", [("threebythree", "overlord"), ("dimension-zero", "first-century"),
                                           ("shisoroku", "standard"), ("dokusenroku", "standard"), ("toy", "standard")])
def test_moves_built_step_by_step_are_accepted_and_nothing_is_appended_before(client, game, variant):
    rnd = random.Random(game)
    m = ApiMatch(client, game=game, variant=variant)
    for _ in range(12):
        info = m.info()
        if info["outcome"]:
            break
        seat = info["to_act"][0]
        action, version = build(m, seat, rnd)
        assert m.info()["version"] == version          # building a move appends nothing
        r = m.post(seat, action, version)
        assert r.status_code == 200, (action, r.get_json())


def test_the_first_step_comes_with_the_listed_actions_and_spectators_get_none(client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    seat = m.seat_to_act()
    first = step(m, seat)
    assert first["actions"] and first["partial"] == {} and first["step"]["options"]
    later = step(m, seat, first["step"]["options"][0]["action"])
    assert later["actions"] == [] and later["partial"] == first["step"]["options"][0]["action"]
    spectator = step(m, None)
    assert spectator["step"] is None and spectator["actions"] == []


@pytest.mark.parametrize("raw, names", [("{", "partial"), ("[1]", "partial"), ('"play"', "partial"),
                                        ("[" * 40 + "]" * 40, "partial")])
def test_a_partial_that_is_not_a_json_object_is_400_naming_it(client, raw, names):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    r = client.get(f"/matches/{m.id}/legal-actions", headers=m.headers(m.seat_to_act()),
                   query_string={"partial": raw})
    assert r.status_code == 400
    assert names in json.dumps(r.get_json()["error"])


def test_a_partial_no_move_starts_with_is_422_and_names_no_hidden_card(client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    seat = m.seat_to_act()
    other = 1 - seat
    hidden = m.info(other)["view"]["players"][other]["hand"][0]
    for partial in ({"type": "fly"}, {"type": "choose", "magic": hidden}, {"type": "choose", "magic": "nope"}):
        r = m.client.get(f"/matches/{m.id}/legal-actions", headers=m.headers(seat),
                         query_string={"partial": json.dumps(partial)})
        assert r.status_code == 422, r.get_json()
        assert r.get_json()["error"]["rule"] == "kifu/choices"
