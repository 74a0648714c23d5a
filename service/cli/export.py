"""``kifu export``: the dataset of the ended public matches (``service.application.datasets.tables``)."""
import json
import sys
import time

import click

from service.application import settings
from service.application.datasets import tables
from service.cli import stores
from service.cli.command import Command
from service.cli.progress import progress_bar
from service.composition import build_store


@click.command(cls=Command, help="a dataset (matches, events, decisions, ratings) of the ended public matches, "
               "JSON Lines or Parquet (REDIS_URL)")
@click.option("--game")
@click.option("--variant")
@click.option("--since", help="created at or after this ISO 8601 time")
@click.option("--format", "fmt", type=click.Choice(tuple(tables.FORMATS)), default="parquet", show_default=True)
@click.option("--out", required=True, help="the directory to write (one folder per table)")
@click.option("--cursor", help="start after this cursor (a previous run's manifest / output)")
@click.option("--resume", is_flag=True, help="continue after the cursor of --out's manifest")
@click.option("--quiet", is_flag=True, help="no progress bar")
def export(game, variant, since, fmt, out, cursor, resume, quiet) -> int:
    """Progress on stderr; prints the manifest (its ``cursor`` resumes an interrupted run)."""
    connection = stores.connection("export")
    if connection is None:
        return 2
    started = time.perf_counter()

    def progress(done, total, cursor):
        if not quiet:
            progress_bar(done, total, started, unit="matches")
    try:
        manifest = tables.export(build_store(connection), out, game, variant, since, fmt, cursor=cursor,
                                 resume=resume, progress=progress,
                                 min_moves=settings.from_env()["RATING_MIN_MOVES"])
    except ValueError as e:
        print(f"kifu export: {e}", file=sys.stderr)
        return 2
    if not quiet:
        sys.stderr.write("\n")
    print(json.dumps({k: manifest[k] for k in ("matches_exported", "cursor", "finished")}
                     | {"rows": {t: v["rows"] for t, v in manifest["tables"].items()}, "out": out}))
    return 0
