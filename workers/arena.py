"""One bot-vs-bot game in memory (no Redis): what simulations are made of. Pure and deterministic:
game ``index`` of a simulation seeded ``seed`` always plays the same way."""
import hashlib
import hmac
import json

from engine.core import MatchConfig, apply, create_events, fold, play
from workers.bots import bot_key, bot_rng, choose
from workers.bots.outcomes import winner_of

MAX_ACTIONS = 20_000


def game_seed(seed: str, index: int) -> bytes:
    return hmac.new(seed.encode("utf-8"), b"kifu-simulation:%d" % index, hashlib.sha256).digest()


def card_ids(game) -> frozenset:
    """The ids of the game's cards (``describe()["cards"]``), empty for a game without cards."""
    return frozenset(c["id"] for c in game.describe().get("cards") or () if isinstance(c, dict) and "id" in c)


def cards_in(action, ids: frozenset) -> set:
    """Card ids an action names, anywhere in it."""
    if isinstance(action, str):
        return {action} if action in ids else set()
    if isinstance(action, dict):
        return set().union(*(cards_in(v, ids) for v in action.values())) if action else set()
    if isinstance(action, list):
        return set().union(*(cards_in(v, ids) for v in action)) if action else set()
    return set()


def play_game(game, variant: str, bots: list, seed: str, index: int, ids: frozenset = frozenset()) -> dict:
    """``{"index", "winner", "draw", "length", "cards"}``: the winning seat (None: draw or no single
    winner), the number of actions taken, and the card ids each seat's actions named."""
    match_seed = game_seed(seed, index)
    names = [f"{b['bot']}-{s}" for s, b in enumerate(bots)]
    state = fold(game, create_events(game, MatchConfig(game.id, variant, names, {}), match_seed))
    keys = [bot_key(match_seed, s) for s in range(len(bots))]
    played = [set() for _ in bots]
    length = 0
    while (outcome := game.outcome(state)) is None:
        if length >= MAX_ACTIONS:
            raise RuntimeError(f"{game.id} game {index} of seed {seed!r} did not end in {MAX_ACTIONS} actions")
        seat = min(game.to_act(state))
        action = choose(game, state, seat, bots[seat], bot_rng(keys[seat], state["version"]))
        if ids:
            played[seat] |= cards_in(action, ids)
        for event in play(game, state, seat, action, match_seed):
            state = apply(game, state, event)
        length += 1
    winner = winner_of(outcome, len(bots))
    return {"index": index, "winner": winner, "draw": winner is None, "length": length,
            "cards": [sorted(p) for p in played]}


def encode(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"))
