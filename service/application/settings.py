"""The settings web and worker processes share, read from the environment (``KIFU_*``) so that
both build the same event store (snapshot interval, state cache, replica acknowledgement), serve
with the same limits and know the same games (``KIFU_GAMES``: plug-in games kept outside
``engine/games/``, by module name). Where the store and the queues live:
``service.application.storage.connections`` (KIFU_STORE_URL, KIFU_QUEUE_URL). docs/DEVELOPING.md
"Settings" is the one table of them all."""
import os

from engine.core import registry

# Each setting is KIFU_<NAME> in the environment; its default's type is the type it must have.
DEFAULTS = {
    "SNAPSHOT_EVERY": 50,            # events between state snapshots
    "STATE_CACHE_SIZE": 512,         # latest states kept in-process (0: off)
    # after each append, WAIT until that many replicas have it (0: don't wait), for at most
    # STORE_WAIT_MS; an append not acknowledged in time is refused (503 not_replicated)
    "STORE_WAIT_REPLICAS": 0,
    "STORE_WAIT_MS": 1000,
    "VERIFY_ON_END": True,           # queue verify_match when a match ends
    "VERIFY_INLINE_MAX": 2000,       # GET /verify runs inline up to this many events, else as a job
    "SSE_KEEPALIVE_MS": 15000,       # the live feed's longest silence: a keep-alive comment then
    "SSE_MAX_SECONDS": 300,          # a feed connection's life before the client reconnects
    # open live feeds of one web process per client address and per token (0: no cap; 429 past it)
    "STREAMS_PER_ADDRESS": 64,
    "STREAMS_PER_TOKEN": 16,
    "MAX_BODY_BYTES": 1 << 20,       # a request body's size (413 above)
    # simulations (service.application.simulations.Limits): what one run may ask for
    "SIM_MAX_GAMES": 100_000,
    "SIM_MAX_MOVE_MS": 1000,         # an ismcts seat's {"ms": t}
    "SIM_MAX_ITERATIONS": 10_000,    # an ismcts seat's {"iterations": n}
    "SIM_MAX_CPU_SECONDS": 3600,     # the run's estimated CPU time
    "SIM_CHUNK_SECONDS": 5,          # the estimated CPU time of one chunk job (at least one game)
    "SIM_DAILY_CPU_SECONDS": 36_000,  # an API key's quota per UTC day unless issued with its own
    # sign-ins of players' devices (service.application.identity.players.SignInLimits; 0: no limit)
    "SIGN_IN_PER_ADDRESS": 20,       # POST /players/sign-in from one client address in a window
    "SIGN_IN_CODES_PER_PLAYER": 10,  # sign-in codes one player makes in a window
    "SIGN_IN_WINDOW_SECONDS": 900,
    "TRUSTED_PROXIES": 0,            # reverse proxies in front whose X-Forwarded-For names the client
    # how long a creating request's answer is kept under its Idempotency-Key (service.application.idempotency)
    "IDEMPOTENCY_TTL_SECONDS": 86_400,
    # how long RQ keeps a job that has run, and one that failed, on the queue Redis (workers.queues:
    # not the jobs whose result a route reads back — verification, exports, simulation chunks)
    "JOB_RESULT_TTL": 300,
    "JOB_FAILURE_TTL": 86_400,
    # dataset exports (service.application.datasets.exports): per credential per hour (0: no limit),
    # and how long an export's record and files live
    "EXPORTS_PER_HOUR": 10,
    "EXPORT_TTL_SECONDS": 86_400,
    # ratings (service.application.ratings): a rated match with fewer moves than this was aborted and
    # does not count; quick pairing pairs two waiting players this many points apart at most, and offers
    # the nearest bot to one who has waited this many seconds
    "RATING_MIN_MOVES": 2,
    "PAIRING_BAND": 200,
    "PAIRING_BOT_WAIT_SECONDS": 60,
}
POSITIVE = {"SNAPSHOT_EVERY", "SSE_KEEPALIVE_MS", "SSE_MAX_SECONDS", "MAX_BODY_BYTES", "SIM_MAX_GAMES",
            "SIM_CHUNK_SECONDS", "SIGN_IN_WINDOW_SECONDS", "IDEMPOTENCY_TTL_SECONDS",
            "EXPORT_TTL_SECONDS"}  # 0 would mean no snapshots ever, a wait without end, ...
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


class SettingError(ValueError):
    """A setting that cannot work, named with its variable."""


def from_env(environ=None) -> dict:
    """``DEFAULTS``, each overridden by ``KIFU_<NAME>`` where set: whole numbers, or for a
    True/False setting one of 1/true/yes/on, 0/false/no/off; SettingError naming the variable."""
    environ = os.environ if environ is None else environ
    return {name: _parse(f"KIFU_{name}", environ.get(f"KIFU_{name}"), default, name in POSITIVE)
            for name, default in DEFAULTS.items()}


def _parse(variable: str, raw: str | None, default, positive: bool):
    if raw is None or raw.strip() == "":
        return default
    text = raw.strip().lower()
    if isinstance(default, bool):
        if text in TRUE + FALSE:
            return text in TRUE
        raise SettingError(f"{variable} must be one of {'/'.join(TRUE)} or {'/'.join(FALSE)}, not {raw!r}")
    try:
        value = int(text)
    except ValueError:
        raise SettingError(f"{variable} must be a whole number, not {raw!r}") from None
    if value < (1 if positive else 0):
        raise SettingError(f"{variable} must be {'at least 1' if positive else '0 or more'}, not {raw!r}")
    return value


def plugin_games(environ=None) -> list[str]:
    """The module names in ``KIFU_GAMES`` (comma-separated, e.g. ``tests.toygame``)."""
    environ = os.environ if environ is None else environ
    return [name.strip() for name in environ.get("KIFU_GAMES", "").split(",") if name.strip()]


def register_plugin_games(environ=None) -> list[str]:
    """Registers the ``GAME`` of each module ``KIFU_GAMES`` names (again is harmless); the names.
    SettingError for a module that cannot be imported, ConfigError for one without a ``GAME``."""
    names = plugin_games(environ)
    for name in names:
        try:
            registry.register_module(name)
        except ImportError as e:
            raise SettingError(f"KIFU_GAMES names {name!r}, which cannot be imported ({e}); is it on PYTHONPATH?") from e
    return names
