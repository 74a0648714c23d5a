"""What every ``kifu`` command does around its own work (``Command``, its click class): the plug-in
games of ``KIFU_GAMES`` registered first, then what goes wrong said in one line on stderr, never as
a traceback — exit 3 when Redis does not answer, 2 for settings or URLs that cannot work."""
import os
import sys

import click

from engine.core import ConfigError
from service.application import settings
from service.application.storage.connections import UNAVAILABLE, TopologyError, describe_url, queue_url, store_url

MATCH_ID_HELP = "MATCH_ID is the match's id (one made before ids stopped beginning with '-' goes after --: -- -xYz...)"


class Command(click.Command):
    """A ``kifu`` command: its help listed whole in ``kifu --help``; run with the plug-in games
    registered and its Redis and settings errors turned into one line and an exit status."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("short_help", kwargs.get("help"))
        super().__init__(*args, **kwargs)

    def invoke(self, ctx: click.Context):
        name = f"kifu {ctx.find_root().invoked_subcommand}"
        try:
            settings.register_plugin_games()
        except (settings.SettingError, ConfigError) as e:      # a KIFU_GAMES module not importable, or no GAME
            print(f"{name}: {one_line(e, named=False)}", file=sys.stderr)
            return 2
        try:
            return super().invoke(ctx)
        except UNAVAILABLE as e:
            where = describe_url(store_url(os.environ))
            if queue_url(os.environ):
                where += f"; queues: {describe_url(queue_url(os.environ))}"
            print(f"{name}: Redis did not answer (store: {where}): {one_line(e)}", file=sys.stderr)
            return 3
        except (TopologyError, settings.SettingError) as e:     # settings or URLs that cannot work
            print(f"{name}: {one_line(e, named=False)}", file=sys.stderr)
            return 2


def one_line(error: BaseException, named: bool = True) -> str:
    """The error on one line (a Redis error's text can span several), with its kind when ``named``."""
    text = f"{type(error).__name__}: {error}" if named else str(error)
    return " ".join(text.split())[:300]
