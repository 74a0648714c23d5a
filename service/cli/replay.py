"""``kifu replay``: a ruling diff — a stored match re-decided by another rules version, read only."""
import json
import sys

import click

from engine.audit.rulesets import current, current_pin, for_created
from engine.audit.rulings import describe, ruling_diff
from service.cli import stores
from service.cli.command import MATCH_ID_HELP, Command
from service.composition import build_store

@click.command(cls=Command, help="ruling diff: a stored match re-decided by another rules version, without "
               "touching it (REDIS_URL)", epilog=MATCH_ID_HELP)
@click.argument("match_id")
@click.option("--engine", type=click.Choice(("current", "pinned")), default="current", show_default=True,
              help="the rules to replay with: the current ones, or those the match is pinned to")
@click.option("--json", "as_json", is_flag=True, help="the report as JSON")
def replay(match_id: str, engine: str, as_json: bool) -> int:
    """Print where the rules of --engine rule a stored match differently from what it recorded:
    0 nowhere, 1 somewhere."""
    clients = stores.clients("replay")
    if clients is None:
        return 2
    try:
        report = replay_report(build_store(*clients), match_id, engine)
    except LookupError as e:
        print(str(e), file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(f"match {report['match_id']}: pinned to {report['pinned']}, replayed with {report['replayed_with']}")
        print(describe(report))
    return 1 if report["differences"] else 0


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
