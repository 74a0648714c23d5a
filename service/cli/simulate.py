"""``kifu simulate``: bot-vs-bot games played in this process — the same games and results as
POST /simulations with the same body, or (``--store``) each game stored as a match, for ``kifu export``."""
import json
import sys
import time

import click

from engine.core import ConfigError, controller, get_game
from engine.simulation.arena import card_reader, play_game
from service.application.match.creating import create_match
from service.application.match.loading import open_match
from service.application.simulations import check_spec, results_of
from service.application.turns.bot_turns import play_bot_turn
from service.cli import stores
from service.cli.command import Command
from service.cli.progress import progress_bar
from service.composition import build_store


def parse_bot(text: str) -> dict:
    """``random``, ``greedy``, ``ismcts``, ``ismcts:iterations=64``, ``ismcts:ms=200``, or a game's
    own bot with its settings: ``big-money``, ``big-money:kingdom=youmu,copies=2``."""
    name, _, settings = text.partition(":")
    config = {"bot": name}
    for part in filter(None, settings.split(",")):
        field, _, value = part.partition("=")
        if not field or not value:
            raise click.BadParameter(f"bad bot {text!r}: write e.g. ismcts:iterations=64 "
                                     "or big-money:kingdom=youmu,copies=2")
        value = int(value) if value.isdigit() else value
        if field in ("iterations", "ms"):
            config.setdefault("budget", {})[field] = value
        else:
            config[field] = value
    return config


@click.command(cls=Command, help="bot-vs-bot games in this process, with a progress bar")
@click.argument("game")
@click.argument("variant")
@click.option("--seat", "seats", multiple=True, required=True, metavar="BOT",
              callback=lambda ctx, param, texts: [parse_bot(t) for t in texts],
              help="one per seat: random | greedy | ismcts[:iterations=N | :ms=T]")
@click.option("--games", type=int, default=1000, show_default=True)
@click.option("--seed", default="1", show_default=True)
@click.option("--quiet", is_flag=True, help="no progress bar")
@click.option("--store", is_flag=True, help="store each game as a match on REDIS_URL (bots as seats), "
              "for `kifu export`")
def simulate(game: str, variant: str, seats: list, games: int, seed: str, quiet: bool, store: bool) -> int:
    try:
        spec = check_spec({"game": game, "variant": variant, "seats": seats, "games": games, "seed": seed})
    except ConfigError as e:
        print(f"kifu simulate: {e.message}", file=sys.stderr)
        return 2
    if store:
        return simulate_stored(spec, quiet)
    played = get_game(spec["game"])
    cards = card_reader(played)
    records, started = [], time.perf_counter()
    for index in range(spec["games"]):
        records.append(play_game(played, spec["variant"], spec["seats"], spec["seed"], index, cards))
        if not quiet:
            progress_bar(index + 1, spec["games"], started)
    print(json.dumps({"spec": spec, "results": results_of(spec, records)}, indent=2, ensure_ascii=False))
    return 0


def simulate_stored(spec: dict, quiet: bool) -> int:
    """``simulate --store``: each game a stored match (fresh secret seed each, so unlike the
    records-only simulation the games do not repeat from --seed), ready for ``kifu export``."""
    connection = stores.connection("simulate")
    if connection is None:
        return 2
    store = build_store(connection, jobs=InlineJobs())
    started, ids = time.perf_counter(), []
    for index in range(spec["games"]):
        ids.append(play_stored_match(store, spec))
        if not quiet:
            progress_bar(index + 1, spec["games"], started)
    print(json.dumps({"spec": spec, "stored": len(ids), "first": ids[0], "last": ids[-1]}))
    return 0


class InlineJobs:
    """The Jobs port for ``simulate --store``: the command plays every bot move itself, in order,
    so queued jobs (bot turns, deadlines, notifications, verifications) are only dropped."""

    def enqueue(self, queue, job, *args, job_id=None, **options) -> str:
        return job_id or job

    def exists(self, job_id) -> bool:
        return False

    def cancel(self, job_id) -> None:
        pass

    def status(self, job_id):
        return None

    def depths(self) -> dict:
        return {}


def play_stored_match(store, spec: dict) -> str:
    """One bot-vs-bot match stored as a match (the seats are the bots, named after them), created
    and played through the normal creation and commit path; its id."""
    seats = [{"name": bot_label(b), **b} for b in spec["seats"]]
    created = create_match(store, {"game": spec["game"], "variant": spec["variant"], "seats": seats,
                                   "options": {}, "setup": None, "audit_live": False, "deadline": None})
    play_bots(store, created.match_id)
    return created.match_id


def play_bots(store, match_id: str, moves: int = 20_000) -> None:
    """The bots' moves of a stored match, made in this process, until it ends or waits for a person."""
    for _ in range(moves):
        m = open_match(store, match_id)
        bots = [s for s in m.to_act() if controller(m.state, s)["by"] == "bot"]
        if m.outcome() is not None or not bots:
            return
        for seat in bots:
            play_bot_turn(store, match_id, seat, m.version)


def bot_label(bot: dict) -> str:
    budget = "".join(f":{k}={v}" for k, v in (bot.get("budget") or {}).items())
    return f"{bot['bot']}{budget}"
