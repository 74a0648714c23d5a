"""Bots that play a seat, generic over the engine contract (pure: no Flask, Redis or RQ).

A bot config is ``{"bot": "random" | "greedy" | "ismcts", "budget": {"iterations": n} | {"ms": t}}``
(budget for ismcts only). ``choose`` returns a legal action: the random bot walks the choice
protocol; greedy and ismcts weigh the listed moves and a few protocol walks (``moves.candidates``).
"""
import hmac
from typing import Mapping

from engine.core import ConfigError, Game, GameBot, Rng, list_games
from engine.bots import greedy, ismcts, random_bot

BOTS = {"random": random_bot, "greedy": greedy, "ismcts": ismcts}
RULE = "kifu/bots"
MAX_ITERATIONS = 100_000
MAX_MS = 60_000


def game_bots(game: Game) -> Mapping[str, GameBot]:
    """The bots the game offers beside the generic ones, as its facts declare them (e.g. 東方祀爭録's
    big-money): name -> a GameBot, ``check(config)`` and ``choose(game, state, seat, rng, config)``."""
    return game.facts.bots


def bot_names() -> list:
    """Every bot's name: the generic ones, then those some registered game offers."""
    return sorted(BOTS) + sorted({name for game in list_games() for name in game_bots(game)})


def check_config(game: Game, config: dict) -> dict:
    """The config made explicit (budget filled in); ConfigError naming what is wrong."""
    name = config.get("bot")
    own = game_bots(game)
    if name in own:
        return own[name].check(config)
    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS) + sorted(own))}", rule=RULE)
    if name == "ismcts":
        ismcts.check(game)
    budget = config.get("budget")
    if budget is None:
        return {"bot": name, "budget": dict(ismcts.DEFAULT_BUDGET) if name == "ismcts" else None}
    if name != "ismcts":
        raise ConfigError(f"bot {name} takes no budget (only ismcts searches)", rule=RULE)
    if not isinstance(budget, dict) or len(budget) != 1 or not (
            _in_range(budget.get("iterations"), MAX_ITERATIONS) or _in_range(budget.get("ms"), MAX_MS)):
        raise ConfigError(f'budget is {{"iterations": 1..{MAX_ITERATIONS}}} or {{"ms": 1..{MAX_MS}}}, '
                          f"not {budget!r}", rule=RULE)
    return {"bot": name, "budget": dict(budget)}


def _in_range(value, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top


def choose(game: Game, state: dict, seat: int, config: dict, rng: Rng) -> dict:
    own = game_bots(game).get(config["bot"])
    if own is not None:
        return own.choose(game, state, seat, rng, config)
    return BOTS[config["bot"]].choose(game, state, seat, rng, config.get("budget"))


def bot_rng(key: bytes, version: int) -> Rng:
    """The bot's own randomness at a match version (never the match's rng: that one deals cards)."""
    return Rng.for_version(key, version)


def bot_key(match_seed: bytes, seat: int) -> bytes:
    """A seat's bot key, derived from the match seed one way: it cannot re-derive the deal."""
    return hmac.digest(match_seed, b"kifu-bot:%d" % seat, "sha256")
