"""The settings web and worker processes share, read from the environment (``KIFU_*``) so that
both build the same event store (snapshot interval, state cache) and know the same games
(``KIFU_GAMES``: plug-in games kept outside ``engine/games/``, by module name)."""
import os

from engine.core import registry

DEFAULTS = {"SNAPSHOT_EVERY": 50, "STATE_CACHE_SIZE": 512}


def from_env(environ=None) -> dict:
    """``DEFAULTS``, each overridden by ``KIFU_<NAME>`` where set (integers)."""
    environ = os.environ if environ is None else environ
    out = {}
    for name, default in DEFAULTS.items():
        raw = environ.get(f"KIFU_{name}")
        try:
            out[name] = default if raw in (None, "") else int(raw)
        except ValueError:
            raise ValueError(f"KIFU_{name} must be a whole number, not {raw!r}") from None
    return out


def plugin_games(environ=None) -> list[str]:
    """The module names in ``KIFU_GAMES`` (comma-separated, e.g. ``tests.toygame``)."""
    environ = os.environ if environ is None else environ
    return [name.strip() for name in environ.get("KIFU_GAMES", "").split(",") if name.strip()]


def register_plugin_games(environ=None) -> list[str]:
    """Registers the ``GAME`` of each module ``KIFU_GAMES`` names (again is harmless); the names."""
    names = plugin_games(environ)
    for name in names:
        registry.register_module(name)
    return names
