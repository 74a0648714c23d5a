"""The game registry: game id -> decider."""
from engine.core.errors import ConfigError

_GAMES: dict = {}


def register(game) -> None:
    _GAMES[game.id] = game


def get_game(game_id: str):
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ConfigError(f"unknown game {game_id!r}; known games: {', '.join(sorted(_GAMES))}") from None


def list_games() -> list:
    _load_builtin()
    return [_GAMES[k] for k in sorted(_GAMES)]


def _load_builtin() -> None:
    import engine.games  # noqa: F401  (registers every built-in game)
