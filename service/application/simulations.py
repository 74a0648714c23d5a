"""Bot-vs-bot simulations: many games split across several RQ jobs, with progress and results.

Keys, in the event store (each simulation's keys share the hash tag ``{<id>}``: one Cluster slot):
``kifu:sim:{<id>}`` (hash: spec, created_at, chunks), ``kifu:sim:{<id>}:games`` (hash: game
index -> its record; writing a record twice writes the same bytes, so a retried chunk job is
harmless and resumes where its predecessor stopped), ``kifu:sim:{<id>}:results`` (the aggregate,
once every game is in). The chunk jobs write them through the store the worker opens, never
through the queue Redis. Progress is the number of game records; results are computed from the
records in index order, so the same spec and seed always give the same results, whatever the
number of workers or the order the chunks ran in.
"""
import json
import math
import secrets

from engine.bots import check_config
from engine.core import ConfigError, MatchConfig, get_game
from engine.simulation.arena import card_reader, encode, play_game
from engine.simulation.statistics import aggregate
from service.application import clock

RULE = "kifu/simulations"
MAX_GAMES = 100_000
MAX_CHUNK = 250
CHUNKS = 8                       # a run is split in about this many jobs (fewer when it is small)
MIN_CHUNK = 10


def key(sim_id: str, part: str = "") -> str:
    return f"kifu:sim:{{{sim_id}}}" + (f":{part}" if part else "")


def check_spec(body: dict) -> dict:
    """``{"game","variant","seats":[bot configs],"games","seed"}`` made explicit; ConfigError if unplayable."""
    game = get_game(body["game"])
    seats = body["seats"]
    variant = game.check_seats(MatchConfig(game.id, body["variant"], [s.get("bot", "") for s in seats]))
    if not 1 <= body["games"] <= MAX_GAMES:
        raise ConfigError(f"games is 1..{MAX_GAMES}", rule=RULE)
    return {"game": game.id, "variant": variant.id, "seats": [check_config(game, s) for s in seats],
            "games": body["games"], "seed": str(body["seed"])}


def chunks(games: int) -> list[list[int]]:
    """``[start, count]`` pieces of a run, one job each."""
    size = min(MAX_CHUNK, max(MIN_CHUNK, math.ceil(games / CHUNKS)))
    return [[start, min(size, games - start)] for start in range(0, games, size)]


def create(store, body: dict) -> str:
    connection = store.redis
    spec = check_spec(body)
    sim_id = "sim-" + secrets.token_urlsafe(9)
    pieces = chunks(spec["games"])
    connection.hset(key(sim_id), mapping={"spec": json.dumps(spec), "created_at": clock.iso(clock.now()),
                                          "chunks": json.dumps(pieces)})
    for k, (start, count) in enumerate(pieces):
        store.jobs.enqueue("low", "simulate_chunk", sim_id, start, count, job_id=f"{sim_id}-{k}",
                           timeout=6 * 3600, keep=7 * 86400, retries=(5, 30))
    return sim_id


def run_chunk(connection, sim_id: str, start: int, count: int, progress=None) -> dict:
    """Play games ``start .. start+count-1`` not yet recorded; ``progress(done, total)`` after each."""
    spec = json.loads(connection.hget(key(sim_id), "spec"))
    game = get_game(spec["game"])
    cards = card_reader(game)
    games = key(sim_id, "games")
    played = 0
    for index in range(start, start + count):
        if not connection.hexists(games, index):
            record = play_game(game, spec["variant"], spec["seats"], spec["seed"], index, cards)
            connection.hset(games, index, encode(record))
            played += 1
        if progress is not None:
            progress(index - start + 1, count)
    return {"start": start, "count": count, "played": played}


def results_of(spec: dict, records: list) -> dict:
    records = sorted(records, key=lambda r: r["index"])
    return aggregate(records, spec["seats"], with_cards=card_reader(get_game(spec["game"])) is not None)


def status(store, sim_id: str) -> dict | None:
    """The job document of ``GET /jobs/<id>``, or None for an unknown simulation."""
    connection = store.redis
    raw = connection.hgetall(key(sim_id))
    if not raw:
        return None
    raw = {k.decode() if isinstance(k, bytes) else k: v for k, v in raw.items()}
    spec = json.loads(raw["spec"])
    done = connection.hlen(key(sim_id, "games"))
    doc = {"id": sim_id, "kind": "simulation", "status": "queued",
           "progress": {"done": done, "total": spec["games"]}, "spec": spec,
           "created_at": _text(raw["created_at"]), "results": None, "error": None}
    if done >= spec["games"]:
        doc["status"], doc["results"] = "finished", _results(connection, sim_id, spec)
        return doc
    job_ids = [f"{sim_id}-{k}" for k in range(len(json.loads(raw["chunks"])))]
    jobs = {job_id: store.jobs.status(job_id) for job_id in job_ids}
    failed = [job_id for job_id, job in jobs.items() if job and job["status"] == "failed"]
    if failed:
        doc["status"] = "failed"
        doc["error"] = f"{len(failed)} of {len(job_ids)} simulation jobs failed (job {failed[0]})"
    elif done or any(job and job["status"] == "running" for job in jobs.values()):
        doc["status"] = "running"
    return doc


def _results(connection, sim_id: str, spec: dict) -> dict:
    cached = connection.get(key(sim_id, "results"))
    if cached is not None:
        return json.loads(cached)
    records = [json.loads(v) for v in connection.hvals(key(sim_id, "games"))]
    results = results_of(spec, records)
    connection.set(key(sim_id, "results"), json.dumps(results), nx=True)
    return results


def _text(value) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value
