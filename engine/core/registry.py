"""The game registry: game id -> decider.

Games are found, not listed: every package under ``engine/games/`` whose ``__init__`` defines
``GAME`` is registered the first time the registry is asked (so a new game is one package, and the
registry imports no game module statically: the games import ``engine.core``, never the reverse).
A game kept elsewhere (a plug-in, a test's game) is added with ``register`` or, by module name, with
``register_module`` (the service reads such names from ``KIFU_GAMES``).

A game whose card set changed keeps the decider of its previous card set in ``<game>/previous.py``
(its ``GAME``, or ``GAMES`` for several), found the same way: ``previous(game_id, cardset_version)``
is what ``engine.audit.rulesets.pinned`` serves to the matches pinned to it.
"""
import importlib
import pkgutil
from pathlib import Path

from engine.core.errors import ConfigError
from engine.core.game import Game

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
_GAMES: dict[str, Game] = {}
_PREVIOUS: dict[tuple, Game] = {}       # (game id, cardset_version) -> the decider of that earlier card set
_discovered = False


def register(game: Game) -> None:
    _GAMES[game.id] = game


def register_module(name: str) -> None:
    """Register the ``GAME`` of the module ``name`` (e.g. ``tests.toygame``)."""
    module = importlib.import_module(name)
    if not hasattr(module, "GAME"):
        raise ConfigError(f"module {name!r} defines no GAME to register")
    register(module.GAME)


def previous(game_id: str, cardset_version: str) -> Game | None:
    """The kept decider of an earlier card set of ``game_id`` (None if it is not kept)."""
    _discover()
    return _PREVIOUS.get((game_id, cardset_version))


def get_game(game_id: str) -> Game:
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ConfigError(f"unknown game {game_id!r}; known games: {', '.join(sorted(_GAMES))}") from None


def list_games() -> list[Game]:
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    for found in sorted(pkgutil.iter_modules([str(GAMES_DIR)]), key=lambda m: m.name):
        if found.ispkg:
            module = importlib.import_module(f"engine.games.{found.name}")
            if hasattr(module, "GAME"):
                register(module.GAME)
            if (GAMES_DIR / found.name / "previous.py").exists():
                kept = importlib.import_module(f"engine.games.{found.name}.previous")
                for game in getattr(kept, "GAMES", None) or [kept.GAME]:
                    _PREVIOUS[(game.id, game.cardset_version)] = game
    _discovered = True
