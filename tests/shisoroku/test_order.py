"""購入時効果と獲得時効果 l.169-181, 廃棄時効果 l.183-189, 2つの種類を持つカード l.164-167 — seed 004."""
from tests.shisoroku.table import Table, kingdom_with, of_type, position, types

COPPERS = ["osaisen"] * 5


def play(card):
    return {"type": "play", "card": card}


def buy(card):
    return {"type": "buy", "card": card}


def table(hand, cards, deck=COPPERS * 2, discard=(), other_hand=COPPERS, **kw):
    return Table(position(dict(hand=list(hand), deck=list(deck), discard=list(discard)),
                          dict(hand=list(other_hand), deck=COPPERS), kingdom=kingdom_with(*cards), **kw))


def test_buying_runs_buy_then_on_buy_then_gain_then_on_gain():
    """l.177-181: 1 buy, 2 when-bought, 3 gain, 4 when-gained — 豊穣の神「秋穣子」 (Farmland, on-buy) bought
    with a 御神酒 in hand."""
    t = table(["omiki", "omiki", "hakurei"], ("minoriko", "ningen_no_sato"))
    t.act(0, {"type": "play_treasures"})
    events = t.act(0, buy("minoriko"))
    assert types(events)[:1] == ["CardBought"] and t.pending["purpose"] == "trash"   # 2: Farmland's on-buy asks
    assert t.player(0)["discard"] == []                                              # 3 has not happened yet
    t.choose(0, cards=["hakurei"])                                # trash 博麗神社 (2), gain exactly 4
    assert t.pending["kind"] == "gain" and t.pending["options"] == ["painflow", "utsuho"]   # exactly 2 + 2
    while t.pending:
        t.choose(0, card=t.pending["options"][0])
    gains = [e.data["card"] for e in of_type(t.events, "CardGained")]
    assert gains[-1] == "minoriko" and len(gains) == 2                                # the bought card comes last
    trashed = t.events.index(of_type(t.events, "CardsTrashed")[0])
    assert trashed < t.events.index(of_type(t.events, "CardGained")[-1])


def test_the_on_gain_effect_follows_the_gain_in_any_phase():
    """l.171-172: 人間の里 (Border Village) gained by ミニ八卦炉 in the action phase gains a cheaper card."""
    t = table(["hakkero", "omiki"], ("hakkero", "ningen_no_sato"))
    t.act(0, play("hakkero"))
    t.choose(0, cards=["omiki"])                                      # 6 + 2 -> up to 8
    t.choose(0, card="ningen_no_sato")
    assert t.pending["kind"] == "gain" and t.pending["source"] == "ningen_no_sato"
    assert all(c != "ningen_no_sato" for c in t.pending["options"]) and "omiki" not in t.pending["options"]
    t.choose(0, card="hokora")
    assert [e.data["card"] for e in of_type(t.events, "CardGained")] == ["ningen_no_sato", "hokora"]
    assert t.state["phase"] == "buy"


def test_a_gain_that_did_not_happen_triggers_nothing():
    """l.173: 幽冥の住人チーム's reaction stops the gain of 人間の里: no on-gain effect follows."""
    t = table(["omiki", "omiki", "yuumei_team"], ("yuumei_team", "ningen_no_sato"))
    t.act(0, {"type": "play_treasures"})
    t.act(0, buy("ningen_no_sato"))
    assert t.pending["when"] == "would_gain"
    t.choose(0, card="yuumei_team")
    assert [e.data["card"] for e in of_type(t.events, "CardGained")] == ["hounoumai"]
    assert t.pending is None and t.state["supply"]["ningen_no_sato"] == 10


def test_the_on_buy_effect_happens_even_if_the_gain_does_not():
    """l.176: 秋穣子 bought, its gain replaced by 幽冥の住人チーム: the on-buy trash-and-gain still happened."""
    t = table(["omiki", "omiki", "hakurei", "yuumei_team"], ("yuumei_team", "minoriko"))
    t.act(0, {"type": "play_treasures"})
    t.act(0, buy("minoriko"))
    t.choose(0, cards=["hakurei"])                                   # on-buy: trash 博麗神社, gain a 4
    while t.pending and t.pending["kind"] == "gain":
        t.choose(0, card=t.pending["options"][0])
    while t.pending and t.pending.get("gaining") != "minoriko":
        t.choose(0, card=None)                                       # decline for the on-buy gain
    t.choose(0, card="yuumei_team")                                  # stop the bought card's gain
    assert t.state["trash"] == ["hakurei"] and t.state["supply"]["minoriko"] == 8
    assert of_type(t.events, "CardGained")[-1].data["card"] == "hounoumai"


def test_gaining_without_buying_triggers_no_on_buy():
    """l.175: 秋穣子 gained by ミニ八卦炉 is not bought: no on-buy effect."""
    t = table(["hakkero", "sairan", "omiki"], ("hakkero", "minoriko", "sairan"))
    t.act(0, play("hakkero"))
    t.choose(0, cards=["sairan"])                                     # 5 + 2 -> up to 7: 秋穣子 costs 6
    t.choose(0, card="minoriko")
    assert t.pending is None and t.state["trash"] == ["sairan"]


def test_when_trashed_effects_first_then_the_trashing_cards_effect():
    """l.185-189: ミニ八卦炉 trashes 妬符 (Rats: +1 card when trashed); 星熊勇儀 could react too: the owner
    picks their order (1-1 / 1-2), and ミニ八卦炉's gain (2) comes last."""
    t = table(["hakkero", "greeneyed", "yuugi"], ("hakkero", "greeneyed", "yuugi"), deck=["omiki"] + COPPERS)
    t.act(0, play("hakkero"))
    t.choose(0, cards=["greeneyed"])
    assert t.pending["kind"] == "order" and t.pending["options"] == ["greeneyed", "yuugi"]
    t.choose(0, option="greeneyed")                                   # draw first ...
    assert t.hand(0) == ["yuugi", "omiki"] and t.pending["when"] == "trashed"
    t.choose(0, card="yuugi")                                         # ... then react: discard it, gain 御神酒
    t.choose(0, card=None)
    assert t.pending["kind"] == "gain" and t.pending["source"] == "hakkero"   # now ミニ八卦炉 (cost 4 + 2)
    assert "omiki" in t.pending["options"] and "keine" in t.pending["options"] and "saidan" not in t.pending["options"]
    order = types(t.events)
    assert order.index("CardsTrashed") < order.index("CardsDrawn") < order.index("CardsDiscarded") \
        < len(order) - 1 and t.events[-1].data["kind"] == "gain"


def test_the_other_order_for_the_trashed_cards_effects():
    t = table(["hakkero", "greeneyed", "yuugi"], ("hakkero", "greeneyed", "yuugi"), deck=["omiki"] + COPPERS)
    t.act(0, play("hakkero"))
    t.choose(0, cards=["greeneyed"])
    t.choose(0, option="yuugi")
    assert t.pending["when"] == "trashed"
    t.choose(0, card="yuugi")
    t.choose(0, card=None)
    assert t.hand(0) == ["omiki"] and t.pending["kind"] == "gain"    # drew after the reaction


def test_a_two_type_card_counts_as_both_types():
    """l.166-167: 河城にとり (Ironworks) gaining 命蓮寺 (Action-Victory) gives +1 action and +1 card."""
    t = table(["nitori"], ("nitori", "myourenji"), deck=["omiki"] + COPPERS)
    t.act(0, play("nitori"))
    t.choose(0, card="myourenji")
    assert t.state["actions"] == 1 and t.hand(0) == ["omiki"] and t.state["coins"] == 0
    silver = table(["nitori"], ("nitori",))
    silver.act(0, play("nitori"))
    silver.choose(0, card="hounoumai")
    assert silver.state["coins"] == 1 and silver.state["actions"] == 0


def test_a_treasure_victory_card_is_played_as_treasure_and_scored_as_victory():
    """l.166: 蓬莱の薬 (Harem) is a treasure (2 coins) and a victory card (2 VP; 想起 can pick it)."""
    t = table(["hourai_drug", "osaisen"], ("hourai_drug", "souvenir"))
    t.act(0, {"type": "play_treasures"})
    assert t.state["coins"] == 3
    bureaucrat = table(["souvenir"], ("hourai_drug", "souvenir"), other_hand=["hourai_drug", "osaisen", "osaisen"])
    bureaucrat.act(0, play("souvenir"))
    assert bureaucrat.pending["types"] == ["victory"]
    bureaucrat.choose(1, cards=["hourai_drug"])
    assert bureaucrat.player(1)["deck"][0] == "hourai_drug"
