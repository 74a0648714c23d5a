"""A game added in a test directory only (tests/toygame.py, named by KIFU_GAMES; no other file
touched) is served by a real gunicorn, played to the end by bots on a real ``rq worker``,
simulated by that worker, and verified. The web page drawing it with the generic panels is
tests/browser/test_web_plugin_game.py."""
import os
import time

import pytest

from tests.conftest import flushed
from tests.plugin_stack import Stack

pytestmark = pytest.mark.redis
URL = os.environ["KIFU_WORKERS_REDIS_URL"]      # tests/conftest.py sets it
BOTS = [{"bot": "random"}, {"bot": "random"}]


@pytest.fixture(scope="module")
def stack():
    s = Stack(flushed(URL), games="tests.toygame")
    yield s
    s.stop()


def test_a_plug_in_game_is_served_played_by_bots_simulated_and_verified(stack):
    games = {g["id"]: g for g in stack.get("/games")["games"]}
    assert "toy" in games and "random" in games["toy"]["bots"]
    described = stack.get("/games/toy")
    assert described["title"] == "Toy counting game (tests only)" and "renderer" not in described

    status, created = stack.post("/matches", {"game": "toy", "variant": "standard",
                                              "seats": [{"name": "Owl", **BOTS[0]}, {"name": "Crow", **BOTS[1]}]})
    assert status == 201, created
    match_id = created["match_id"]
    match = stack.until(lambda: (m := stack.get(f"/matches/{match_id}"))["outcome"] and m)   # the worker's bots
    assert match["outcome"]["winner"] in (0, 1) and match["view"]["total"] >= match["view"]["target"]
    events = stack.get(f"/matches/{match_id}/events?limit=1000")["events"]
    types = [e["type"] for e in events]
    assert types.count("Added") >= 4 and "GameWon" in types and types[-1] == "SeedRevealed"

    status, job = stack.post("/simulations", {"game": "toy", "variant": "standard", "seats": BOTS,
                                              "games": 6, "seed": "plug-in"}, stack.api_key)
    assert status == 202, job
    done = stack.until(lambda: (j := stack.get(f"/jobs/{job['id']}"))["status"] in ("finished", "failed") and j)
    assert done["status"] == "finished" and done["progress"] == {"done": 6, "total": 6}, done
    results = done["results"]
    assert results["games"] == 6 and sum(s["wins"] for s in results["seats"]) + results["draws"]["count"] == 6

    report = stack.get(f"/matches/{match_id}/verify")
    assert report["ok"] is True and report["match_id"] == match_id and report["version"] == match["version"]


def my_turn_or_end(stack, match_id, token):
    match = stack.get(f"/matches/{match_id}", token)
    return match if match["to_act"] == [0] or match["outcome"] is not None else None


def test_a_bot_answers_within_two_seconds_while_a_thousand_game_simulation_runs(stack):
    """Issue 16: bots and deadlines have a worker of their own (Procfile ``worker``: high, default),
    simulations another (``background``: low), so a bot's move never waits behind a simulation chunk."""
    status, job = stack.post("/simulations", {"game": "threebythree", "variant": "overlord", "games": 1000,
                                              "seed": "busy", "seats": [{"bot": "ismcts", "budget": {"iterations": 64}},
                                                                        {"bot": "ismcts", "budget": {"iterations": 64}}]},
                             stack.api_key)
    assert status == 202, job
    stack.until(lambda: stack.get(f"/jobs/{job['id']}")["status"] == "running", timeout=60)
    status, created = stack.post("/matches", {"game": "toy", "variant": "standard", "options": {"target": 100},
                                              "seats": [{"name": "Reimu"}, {"name": "Owl", **BOTS[1]}]})
    assert status == 201, created
    match_id, token = created["match_id"], created["seats"][0]["token"]
    waits = []
    for _ in range(3):
        match = stack.until(lambda: my_turn_or_end(stack, match_id, token), timeout=60)
        if match["outcome"] is not None:                                  # the bot's move may end the game
            break
        action = stack.get(f"/matches/{match_id}/legal-actions", token)["actions"][0]
        status, answer = stack.request("POST", f"/matches/{match_id}/actions",
                                       {"action": action, "expected_version": match["version"],
                                        "command_id": f"reimu-{match['version']}"}, token)
        assert status == 200, answer
        posted = time.monotonic()
        stack.until(lambda: my_turn_or_end(stack, match_id, token), timeout=10, every=0.02)
        waits.append(time.monotonic() - posted)
    assert stack.get(f"/jobs/{job['id']}")["status"] == "running"          # the simulation was still going
    assert len(waits) == 3 and max(waits) <= 2.0, waits
