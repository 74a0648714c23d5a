"""The choice protocol for 東方独占録 (engine/games/dokusenroku/choices.py, issue 15)."""
import random

from engine.core import MatchConfig, clone, create_events, fold, play
from engine.core.choices import reachable
from engine.games.dokusenroku import GAME
from engine.games.dokusenroku.board import HAND_LIMIT
from engine.games.dokusenroku.cards import card_of


def random_positions(games):
    """Every position of ``games`` seeded random 2-seat constructed games (own decks: copies of a card)."""
    for i in range(games):
        seed = b"dokusenroku-choices-%d" % i
        state = fold(GAME, create_events(GAME, MatchConfig("dokusenroku", "constructed", ["a", "b"], {}), seed))
        rng = random.Random(i)
        while GAME.outcome(state) is None:
            yield clone(state)
            seat = rng.choice(GAME.to_act(state))
            state = fold(GAME, play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), seed), state)


def test_every_copy_in_hand_and_every_discard_is_reachable():
    """RULES.md turn.hand-limit: discard down to the limit, any cards, picked one at a time (never the
    C(n, k) list); a card with copies in hand may be played from any copy."""
    seen_discard = seen_copy = False
    for state in random_positions(8):
        seat = next(iter(GAME.to_act(state)), None)
        if seat is None:
            continue
        hand = sorted(state["players"][seat]["hand"])
        if state["step"] == "discard":
            need = len(hand) - HAND_LIMIT
            step = GAME.choices(state, seat, {"type": "discard"})
            assert step.need == (need, need) and len(step.options) == len(hand)
            assert reachable(GAME, state, seat, {"type": "discard", "cards": hand[::-1][:need]})
            seen_discard = True
        for a in GAME.legal_actions(state, seat):
            other = [c for c in hand if a.get("card") in hand and card_of(c) == card_of(a["card"]) and c != a["card"]]
            if other and "support" not in a:
                assert reachable(GAME, state, seat, {**a, "card": other[0]})
                seen_copy = True
    assert seen_discard and seen_copy
