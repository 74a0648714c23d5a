"""The Big Money bot for 東方祀爭録 (engine/games/shisoroku/big_money.py, issue 22): it buys by the
usual priority (6-VP at 8, Gold at 6-7, Silver at 3-5, late Duchy), ends games, beats random play,
and is a bot seat and a simulation player like the generic bots."""
import pytest

from engine.bots import bot_key, bot_rng, check_config, choose
from engine.core import ConfigError, MatchConfig, apply, create_events, fold, get_game, play
from engine.games.shisoroku import big_money
from engine.games.shisoroku.cards import KINGDOM

GAME = get_game("shisoroku")


def start(seed=b"bm"):
    return fold(GAME, create_events(GAME, MatchConfig(GAME.id, "standard", ["a", "b"], {}), seed))


@pytest.mark.parametrize("coins, provinces, card", [
    (8, 8, "saidan"), (9, 8, "saidan"), (7, 8, "omiki"), (6, 8, "omiki"), (5, 8, "hounoumai"),
    (3, 8, "hounoumai"), (2, 8, None), (5, 4, "hokora"), (7, 3, "hokora"), (4, 2, "hakurei"), (4, 3, "hounoumai"),
    (2, 2, "hakurei")])
def test_buys_by_the_usual_priority(coins, provinces, card):
    state = start()
    state["supply"]["saidan"] = provinces
    assert big_money.want(state, 0, {"bot": "big-money"}, coins) == card


def test_big_money_plus_one_kingdom_card_buys_its_copies_then_money():
    state = start()
    x = next(c for c in state["kingdom"] if big_money.CARDS[c].is_("action") and big_money.CARDS[c].cost <= 5)
    config = check_config(GAME, {"bot": "big-money", "kingdom": x, "copies": 1})
    assert big_money.want(state, 0, config, 5) == x
    state["players"][0]["discard"].append(x)
    assert big_money.want(state, 0, config, 5) == "hounoumai"


@pytest.mark.parametrize("config, names", [({"bot": "big-money", "kingdom": "omiki"}, "kingdom"),
                                           ({"bot": "big-money", "kingdom": "nope"}, "kingdom"),
                                           ({"bot": "big-money", "copies": 0}, "copies"),
                                           ({"bot": "big-money", "budget": {"iterations": 5}}, "budget")])
def test_a_bad_config_is_refused_naming_the_part(config, names):
    with pytest.raises(ConfigError, match=names):
        check_config(GAME, config)


def test_other_games_do_not_offer_it():
    with pytest.raises(ConfigError, match="unknown bot"):
        check_config(get_game("threebythree"), {"bot": "big-money"})


def play_out(bots, seed):
    state = start(seed)
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            return GAME.results(GAME.outcome(state), 2)
        seat = min(GAME.to_act(state))
        action = choose(GAME, state, seat, bots[seat], bot_rng(bot_key(seed, seat), state["version"]))
        for e in play(GAME, state, seat, action, seed):
            state = apply(GAME, state, e)
    raise AssertionError("no end in 3000 actions")


def test_big_money_beats_random_play():
    bm, rnd = check_config(GAME, {"bot": "big-money"}), check_config(GAME, {"bot": "random"})
    wins = 0
    for i in range(20):
        order = [bm, rnd] if i % 2 == 0 else [rnd, bm]
        results = play_out(order, b"bm-v-random-%d" % i)
        wins += results[i % 2] == 1
    assert wins >= 18, f"big money won {wins} of 20 against random"


def test_a_big_money_mirror_ends_in_a_normal_length():
    config = check_config(GAME, {"bot": "big-money"})
    results = play_out([config, config], b"bm-mirror")
    assert sorted(results) in ([0, 1], [0.5, 0.5])


def listed_choice(state, seat, config):
    """What the bot chose when it read legal_actions (before issue 22 made it read the state)."""
    legal = GAME.legal_actions(state, seat)
    if state["pending"] is not None:
        return legal[0]
    kinds = {a["type"] for a in legal}
    plays = [a for a in legal if a["type"] == "play" and big_money.CARDS[a["card"]].is_("action")]
    if state["phase"] == "action" and plays:
        return plays[0]
    if "play_treasures" in kinds:
        return {"type": "play_treasures"}
    if "buy" in kinds:
        card = big_money.want(state, seat, config, state["coins"])
        if card is not None and {"type": "buy", "card": card} in legal:
            return {"type": "buy", "card": card}
    return {"type": "end_turn"}


@pytest.mark.parametrize("x", [None, "keine", "yuugi", "star", "satori"])
def test_each_move_is_the_one_it_chose_from_the_listed_actions(x):
    bm = check_config(GAME, {"bot": "big-money", **({"kingdom": x, "copies": 3} if x else {})})
    options = {"kingdom": [x, *[k for k in KINGDOM if k != x][:9]]} if x else {}
    checked = 0
    for i in range(4):
        seed = b"bm-listed-%d" % i
        state = fold(GAME, create_events(GAME, MatchConfig(GAME.id, "standard", ["a", "b", "c"], options), seed))
        bots = [bm, check_config(GAME, {"bot": "big-money"}), check_config(GAME, {"bot": "random"})]
        while GAME.outcome(state) is None and checked < 4000:
            seat = min(GAME.to_act(state))
            action = choose(GAME, state, seat, bots[seat], bot_rng(bot_key(seed, seat), state["version"]))
            if seat < 2:
                assert action == listed_choice(state, seat, bots[seat]) and action in GAME.legal_actions(state, seat)
                checked += 1
            for e in play(GAME, state, seat, action, seed):
                state = apply(GAME, state, e)
    assert checked > 300
