"""One bot-vs-bot game in memory (no Redis): what simulations are made of. Pure and deterministic:
game ``index`` of a simulation seeded ``seed`` always plays the same way. Moves go the compact
path (``engine.core.advance``): the states of a stored match, without building its events."""
import hmac
import json

from engine.core import Game, MatchConfig, Rng, advance, can, create_events, fold
from engine.core.match import check_fields
from engine.bots import bot_key, bot_rng, choose
from engine.core.outcomes import winner_of

MAX_ACTIONS = 10_000       # actions; every landed game averages under 400 between random players


def game_seed(seed: str, index: int) -> bytes:
    return hmac.digest(seed.encode("utf-8"), b"kifu-simulation:%d" % index, "sha256")


def card_ids(game: Game) -> frozenset:
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


def card_reader(game: Game):
    """``(state, action) -> card ids`` for per-card statistics: the game's own ``cards_named`` where
    it has one, else the card ids of ``describe()`` found in the action; None for a game without cards."""
    if can(game, "cards_named"):
        return game.cards_named
    ids = card_ids(game)
    return (lambda state, action: cards_in(action, ids)) if ids else None


def play_game(game: Game, variant: str, bots: list, seed: str, index: int, cards=None) -> dict:
    """``{"index", "winner", "draw", "unfinished", "length", "cards"}``: the winning seat (None: a
    draw, no single winner, or unfinished), the number of actions taken, and the card ids each
    seat's actions named (``cards``: a ``card_reader``). A game still running after ``MAX_ACTIONS``
    actions (random players can make some games endless, e.g. by trashing every treasure of a
    deckbuilder) stops there and is recorded as unfinished rather than failing the whole run."""
    match_seed = game_seed(seed, index)
    names = [f"{b['bot']}-{s}" for s, b in enumerate(bots)]
    state = fold(game, create_events(game, MatchConfig(game.id, variant, names, {}), match_seed))
    keys = [bot_key(match_seed, s) for s in range(len(bots))]
    played = [set() for _ in bots]
    length = 0
    while (outcome := game.outcome(state)) is None and length < MAX_ACTIONS:
        seat = min(game.to_act(state))
        action = choose(game, state, seat, bots[seat], bot_rng(keys[seat], state["version"]))
        if cards is not None:
            played[seat] |= cards(state, action)
        check_fields(game, action)
        state = advance(game, state, seat, action, Rng.for_version(match_seed, state["version"]))
        length += 1
    winner = None if outcome is None else winner_of(outcome, len(bots))
    return {"index": index, "winner": winner, "draw": outcome is not None and winner is None,
            "unfinished": outcome is None, "length": length, "cards": [sorted(p) for p in played]}


def encode(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"))
