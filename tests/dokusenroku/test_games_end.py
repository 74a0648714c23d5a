"""勝利条件 read as 山札がなくなったタイミングで終了 (option end: deck-out, the default): every game ends.

The fast test plays 60 random games per variant and player count and checks each ends within a bound
on its actions; ``KIFU_SLOW=1`` plays 10,000 of each (bench/BALANCE.md holds the measured run).
"""
import pytest

from engine.core import MatchConfig, Rng, create_events, fold, get_game, step
from engine.core.match import check_fields
from engine.simulation.arena import game_seed
from engine.bots import bot_key, bot_rng, choose

GAME = get_game("dokusenroku")
BOUND = 3000            # actions: the longest of 10,000 random games per setting is well under it
CASES = [(v, n) for v in ("standard", "constructed") for n in (2, 3, 4)]


def random_game(variant, seats, index):
    seed = game_seed(f"ends-{variant}-{seats}", index)
    state = fold(GAME, create_events(GAME, MatchConfig(GAME.id, variant, [f"s{i}" for i in range(seats)], {}), seed))
    keys = [bot_key(seed, s) for s in range(seats)]
    for n in range(BOUND):
        if GAME.outcome(state) is not None:
            return n, state
        seat = min(GAME.to_act(state))
        action = choose(GAME, state, seat, {"bot": "random"}, bot_rng(keys[seat], state["version"]))
        check_fields(GAME, action)
        state, _ = step(GAME, state, seat, action, Rng.for_version(seed, state["version"]))   # play, then fold
    return None, state


@pytest.mark.parametrize("variant,seats", CASES)
def test_random_games_end_within_a_bound_and_with_a_deck_run_out(variant, seats):
    for i in range(60):
        n, state = random_game(variant, seats, i)
        assert n is not None, f"game {i} still running after {BOUND} actions"
        ended = state["outcome"]
        assert ended["reason"] == "deck" and any(not p["deck"] for p in state["piles"])


@pytest.mark.slow
@pytest.mark.parametrize("variant,seats", CASES)
def test_ten_thousand_random_games_end(variant, seats):
    assert all(random_game(variant, seats, i)[0] is not None for i in range(10_000))
