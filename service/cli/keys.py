"""``kifu keys create NAME | list | revoke NAME``: the API keys of simulations
(``service.application.identity.api_keys``) on the store's server."""
import os
import sys

import click

from service.application import settings
from service.application.identity import api_keys
from service.application.storage.connections import store_url
from service.cli import stores
from service.cli.command import Command
from service.composition import build_store


@click.group(help="API keys for simulations: create, list, revoke (REDIS_URL)")
def keys() -> None:
    pass


@keys.command(cls=Command, help="a new key, printed once (only its hash is kept)")
@click.argument("name")
@click.option("--daily-cpu-seconds", type=int, help="estimated CPU-seconds of simulations a UTC day "
              "(default KIFU_SIM_DAILY_CPU_SECONDS; 0: no limit)")
def create(name: str, daily_cpu_seconds: int | None) -> int:
    """A new API key, printed once (only its hash is stored)."""
    if not store_url(os.environ):
        print("kifu keys create needs REDIS_URL; for the embedded store, start the server with "
              "`kifu serve --api-key NAME`", file=sys.stderr)
        return 2
    default_daily = settings.from_env()["SIM_DAILY_CPU_SECONDS"]      # a bad setting refuses before a key is made
    try:
        key = api_keys.issue(build_store(stores.connection("keys")), name, daily_cpu_seconds)
    except ValueError as e:
        print(f"kifu keys create: {e}", file=sys.stderr)
        return 2
    quota = default_daily if daily_cpu_seconds is None else daily_cpu_seconds
    print(key)
    print(f"API key {name!r}: {f'{quota:,} CPU-seconds a day' if quota else 'no daily limit'}; "
          "shown once, only its hash is kept", file=sys.stderr)
    return 0


@keys.command("list", cls=Command, help="every key, its quota and today's use")
def list_keys() -> int:
    connection = stores.connection("keys")
    if connection is None:
        return 2
    for key in api_keys.listing(build_store(connection), settings.from_env()["SIM_DAILY_CPU_SECONDS"]):
        quota = f"{key['daily_cpu_seconds']:,}" if key["daily_cpu_seconds"] else "no limit"
        print(f"{key['name']}\tcreated {key['created_at']}\tdaily {quota}\tused today {key['used_today']:,}")
    return 0


@keys.command(cls=Command, help="end a key at once")
@click.argument("name")
def revoke(name: str) -> int:
    connection = stores.connection("keys")
    if connection is None:
        return 2
    if not api_keys.revoke(build_store(connection), name):
        print(f"kifu keys revoke: no key named {name!r}", file=sys.stderr)
        return 2
    print(f"revoked {name!r}")
    return 0
