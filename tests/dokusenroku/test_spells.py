"""スペルカード, その他 ④ (movement spells override each other) and the effect vocabulary — seed 002.

Effects are designed (cards.json); the three movement spells are the seed's. One test per effect name.
"""
import pytest

from engine.games.dokusenroku.cards import EFFECTS, SPELLS
from tests.dokusenroku.table import GAME, Table, of_type, one, owned, position, types

ROLL = {"type": "roll"}


def spell(t, seat, card, target=None):
    return t.act(seat, {"type": "spell", "card": card, **({} if target is None else {"target": target})})


def test_every_effect_name_has_a_spell_or_event_using_it_and_a_test_here():
    used = {e["do"] for s in SPELLS.values() for e in s.effects}
    from engine.games.dokusenroku.board import EVENT_TABLE
    used |= {e["do"] for entry in EVENT_TABLE.values() for e in entry["effects"]}
    assert used == set(EFFECTS)


# ---- その他 ④ 移動系スペルカード ------------------------------------------------------------------

def test_perfect_freeze_makes_another_player_move_one_square_without_rolling():
    """凍符「パーフェクトフリーズ」: 1マス進む (the seed's example), set on another player's next move."""
    t = Table(position(hands=[["S03a"], []]))
    changed = one(spell(t, 0, "S03a", 1), "MoveChanged")
    assert changed.data["seat"] == 1 and changed.rule == "dokusenroku/spell.movement"
    t.act(0, ROLL, dice=[4])
    moved = one(t.act(1, ROLL), "Moved").data
    assert moved["dice"] is None and moved["steps"] == 1 and t.player(1)["at"] == 1
    assert t.player(1)["move"] is None


def test_a_later_movement_spell_overrides_the_earlier_one():
    """④ 移動する数を変化させるスペルカードは効果が上書きされます: frozen, then 彗星「ブレイジングスター」 (dice + 4)."""
    t = Table(position(hands=[["S03a"], ["S01a"]]))
    spell(t, 0, "S03a", 1)
    t.act(0, ROLL, dice=[4])
    replaced = one(spell(t, 1, "S01a"), "MoveChanged").data
    assert replaced["replaced"] == {"kind": "fixed", "n": 1} and replaced["move"] == {"kind": "plus", "n": 4}
    moved = one(t.act(1, ROLL, dice=[2, 3]), "Moved").data
    assert moved["dice"] == [2, 3] and moved["steps"] == 9


def test_fate_lets_the_player_choose_how_far_to_move():
    """運命を操る程度の能力: no roll; the player names the count (1-12, designed)."""
    t = Table(position(hands=[["S02a"], []]))
    spell(t, 0, "S02a")
    assert t.illegal(0, ROLL).rule == "dokusenroku/spell.movement"
    assert t.illegal(0, {"type": "roll", "steps": 13}).rule == "dokusenroku/spell.movement"
    assert [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "roll"] == \
        [{"type": "roll", "steps": n} for n in range(1, 13)]
    moved = one(t.act(0, {"type": "roll", "steps": 8}), "Moved").data
    assert moved["dice"] is None and moved["to"] == 8 and t.step == "event"


def test_steps_are_only_for_a_chosen_move():
    t = Table(position(hands=[[], []]))
    assert t.illegal(0, {"type": "roll", "steps": 5}).rule == "dokusenroku/turn.move"


# ---- the other effects ---------------------------------------------------------------------------

def test_draw_and_gain():
    t = Table(position(hands=[["S06a", "S14a", "S18a"], []], decks=[["C01a", "C02a", "C03a", "C04a"]]))
    spell(t, 0, "S06a")                                       # draw 2
    assert t.hand(0)[-2:] == ["C01a", "C02a"]
    spell(t, 0, "S14a")                                       # free: +10
    assert t.money()[0] == 40 - 10 + 10
    t2 = Table(position(hands=[["S18a"], []], decks=[["C01a", "C02a"]]))
    spell(t2, 0, "S18a")                                      # draw 1 and +10
    assert t2.hand(0) == ["C01a"] and t2.money()[0] == 40


def test_gain_per_land():
    t = Table(position(hands=[["S10a"], []], lands={"L01": owned(0, "C10a"), "L02": owned(0, "C11a"),
                                                      "L03": owned(1, "C12a")}))
    spell(t, 0, "S10a")
    assert t.money()[0] == 40 - 10 + 20


def test_tribute_take_and_burn_are_capped():
    t = Table(position(order=[0, 1, 2], hands=[["S09a"], [], []], money=[30, 5, 40]))
    spell(t, 0, "S09a")                                       # each other player gives 10
    assert t.money() == [0 + 5 + 10, 0, 30]
    t = Table(position(hands=[["S16a"], []], money=[10, 15]))
    spell(t, 0, "S16a", 1)                                    # take 20 from seat 1 (has 15)
    assert t.money() == [15, 0]
    t = Table(position(hands=[["S20a"], []], money=[30, 70]))
    spell(t, 0, "S20a", 1)                                    # seat 1 pays 50 to the bank
    assert t.money() == [0, 20]


def test_other_player_targets():
    t = Table(position(hands=[["S16a", "S06a"], []]))
    assert t.illegal(0, {"type": "spell", "card": "S16a", "target": 0}).rule == "dokusenroku/actions"
    assert t.illegal(0, {"type": "spell", "card": "S16a"}).rule == "dokusenroku/actions"
    assert t.illegal(0, {"type": "spell", "card": "S06a", "target": 1}).rule == "dokusenroku/actions"


def test_discard_random_from_another_hand():
    t = Table(position(hands=[["S08a"], ["C01a", "C02a", "C03a"]]))
    gone = one(spell(t, 0, "S08a", 1), "CardsDiscarded").data
    assert gone["random"] and len(gone["cards"]) == 2 and len(set(gone["cards"])) == 2
    assert sorted(t.hand(1) + gone["cards"]) == ["C01a", "C02a", "C03a"]
    assert sorted(t.graveyard()) == sorted(["S08a"] + gone["cards"])
    picks = {tuple(one(Table(position(hands=[["S19a"], ["C01a", "C02a", "C03a"]]), seed=b"r%d" % i)
                       .act(0, {"type": "spell", "card": "S19a", "target": 1}), "CardsDiscarded").data["cards"])
             for i in range(12)}
    assert len(picks) > 1                                     # the rng chooses, not the hand order


def test_level_up_and_down():
    lands = {"L01": owned(0, "C10a", 4), "L02": owned(1, "C11a", 3), "L03": owned(1, "C12a", 1)}
    t = Table(position(hands=[["S17a"], ["S04a"]], lands=lands))
    spell(t, 0, "S17a", "L01")                                # +2 levels, capped at 5
    assert t.land("L01")["level"] == 5
    t.act(0, ROLL, dice=[4])
    assert t.illegal(1, {"type": "spell", "card": "S04a", "target": "L02"}).rule == "dokusenroku/spell.effect"
    spell(t, 1, "S04a", "L01")
    assert t.land("L01")["level"] == 4
    assert GAME.legal_actions(t.state, 1)[-1] == ROLL


def test_own_land_target_must_be_below_the_top_level():
    t = Table(position(hands=[["S11a"], []], lands={"L01": owned(0, "C10a", 5), "L02": owned(1, "C11a")}))
    assert t.illegal(0, {"type": "spell", "card": "S11a", "target": "L01"}).rule == "dokusenroku/spell.effect"
    assert t.illegal(0, {"type": "spell", "card": "S11a", "target": "L02"}).rule == "dokusenroku/spell.effect"


def test_recover_a_character_from_the_graveyard():
    t = Table(position(hands=[["S12a"], []], graveyards=[["C25a", "S01a"]]))
    spell(t, 0, "S12a")
    assert t.step == "choose" and t.state["pending"]["options"] == ["C25a"]
    t.act(0, {"type": "choose", "card": "C25a"})
    assert t.hand(0) == ["C25a"] and t.step == "main"
    assert sorted(t.graveyard()) == ["S01a", "S12a"]


def test_toll_half():
    """審判「ラストジャッジメント」: this turn's tolls are halved, rounded up."""
    t = Table(position(hands=[["S13a"], []], lands={"L04": owned(1, "C10a", 3)}))
    spell(t, 0, "S13a")
    t.act(0, ROLL, dice=[5])
    assert one(t.events[-4:], "TollPaid").data["amount"] == 10        # 20 halved


def test_all_draw_in_turn_order_from_the_caster():
    t = Table(position(order=[1, 2, 0], hands=[[], ["S15a"], []], decks=[["C01a", "C02a", "C03a"]]))
    spell(t, 1, "S15a")
    assert [e.data["seat"] for e in of_type(t.events, "CardDrawn")] == [1, 2, 0]


def test_search_standard_takes_a_card_and_shuffles():
    """山札から指定したカードを手札にくわえる (kifu: 探し物を探し当てる程度の能力)."""
    t = Table(position(hands=[["S07a"], []], decks=[["C01a", "C02a", "C03a"]]))
    spell(t, 0, "S07a")
    assert t.state["pending"]["options"] == ["C01a", "C02a", "C03a"] and t.to_act == [0]
    events = t.act(0, {"type": "choose", "card": "C03a"})
    assert t.hand(0) == ["C03a"] and sorted(t.state["piles"][0]["deck"]) == ["C01a", "C02a"]
    assert types(events)[:3] == ["ChoiceMade", "CardSearched", "DeckShuffled"]


def test_search_returns_the_removed_cards_then_removes_again_unseen():
    """~デッキの枚数調整~ 取り除いたカードを一度山札にくわえて行います。効果が終わったら同じように…取り除きます."""
    t = Table(position(hands=[["0:S07a"], []], decks=[["0:C01a", "0:C02a"], ["1:C01a"]],
                       removed=[["0:C03a", "0:C04a"], ["1:C02a", "1:C03a"]]),
              variant="constructed", options={"removed": 2})
    started = one(spell(t, 0, "0:S07a"), "SearchStarted")
    assert started.data["options"] == ["0:C01a", "0:C02a", "0:C03a", "0:C04a"]
    assert t.view(0)["pending"]["options"] == started.data["options"]
    assert t.view(1)["pending"]["options"] is None and t.view(1)["pending"]["options_count"] == 4
    assert "options" not in GAME.redact(started, 1).data and "returned" not in GAME.redact(started, 0).data
    events = t.act(0, {"type": "choose", "card": "0:C04a"})
    pile = t.state["piles"][0]
    assert t.hand(0) == ["0:C04a"] and len(pile["removed"]) == 2 and len(pile["deck"]) == 1
    assert sorted(pile["deck"] + pile["removed"]) == ["0:C01a", "0:C02a", "0:C03a"]
    assert t.state["piles"][1]["removed"] == ["1:C02a", "1:C03a"]           # only the searcher's deck
    searched = one(events, "CardSearched")
    assert "card" not in GAME.redact(searched, 1).data and GAME.redact(searched, 0).data["card"] == "0:C04a"
    for seat in (0, 1, None):
        assert GAME.redact(one(events, "CardsRemoved"), seat).data == {"pile": 0, "cards_count": 2}


@pytest.mark.parametrize("sid", sorted(SPELLS))
def test_every_spell_can_be_cast_from_a_plain_position(sid):
    lands = {"L01": owned(0, "C10a", 2), "L02": owned(1, "C11a", 2)}
    t = Table(position(hands=[[sid + "a"], ["C12a"]], lands=lands, money=[60, 60], graveyards=[["C13a"]]))
    target = {"none": None, "other": 1, "own_land": "L01", "other_land": "L02"}[SPELLS[sid].target]
    events = spell(t, 0, sid + "a", target)
    assert one(events, "SpellCast").data["cost"] == SPELLS[sid].cost
    assert len(events) >= 2                                   # the effect did something visible
