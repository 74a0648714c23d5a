"""The ``kifu`` command: ``kifu serve --port N [--host H] [--api-key NAME]``,
``kifu worker [--url URL] QUEUE...``, ``kifu verify MATCH_ID``,
``kifu replay MATCH_ID --engine current|pinned [--json]``,
``kifu simulate GAME VARIANT --seat BOT --seat BOT --games N --seed S [--store]``,
``kifu export [--game G] [--variant V] [--since ISO] [--format jsonl|parquet] --out DIR [--cursor C]``,
``kifu keys create NAME [--daily-cpu-seconds N] | list | revoke NAME`` (API keys for simulations).

Exit status: 0 done, 1 a check found a problem (verify, replay), 2 a usage or configuration error,
3 the store (Redis) did not answer — said in one line on stderr, never as a traceback."""
import argparse
import json
import logging
import os
import sys
import time

from werkzeug.serving import WSGIRequestHandler, make_server

from engine.audit.rulesets import current, current_pin, for_created
from engine.audit.rulings import describe, ruling_diff
from engine.audit.verify import verify as verify_now
from engine.core import ConfigError, controller, get_game
from engine.simulation.arena import card_reader, play_game
from service import create_app
from service.application import settings
from service.application.datasets import tables
from service.application.identity import api_keys
from service.application.turns.bot_turns import play_bot_turn
from service.application.match.creating import create_match
from service.application.storage.connections import (UNAVAILABLE, TopologyError, connect, describe_url, open_clients,
                                              queue_url, store_url)
from service.application.match.loading import open_match
from service.application.match.verifying import queue_verify
from service.application.simulations import check_spec, results_of
from service.http.logs import redact
from workers import supervisor
from service.composition import build_store

MATCH_ID_HELP = "the match's id (one made before ids stopped beginning with '-' goes after --: -- -xYz...)"


class RedactingHandler(WSGIRequestHandler):
    """Werkzeug's request and error log without the secrets a URL may carry (service.http.logs.redact):
    each request's line, and a request line it could not parse."""

    def log(self, type: str, message: str, *args) -> None:
        super().log(type, "%s", redact(message % args if args else message))


def serve(args) -> int:
    """Werkzeug's threaded server; the URL is printed once the port is bound (port 0: any free)."""
    if args.quiet:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app()
    where = describe_url(app.config["STORE_URL"] or app.config["REDIS_URL"])
    store = app.extensions["kifu_store"]
    try:
        store.ping()
    except UNAVAILABLE as e:
        print(f"kifu serve: the store ({where}) does not answer ({one_line(e)}); serving anyway: routes that "
              "need it answer 503 store_unavailable, and /readyz 503, until it does", file=sys.stderr, flush=True)
    if args.api_key:
        print(f"API key {args.api_key!r} (for POST /simulations, shown once): "
              f"{api_keys.issue(store, args.api_key)}", flush=True)
    handler = type("KeepAliveHandler", (RedactingHandler,), {"protocol_version": "HTTP/1.1"})
    server = make_server(args.host, args.port, app, threaded=True, request_handler=handler)
    print(f"kifu serving on http://{args.host}:{server.server_port}/ (store: {where})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def worker(args) -> int:
    """The Procfile's worker processes (workers.supervisor): ``rq worker``, restarted whenever it
    exits, and the due jobs swept every second."""
    url = args.url or queue_url(os.environ) or store_url(os.environ)
    if not url:
        print("kifu worker needs a Redis server: --url, KIFU_QUEUE_URL or REDIS_URL (the embedded store "
              "runs its jobs inside `kifu serve`)", file=sys.stderr)
        return 2
    return supervisor.main(url, args.queues, quiet=args.quiet)


def verify(args) -> int:
    """Check a match's chain and snapshots on the store (KIFU_STORE_URL or REDIS_URL; or queue the
    job for a worker, on KIFU_QUEUE_URL when set)."""
    url = store_url(os.environ)
    if not url:
        print("kifu verify needs REDIS_URL (the embedded store lives inside `kifu serve`)",
              file=sys.stderr)
        return 2
    store = build_store(*open_clients(url, queue_url(os.environ)))
    if args.enqueue:
        print(f"queued job {queue_verify(store.jobs, args.match_id)}")
        return 0
    report = verify_now(store, args.match_id)
    print(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1


def parse_bot(text: str) -> dict:
    """``random``, ``greedy``, ``ismcts``, ``ismcts:iterations=64``, ``ismcts:ms=200``, or a game's
    own bot with its settings: ``big-money``, ``big-money:kingdom=youmu,copies=2``."""
    name, _, settings = text.partition(":")
    config = {"bot": name}
    for part in filter(None, settings.split(",")):
        field, _, value = part.partition("=")
        if not field or not value:
            raise argparse.ArgumentTypeError(f"bad bot {text!r}: write e.g. ismcts:iterations=64 "
                                             "or big-money:kingdom=youmu,copies=2")
        value = int(value) if value.isdigit() else value
        if field in ("iterations", "ms"):
            config.setdefault("budget", {})[field] = value
        else:
            config[field] = value
    return config


def progress_bar(done: int, total: int, started: float, out=None, unit: str = "games") -> None:
    out = out or sys.stderr
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}  {rate:,.1f} {unit}/s")
    if done == total:
        out.write("\n")
    out.flush()


def simulate(args) -> int:
    """The same games and results as POST /simulations with the same body, played in this process."""
    try:
        spec = check_spec({"game": args.game, "variant": args.variant, "seats": args.seat,
                           "games": args.games, "seed": args.seed})
    except ConfigError as e:
        print(f"kifu simulate: {e.message}", file=sys.stderr)
        return 2
    if args.store:
        return simulate_stored(spec, args)
    game = get_game(spec["game"])
    cards = card_reader(game)
    records, started = [], time.perf_counter()
    for index in range(spec["games"]):
        records.append(play_game(game, spec["variant"], spec["seats"], spec["seed"], index, cards))
        if not args.quiet:
            progress_bar(index + 1, spec["games"], started)
    print(json.dumps({"spec": spec, "results": results_of(spec, records)}, indent=2, ensure_ascii=False))
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


def store_connection():
    """The store's server (KIFU_STORE_URL or REDIS_URL), or None (with a message) when neither is set."""
    url = store_url(os.environ)
    if not url:
        print("this command needs REDIS_URL (the embedded store lives inside `kifu serve`)", file=sys.stderr)
        return None
    return connect(url)


def keys(args) -> int:
    """``kifu keys create NAME``: a new API key, printed once (only its hash is stored);
    ``list``: every key, its daily quota and today's use; ``revoke NAME``: ends a key at once."""
    if args.keys_command == "create" and not store_url(os.environ):
        print("kifu keys create needs REDIS_URL; for the embedded store, start the server with "
              "`kifu serve --api-key NAME`", file=sys.stderr)
        return 2
    connection = store_connection()
    if connection is None:
        return 2
    store = build_store(connection)
    default_daily = settings.from_env()["SIM_DAILY_CPU_SECONDS"]
    if args.keys_command == "create":
        try:
            key = api_keys.issue(store, args.name, args.daily_cpu_seconds)
        except ValueError as e:
            print(f"kifu keys create: {e}", file=sys.stderr)
            return 2
        quota = default_daily if args.daily_cpu_seconds is None else args.daily_cpu_seconds
        print(key)
        print(f"API key {args.name!r}: {f'{quota:,} CPU-seconds a day' if quota else 'no daily limit'}; "
              "shown once, only its hash is kept", file=sys.stderr)
        return 0
    if args.keys_command == "revoke":
        if not api_keys.revoke(store, args.name):
            print(f"kifu keys revoke: no key named {args.name!r}", file=sys.stderr)
            return 2
        print(f"revoked {args.name!r}")
        return 0
    for key in api_keys.listing(store, default_daily):
        quota = f"{key['daily_cpu_seconds']:,}" if key["daily_cpu_seconds"] else "no limit"
        print(f"{key['name']}\tcreated {key['created_at']}\tdaily {quota}\tused today {key['used_today']:,}")
    return 0


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


def simulate_stored(spec: dict, args, connection=None) -> int:
    """``simulate --store``: each game a stored match (fresh secret seed each, so unlike the
    records-only simulation the games do not repeat from --seed), ready for ``kifu export``."""
    connection = connection or store_connection()
    if connection is None:
        return 2
    store = build_store(connection, jobs=InlineJobs())
    started, ids = time.perf_counter(), []
    for index in range(spec["games"]):
        ids.append(play_stored_match(store, spec))
        if not args.quiet:
            progress_bar(index + 1, spec["games"], started)
    print(json.dumps({"spec": spec, "stored": len(ids), "first": ids[0], "last": ids[-1]}))
    return 0


def export(args, connection=None) -> int:
    """The dataset of the listed ended matches (service.application.datasets.tables), progress on stderr;
    prints the manifest (its ``cursor`` resumes an interrupted run)."""
    connection = connection or store_connection()
    if connection is None:
        return 2
    started = time.perf_counter()

    def progress(done, total, cursor):
        if not args.quiet:
            progress_bar(done, total, started, unit="matches")
    try:
        manifest = tables.export(build_store(connection), args.out, args.game, args.variant, args.since,
                                   args.format, cursor=args.cursor, resume=args.resume, progress=progress)
    except ValueError as e:
        print(f"kifu export: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        sys.stderr.write("\n")
    print(json.dumps({k: manifest[k] for k in ("matches_exported", "cursor", "finished")}
                     | {"rows": {t: v["rows"] for t, v in manifest["tables"].items()}, "out": args.out}))
    return 0


def replay_report(store, match_id: str, engine: str = "current") -> dict:
    """A ruling diff of a stored match under the current rules (or, ``pinned``, its own) — read
    only: the match is never written to. The seed comes from the store, so running matches can be
    replayed by whoever runs this command with access to Redis."""
    records = store.read(match_id)
    if not records or records[0].event.type != "MatchCreated":
        raise LookupError(f"no match {match_id!r}")
    created = records[0].event.data
    game = current(created["game"]) if engine == "current" else for_created(created)
    report = ruling_diff(game, records, store.secret(match_id))
    pin = f"engine {created['engine_version']} / card set {created['cardset_version']}"
    now = "engine {} / card set {}".format(*current_pin(created["game"]))
    return {"match_id": match_id, "pinned": pin, "replayed_with": now if engine == "current" else pin, **report}


def replay(args) -> int:
    """Print where the rules of --engine rule a stored match differently from what it recorded."""
    url = store_url(os.environ)
    if not url:
        print("kifu replay needs REDIS_URL (the embedded store lives inside `kifu serve`)", file=sys.stderr)
        return 2
    try:
        report = replay_report(build_store(*open_clients(url, queue_url(os.environ))), args.match_id,
                               args.engine)
    except LookupError as e:
        print(str(e), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(f"match {report['match_id']}: pinned to {report['pinned']}, replayed with {report['replayed_with']}")
        print(describe(report))
    return 1 if report["differences"] else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="kifu", description="kifu event-sourced match service")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("serve", help="serve the HTTP API (embedded fakeredis unless REDIS_URL)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--quiet", action="store_true", help="no per-request log lines")
    p.add_argument("--api-key", metavar="NAME", help="issue an API key (for POST /simulations) at start and "
                   "print it: how to get one on the embedded store")
    p.set_defaults(run=serve)
    p = commands.add_parser("worker", help="run the jobs of QUEUEs (high, default, low): rq worker, "
                            "restarted when it exits, and the due jobs swept every second")
    p.add_argument("queues", nargs="+", metavar="QUEUE")
    p.add_argument("--url", help="the queue Redis (default: KIFU_QUEUE_URL, else REDIS_URL)")
    p.add_argument("--quiet", action="store_true", help="only warnings and errors")
    p.set_defaults(run=worker)
    p = commands.add_parser("verify", help="verify a match's hash chain and snapshots (REDIS_URL)")
    p.add_argument("match_id", help=MATCH_ID_HELP)
    p.add_argument("--enqueue", action="store_true", help="queue workers.jobs.verify_match instead")
    p.set_defaults(run=verify)
    p = commands.add_parser("simulate", help="bot-vs-bot games in this process, with a progress bar")
    p.add_argument("game")
    p.add_argument("variant")
    p.add_argument("--seat", type=parse_bot, action="append", required=True,
                   help="one per seat: random | greedy | ismcts[:iterations=N | :ms=T]")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", default="1")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--store", action="store_true",
                   help="store each game as a match on REDIS_URL (bots as seats), for `kifu export`")
    p.set_defaults(run=simulate)
    p = commands.add_parser("export", help="a dataset (matches, events, decisions) of the ended public "
                            "matches, JSON Lines or Parquet (REDIS_URL)")
    p.add_argument("--game")
    p.add_argument("--variant")
    p.add_argument("--since", help="created at or after this ISO 8601 time")
    p.add_argument("--format", choices=tuple(tables.FORMATS), default="parquet")
    p.add_argument("--out", required=True, help="the directory to write (one folder per table)")
    p.add_argument("--cursor", help="start after this cursor (a previous run's manifest / output)")
    p.add_argument("--resume", action="store_true", help="continue after the cursor of --out's manifest")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=export)
    p = commands.add_parser("replay", help="ruling diff: a stored match re-decided by another rules "
                            "version, without touching it (REDIS_URL)")
    p.add_argument("match_id", help=MATCH_ID_HELP)
    p.add_argument("--engine", choices=("current", "pinned"), default="current",
                   help="the rules to replay with: the current ones, or those the match is pinned to")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.set_defaults(run=replay)
    p = commands.add_parser("keys", help="API keys for simulations: create, list, revoke (REDIS_URL)")
    which = p.add_subparsers(dest="keys_command", required=True)
    k = which.add_parser("create", help="a new key, printed once (only its hash is kept)")
    k.add_argument("name")
    k.add_argument("--daily-cpu-seconds", type=int, help="estimated CPU-seconds of simulations a UTC day "
                   "(default KIFU_SIM_DAILY_CPU_SECONDS; 0: no limit)")
    which.add_parser("list", help="every key, its quota and today's use")
    k = which.add_parser("revoke", help="end a key at once")
    k.add_argument("name")
    p.set_defaults(run=keys)
    args = parser.parse_args(argv)
    try:
        settings.register_plugin_games()
    except (settings.SettingError, ConfigError) as e:      # a KIFU_GAMES module not importable, or no GAME
        print(f"kifu {args.command}: {one_line(e, named=False)}", file=sys.stderr)
        return 2
    try:
        return args.run(args)
    except UNAVAILABLE as e:
        where = describe_url(store_url(os.environ))
        if queue_url(os.environ):
            where += f"; queues: {describe_url(queue_url(os.environ))}"
        print(f"kifu {args.command}: Redis did not answer (store: {where}): {one_line(e)}", file=sys.stderr)
        return 3
    except (TopologyError, settings.SettingError) as e:           # settings or URLs that cannot work
        print(f"kifu {args.command}: {one_line(e, named=False)}", file=sys.stderr)
        return 2


def one_line(error: BaseException, named: bool = True) -> str:
    """The error on one line (a Redis error's text can span several), with its kind when ``named``."""
    text = f"{type(error).__name__}: {error}" if named else str(error)
    return " ".join(text.split())[:300]


if __name__ == "__main__":
    sys.exit(main())
