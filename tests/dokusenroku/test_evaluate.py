"""evaluate(state, seat): the bots' value of a position, in (0, 1), from what the seat can see."""
import copy
import math
import random

from engine.core import Rng
from engine.games.dokusenroku.evaluate import evaluate, values
from engine.games.dokusenroku.views import view
from tests.dokusenroku.table import GAME, Table, owned, position
from tests.dokusenroku.test_determinize import midgame


def positions(n=40, seats=2):
    for i in range(n):
        state = midgame("standard", seats, 100 + i, 5 + (37 * i) % 160)
        if GAME.outcome(state) is None:
            yield i, state


def scrambled(state, seat, rnd):
    """The state with everything ``seat`` cannot see replaced: the other hands, the deck and the
    removed cards swapped among themselves, and a face-down support it did not commit swapped too."""
    s = copy.deepcopy(state)
    pile = s["piles"][0]
    others = [q for q in range(len(s["players"])) if q != seat]
    b = s["battle"]
    hidden_support = [role for role in ("invader", "defender") if b is not None and b["supports"][role] is not None
                      and not b["revealed"][role] and b[role] != seat]
    pool = pile["deck"] + pile["removed"] + [c for q in others for c in s["players"][q]["hand"]]
    pool += [b["supports"][role] for role in hidden_support]
    rnd.shuffle(pool)
    for q in others:
        n = len(s["players"][q]["hand"])
        s["players"][q]["hand"], pool = pool[:n], pool[n:]
    for role in hidden_support:
        b["supports"][role], pool = pool[0], pool[1:]
    pile["removed"], pool = pool[:len(pile["removed"])], pool[len(pile["removed"]):]
    pile["deck"] = pool
    return s


def test_values_lie_strictly_between_0_and_1():
    count = 0
    for _, state in positions():
        for seat in range(2):
            assert 0.0 < evaluate(state, seat) < 1.0
            count += 1
    assert count > 60


def test_a_determinized_sample_is_worth_what_the_real_state_is_to_the_seat():
    for i, state in positions():
        for seat in range(2):
            for k in range(3):
                sample = GAME.determinize(state, seat, Rng(b"eval-%d-%d" % (i, k)))
                assert evaluate(sample, seat) == evaluate(state, seat)


def test_hidden_cards_do_not_move_the_value_even_when_re_dealt_anyhow():
    """ゲームの準備 Ⅲ / 戦闘の流れ Ⅰ: hands, the deck and a face-down support are unseen by the others,
    so re-dealing them (any way, not only as determinize does) leaves every other seat's value alone."""
    rnd = random.Random(7)
    for _, state in positions(30, seats=3):
        for seat in range(3):
            assert evaluate(scrambled(state, seat, rnd), seat) == evaluate(state, seat)


def battle_table(support):
    t = Table(position(hands=[["C20a", "C13a", "C01a", "S06a"], ["X00b", "C11a", "S05a"]],
                       lands={"L04": owned(1, "C10a")}, money=[100, 100]))
    t.act(0, {"type": "roll"}, dice=[5])
    t.act(0, {"type": "invade", "card": "C20a", "support": support})
    assert t.state["step"] == "defend"
    return t.state


def test_a_face_down_support_is_unknown_to_the_defender_and_known_to_the_invader():
    """戦闘の流れ Ⅰ: the invader's support lies face down, unseen by the other players."""
    weak, strong = battle_table(None), battle_table("C13a")
    swapped = copy.deepcopy(weak)
    swapped["battle"]["supports"]["invader"] = "C13a"        # same table, another face-down card
    assert evaluate(swapped, 1) == evaluate(weak, 1)
    assert 0.0 < evaluate(strong, 0) < 1.0 and 0.0 < evaluate(strong, 1) < 1.0


def worth_of(money=(40, 40), lands=None, hands=None):
    t = Table(position(money=list(money), lands=lands or {}, hands=hands or [[], []]))
    return t.state


def test_more_total_assets_score_higher():
    """勝利条件 (end.assets): the highest total assets win: money counts ..."""
    assert evaluate(worth_of(money=(90, 40)), 0) > evaluate(worth_of(money=(60, 40)), 0) > 0.5
    assert evaluate(worth_of(money=(40, 90)), 0) < 0.5


def test_lands_count_by_level_and_toll():
    """勝利条件 / 土地 Ⅰ ②: ... and so does each land, at its level's base value plus its toll."""
    low = worth_of(lands={"L06": owned(0, "C10a", 1)})
    high = worth_of(lands={"L06": owned(0, "C10a", 3)})
    assert evaluate(high, 0) > evaluate(low, 0) > evaluate(worth_of(), 0)
    assert evaluate(high, 1) < evaluate(low, 1) < 0.5


def test_between_two_players_the_values_add_up_to_one_without_a_battle():
    """勝利条件 (end.assets): the highest total assets win, so between two players what one gains in
    value the other loses."""
    for _, state in positions(20):
        if state["battle"] is None:
            assert math.isclose(evaluate(state, 0) + evaluate(state, 1), 1.0, abs_tol=1e-12)


def test_the_same_lead_counts_more_as_the_deck_runs_out():
    """勝利条件 (end.draw): the game ends when a player must draw from an empty deck."""
    early = worth_of(money=(120, 40))
    late = copy.deepcopy(early)
    late["piles"][0]["deck"] = late["piles"][0]["deck"][:5]
    assert evaluate(late, 0) > evaluate(early, 0) > 0.5


def test_an_open_debt_counts_as_paid_to_its_creditor():
    """破産 (money.sell): a toll that cannot be paid is paid by selling lands."""
    t = Table(position(money=[5, 40], at=[0, 0], lands={"L02": owned(1, "C10a", 3), "L06": owned(0, "C13a", 2)}))
    before = evaluate(t.state, 0)
    t.act(0, {"type": "roll"}, dice=[2])
    assert t.state["step"] == "sell"
    assert evaluate(t.state, 0) < before


def test_the_roll_ahead_counts_before_it_is_made():
    """移動の方法 Ⅲ① / ゲームの進行 Ⅳ: the roll may not be skipped, and a rival's land within 2-12
    squares may cost its toll; actions before the roll are weighed with that roll still to come."""
    lands = {"L04": owned(1, "C10a", 5)}                  # square 5
    near = Table(position(at=[0, 0], lands=lands)).state
    far = Table(position(at=[8, 0], lands=lands)).state   # 10-20 squares on: no rival land, no START
    assert near["step"] == far["step"] == "main" and near["active"] == 0
    assert evaluate(near, 0) < evaluate(far, 0)
    assert evaluate(near, 1) > evaluate(far, 1)


def test_a_toll_paid_by_selling_land_also_loses_that_lands_tolls_to_come():
    """破産 (money.sell, money.sell-price): lands sold to pay a toll go at their asset value, so the sale
    costs no assets but the tolls the sold land would still have earned."""
    t = Table(position(money=[5, 40], at=[0, 0], lands={"L02": owned(1, "C10a", 3), "L06": owned(0, "C13a", 2)}))
    t.act(0, {"type": "roll"}, dice=[2])
    assert t.state["step"] == "sell"
    v = view(t.state, 0, ())
    paid = values(v, 0)
    unpaid = values({**v, "debt": None}, 0)
    amount = v["debt"]["amount"]
    assert paid[1] - unpaid[1] == amount
    assert unpaid[0] - paid[0] > amount
