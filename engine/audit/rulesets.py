"""Rules versions: every match is pinned to the engine and card-set version it was created with
(``MatchCreated.engine_version`` / ``cardset_version``) and keeps being decided and folded by the
decider of that version, even after the game's rules change.

The registry (``engine.core.registry``) holds the *current* decider of each game. When a change
alters rulings, the change bumps the game's ``cardset_version`` (the game's rules-and-cards
version; ``ENGINE_VERSION`` for a change in engine/core) and keeps the previous decider importable
(the game's ``previous.py``, found by the registry: ``engine.core.registry.previous``; or, for an
engine change, a decider registered here with ``keep(decider, engine_version, cardset_version)``).
A match whose pinned version is neither current nor kept cannot be served: ``RulesVersionGone``
says which version it needs.
"""
from engine.core import ENGINE_VERSION, Game, get_game, registry

_KEPT: dict = {}


class RulesVersionGone(LookupError):
    def __init__(self, game_id: str, engine_version: str, cardset_version: str):
        super().__init__(f"{game_id} rules of engine {engine_version} / card set {cardset_version} "
                         f"are not kept (current: engine {ENGINE_VERSION} / card set "
                         f"{get_game(game_id).cardset_version})")
        self.game_id, self.engine_version, self.cardset_version = game_id, engine_version, cardset_version


def keep(decider: Game, engine_version: str, cardset_version: str) -> None:
    """Keep ``decider`` as the rules of matches pinned to these versions."""
    _KEPT[(decider.id, engine_version, cardset_version)] = decider


def forget(game_id: str, engine_version: str, cardset_version: str) -> None:
    _KEPT.pop((game_id, engine_version, cardset_version), None)


def current(game_id: str) -> Game:
    return get_game(game_id)


def current_pin(game_id: str) -> tuple[str, str]:
    return ENGINE_VERSION, current(game_id).cardset_version


def pinned(game_id: str, engine_version: str | None, cardset_version: str | None) -> Game:
    """The decider a match pinned to these versions is played with (None: created before pins were
    recorded in the meta, so the current one)."""
    game = current(game_id)
    if engine_version is None or (engine_version, cardset_version) == (ENGINE_VERSION, game.cardset_version):
        return game
    kept = _KEPT.get((game_id, engine_version, cardset_version))
    if kept is None and engine_version == ENGINE_VERSION:
        kept = registry.previous(game_id, cardset_version)
    if kept is None:
        raise RulesVersionGone(game_id, engine_version, cardset_version)
    return kept


def for_created(created_data: dict) -> Game:
    """The pinned decider of a match, from its MatchCreated event's data (or a state's ``match``, which
    keeps the same game and version fields)."""
    return pinned(created_data["game"], created_data.get("engine_version"), created_data.get("cardset_version"))
