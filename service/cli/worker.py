"""``kifu worker``: the Procfile's worker processes — the one command that starts the job adapter
(``workers.supervisor``)."""
import os
import sys

import click

from service.application.storage.connections import queue_url, store_url
from service.cli.command import Command
from workers import supervisor


@click.command(cls=Command, help="run the jobs of QUEUEs (high, default, low): rq worker, restarted when it "
               "exits, and the due jobs swept every second")
@click.argument("queues", nargs=-1, required=True, metavar="QUEUE...")
@click.option("--url", help="the queue Redis (default: KIFU_QUEUE_URL, else REDIS_URL)")
@click.option("--quiet", is_flag=True, help="only warnings and errors")
def worker(queues: tuple[str, ...], url: str | None, quiet: bool) -> int:
    """``rq worker`` on the queues, restarted whenever it exits, and the due jobs swept every second."""
    url = url or queue_url(os.environ) or store_url(os.environ)
    if not url:
        print("kifu worker needs a Redis server: --url, KIFU_QUEUE_URL or REDIS_URL (the embedded store "
              "runs its jobs inside `kifu serve`)", file=sys.stderr)
        return 2
    return supervisor.main(url, list(queues), quiet=quiet)
