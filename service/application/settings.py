"""The settings web and worker processes share, read from the environment (``KIFU_*``) so that
both build the same event store (snapshot interval, state cache, replica acknowledgement) and know
the same games (``KIFU_GAMES``: plug-in games kept outside ``engine/games/``, by module name). Where
the store and the queues live: ``service.application.connections`` (KIFU_STORE_URL, KIFU_QUEUE_URL)."""
import os

from engine.core import registry

# STORE_WAIT_REPLICAS: after each append, WAIT until that many replicas have it (0: don't wait),
# for at most STORE_WAIT_MS; an append not acknowledged in time is refused (503 not_replicated).
DEFAULTS = {"SNAPSHOT_EVERY": 50, "STATE_CACHE_SIZE": 512, "STORE_WAIT_REPLICAS": 0, "STORE_WAIT_MS": 1000}


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
