"""``kifu ratings rebuild | verify``: the ratings from scratch (service.application.ratings.rebuild),
from the match log on the store, or from an export's ``ratings`` table with no store at all."""
import json
import sys

import click

from service.application import settings
from service.application.ratings import rebuild as rebuilding
from service.cli import stores
from service.cli.command import Command
from service.composition import build_store

FROM_EXPORT = "read the ends from this export's ratings table (JSON Lines or Parquet) instead: no Redis"


@click.group(help="ratings: rebuild them from the match log, or verify the live figures against it")
def ratings() -> None:
    pass


def _store():
    connection = stores.connection("ratings")
    return None if connection is None else build_store(connection)


@ratings.command(cls=Command, help="rebuild every rating from the match log in match-end order and write it "
                 "over the live figures (REDIS_URL); with --from-export, print what an export's ends give")
@click.option("--from-export", "directory", help=FROM_EXPORT)
def rebuild(directory) -> int:
    if directory:
        print(json.dumps(rebuilding.summary(rebuilding.project(rebuilding.from_export(directory))), indent=1))
        return 0
    store = _store()
    if store is None:
        return 2
    ladders = rebuilding.rewrite(store, rebuilding.from_log(store, settings.from_env()["RATING_MIN_MOVES"]))
    print(json.dumps({gv: {"counted": s["counted"], "rated": len(s["figures"])}
                      for gv, s in rebuilding.summary(ladders).items()}))
    return 0


@ratings.command(cls=Command, help="rebuild every rating from the match log (or an export: --from-export) and "
                 "compare it with the live figures: exit 0 equal to the last bit, 1 not (each difference "
                 "on stdout); with --from-export and no store, with the figures the export recorded")
@click.option("--from-export", "directory", help=FROM_EXPORT)
@click.option("--no-store", is_flag=True, help="with --from-export: compare with the export's recorded changes only")
def verify(directory, no_store) -> int:
    if directory:
        ends = rebuilding.from_export(directory)
        ladders = rebuilding.project(ends)
        found = rebuilding.export_differences(directory, ladders)
        if not no_store:
            store = _store()
            if store is None:
                return 2
            found += rebuilding.differences(store, ladders)
    else:
        store = _store()
        if store is None:
            return 2
        ladders = rebuilding.project(rebuilding.from_log(store, settings.from_env()["RATING_MIN_MOVES"]))
        found = rebuilding.differences(store, ladders)
    for line in found:
        print(line)
    counted = sum(len(ladder.changes) for ladder in ladders.values())
    print(json.dumps({"ok": not found, "ends_counted": counted, "differences": len(found)}),
          file=sys.stderr if found else sys.stdout)
    return 1 if found else 0
