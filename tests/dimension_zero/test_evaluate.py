"""evaluate: the bots' value of a position reads only the seat's view, and the win condition leads it."""
import json
import math
import random

from engine.core import Rng
from engine.games.dimension_zero.evaluate import evaluate
from engine.games.dimension_zero.state import card
from tests.positions import midgame as random_midgame
from tests.dimension_zero.table import GAME, Table, player, unit

VARIANTS = ("first-century", "touhou", "touhou-instant")


def positions(variant, n, seed=0):
    """Positions met in random games: after 0-300 random actions (every phase, the stack, battles)."""
    rnd = random.Random(seed)
    for i in range(n):
        state = random_midgame(GAME, variant, 2, b"eval-%s-%d" % (variant.encode(), i), rnd.randrange(0, 300), rnd)
        if GAME.outcome(state) is None:
            yield state


def blind_to_hidden_cards(value, states, rounds=3):
    """How many (state, seat) pairs ``value`` scores differently once the seat's hidden cards are re-dealt."""
    differ = 0
    for k, state in enumerate(states):
        for seat in (0, 1):
            for r in range(rounds):
                sample = GAME.determinize(state, seat, Rng(b"eval-%d-%d-%d" % (k, seat, r)))
                differ += value(sample, seat) != value(state, seat)
    return differ


def test_evaluate_reads_only_what_the_seat_sees():
    """000 裏向きのカードは双方のプレイヤー共に確認することはできません / 001 ch.1 §4 (rule ``zones``): the other
    hand, the decks and the smash zones re-dealt (determinize) never change the value."""
    states = [s for variant in VARIANTS for s in positions(variant, 25)]
    assert len(states) >= 60
    assert blind_to_hidden_cards(evaluate, states) == 0


def test_the_check_catches_an_evaluation_that_peeks():
    """The check above can fail: an evaluation that adds up the other hand's power, or the power hidden in
    the seat's own deck, is caught on many positions."""
    def peeks_at_hand(state, seat):
        hand = state["players"][1 - seat]["hand"]
        return evaluate(state, seat) + sum(card(state, c).get("power") or 0 for c in hand) * 1e-9

    def peeks_at_deck(state, seat):
        return evaluate(state, seat) + (card(state, state["players"][seat]["deck"][-1]).get("power") or 0) * 1e-9

    states = list(positions("first-century", 12, seed=1))
    assert blind_to_hidden_cards(peeks_at_hand, states) > 10
    assert blind_to_hidden_cards(peeks_at_deck, states) > 10


def test_values_lie_strictly_between_0_and_1_sum_to_1_and_repeat():
    for variant in VARIANTS:
        for state in positions(variant, 10, seed=2):
            v0, v1 = evaluate(state, 0), evaluate(state, 1)
            assert 0.0 < v0 < 1.0 and 0.0 < v1 < 1.0
            assert math.isclose(v0 + v1, 1.0)
            assert evaluate(json.loads(json.dumps(state)), 0) == v0          # a pure function of the state


def table(smash=(0, 0), deck=(10, 10), units=(), hand=((), ()), energy=((), ()), variant="first-century"):
    filler = "dz-black-ghost" if variant == "first-century" else "th-koakuma"
    return Table([player(deck=[filler] * deck[s], smash=[filler] * smash[s], hand=hand[s], energy=energy[s],
                         variant=variant) for s in (0, 1)], units=units, variant=variant).state


def test_more_smash_on_the_opponent_is_better():
    """001 ch.2 §5(1) / 000 ルールエフェクト1 (rule ``rule.smash``): 7 smash cards lose the duel."""
    assert evaluate(table(smash=(0, 3)), 0) > evaluate(table(smash=(0, 2)), 0) > evaluate(table(), 0)
    assert evaluate(table(smash=(3, 0)), 0) < evaluate(table(), 0)
    assert evaluate(table(smash=(2, 6)), 0) > 0.8 and evaluate(table(smash=(6, 2)), 1) > 0.8


def test_the_last_smash_points_weigh_more():
    """001 ゲームのヒント(2)③: near 7 smash one attack decides the duel, so the 6th point costs more than the 2nd."""
    late = evaluate(table(smash=(5, 5)), 0) - evaluate(table(smash=(6, 5)), 0)
    early = evaluate(table(smash=(1, 1)), 0) - evaluate(table(smash=(2, 1)), 0)
    assert late > early > 0


def test_the_instant_variant_ends_at_5_smash():
    """000 インスタント対戦 (rule ``deck.instant``): 5 smash lose, so 4 is already near the end."""
    instant = evaluate(table(smash=(2, 4), variant="touhou-instant"), 0)
    assert instant > evaluate(table(smash=(2, 4), variant="touhou"), 0)


def test_a_short_deck_is_a_danger():
    """001 ch.2 §5(2) / 000 ルールエフェクト2 (rule ``rule.deck``): a player with no cards in the deck loses."""
    assert evaluate(table(deck=(2, 10)), 0) < evaluate(table(deck=(10, 10)), 0)
    assert evaluate(table(deck=(10, 1)), 0) > evaluate(table(deck=(10, 5)), 0) > evaluate(table(deck=(10, 10)), 0)


def test_a_unit_in_the_centre_or_enemy_area_threatens_smash():
    """001 ch.2 §3(5) (rule ``turn.smash``): a unit in the centre smashes for its smash, in the enemy area for one
    more; in its own area for nothing."""
    own, centre, enemy = (evaluate(table(units=[unit("dz-lobo", 0, sq)]), 0) for sq in (1, 4, 7))
    assert enemy > centre > own > evaluate(table(), 0)


def test_battle_that_the_unit_wins_is_better_than_one_it_loses():
    """001 ch.2 §4 (rules ``battle.second``, ``battle.end``): moving a 5000 unit onto a 1500 unit wins the battle;
    onto a 6000 unit it is destroyed. The move on the stack is scored as if it had resolved and been fought."""
    def after_move(enemy):
        t = Table([player(energy=["dz-lobo"] * 4), player()],
                  units=[unit("dz-lobo", 0, 1), unit(enemy, 1, 4)])
        lobo = t.id(0, "dz-lobo", "square")
        before = evaluate(t.state, 0)
        t.act(0, {"type": "move", "unit": lobo, "to": 4, "pay": t.pay(0, card(t.state, lobo)["move"])})
        assert t.state["stack"][-1]["kind"] == "move"
        return evaluate(t.state, 0) - before

    assert after_move("dz-black-ghost") > 0 > after_move("dz-gelbockle")


def test_declaring_a_unit_is_not_scored_as_a_lost_card():
    """001 ch.2 §3(4)① / ch.3 §3 (rules ``play.unit``, ``stack``): a unit on the stack counts as on its square."""
    t = Table([player(hand=["dz-black-ghost"], energy=["dz-black-ghost"]), player()])
    before = evaluate(t.state, 0)
    ghost = t.id(0, "dz-black-ghost", "hand")
    t.act(0, {"type": "play", "card": ghost, "square": 1, "pay": t.pay(0, card(t.state, ghost)["cost"])})
    assert t.state["stack"] and evaluate(t.state, 0) > before
