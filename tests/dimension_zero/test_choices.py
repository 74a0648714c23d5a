"""The choice protocol for Dimension Zero (engine/games/dimension_zero/choices.py, issue 15): moves
the flat list never offered, made one pick at a time and accepted by decide."""
import random

import pytest

from engine.core import IllegalAction, play
from engine.core.choices import reachable
from tests.dimension_zero.table import GAME, Table, player, unit
from tests.dimension_zero.test_series import until_sideboard

TH = "touhou"


def th(**kw):
    return player(variant=TH, **kw)


def step(t, seat, partial):
    return GAME.choices(t.state, seat, partial)


def click(t, seat, *picks):
    """Follows the options whose ref (or label) is each of ``picks`` in turn; the last option taken."""
    partial, option = {}, None
    for want in picks:
        options = step(t, seat, partial).options
        option = next((o for o in options if o.ref == want or o.label == want), None)
        assert option is not None, f"{want!r} not offered after {partial}: {[(o.label, o.ref) for o in options]}"
        partial = option.action
    return option


def test_icicle_fall_takes_two_targets_and_a_payment_of_the_players_choosing():
    """000 テクニック④ (氷符「アイシクルフォール」, up to two targets, designed count) and 001 ch.2 Column
    コストの支払い: pay U1 X1 with the cards the player picks, keeping the other released."""
    t = Table([th(hand=["th-icicle-fall"], energy=["th-cirno", "th-cirno", "th-cirno"]), th()],
              units=[unit("th-koakuma", 1, 6), unit("th-rumia", 1, 7)], variant=TH)
    icicle = t.id(0, "th-icicle-fall")
    foes = sorted(u for u in t.state["units"])
    energy = sorted(t.state["players"][0]["energy"])
    listed = [a for a in GAME.legal_actions(t.state, 0) if a.get("card") == icicle]
    assert all(len(a["targets"]) == 1 for a in listed)              # the flat list never offered two
    s = step(t, 0, {"type": "play", "card": icicle})
    assert s.field == "targets" and s.need == (1, 2) and sorted(o.ref for o in s.options) == foes
    last = click(t, 0, "Play a card", icicle, foes[0], foes[1], energy[2], energy[0])
    assert last.done
    assert last.action == {"type": "play", "card": icicle, "targets": foes[:2], "pay": [energy[2], energy[0]]}
    t.act(0, last.action)
    assert set(t.state["frozen"]) >= {energy[2], energy[0]} and energy[1] not in t.state["frozen"]


def test_a_payment_offers_only_cards_that_can_still_complete_it():
    """001 ch.2 Column コストの支払い: a coloured cost needs its colour; after an off-colour card pays X,
    only the colour is offered."""
    t = Table([th(hand=["th-koakuma"], energy=["th-cirno", "th-meiling", "th-meiling"]), th()], variant=TH)
    with pytest.raises(IllegalAction):                        # K1 and no black energy: not a move at all
        step(t, 0, {"type": "play", "card": t.id(0, "th-koakuma"), "square": 0})
    t = Table([th(hand=["th-rumia"], energy=["th-koakuma", "th-meiling", "th-meiling"]), th()], variant=TH)
    rumia = t.id(0, "th-rumia")
    black = t.id(0, "th-koakuma", "energy")
    red = sorted(c for c in t.state["players"][0]["energy"] if t.state["cards"][c] == "th-meiling")
    s = step(t, 0, {"type": "play", "card": rumia, "square": 0, "pay": [red[1]]})
    assert [o.ref for o in s.options] == [black]              # K1 X1 with one red paid: only the black left
    assert not reachable(GAME, t.state, 0, {"type": "play", "card": rumia, "square": 0, "pay": red})


def test_pact_offers_every_card_of_each_name():
    """000 盟約 「それぞれ１枚選んで除外」: any 藍 and any 橙 of hand, squares, energy or graveyard, not only the lowest ids."""
    t = Table([th(hand=["th-yukari", "th-ran"], grave=["th-chen", "th-chen", "th-ran"], energy=["th-chen", "th-chen"]), th()],
              variant=TH)
    yukari = t.id(0, "th-yukari")
    late_ran, late_chen = t.id(0, "th-ran", "grave"), t.id(0, "th-chen", "grave", 1)
    s = step(t, 0, {"type": "activate", "card": yukari, "ability": 0})
    assert s.field == "pact" and late_ran in [o.ref for o in s.options]
    assert all(t.state["cards"][o.ref] == "th-ran" for o in s.options)
    s = step(t, 0, {"type": "activate", "card": yukari, "ability": 0, "pact": [late_ran]})
    assert late_chen in [o.ref for o in s.options] and all(t.state["cards"][o.ref] == "th-chen" for o in s.options)
    energy = sorted(t.state["players"][0]["energy"])
    action = {"type": "activate", "card": yukari, "ability": 0, "pact": [late_ran, late_chen], "pay": energy}
    assert reachable(GAME, t.state, 0, action)
    t.act(0, action)
    assert t.where(late_ran) == "removed" and t.where(late_chen) == "removed"


def test_sideboarding_swaps_any_number_of_cards():
    """001 ch.2 §6 「好きな枚数」: the ten cards picked are the sideboard, the other cards the deck."""
    t = Table(position=False, options={"best_of": 3, "first": 0})
    until_sideboard(t, random.Random(3))
    deck, side = t.state["series"]["decks"][0], t.state["series"]["sideboards"][0]
    new_side = deck[:3] + side[3:]
    partial = {"type": "sideboard"}
    s = step(t, 0, partial)
    assert s.options[0].done and s.options[0].action == {"type": "sideboard"}      # keep
    for key in new_side:
        option = next(o for o in step(t, 0, partial).options if o.action.get("sideboard", [])[-1:] == [key])
        partial = option.action
    assert option.done and sorted(option.action["deck"]) == sorted(side[:3] + deck[3:])
    t.act(0, option.action)
    assert sorted(t.state["series"]["sideboards"][0]) == sorted(new_side)


def test_a_mulligan_orders_the_hand_card_by_card():
    """000 マリガン: the hand goes under the deck in the order the player gives, any order."""
    t = Table(position=False, variant=TH)
    (seat,) = t.to_act
    hand = list(t.state["players"][seat]["hand"])[::-1]
    assert reachable(GAME, t.state, seat, {"type": "mulligan", "order": hand})
    t.act(seat, {"type": "mulligan", "order": hand})
    assert t.state["players"][seat]["deck"][-len(hand):] == hand


def test_the_deck_after_sideboarding_is_declared_unordered_and_decide_ignores_its_order():
    """001 ch.2 §6: a deck has no order until it is shuffled, so ``facts.unordered`` names the sideboard
    action's ``deck`` (the protocol offers it in one order): decide rules the same whatever its order."""
    assert GAME.facts.unordered == {"sideboard": ("deck",)}
    t = Table(position=False, options={"best_of": 3, "first": 0})
    until_sideboard(t, random.Random(3))
    deck, side = t.state["series"]["decks"][0], t.state["series"]["sideboards"][0]
    action = {"type": "sideboard", "deck": side[:3] + deck[3:], "sideboard": deck[:3] + side[3:]}
    shuffled = {**action, "deck": list(reversed(action["deck"]))}
    assert shuffled != action
    assert play(GAME, t.state, 0, shuffled, t.seed) == play(GAME, t.state, 0, action, t.seed)
