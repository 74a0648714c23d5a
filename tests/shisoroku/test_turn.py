"""ゲームの進行とフェイズ, アクションフェイズ, 購入フェイズ, クリーンアップフェイズ (l.30-75) — seed 004."""
from tests.shisoroku.table import Table, kingdom_with, of_type, position, types

COPPERS = ["osaisen"] * 5
PLAY, END_ACTIONS, TREASURES, END_TURN = ({"type": "play"}, {"type": "end_actions"}, {"type": "play_treasures"},
                                          {"type": "end_turn"})


def play(card):
    return {"type": "play", "card": card}


def buy(card):
    return {"type": "buy", "card": card}


def table(hand, deck=(), discard=(), seats=2, cards=("painflow", "sairan"), **kw):
    others = [dict(hand=list(COPPERS), deck=list(COPPERS)) for _ in range(seats - 1)]
    return Table(position(dict(hand=list(hand), deck=list(deck), discard=list(discard)), *others,
                          kingdom=kingdom_with(*cards), **kw))


def test_three_phases_in_order_then_the_player_on_the_left():
    """l.34-40: action, buy, clean-up; then the left neighbour's turn (wrapping round the table)."""
    t = table(COPPERS, deck=COPPERS, seats=3, first=2)
    assert t.state["active"] == 2 and t.state["phase"] == "action"
    t.act(2, END_ACTIONS)
    assert t.state["phase"] == "buy"
    events = t.act(2, END_TURN)
    assert types(events)[:1] == ["CleanedUp"] and "TurnEnded" in types(events)
    assert t.state["active"] == 0 and t.state["phase"] == "action" and t.state["turn"] == 2
    t.act(0, END_TURN)
    assert t.state["active"] == 1


def test_one_action_card_per_action_phase():
    """アクションフェイズ l.44: only one action card; +actions (l.92) allow more."""
    t = table(["painflow", "painflow", "osaisen"], deck=COPPERS * 2)
    t.act(0, play("painflow"))
    assert t.state["actions"] == 0 and t.state["phase"] == "buy"       # no action left: the phase is over (l.49)
    assert t.illegal(0, play("painflow")).rule == "shisoroku/buy.treasures"   # the buy phase plays treasures only
    t2 = table(["sairan", "painflow", "painflow"], deck=COPPERS * 2)
    t2.act(0, play("sairan"))                                             # +2 actions
    t2.act(0, play("painflow"))
    t2.act(0, play("painflow"))
    assert t2.player(0)["play"] == ["sairan", "painflow", "painflow"] and t2.state["actions"] == 0


def test_a_played_card_goes_to_play_and_resolves_from_the_top():
    """アクションフェイズ l.45: into the play area, effects from the top (彩光乱舞: +2 actions, +1 buy, +2 coins)."""
    t = table(["sairan", "osaisen"])
    events = t.act(0, play("sairan"))
    assert types(events) == ["CardPlayed", "ActionsAdded", "BuysAdded", "CoinsAdded"]
    assert t.player(0)["play"] == ["sairan"] and "sairan" not in t.hand(0)
    assert (t.state["actions"], t.state["buys"], t.state["coins"]) == (2, 2, 2)


def test_a_card_is_played_even_if_its_effects_cannot_all_be_done():
    """アクションフェイズ l.46: effects as far as possible — +3 cards with 1 card left in deck and discard."""
    t = table(["painflow"], deck=["omiki"])
    t.act(0, play("painflow"))
    assert t.hand(0) == ["omiki"] and t.player(0)["deck"] == []


def test_a_cards_effects_finish_before_another_card_or_the_buy_phase():
    """アクションフェイズ l.47: while 闇符「ディマーケイション」 waits for its choice nothing else may happen."""
    t = table(["demarcation", "sairan", "osaisen", "hakurei"], cards=("demarcation", "sairan"))
    t.act(0, play("demarcation"))
    assert t.pending["kind"] == "cards"
    for action in (play("sairan"), TREASURES, buy("osaisen"), END_TURN):
        assert t.illegal(0, action).rule == "shisoroku/kifu.actions"
    t.choose(0, cards=["hakurei"])
    assert t.pending is None and t.state["phase"] == "buy"


def test_played_cards_stay_in_play_until_clean_up():
    """アクションフェイズ l.48 / リソースの使用 l.59: face up in the play area until the clean-up."""
    t = table(["sairan", "osaisen", "osaisen"], deck=COPPERS)
    t.act(0, play("sairan"))
    t.act(0, TREASURES)
    t.act(0, buy("hakurei"))
    assert t.player(0)["play"] == ["sairan", "osaisen", "osaisen"]
    t.act(0, END_TURN)
    assert t.player(0)["play"] == [] and t.player(0)["discard"][-3:] == ["sairan", "osaisen", "osaisen"]


def test_the_action_phase_ends_when_the_player_stops_and_waits_even_without_actions_in_hand():
    """アクションフェイズ l.49; rule kifu.waiting: waiting never depends on the hidden hand."""
    t = table(COPPERS)
    assert t.state["phase"] == "action" and t.to_act == [0]
    t.act(0, END_ACTIONS)
    assert t.state["phase"] == "buy"
    assert t.illegal(0, END_ACTIONS).rule == "shisoroku/action.end"


def test_treasures_any_number_one_at_a_time_then_buy():
    """リソースの使用 l.57-60: any number of treasures, each into play; then the purchase."""
    t = table(["osaisen", "hounoumai", "omiki", "hakurei", "osaisen"])
    t.act(0, END_ACTIONS)
    t.act(0, play("hounoumai"))
    assert t.state["coins"] == 2
    t.act(0, TREASURES)
    assert t.state["coins"] == 2 + 1 + 3 + 1 and t.hand(0) == ["hakurei"]
    assert t.illegal(0, play("hakurei")).rule == "shisoroku/buy.treasures"


def test_no_treasures_once_buying_has_started():
    """カードの購入 l.64."""
    t = table(["sairan", "osaisen", "osaisen", "osaisen"])
    t.act(0, play("sairan"))                    # +1 buy, +2 coins
    t.act(0, play("osaisen"))
    t.act(0, buy("hakurei"))                     # 3 coins -> 2 spent
    assert t.illegal(0, play("osaisen")).rule == "shisoroku/buy.no-more-treasures"
    assert t.illegal(0, TREASURES).rule == "shisoroku/buy.no-more-treasures"


def test_buy_a_card_costing_at_most_the_coins_it_goes_to_the_discard_pile():
    """カードの購入 l.65-66: coins from treasures and actions together; gained to the discard pile."""
    t = table(["sairan", "hounoumai", "osaisen"], discard=["hakurei"])
    t.act(0, play("sairan"))
    t.act(0, TREASURES)                          # 2 + 2 + 1 = 5
    assert t.illegal(0, buy("omiki")).rule == "shisoroku/buy.split"
    events = t.act(0, buy("hokora"))
    assert types(events) == ["CardBought", "CardGained"]
    assert t.player(0)["discard"] == ["hakurei", "hokora"] and t.state["supply"]["hokora"] == 7
    assert t.state["coins"] == 0


def test_coins_are_split_freely_over_several_buys():
    """カードの購入 l.67-68: with 5 coins and 2 buys, a 2 and a 3 — or one 5."""
    t = table(["merlin", "osaisen", "osaisen", "osaisen"], deck=["osaisen"] * 2 + ["hakurei"] * 2, cards=("merlin",))
    t.act(0, play("merlin"))                    # +4 cards, +1 buy
    t.act(0, TREASURES)
    assert t.state["coins"] == 5 and t.state["buys"] == 2
    t.act(0, buy("hakurei"))
    t.act(0, buy("hounoumai"))
    assert t.state["coins"] == 0 and t.state["buys"] == 0
    assert t.player(0)["discard"] == ["hakurei", "hounoumai"]


def test_no_buy_left_ends_buying_and_an_empty_pile_cannot_be_bought():
    """カードの購入 l.69 (and a supply pile with no card left holds nothing to buy)."""
    t = table(["osaisen"] * 5, supply={"hakurei": 0})
    t.act(0, TREASURES)
    assert t.illegal(0, buy("hakurei")).rule == "shisoroku/buy.buy"
    t.act(0, buy("osaisen"))
    assert t.illegal(0, buy("osaisen")).rule == "shisoroku/buy.end"
    assert t.to_act == [0]                      # the turn ends when the player says so (choosing the top card)


def test_clean_up_discards_hand_and_play_then_draws_five():
    """クリーンアップフェイズ l.73, l.75."""
    t = table(["sairan", "osaisen", "hakurei", "hakurei", "osaisen"], deck=["omiki"] * 5 + ["hakurei"])
    t.act(0, play("sairan"))
    t.act(0, play("osaisen"))
    events = t.act(0, END_TURN)
    cleaned = of_type(events, "CleanedUp")[0].data
    assert sorted(cleaned["order"]) == sorted(["sairan", "osaisen", "hakurei", "hakurei", "osaisen"])
    p = t.player(0)
    assert p["hand"] == ["omiki"] * 5 and p["play"] == [] and p["deck"] == ["hakurei"]
    assert sorted(p["discard"]) == sorted(cleaned["order"])


def test_clean_up_order_hand_at_once_played_cards_one_by_one_player_picks_the_top():
    """クリーンアップフェイズ l.74: by default the hand goes first and the played cards after it in the
    order played; the player may put any of them on top (the top card is public)."""
    t = table(["sairan", "osaisen", "hakurei", "omiki"], deck=COPPERS)
    t.act(0, play("sairan"))
    t.act(0, play("osaisen"))
    t2 = table(["sairan", "osaisen", "hakurei", "omiki"], deck=COPPERS)
    t2.act(0, play("sairan"))
    t2.act(0, play("osaisen"))
    default = of_type(t.act(0, END_TURN), "CleanedUp")[0].data["order"]
    assert default == ["hakurei", "omiki", "sairan", "osaisen"]
    chosen = of_type(t2.act(0, {"type": "end_turn", "top": "hakurei"}), "CleanedUp")[0].data["order"]
    assert chosen[-1] == "hakurei" and t2.player(0)["discard"][-1] == "hakurei"
    t3 = table(COPPERS)
    assert t3.illegal(0, {"type": "end_turn", "top": "omiki"}).rule == "shisoroku/cleanup.order"


def test_only_the_seat_to_act_may_act():
    t = table(COPPERS, deck=COPPERS)
    assert t.illegal(1, END_TURN).rule == "shisoroku/turn.order"
    assert t.illegal(1, play("osaisen")).rule == "shisoroku/turn.order"
