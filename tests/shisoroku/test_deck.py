"""「+Xカードを引く」 l.83-88 (and 「公開する」 l.127, 「見る」 l.132): drawing and the reshuffle — seed 004."""
from tests.shisoroku.table import Table, kingdom_with, of_type, position, types

COPPERS = ["osaisen"] * 5
SMITHY = {"type": "play", "card": "painflow"}                     # 創符「ペインフロー」: +3 cards


def table(hand, deck, discard, cards=("painflow", "youmu", "satori"), other_deck=COPPERS, other_discard=()):
    return Table(position(dict(hand=hand, deck=deck, discard=discard),
                          dict(hand=COPPERS, deck=list(other_deck), discard=list(other_discard)),
                          kingdom=kingdom_with(*cards)))


def test_draws_one_at_a_time_from_the_top():
    """l.85."""
    t = table(["painflow"], ["omiki", "hakurei", "hounoumai", "osaisen"], ["minus"])
    events = t.act(0, SMITHY)
    assert of_type(events, "CardsDrawn")[0].data["cards"] == ["omiki", "hakurei", "hounoumai"]
    assert t.player(0)["deck"] == ["osaisen"] and "DeckShuffled" not in types(events)


def test_short_deck_draws_what_it_has_then_shuffles_the_discard_pile_for_the_rest():
    """l.86: deck 2, discard 4, +3 cards -> draw 2, shuffle the 4, draw 1."""
    t = table(["painflow"], ["omiki", "hakurei"], ["minus", "minus", "hounoumai", "osaisen"])
    events = t.act(0, SMITHY)
    assert types(events)[1:4] == ["CardsDrawn", "DeckShuffled", "CardsDrawn"]
    first, shuffled, rest = events[1].data, events[2].data, events[3].data
    assert first["cards"] == ["omiki", "hakurei"]
    assert sorted(shuffled["order"]) == sorted(["minus", "minus", "hounoumai", "osaisen"])
    assert rest["cards"] == shuffled["order"][:1]
    assert t.player(0)["deck"] == shuffled["order"][1:] and t.player(0)["discard"] == []
    assert events[2].rule == "shisoroku/draw.reshuffle"


def test_still_short_after_the_shuffle_draws_what_there_is():
    """l.86: それでも足りない場合、山札にあるだけ引く."""
    t = table(["painflow"], ["omiki"], ["hakurei"])
    t.act(0, SMITHY)
    assert sorted(t.hand(0)) == ["hakurei", "omiki"] and t.player(0)["deck"] == []


def test_exactly_enough_in_the_deck_means_no_shuffle():
    """l.87: 山札がX枚だけあり、丁度引けた時は捨て札をシャッフルしない — the deck is left empty."""
    t = table(["painflow"], ["omiki", "hakurei", "hounoumai"], ["minus", "minus"])
    events = t.act(0, SMITHY)
    assert "DeckShuffled" not in types(events)
    assert t.player(0)["deck"] == [] and t.player(0)["discard"] == ["minus", "minus"]


def test_an_empty_deck_is_not_shuffled_until_a_card_is_needed():
    """l.86-87: the shuffle happens at the moment a card is missing, not when the deck runs out."""
    t = table(["painflow", "painflow"], ["omiki", "hakurei", "hounoumai"], ["minus"])
    t.act(0, SMITHY)
    assert t.player(0)["discard"] == ["minus"]
    t.act(0, {"type": "end_turn"})                                   # clean-up draws 5 from an empty deck
    assert len(t.hand(0)) == 5


def test_clean_up_drawing_follows_the_same_rule():
    """l.88: exactly 5 cards left -> drawn without shuffling; fewer -> shuffle for the rest."""
    exact = table(COPPERS, ["omiki"] * 5, ["minus"])
    events = exact.act(0, {"type": "end_turn"})
    assert "DeckShuffled" not in types(events)
    assert exact.hand(0) == ["omiki"] * 5 and exact.player(0)["deck"] == []
    assert sorted(exact.player(0)["discard"]) == sorted(["minus"] + COPPERS)
    short = table(COPPERS, ["omiki"] * 3, ["minus"])
    events = short.act(0, {"type": "end_turn"})
    shuffled = of_type(events, "DeckShuffled")[0]
    assert shuffled.rule == "shisoroku/draw.reshuffle"
    assert sorted(shuffled.data["order"]) == sorted(["minus"] + COPPERS)      # hand and play were discarded first
    assert len(short.hand(0)) == 5 and short.hand(0)[:3] == ["omiki"] * 3


def test_looking_follows_the_same_rule():
    """「見る」 l.132 via 半分幻の庭師「魂魄妖夢」 (look at 3): exactly 3 -> no shuffle; 2 -> shuffle for 1."""
    exact = table(["youmu"], ["omiki", "hakurei", "minus"], ["hounoumai"])
    events = exact.act(0, {"type": "play", "card": "youmu"})
    assert "DeckShuffled" not in types(events) and exact.player(0)["looking"] == ["omiki", "hakurei", "minus"]
    short = table(["youmu"], ["omiki", "hakurei"], ["hounoumai"])
    events = short.act(0, {"type": "play", "card": "youmu"})
    assert types(events)[2:5] == ["CardsLookedAt", "DeckShuffled", "CardsLookedAt"]
    assert short.player(0)["looking"] == ["omiki", "hakurei", "hounoumai"]


def test_revealing_follows_the_same_rule():
    """「公開する」 l.127 via 古明地さとり (each player reveals 2): one left -> reveal it, shuffle, reveal 1."""
    t = table(["satori"], ["omiki", "hakurei"], ["hounoumai"], other_deck=["minus"], other_discard=["hokora"])
    events = t.act(0, {"type": "play", "card": "satori"})
    assert "DeckShuffled" not in types(events)                       # seat 0 held exactly 2
    assert t.player(0)["revealed"] == ["omiki", "hakurei"]
    t.choose(0, option="back")                                       # seat 0's cards go back; seat 1 reveals next
    events = t.choose(0, cards=["hakurei", "omiki"])                 # seat 0 orders its own two
    assert types(events)[-4:-1] == ["CardsRevealed", "DeckShuffled", "CardsRevealed"]
    assert t.player(1)["revealed"] == ["minus", "hokora"] and t.player(0)["deck"][:2] == ["hakurei", "omiki"]
