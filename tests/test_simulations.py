"""Simulations: split across jobs, progress while running, deterministic results for a seed."""
import json

import pytest
from rq import Queue
from rq.serializers import JSONSerializer

from engine.core import get_game, list_games
from service.http.redis_conn import get_redis, get_store
from tests.helpers import api_key_headers
from tests.jobs import run_jobs
from tests.parallel import play_games
from engine.simulation import arena
from engine.simulation.arena import encode
from service.application.storage import keys
from service.application.simulations import chunks, results_of, run_chunk
from engine.simulation.statistics import wilson
from workers.runner import ThreadWorker

RANDOMS = [{"bot": "random"}, {"bot": "random"}]


def start(client, games, seed, seats=RANDOMS, game="threebythree", variant="overlord"):
    r = client.post("/simulations", json={"game": game, "variant": variant, "seats": seats, "games": games,
                                          "seed": seed}, headers=api_key_headers(client.application))
    assert r.status_code == 202, r.get_json()
    return r.get_json()


def job(client, job_id):
    r = client.get(f"/jobs/{job_id}")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def run_one_job(app):
    with app.app_context():
        queue = Queue("low", connection=get_redis(), serializer=JSONSerializer)
        ThreadWorker([queue], connection=get_redis(), serializer=JSONSerializer).work(burst=True, max_jobs=1)


def landed_games():
    """Every landed game (not the toys), in its first variant for two seats."""
    for game in list_games():
        if not game.id.startswith("toy"):
            variant = next(v for v in game.variants.values() if v.min_seats <= 2 <= v.max_seats)
            yield pytest.param(game.id, variant.id, id=game.id)


def known_cards(game_id) -> set:
    return {c.get("id", c.get("key")) for c in get_game(game_id).describe()["cards"]}


@pytest.mark.parametrize("game,variant", list(landed_games()))
def test_a_thousand_games_report_progress_then_results_and_the_same_seed_repeats(app, client, game, variant):
    doc = start(client, 1000, "s1", game=game, variant=variant)
    assert doc["status"] == "queued" and doc["progress"] == {"done": 0, "total": 1000}
    with app.app_context():
        pieces = json.loads(get_redis().hget(keys.simulation(doc["id"]), "chunks"))
        assert len(Queue("low", connection=get_redis(), serializer=JSONSerializer).job_ids) == len(pieces) >= 8
    run_one_job(app)                                 # one job done: progress, no results yet
    partial = job(client, doc["id"])
    assert partial["status"] == "running" and partial["progress"]["done"] == pieces[0][1] and partial["results"] is None
    assert pieces[0][1] * doc["spec"]["cpu_seconds"] / 1000 <= 5 + doc["spec"]["cpu_seconds"] / 1000   # chunk ≈ 5 s
    run_jobs(app)
    done = job(client, doc["id"])
    assert done["status"] == "finished" and done["progress"] == {"done": 1000, "total": 1000}
    results = done["results"]
    seats, draws = results["seats"], results["draws"]
    assert results["games"] == 1000
    assert seats[0]["wins"] + seats[1]["wins"] + draws["count"] + results["unfinished"] == 1000
    assert results["unfinished"] <= 10, "random games of every landed game end"
    for s in seats:
        assert s["wins"] >= 150, f"random against random: each seat wins sometimes ({s})"
        assert s["ci95"][0] < s["rate"] < s["ci95"][1] and s["ci95"][1] - s["ci95"][0] < 0.07
    length = results["length"]
    assert length["min"] <= length["p10"] <= length["median"] <= length["p90"] <= length["max"]
    assert sum(b["count"] for b in length["histogram"]) == 1000
    cards = {c["card"]: c for c in results["cards"]}
    assert len(cards) >= 10 and set(cards) <= known_cards(game)
    assert all(0 <= c["win_rate"] <= 1 and c["played_in"] >= c["wins"] for c in cards.values())

    # The same seed again, its games played in other processes: the records repeat (the first and
    # the last game of each job: a record is a function of the spec, the seed and its index alone,
    # so a sample shows it), and the results are those of the stored records.
    # Another seed gives other games.
    with app.app_context():
        stored = records(get_redis(), doc["id"])
    spec = done["spec"]
    replayed = sorted({i for start_, count in pieces for i in (start_, start_ + count - 1)})
    again = play_games(game, variant, spec["seats"], "s1", replayed)
    assert {r["index"]: encode(r) for r in again} == {i: stored[i] for i in replayed}
    assert results_of(spec, [json.loads(v) for v in stored.values()]) == results
    other = play_games(game, variant, spec["seats"], "s2", range(20))
    assert [encode(r) for r in other] != [stored[i] for i in range(20)]


def records(connection, sim_id) -> dict:
    return {int(k): v.decode() if isinstance(v, bytes) else v
            for k, v in connection.hgetall(keys.simulation(sim_id, "games")).items()}


def test_results_do_not_depend_on_the_order_the_jobs_ran_in(app, client):
    forward, backward = start(client, 40, "order"), start(client, 40, "order")
    with app.app_context():
        store = get_store()
        for start_, count in chunks(40):
            run_chunk(store, forward["id"], start_, count)
        for start_, count in reversed(chunks(40)):
            run_chunk(store, backward["id"], start_, count)
    other = start(client, 40, "another seed")
    run_jobs(app)
    first = job(client, forward["id"])["results"]
    assert job(client, backward["id"])["results"] == first != job(client, other["id"])["results"]


def test_a_game_that_does_not_end_is_counted_unfinished_not_failed(app, client, monkeypatch):
    monkeypatch.setattr(arena, "MAX_ACTIONS", 30)      # 3x3Wars games take about 110 actions
    doc = start(client, 12, "endless")
    run_jobs(app)
    done = job(client, doc["id"])
    results = done["results"]
    assert done["status"] == "finished" and results["unfinished"] == 12
    assert results["draws"]["count"] == 0 and all(s["wins"] == 0 for s in results["seats"])
    assert results["length"]["max"] == 30


def test_ismcts_against_random_in_a_small_simulation(app, client):
    doc = start(client, 20, 7, seats=[{"bot": "ismcts", "budget": {"iterations": 8}}, {"bot": "random"}])
    run_jobs(app)
    results = job(client, doc["id"])["results"]
    assert results["seats"][0]["wins"] >= 15 and results["seats"][0]["bot"] == "ismcts"


def test_a_game_without_cards_has_no_card_statistics(app, client):
    doc = start(client, 30, "t", game="toy", variant="standard")
    run_jobs(app)
    assert job(client, doc["id"])["results"]["cards"] is None


def test_a_chunk_run_twice_stores_each_game_once(app, client):
    doc = start(client, 12, "dup")
    with app.app_context():
        assert run_chunk(get_store(), doc["id"], 0, 12)["played"] == 12
        assert run_chunk(get_store(), doc["id"], 0, 12)["played"] == 0
    assert job(client, doc["id"])["status"] == "finished"


@pytest.mark.parametrize("body,status,code", [
    ({"game": "threebythree", "variant": "overlord", "seats": [{"bot": "random"}] * 3, "games": 5, "seed": 1}, 422, "invalid_config"),
    ({"game": "toy-plain", "variant": "standard", "seats": [{"bot": "ismcts"}] * 2, "games": 5, "seed": 1}, 422, "invalid_config"),
    ({"game": "nope", "variant": "x", "seats": [{"bot": "random"}] * 2, "games": 5, "seed": 1}, 422, "invalid_config"),
    ({"game": "toy", "variant": "standard", "seats": [{"bot": "random"}] * 2, "games": 0, "seed": 1}, 400, "invalid_request"),
    ({"game": "toy", "variant": "standard", "seats": [{"bot": "random"}] * 2, "games": 5}, 400, "invalid_request"),
])
def test_bad_simulations_are_refused_with_a_clear_error(client, body, status, code):
    r = client.post("/simulations", json=body, headers=api_key_headers(client.application))
    assert r.status_code == status and r.get_json()["error"]["code"] == code, r.get_json()


def test_unknown_jobs_are_404(client):
    for job_id in ("sim-nothing", "verify-nothing", "whatever"):
        r = client.get(f"/jobs/{job_id}")
        assert r.status_code == 404 and r.get_json()["error"]["code"] == "job_not_found"


def test_the_verification_of_a_finished_match_is_a_job_too(client):
    from tests.helpers import ApiMatch
    m = ApiMatch(client)
    m.play_to_end()
    doc = job(client, f"verify-{m.id}")
    assert doc["kind"] == "verify" and doc["status"] == "finished" and doc["results"]["ok"]


def test_chunks_cover_every_game_once():
    for games in (1, 9, 10, 11, 1000, 2001, 100_000):
        pieces = chunks(games)
        assert [s for s, _ in pieces] == sorted(s for s, _ in pieces) and sum(c for _, c in pieces) == games
        assert all(a[0] + a[1] == b[0] for a, b in zip(pieces, pieces[1:]))


def test_wilson_interval():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(50, 100) == [0.4038, 0.5962]
