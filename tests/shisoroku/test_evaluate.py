"""evaluate(state, seat): the bots' value of a position, in (0, 1), from what the seat can know."""
import copy
import random

from engine.core import Rng
from engine.games.shisoroku.cards import CARDS
from engine.games.shisoroku.evaluate import deck_of, evaluate
from tests.positions import midgame as random_midgame
from tests.shisoroku.agent import choose
from tests.shisoroku.table import GAME, Table, position

COPPERS = ["osaisen"] * 7
START = COPPERS + ["hakurei"] * 3


def midgame(i, seats, steps):
    return random_midgame(GAME, "standard", seats, b"eval-%d" % i, steps, random.Random(i), choose)


def positions(n=30, seats=2):
    for i in range(n):
        state = midgame(i, seats, 20 + (53 * i) % 400)
        if GAME.outcome(state) is None:
            yield i, state


def scrambled(state, seat, rnd):
    """The state with each player's cards the seat cannot see dealt anew among that player's hidden
    places: decks (its own too), discard piles below the top card, the other seats' hands and looks."""
    s = copy.deepcopy(state)
    for i, p in enumerate(s["players"]):
        zones = ["deck"] + (["hand", "looking"] if i != seat else [])
        pool = [c for z in zones for c in p[z]] + p["discard"][:-1]
        rnd.shuffle(pool)
        for z in zones:
            n = len(p[z])
            p[z], pool = pool[:n], pool[n:]
        p["discard"] = pool + p["discard"][-1:]
    return s


def test_values_lie_strictly_between_0_and_1():
    count = 0
    for seats in (2, 3):
        for _, state in positions(seats=seats):
            for seat in range(seats):
                assert 0.0 < evaluate(state, seat) < 1.0
                count += 1
    assert count > 80


def test_a_determinized_sample_is_worth_what_the_real_state_is_to_the_seat():
    for seats in (2, 3):
        for i, state in positions(seats=seats):
            for seat in range(seats):
                sample = GAME.determinize(state, seat, Rng(b"e-%d-%d" % (i, seat)))
                assert evaluate(sample, seat) == evaluate(state, seat)


def test_hidden_cards_do_not_move_the_value_however_they_are_dealt():
    """公開情報と非公開情報 l.191-204: deck contents and order, discard piles below the top and the
    other hands are hidden; only which cards each player owns is known (every gain and trash is public)."""
    rnd = random.Random(5)
    changed = 0
    for i, state in positions(seats=2):
        for seat in range(2):
            other = scrambled(state, seat, rnd)
            changed += other["players"][1 - seat]["hand"] != state["players"][1 - seat]["hand"]
            assert evaluate(other, seat) == evaluate(state, seat)
    assert changed > 10


def game(me, other, supply=None, hand=None):
    """Seat 0 to act in its action phase, holding ``hand`` (default: 5 coppers)."""
    hand = list(hand or ["osaisen"] * 5)
    return Table(position(dict(hand=hand, deck=list(me), discard=[]), dict(hand=[], deck=list(other), discard=[]),
                          supply=supply)).state


def test_victory_points_in_the_whole_deck_count():
    """ゲームの終了条件 l.215: VP and minus cards in deck, discard pile and hand are totalled."""
    even = game(START, START)
    ahead = game(START + ["saidan"], START)
    cursed = game(START + ["minus"], START)
    assert evaluate(ahead, 0) > evaluate(even, 0) > evaluate(cursed, 0)
    assert evaluate(ahead, 1) < evaluate(even, 1) < evaluate(cursed, 1)


def test_a_richer_deck_is_worth_more_while_the_end_is_far():
    """ゲームの終了条件 l.208-216 (rules ``end``, ``score``): VP decide at the end, so while it is far a
    deck that makes more coins (more VP to come) is worth more."""
    gold = game(START + ["omiki"] * 2, START)
    copper = game(START + ["osaisen"] * 2, START)
    assert evaluate(gold, 0) > evaluate(copper, 0) > 0.5


def test_near_the_end_only_points_count_and_a_lead_counts_more():
    """ゲームの終了条件 l.210: the game ends when the 6-VP pile is empty."""
    far = game(START + ["hokora"], START + ["omiki"] * 3)
    near = game(START + ["hokora"], START + ["omiki"] * 3, supply={"saidan": 1})
    assert evaluate(near, 0) > 0.5 > evaluate(far, 0)
    lead_far = game(START + ["hokora"], START)
    lead_near = game(START + ["hokora"], START, supply={"saidan": 1})
    assert evaluate(lead_near, 0) > evaluate(lead_far, 0) > 0.5


def test_coins_left_unspent_at_the_end_of_the_turn_are_a_loss():
    """購入フェイズ l.65: the coins made buy a card; ending the turn without buying wastes them."""
    t = Table(position(dict(hand=["omiki"] * 3, deck=START, discard=[]), dict(hand=[], deck=START, discard=[])))
    before = evaluate(t.state, 0)
    t.act(0, {"type": "play_treasures"})
    assert evaluate(t.state, 0) == before             # the same coins, made
    bought = copy.deepcopy(t)
    bought.act(0, {"type": "buy", "card": "omiki"})
    wasted = copy.deepcopy(t)
    wasted.act(0, {"type": "end_turn"})
    assert evaluate(bought.state, 0) > evaluate(wasted.state, 0)


def test_a_buys_worth_is_that_of_the_deck_with_the_card_added():
    """``Deck.worth_with`` (the best-buy search's shortcut) gives the very float a copy of the deck
    with the card added gives, for every card and every owned-card deck met in random games."""
    decks = [deck_of(p) for _, state in positions(12) for p in state["players"]]
    for deck in decks:
        for weight in (0.0, 1.5, 6.0):
            for c in CARDS:
                added = deck.copy()
                added.add(c)
                assert deck.worth_with(c, weight) == added.worth(weight), (c, weight)
