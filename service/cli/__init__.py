"""The ``kifu`` command (click), one module per command: ``kifu serve --port N [--host H] [--api-key NAME]``,
``kifu worker [--url URL] QUEUE...``, ``kifu verify MATCH_ID [--enqueue]``,
``kifu replay MATCH_ID --engine current|pinned [--json]``,
``kifu simulate GAME VARIANT --seat BOT --seat BOT --games N --seed S [--store]``,
``kifu export [--game G] [--variant V] [--since ISO] [--format jsonl|parquet] --out DIR [--cursor C]``,
``kifu keys create NAME [--daily-cpu-seconds N] | list | revoke NAME`` (API keys for simulations),
``kifu ratings rebuild | verify [--from-export DIR]`` (the ratings from the match log).

Exit status: 0 done, 1 a check found a problem (verify, replay), 2 a usage or configuration error,
3 the store (Redis) did not answer — said in one line on stderr, never as a traceback
(``service.cli.command``)."""
import importlib

import click

# each command's module, imported only when that command runs (or help lists them): `kifu worker`
# does not import Flask or pyarrow, so a restarted worker serves sooner (issue 40)
COMMANDS = {name: f"service.cli.{name}" for name in ("serve", "worker", "verify", "simulate", "export", "replay",
                                                      "keys", "ratings")}


class LazyGroup(click.Group):
    def list_commands(self, ctx) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx, name: str):
        if name not in COMMANDS:
            return None
        return getattr(importlib.import_module(COMMANDS[name]), name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help="kifu event-sourced match service")
def kifu() -> None:
    pass


def main(argv: list[str] | None = None) -> int:
    """The console script (and ``python -m service.cli``): runs the command of ``argv`` (default:
    the process's arguments) and returns its exit status."""
    try:
        return kifu.main(args=argv, prog_name="kifu", standalone_mode=False)
    except click.ClickException as e:       # a usage error: what is wrong and how to ask for help, exit 2
        e.show()
        return e.exit_code
    except click.Abort:                     # Ctrl-C or end of input outside a command that handles it
        click.echo("Aborted!", err=True)
        return 1
