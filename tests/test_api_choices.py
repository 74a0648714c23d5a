"""POST /matches/<id>/legal-actions {"partial": ...} (and the deprecated GET ?partial=...): the choice
protocol through the API (issue 15) — a move built step by step from the options offered, posted as
any action, nothing appended before; the POST answers what the GET answers (issue 33: the partial
move out of the URL, which access logs write)."""
import json
import random

import pytest

from tests.helpers import ApiMatch

BASIC = {"action", "label", "ref", "done", "completes"}     # an option's fields; default, suffix where due


def step(m, seat, partial=None, status=200):
    """The step after ``partial`` as the POST answers it (``partial`` None: a body without one)."""
    code, answer = step_by_post(m, seat, partial)
    assert code == status, answer
    return answer


def step_by_post(m, seat, partial=None):
    body = {} if partial is None else {"partial": partial}
    r = m.client.post(f"/matches/{m.id}/legal-actions", headers=m.headers(seat), json=body)
    return r.status_code, r.get_json()


def step_by_get(m, seat, partial=None):
    """The same through the deprecated ``GET ?partial=``: (status, answer)."""
    query = {} if partial is None else {"partial": json.dumps(partial)}
    r = m.client.get(f"/matches/{m.id}/legal-actions", headers=m.headers(seat), query_string=query)
    return r.status_code, r.get_json()


def build(m, seat, rnd, limit=100):
    """A complete action reached by picking one offered option at random at every step."""
    partial = {}
    for _ in range(limit):
        answer = step(m, seat, partial)
        options = answer["step"]["options"]
        assert options and all(BASIC <= set(o) <= BASIC | {"default", "suffix"} and o["completes"] == o["done"]
                               for o in options)
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


def test_the_post_answers_what_the_deprecated_get_answers_step_after_step(client):
    rnd = random.Random(33)
    m = ApiMatch(client, game="threebythree", variant="overlord")
    seat, other = m.seat_to_act(), 1 - m.seat_to_act()
    partial, steps = None, 0
    while True:
        answer = step(m, seat, partial)
        assert step_by_get(m, seat, partial) == (200, answer)
        assert step_by_post(m, other, partial) == step_by_get(m, other, partial)    # the other seat's own setup
        assert step_by_post(m, None, partial) == step_by_get(m, None, partial)      # a spectator: no step
        steps += 1
        option = rnd.choice(answer["step"]["options"])
        if option["done"]:
            break
        partial = option["action"]
    assert steps >= 3                                     # setup: territories one at a time, then the magic
    for wrong in ({"type": "fly"}, {"type": "choose", "magic": "nope"}):
        refused = step(m, seat, wrong, status=422)
        assert step_by_get(m, seat, wrong) == (422, refused)


@pytest.mark.parametrize("body, names", [({"partial": "{"}, "partial"), ({"partial": [1]}, "partial"),
                                         ({"partial": "play"}, "partial"), ({"partial": None}, "partial"),
                                         ({"partial": {"type": "choose", "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}},
                                          "partial"),
                                         ({"partial": {"type": "choose", "pad": "x" * 17000}}, "partial"),
                                         ({"partial": {}, "token": "secret"}, "token"), ([{}], "the body")])
def test_a_post_body_that_is_not_a_partial_move_is_400_naming_the_field(client, body, names):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    r = client.post(f"/matches/{m.id}/legal-actions", headers=m.headers(m.seat_to_act()), json=body)
    assert r.status_code == 400, r.get_json()
    message = r.get_json()["error"]["message"]
    assert message.startswith(names) and "secret" not in message, message


def test_the_post_checks_the_match_and_the_token_before_the_body(client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    assert client.post("/matches/nope/legal-actions", json="not a body").status_code == 404
    bad = {"Authorization": "Bearer not-a-token"}
    assert client.post(f"/matches/{m.id}/legal-actions", headers=bad, json="not a body").status_code == 403


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
        answer = step(m, seat, partial, status=422)
        assert answer["error"]["rule"] == "kifu/choices"
