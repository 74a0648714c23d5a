"""Bot-vs-bot simulations: many games split across several RQ jobs, with progress and results.

Kept in the event store's server, in one Cluster slot per simulation
(service.application.storage.simulations): the spec and its chunks, each game's record (writing a
record twice writes the same bytes, so a retried chunk job is harmless and resumes where its
predecessor stopped), and the aggregate once every game is in. The chunk jobs write them through
the store the worker opens, never through the queue Redis. Progress is the number of game records;
results are computed from the records in index order, so the same spec and seed always give the same results, whatever the
number of workers or the order the chunks ran in.

A simulation costs CPU, so one through the API needs an API key (``api_keys``) and stays within
``Limits`` (the ``KIFU_SIM_*`` settings): games, each ismcts seat's per-move budget, and the run's
estimated CPU time (``estimate``), which is also charged to the key's daily quota. The estimate
is deliberately high: per move, what the slowest landed game measured in bench/RESULTS.md (and
twice that for playing the action), times the length of a few random games of the variant. Chunks
are cut so that each is about ``chunk_seconds`` of that estimate (at least one game), so on a
worker that also runs bot turns a bot waits at most one chunk.
"""
import json
import math
import secrets
from dataclasses import dataclass
from functools import lru_cache

from engine.bots import check_config
from engine.core import ConfigError, MatchConfig, get_game
from engine.simulation.arena import card_reader, encode, play_game
from service.application.ratings import bots as rated_bots
from engine.simulation.statistics import aggregate
from service.application import clock, settings
from service.application.identity import api_keys
from service.application.errors import Illegal
from service.application.storage import simulations as sim_records
from service.i18n import _

RULE = "kifu/simulations"
MAX_GAMES = 100_000
MAX_CHUNK = 250
CHUNKS = 8                       # a run is split in about this many jobs (fewer when it is small)
MIN_CHUNK = 10
# CPU-seconds, high on purpose (bench/RESULTS.md, 2 cores): the slowest landed game searched 1,198
# ismcts iterations/s and made 1 greedy decision per 1.3 ms, random players 4,500 actions/s.
ITERATION_SECONDS = 1 / 1000
GREEDY_MOVE_SECONDS = 3 / 1000       # greedy, and a game's own bots (big-money)
ACTION_SECONDS = 1 / 2000            # legal actions, decide and fold of one action, whoever chose it
SAMPLE_GAMES = 3                     # random games played to know how long the variant's games are


@dataclass(frozen=True)
class Limits:
    """What one simulation through the API may ask for (``KIFU_SIM_*``, service.application.settings)."""
    max_games: int
    max_move_ms: int
    max_iterations: int
    max_cpu_seconds: int
    chunk_seconds: int
    daily_cpu_seconds: int          # an API key's quota unless it was issued with its own

    @classmethod
    def from_settings(cls, values: dict) -> "Limits":
        return cls(values["SIM_MAX_GAMES"], values["SIM_MAX_MOVE_MS"], values["SIM_MAX_ITERATIONS"],
                   values["SIM_MAX_CPU_SECONDS"], values["SIM_CHUNK_SECONDS"], values["SIM_DAILY_CPU_SECONDS"])


DEFAULT_LIMITS = Limits.from_settings(settings.DEFAULTS)


def check_spec(body: dict) -> dict:
    """``{"game","variant","seats":[bot configs],"games","seed"}`` made explicit; ConfigError if unplayable."""
    game = get_game(body["game"])
    seats = body["seats"]
    variant = game.check_seats(MatchConfig(game.id, body["variant"], [s.get("bot", "") for s in seats]))
    if not 1 <= body["games"] <= MAX_GAMES:
        raise ConfigError(f"games is 1..{MAX_GAMES}", rule=RULE)
    spec = {"game": game.id, "variant": variant.id, "seats": [check_config(game, s) for s in seats],
            "games": body["games"], "seed": str(body["seed"]), **({"rated": True} if body.get("rated") else {})}
    if spec.get("rated"):
        rated_bots.check(spec)
    return spec


def move_seconds(bot: dict) -> float:
    """The estimated CPU time of one decision of ``bot`` (a checked config)."""
    budget = bot.get("budget") or {}
    if bot["bot"] == "random":
        return 0.0
    if "ms" in budget:
        return budget["ms"] / 1000
    if "iterations" in budget:
        return budget["iterations"] * ITERATION_SECONDS
    return GREEDY_MOVE_SECONDS


@lru_cache(maxsize=256)
def typical_length(game_id: str, variant: str, seats: int) -> float:
    """The mean length (actions) of ``SAMPLE_GAMES`` random games of the variant (fixed seed: the
    same on every machine; a few to a few hundred ms, once per process)."""
    game = get_game(game_id)
    randoms = [{"bot": "random"}] * seats
    return sum(play_game(game, variant, randoms, "kifu-estimate", i)["length"] for i in range(SAMPLE_GAMES)) / SAMPLE_GAMES


def game_seconds(spec: dict) -> float:
    """The estimated CPU time of one game of ``spec``: its actions, and each seat's share of the
    decisions at that seat's cost."""
    seats = spec["seats"]
    length = typical_length(spec["game"], spec["variant"], len(seats))
    return length * ACTION_SECONDS + sum(length / len(seats) * move_seconds(bot) for bot in seats)


def bound(spec: dict, limits: Limits) -> float:
    """The run's estimated CPU-seconds; 422 naming the field or the figure over ``limits``."""
    if spec["games"] > limits.max_games:
        raise Illegal("too_many_games", _("games: %(games)s is more than the %(max_games)s one simulation may play "
                                          "(KIFU_SIM_MAX_GAMES)",
                                          games=format(spec['games'], ","), max_games=format(limits.max_games, ",")),
                      rule=RULE)
    for seat, bot in enumerate(spec["seats"]):
        budget = bot.get("budget") or {}
        if budget.get("ms", 0) > limits.max_move_ms:
            raise Illegal("budget_too_large", _("seats.%(seat)s.budget.ms: %(ms)s ms a move is more than the "
                                                "%(max_move_ms)s ms a simulated move may take (KIFU_SIM_MAX_MOVE_MS)",
                                                seat=seat, ms=format(budget['ms'], ","),
                                                max_move_ms=format(limits.max_move_ms, ",")), rule=RULE)
        if budget.get("iterations", 0) > limits.max_iterations:
            raise Illegal("budget_too_large", _("seats.%(seat)s.budget.iterations: %(iterations)s is more than the "
                                                "%(max_iterations)s a simulated move may search "
                                                "(KIFU_SIM_MAX_ITERATIONS)",
                                                seat=seat, iterations=format(budget['iterations'], ","),
                                                max_iterations=format(limits.max_iterations, ",")), rule=RULE)
    per_game = game_seconds(spec)
    total = per_game * spec["games"]
    if total > limits.max_cpu_seconds:
        raise Illegal("simulation_too_large", _("estimated %(total)s CPU-seconds (%(games)s games of about "
                                                "%(per_game)s s) is more than the %(max_cpu_seconds)s one simulation "
                                                "may use (KIFU_SIM_MAX_CPU_SECONDS); ask for fewer games or smaller "
                                                "budgets",
                                                total=format(math.ceil(total), ","), games=format(spec['games'], ","),
                                                per_game=format(per_game, ".2f"),
                                                max_cpu_seconds=format(limits.max_cpu_seconds, ",")), rule=RULE)
    return total


def chunks(games: int, per_game: float = 0.0, chunk_seconds: float = math.inf) -> list[list[int]]:
    """``[start, count]`` pieces of a run, one job each: about ``CHUNKS`` of them, none above
    ``MAX_CHUNK`` games nor (past its first game) ``chunk_seconds`` of estimated CPU time."""
    size = min(MAX_CHUNK, max(MIN_CHUNK, math.ceil(games / CHUNKS)))
    if per_game > 0:
        size = max(1, min(size, math.floor(chunk_seconds / per_game)))
    return [[start, min(size, games - start)] for start in range(0, games, size)]


def create(store, body: dict, api_key: dict, limits: Limits = DEFAULT_LIMITS) -> str:
    """Queues the simulation ``body`` asks for on behalf of ``api_key`` (``api_keys.authenticate``):
    422 for an unplayable or too large one, 429 when the key's quota for today is used up."""
    spec = check_spec(body)
    total = bound(spec, limits)
    per_game = total / spec["games"]
    spec["cpu_seconds"] = math.ceil(total)
    spec["api_key"] = api_key["name"]
    cost = api_keys.charge(store, api_key, total, limits.daily_cpu_seconds)
    try:
        sim_id = "sim-" + secrets.token_urlsafe(9)
        pieces = chunks(spec["games"], per_game, limits.chunk_seconds)
        sim_records.create(store, sim_id, spec, clock.iso(clock.now()), pieces)
        for k, (start, count) in enumerate(pieces):
            store.jobs.enqueue("low", "simulate_chunk", sim_id, start, count, job_id=f"{sim_id}-{k}",
                               timeout=chunk_timeout(count * per_game), keep=7 * 86400, retries=(5, 30))
    except BaseException:
        try:
            api_keys.refund(store, api_key, cost)
        except Exception:  # noqa: BLE001 - the store may be what failed; the first error is the one to raise
            pass
        raise
    return sim_id


def chunk_timeout(estimate: float) -> int:
    """A chunk job's time limit: ten times its estimate, at least ten minutes (a slow or busy machine)."""
    return max(600, math.ceil(10 * estimate))


def run_chunk(store, sim_id: str, start: int, count: int, progress=None, rated_play=None) -> dict:
    """Play games ``start .. start+count-1`` not yet recorded; ``progress(done, total)`` after each. A
    rated simulation's games are stored rated matches, played by ``rated_play(spec, index)`` (the job
    adapter's: service.application.ratings.bots.rated_game on a store whose jobs it runs)."""
    spec = sim_records.spec(store, sim_id)
    game = get_game(spec["game"])
    cards = card_reader(game)
    played = 0
    for index in range(start, start + count):
        if not sim_records.has_game(store, sim_id, index):
            if spec.get("rated"):
                record = rated_play(spec, index)
            else:
                record = play_game(game, spec["variant"], spec["seats"], spec["seed"], index, cards)
            sim_records.save_game(store, sim_id, index, encode(record))
            played += 1
        if progress is not None:
            progress(index - start + 1, count)
    return {"start": start, "count": count, "played": played}


def results_of(spec: dict, records: list) -> dict:
    records = sorted(records, key=lambda r: r["index"])
    return aggregate(records, spec["seats"], with_cards=card_reader(get_game(spec["game"])) is not None)


def status(store, sim_id: str) -> dict | None:
    """The job document of ``GET /jobs/<id>``, or None for an unknown simulation."""
    raw = sim_records.read(store, sim_id)
    if not raw:
        return None
    spec = json.loads(raw["spec"])
    done = sim_records.games_done(store, sim_id)
    doc = {"id": sim_id, "kind": "simulation", "status": "queued",
           "progress": {"done": done, "total": spec["games"]}, "spec": spec,
           "created_at": raw["created_at"], "results": None, "error": None}
    if done >= spec["games"]:
        doc["status"], doc["results"] = "finished", _results(store, sim_id, spec)
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


def _results(store, sim_id: str, spec: dict) -> dict:
    cached = sim_records.results(store, sim_id)
    if cached is not None:
        return cached
    results = results_of(spec, sim_records.games(store, sim_id))
    sim_records.save_results(store, sim_id, results)
    return results
