"""``kifu simulate``: bot-vs-bot games played in this process — the same games and results as
POST /simulations with the same body, or (``--store``) each game stored as a match, for ``kifu export``."""
import json
import sys
import time

import click

from engine.core import ConfigError, get_game
from engine.simulation.arena import card_reader, play_game
from service.application.match.creating import create_match
from service.application.match.loading import open_match
from service.application.simulations import check_spec, results_of
from service.application.turns.dispatch import dispatch
from service.cli import stores
from service.cli.command import Command
from service.cli.progress import progress_bar
from service.composition import in_process_store


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
@click.option("--rated", is_flag=True, help="with --store: each game a rated match (the bots' ratings)")
def simulate(game: str, variant: str, seats: list, games: int, seed: str, quiet: bool, store: bool,
             rated: bool) -> int:
    """The same games and results as POST /simulations with the same body, played in this process."""
    if rated and not store:
        print("kifu simulate: --rated stores its games: add --store", file=sys.stderr)
        return 2
    try:
        spec = check_spec({"game": game, "variant": variant, "seats": seats, "games": games, "seed": seed,
                           "rated": rated})
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
    store = in_process_store(connection)
    started, ids = time.perf_counter(), []
    for index in range(spec["games"]):
        match_id = play_stored_match(store, spec)
        if match_id is None:
            return 1
        ids.append(match_id)
        if not quiet:
            progress_bar(index + 1, spec["games"], started)
    print(json.dumps({"spec": spec, "stored": len(ids), "first": ids[0], "last": ids[-1]}))
    return 0


def play_stored_match(store, spec: dict) -> str | None:
    """One bot-vs-bot match stored as a match (the seats are the bots, named after them), created and
    played to its end on ``store`` (``service.composition.in_process_store``); its id, or None (said
    on stderr) when it did not end."""
    seats = [{"name": bot_label(b), **b} for b in spec["seats"]]
    created = create_match(store, {"game": spec["game"], "variant": spec["variant"], "seats": seats,
                                   "options": {}, "setup": None, "audit_live": False, "deadline": None,
                                   "rated": bool(spec.get("rated"))})
    if play_bots(store, created.match_id) is None:
        print(f"kifu simulate: match {created.match_id} did not end: its bots' moves stopped (the log above "
              "says why)", file=sys.stderr)
        return None
    return created.match_id


def play_bots(store, match_id: str) -> dict | None:
    """The bots' moves of a stored match, on a store whose jobs run in this process
    (``service.composition.in_process_store``): the moves queued as the service queues them after a
    commit, then every job run here, until none is left — the match ended, or waits for a person.
    Its outcome (None while it goes on)."""
    dispatch(store.jobs, match_id, open_match(store, match_id).state)    # once: a job queued already stays one
    store.jobs.run_pending()
    return open_match(store, match_id).outcome()


def bot_label(bot: dict) -> str:
    budget = "".join(f":{k}={v}" for k, v in (bot.get("budget") or {}).items())
    return f"{bot['bot']}{budget}"
