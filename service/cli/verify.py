"""``kifu verify``: a stored match's hash chain and snapshots checked, here or by a worker."""
import json

import click

from engine.audit.verify import verify as verify_now
from service.application.match.verifying import queue_verify
from service.cli import stores
from service.cli.command import MATCH_ID_HELP, Command
from service.composition import build_store


@click.command(cls=Command, help="verify a match's hash chain and snapshots (REDIS_URL)", epilog=MATCH_ID_HELP)
@click.argument("match_id")
@click.option("--enqueue", is_flag=True, help="queue workers.jobs.verify_match instead")
def verify(match_id: str, enqueue: bool) -> int:
    """Check a match's chain and snapshots on the store (KIFU_STORE_URL or REDIS_URL; or queue the
    job for a worker, on KIFU_QUEUE_URL when set): 0 sound, 1 not."""
    clients = stores.clients("verify")
    if clients is None:
        return 2
    store = build_store(*clients)
    if enqueue:
        print(f"queued job {queue_verify(store.jobs, match_id)}")
        return 0
    report = verify_now(store, match_id)
    print(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1
