"""The engine contract shared by every game (docs/DECIDER.md): the decider protocol and the facts a game
declares (game.py), running a match (match.py), the choice protocol, the registry, the rng, the table."""
from engine.core.choices import Option, Step
from engine.core.canonical import GENESIS_HASH, canonical_json, chain_hash, chained
from engine.core.errors import ConfigError, IllegalAction
from engine.core.events import Event
from engine.core.game import CAPABILITIES, Facts, Game, GameBase, GameBot, MatchConfig, Secrets, Variant, can
from engine.core.match import (ENGINE_VERSION, NOTE_EVENTS, PLATFORM_EVENTS, Emitter, advance, apply, clone,
                               create_events, fold, play, seed_revealed, step)
from engine.core.narration import Lines, Reader, narrate
from engine.core.registry import get_game, list_games, register
from engine.core.rng import Rng, commitment
from engine.core.table import (TABLE_EVENTS, TABLE_RULE, controller, match_outcome, match_results,
                               seats_to_act)

__all__ = [
    "CAPABILITIES", "ENGINE_VERSION", "GENESIS_HASH", "ConfigError", "Emitter", "Event", "Facts", "Game", "GameBase",
    "GameBot", "IllegalAction",
    "Lines", "MatchConfig", "NOTE_EVENTS", "Reader", "narrate", "Option", "Step", "Secrets", "PLATFORM_EVENTS", "Rng",
    "Variant", "advance", "apply", "can", "canonical_json", "chain_hash", "chained", "clone", "commitment",
    "create_events", "fold", "get_game", "list_games", "play", "register", "seed_revealed", "step",
    "TABLE_EVENTS", "TABLE_RULE", "controller", "match_outcome", "match_results", "seats_to_act",
]
