"""Bots: legal choices only, determinism, information hiding, and strength against random."""
import random

import pytest

from engine.core import ConfigError, Rng, can, get_game, list_games
from tests.conformance.test_choices import accepted      # a bot walking the choice protocol may make unlisted moves
from tests.positions import midgame as random_midgame
from tests.parallel import play_games
from engine.simulation.arena import play_game
from engine.bots import check_config, choose
from engine.core.outcomes import rewards, winner_of

THREE = get_game("threebythree")
BOTS = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "ismcts", "budget": {"iterations": 24}}]


def positions(game, variant, n, seed=1):
    """States met in random games of ``game``: (state, seat to act)."""
    rnd = random.Random(seed)
    for i in range(n):
        state = random_midgame(game, variant, 2, b"pos-%d" % i, rnd.randrange(0, 80), rnd)
        if game.outcome(state) is None:
            yield state, min(game.to_act(state))


@pytest.mark.parametrize("config", BOTS, ids=lambda c: c["bot"])
def test_every_bot_chooses_a_legal_action(config):
    for state, seat in positions(THREE, "wizard", 12):
        action = choose(THREE, state, seat, check_config(THREE, config), Rng(b"legal"))
        assert accepted(THREE, state, seat, action), action


@pytest.mark.parametrize("config", BOTS[:2], ids=lambda c: c["bot"])
def test_random_and_greedy_play_a_game_without_determinize_or_evaluate(config):
    toy = get_game("toy-plain")
    assert not can(toy, "determinize") and not can(toy, "evaluate")
    record = play_game(toy, "standard", [config, config], "toy", 0)
    assert record["length"] >= 4 and record["winner"] in (0, 1)


def test_ismcts_needs_determinize_and_says_so():
    with pytest.raises(ConfigError, match="determinize hook") as e:
        check_config(get_game("toy-plain"), {"bot": "ismcts"})
    assert e.value.rule == "kifu/bots"


@pytest.mark.parametrize("config,message", [
    ({"bot": "clever"}, "unknown bot"), ({"bot": "random", "budget": {"iterations": 5}}, "takes no budget"),
    ({"bot": "ismcts", "budget": {"iterations": 0}}, "budget is"),
    ({"bot": "ismcts", "budget": {"iterations": 5, "ms": 5}}, "budget is")])
def test_bad_bot_configs_are_refused(config, message):
    with pytest.raises(ConfigError, match=message):
        check_config(THREE, config)


def test_ismcts_by_iterations_is_deterministic_for_a_seed():
    config = {"bot": "ismcts", "budget": {"iterations": 40}}
    for state, seat in positions(THREE, "overlord", 6, seed=3):
        first = choose(THREE, state, seat, config, Rng(b"same"))
        assert choose(THREE, state, seat, config, Rng(b"same")) == first


def test_ismcts_by_time_makes_at_least_one_iteration():
    state, seat = next(positions(THREE, "overlord", 1, seed=5))
    action = choose(THREE, state, seat, {"bot": "ismcts", "budget": {"ms": 1}}, Rng(b"t"))
    assert accepted(THREE, state, seat, action), action


class Watched:
    """threebythree, but every state a search works on must come from determinize: the real state
    is only read for the searching seat's own legal actions (its own options are part of its view)."""

    def __init__(self):
        self.real_reads = 0
        self.samples = 0

    def __getattr__(self, name):
        return getattr(THREE, name)

    def determinize(self, state, seat, rng):
        self.samples += 1
        return {**THREE.determinize(state, seat, rng), "sampled": True}

    def _check(self, state, what):
        assert state.get("sampled"), f"{what} read the real state"

    def legal_actions(self, state, seat):
        if not state.get("sampled"):
            self.real_reads += 1
        return THREE.legal_actions(state, seat)

    def decide(self, state, seat, action, rng):
        self._check(state, "decide")
        return THREE.decide(state, seat, action, rng)

    def evaluate(self, state, seat):
        self._check(state, "evaluate")
        return THREE.evaluate(state, seat)


@pytest.mark.parametrize("bot", ["ismcts", "greedy"])
def test_searching_bots_reason_only_on_determinized_samples(bot):
    for state, seat in positions(THREE, "apprentice", 6, seed=9):
        watched = Watched()
        config = check_config(THREE, {"bot": bot, "budget": {"iterations": 30}} if bot == "ismcts" else {"bot": bot})
        choose(watched, state, seat, config, Rng(b"w"))
        assert watched.real_reads == 1
        many = len(THREE.legal_actions(state, seat)) > 1
        assert watched.samples == ((30 if bot == "ismcts" else 1) if many else 0)


def test_greedy_beats_random_with_the_threebythree_evaluation():
    bots = [{"bot": "greedy"}, {"bot": "random"}]
    won = sum(play_game(THREE, "overlord", bots[::1 - 2 * (i % 2)], "greedy", i)["winner"] == i % 2
              for i in range(40))
    assert won >= 32


def two_seat_games():
    """Every landed game with determinize, in its first variant for two; those without their own
    ``evaluate`` make ISMCTS play random games out to the end (minutes per game): marked slow."""
    for game in list_games():
        if game.id.startswith("toy") or not callable(getattr(game, "determinize", None)):
            continue
        variant = next((v for v in game.variants.values() if v.min_seats <= 2 <= v.max_seats), None)
        if variant is not None:
            marks = () if hasattr(game, "evaluate") else (pytest.mark.slow,)
            yield pytest.param(game.id, variant.id, marks=marks, id=f"{game.id}-{variant.id}")


@pytest.mark.parametrize("game_id,variant", [(g, v) for g, v, *_ in [p.values for p in two_seat_games()]])
@pytest.mark.parametrize("config", BOTS[:2] + [{"bot": "ismcts", "budget": {"iterations": 2}}],
                         ids=lambda c: c["bot"])
def test_every_bot_chooses_a_legal_action_in_every_landed_game(game_id, variant, config):
    game = get_game(game_id)
    for state, seat in positions(game, variant, 3, seed=4):
        action = choose(game, state, seat, check_config(game, config), Rng(b"any"))
        assert accepted(game, state, seat, action), action


ISMCTS_VS_RANDOM = {"bot": "ismcts", "budget": {"iterations": 16}}


@pytest.mark.parametrize("game_id,variant", list(two_seat_games()))
def test_ismcts_beats_random_in_90_percent_of_200_games(game_id, variant):
    won = 0
    for hero in (0, 1):                          # 100 games in each seat
        bots = [ISMCTS_VS_RANDOM, {"bot": "random"}] if hero == 0 else [{"bot": "random"}, ISMCTS_VS_RANDOM]
        records = play_games(game_id, variant, bots, "ismcts-vs-random", range(hero, 200, 2))
        won += sum(r["winner"] == hero for r in records)
    assert won >= 180, f"ismcts won {won} of 200"


def test_outcome_forms():
    assert rewards({"winner": 1, "draw": False}, 2) == [0.0, 1.0]
    assert rewards({"winner": None, "draw": True}, 2) == [0.5, 0.5]
    assert rewards({"winners": [0, 2]}, 3) == [0.5, 0.0, 0.5]
    assert rewards({"ranking": [2, 0, 1]}, 3) == [0.5, 0.0, 1.0]
    assert rewards({"scores": [3, 7, 5]}, 3) == [0.0, 1.0, 0.5]
    assert winner_of({"winners": [0, 1]}, 2) is None and winner_of({"winner": 0}, 2) == 0
    with pytest.raises(ValueError, match="unknown form"):
        rewards({"champion": 0}, 2)
