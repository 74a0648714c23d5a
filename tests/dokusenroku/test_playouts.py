"""Random games: 2,000 per seat count and variant end by the deck with the richest winning, every event
after the deal has a seat or a cause, and no hand, deck or face-down support leaks (every action of a
sample of games, see playout.DEEP_EVERY)
(generic conformance — fold equality, JSON round trips, decide's purity, to_act and legal_actions
agreeing, every listed action accepted — is tests/conformance).

The 2,000-game blocks play short games: the players agree, as the seed's デッキの枚数調整 lets them, to
remove cards after shuffling so that CARDS_LEFT cards per deck remain after the deal (standard: the
shared deck). A second block plays full-length games with the default options.
"""
import pytest

from engine.games.dokusenroku.board import HAND_SIZE
from engine.games.dokusenroku.cards import DECK_CARDS
from engine.games.dokusenroku.setup import DECK_SIZE
from tests.dokusenroku.playout import play_random_game
from tests.dokusenroku.table import GAME

GAMES = 2000
BLOCKS = 10
FULL_GAMES = 12
DEEP_EVERY = 100            # leak checks on every action of every 100th short game
CARDS_LEFT = {"standard": {2: 12, 3: 12, 4: 12}, "constructed": {2: 6, 3: 4, 4: 3}}
MAX_ACTIONS = 5000          # far above any game: a turn draws a card, so decks bound the game
CONFIGS = [(v, n) for v in ("standard", "constructed") for n in (2, 3, 4)]


def short_options(variant, seats):
    size = len(DECK_CARDS) - HAND_SIZE * seats if variant == "standard" else DECK_SIZE - HAND_SIZE
    return {"removed": size - CARDS_LEFT[variant][seats]}


def finished(live, events):
    outcome = GAME.outcome(live)
    assert outcome is not None and outcome["reason"] == "deck"
    assert outcome["winners"] and max(outcome["assets"]) == min(outcome["assets"][w] for w in outcome["winners"])
    started = next(i for i, e in enumerate(events) if e.type == "TurnStarted")
    assert all(e.seat is not None or e.cause is not None for e in events[started:]), "an event with no cause"


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("variant, seats", CONFIGS)
def test_short_random_games(variant, seats, block):
    options = short_options(variant, seats)
    for i in range(block, GAMES, BLOCKS):
        live, events, _ = play_random_game(variant, seats, options, i, MAX_ACTIONS, deep=i % DEEP_EVERY == 0)
        finished(live, events)


@pytest.mark.parametrize("variant, seats", CONFIGS)
def test_full_length_random_games(variant, seats):
    lengths = []
    for i in range(FULL_GAMES):
        live, events, n = play_random_game(variant, seats, {}, 10_000 + i, MAX_ACTIONS, deep=i % 4 == 0)
        finished(live, events)
        lengths.append(n)
    assert max(lengths) < MAX_ACTIONS // 4
