"""Simulations as stored (service.application.simulations); each simulation's keys share the hash tag
``{<id>}``, so they lie in one Cluster slot:

  kifu:sim:{<id>}            hash: spec (JSON), created_at, chunks (JSON ``[[start, count], ...]``)
  kifu:sim:{<id>}:games      hash: game index -> its record (writing a record twice writes the same bytes)
  kifu:sim:{<id>}:results    the aggregate (JSON), once every game is in; written once (SET NX)
"""
import json

from service.application.storage import keys
from service.application.storage.replies import text, text_map


def create(store, sim_id: str, spec: dict, created_at: str, chunks: list) -> None:
    store.redis.hset(keys.simulation(sim_id), mapping={"spec": json.dumps(spec), "created_at": created_at,
                                                       "chunks": json.dumps(chunks)})


def read(store, sim_id: str) -> dict:
    """The simulation's hash (``{}``: no such simulation)."""
    return text_map(store.redis.hgetall(keys.simulation(sim_id)))


def spec(store, sim_id: str) -> dict:
    return json.loads(store.redis.hget(keys.simulation(sim_id), "spec"))


def has_game(store, sim_id: str, index: int) -> bool:
    return bool(store.redis.hexists(keys.simulation(sim_id, "games"), index))


def save_game(store, sim_id: str, index: int, record: str) -> None:
    store.redis.hset(keys.simulation(sim_id, "games"), index, record)


def games_done(store, sim_id: str) -> int:
    return store.redis.hlen(keys.simulation(sim_id, "games"))


def games(store, sim_id: str) -> list[dict]:
    """Every game record kept, in no particular order."""
    return [json.loads(v) for v in store.redis.hvals(keys.simulation(sim_id, "games"))]


def results(store, sim_id: str) -> dict | None:
    cached = store.redis.get(keys.simulation(sim_id, "results"))
    return None if cached is None else json.loads(text(cached))


def save_results(store, sim_id: str, results: dict) -> None:
    store.redis.set(keys.simulation(sim_id, "results"), json.dumps(results), nx=True)
