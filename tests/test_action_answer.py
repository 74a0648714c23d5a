"""The action's full answer (issue 37, service/application/match/answering.py): in every game it is
what a fresh read at the same version gives — ``legal`` equals GET legal-actions, ``view``,
``to_act`` and ``outcome`` equal GET /matches/{id}'s, ``events`` equal GET /events since the
action's expected version — with no Redis round trip beyond the action's two; a retried command
answers the same; ``?answer=short`` keeps the short answer."""
import random

import fakeredis
import pytest

from service import create_app
from tests.helpers import ApiMatch
from tests.hidden.games import GAMES
from tests.test_meta_reads import round_trips  # noqa: F401 - the fixture

MOVES = 14


def first_variant(game) -> tuple[str, int]:
    variant = next(iter(game.variants.values()))
    return variant.id, max(2, variant.min_seats)


def act(m, seat, action, version, command_id=None, answer=None):
    body = {"action": action, "expected_version": version, "command_id": command_id or f"c{version}-{seat}"}
    query = {} if answer is None else {"answer": answer}
    return m.client.post(f"/matches/{m.id}/actions", json=body, headers=m.headers(seat), query_string=query)


def fresh(m, seat, after):
    """What GET /matches/{id}, GET legal-actions and GET /events say to ``seat`` now."""
    info, legal = m.info(seat), m.legal(seat)
    events = m.get("/events", seat, after=after, limit=1000)["events"]
    return info, legal, events


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES])
def test_the_answer_is_what_a_fresh_read_gives(client, game):
    variant, seats = first_variant(game)
    m = ApiMatch(client, game.id, variant, names=[f"p{i}" for i in range(seats)])
    rng = random.Random(f"answer-{game.id}")
    legal_of = {}                    # seat -> the legal it last learnt from an answer (the page's way)
    for _ in range(MOVES):
        info = m.info()
        if info["outcome"] is not None or not info["to_act"]:
            break
        seat = rng.choice(info["to_act"])
        legal = legal_of.get(seat)
        if legal is None or legal["version"] != info["version"]:
            legal = m.legal(seat)
        assert legal["actions"], legal
        r = act(m, seat, rng.choice(legal["actions"]), legal["version"])
        assert r.status_code == 200, r.get_json()
        got = r.get_json()
        assert set(got) == {"version", "events", "to_act", "outcome", "view", "legal"}
        info, legal_now, events = fresh(m, seat, legal["version"])
        assert got["version"] == info["version"] == legal_now["version"]
        assert got["legal"] == legal_now
        assert got["view"] == info["view"]
        assert (got["to_act"], got["outcome"]) == (info["to_act"], info["outcome"])
        assert got["events"] == events
        assert all("text" in e and "move" in e for e in got["events"])
        legal_of = {seat: got["legal"]}


def test_a_retried_command_answers_the_same_even_after_the_match_moved(client):
    m = ApiMatch(client, "threebythree", "overlord")
    seat = m.seat_to_act()
    legal = m.legal(seat)
    first = act(m, seat, legal["actions"][0], legal["version"], command_id="again")
    assert first.status_code == 200
    again = act(m, seat, legal["actions"][0], legal["version"], command_id="again")
    assert again.status_code == 200 and again.get_json() == first.get_json()
    other = first.get_json()["to_act"][0]
    nxt = m.legal(other)
    assert act(m, other, nxt["actions"][0], nxt["version"]).status_code == 200
    later = act(m, seat, legal["actions"][0], legal["version"], command_id="again")
    assert later.status_code == 200 and later.get_json() == first.get_json()
    short = act(m, seat, legal["actions"][0], legal["version"], command_id="again", answer="short")
    assert short.get_json() == {"version": first.get_json()["version"],
                                "events": [{k: v for k, v in e.items() if k not in ("text", "move")}
                                           for e in first.get_json()["events"]]}


def test_the_short_answer_is_the_version_and_the_events(client):
    m = ApiMatch(client, "threebythree", "overlord")
    seat = m.seat_to_act()
    legal = m.legal(seat)
    r = act(m, seat, legal["actions"][0], legal["version"], answer="short")
    assert r.status_code == 200
    body = r.get_json()
    assert set(body) == {"version", "events"} and body["version"] == legal["version"] + len(body["events"])
    assert all("text" not in e for e in body["events"])


def test_an_unknown_answer_kind_is_a_400_naming_it(client):
    m = ApiMatch(client, "threebythree", "overlord")
    seat = m.seat_to_act()
    legal = m.legal(seat)
    r = act(m, seat, legal["actions"][0], legal["version"], answer="long")
    assert r.status_code == 400 and "answer" in r.get_json()["error"]["message"]
    assert m.info()["version"] == legal["version"]


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES])
def test_the_full_answer_costs_no_round_trip_beyond_the_actions_two(round_trips, game):  # noqa: F811
    """The meta, the command's stored answers and the secret in one pipeline, then the append; the
    answer is made from what the commit returned (no load, no read of names or events)."""
    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "SNAPSHOT_EVERY": 1000})
    variant, seats = first_variant(game)
    m = ApiMatch(app.test_client(), game.id, variant, names=[f"p{i}" for i in range(seats)])
    rng = random.Random(f"trips-{game.id}")
    for _ in range(4):
        info = m.info()
        if info["outcome"] is not None or not info["to_act"]:
            break
        seat = info["to_act"][0]
        legal = m.legal(seat)
        round_trips.clear()
        r = act(m, seat, rng.choice(legal["actions"]), legal["version"])
        assert r.status_code == 200, r.get_json()
        assert round_trips == [["HMGET", "HMGET", "GET"], ["EVALSHA"]], game.id


def test_the_answer_that_ends_the_match_carries_the_outcome_and_the_hashes(client):
    """A match played from the answers alone (the seat to act next asks for its legal actions once,
    as the page does); the last answer has the outcome, no legal action and the events hashed."""
    m = ApiMatch(client, "threebythree", "overlord")
    seat = m.seat_to_act()
    legal = m.legal(seat)
    for _ in range(400):
        r = act(m, seat, legal["actions"][-1], legal["version"])
        assert r.status_code == 200, r.get_json()
        got = r.get_json()
        if got["outcome"] is not None:
            break
        if seat not in got["to_act"]:
            seat = got["to_act"][0]
            legal = m.legal(seat)
        else:
            legal = got["legal"]
    else:
        raise AssertionError("no outcome")
    assert got["to_act"] == [] and got["legal"] == {"version": got["version"], "actions": [], "partial": {},
                                                   "step": None}
    assert got["events"][-1]["type"] == "SeedRevealed" and all("hash" in e for e in got["events"])
    assert got["events"] == m.get("/events", seat, after=legal["version"], limit=1000)["events"]


def test_the_answer_takes_in_the_automatic_passes_that_follow_the_action(client):
    """Issue 38: a Dimension Zero play after which the other seat's only legal move is a pass, made
    for it by its recorded settings: the answer is at the version after that pass (its events in it,
    told as the acting seat sees them), as a fresh read there gives it; a retry answers the same."""
    seats = [{"name": "Reimu", "settings": {}}, {"name": "Marisa", "settings": {}}]
    r = client.post("/matches", json={"game": "dimension-zero", "variant": "first-century", "seats": seats})
    m = ApiMatch.held(client, r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]])
    rng = random.Random("answer-automatic")
    for _ in range(300):
        info = m.info()
        assert info["outcome"] is None, "no play followed by an automatic pass"
        seat = info["to_act"][0]
        legal = m.legal(seat)
        plays = [a for a in legal["actions"] if a["type"] == "play"]
        action = rng.choice(plays or legal["actions"])
        r = act(m, seat, action, legal["version"], command_id=f"p{legal['version']}")
        assert r.status_code == 200, r.get_json()
        got = r.get_json()
        info, legal_now, events = fresh(m, seat, legal["version"])
        assert got["version"] == info["version"] == legal_now["version"]
        assert (got["legal"], got["view"], got["to_act"], got["outcome"]) == \
               (legal_now, info["view"], info["to_act"], info["outcome"])
        assert got["events"] == events
        passed = [e for e in got["events"] if e["move"]["seat"] == 1 - seat and e["move"]["version"] > legal["version"]]
        if action["type"] == "play" and passed:
            break
    else:
        raise AssertionError("no play followed by an automatic pass")
    own = {e["version"]: e for e in m.get("/events", 1 - seat, after=legal["version"], limit=1000)["events"]}
    assert own[passed[0]["move"]["version"]]["auto"]["why"] == "only-choice"        # made by the setting
    assert "auto" not in passed[0] and not passed[0]["text"].endswith("(automatic)")  # not told to the other seat
    again = act(m, seat, action, legal["version"], command_id=f"p{legal['version']}")
    assert again.status_code == 200 and again.get_json() == got
    short = act(m, seat, action, legal["version"], command_id=f"p{legal['version']}", answer="short")
    assert short.get_json()["version"] < got["version"]              # the short answer: the action's own commit
