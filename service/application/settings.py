"""The settings web and worker processes share, read from the environment (``KIFU_*``) so that
both build the same event store (snapshot interval, state cache)."""
import os

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
