"""持続カード l.153-158: duration cards across turns — seed 004."""
from tests.shisoroku.table import GAME, Table, kingdom_with, of_type, position, types

COPPERS = ["osaisen"] * 5
END_TURN = {"type": "end_turn"}


def play(card):
    return {"type": "play", "card": card}


def table(hand, deck, cards=("star", "sunny", "eiya_gaeshi", "gensoufubi", "yuumei_kekkai")):
    return Table(position(dict(hand=list(hand), deck=list(deck)), dict(hand=COPPERS, deck=COPPERS * 3),
                          kingdom=kingdom_with(*cards)))


def next_own_turn(t, seat=0):
    """Seat ``seat`` ends its turn; the others end theirs straight away."""
    t.act(seat, END_TURN)
    while t.state["active"] != seat:
        t.act(t.state["active"], END_TURN)


def test_a_duration_is_discarded_in_the_clean_up_of_the_next_turn_not_this_one():
    """l.155: 降り注ぐ星の光「スターサファイア」 (Wharf): +2 cards +1 buy now and at the start of the next turn."""
    t = table(["star"] + COPPERS[:4], ["omiki"] * 2 + ["hakurei"] * 5 + ["hokora"] * 2)
    t.act(0, play("star"))
    assert t.hand(0)[-2:] == ["omiki", "omiki"] and t.state["buys"] == 2
    t.act(0, END_TURN)
    p = t.player(0)
    assert p["carried"] == ["star"] and "star" not in p["discard"]        # still in play
    assert GAME.view(t.state, 1)["players"][0]["carried"] == ["star"]   # in play is public
    t.act(1, END_TURN)
    events = t.events[-12:]
    resolved = of_type(events, "DurationResolved")[0]
    assert resolved.data["card"] == "star" and resolved.rule == "shisoroku/duration"
    assert t.hand(0)[-2:] == ["hokora", "hokora"] and len(t.hand(0)) == 7 and t.state["buys"] == 2
    assert t.player(0)["carried"] == ["star"]                            # until this turn's clean-up
    cleaned = of_type(t.act(0, END_TURN), "CleanedUp")[0]
    assert t.player(0)["carried"] == [] and "star" in cleaned.data["order"] and cleaned.data["stays"] == []


def test_this_turns_durations_are_kept_apart_from_last_turns():
    """l.158: a duration played last turn (carried) and one played this turn (play) are kept apart."""
    t = table(["sunny"] + COPPERS[:4], ["sunny"] + COPPERS * 3)
    t.act(0, play("sunny"))
    next_own_turn(t)
    t.act(0, play("sunny"))
    p = t.player(0)
    assert p["carried"] == ["sunny"] and p["play"] == ["sunny"]
    assert t.state["coins"] == 2 + 2                                    # last turn's +2 now, this one's +2
    t.act(0, END_TURN)
    p = t.player(0)
    assert p["carried"] == ["sunny"] and p["discard"].count("sunny") == 1  # the old one left, the new one stays


def test_a_duration_whose_effects_all_resolved_this_turn_leaves_at_this_clean_up():
    """l.156: 永夜返し (Tactician) with an empty hand sets nothing for next turn, so it does not stay."""
    t = table(["eiya_gaeshi"], COPPERS * 2)
    events = t.act(0, play("eiya_gaeshi"))
    assert not of_type(events, "DurationSet")
    t.act(0, END_TURN)
    assert t.player(0)["carried"] == [] and "eiya_gaeshi" in t.player(0)["discard"]


def test_tactician_discards_the_hand_and_gives_cards_actions_and_a_buy_next_turn():
    t = table(["eiya_gaeshi", "omiki", "hakurei"], COPPERS * 3)
    t.act(0, play("eiya_gaeshi"))
    assert t.hand(0) == [] and t.player(0)["discard"] == ["omiki", "hakurei"]
    next_own_turn(t)
    assert len(t.hand(0)) == 5 + 5 and t.state["actions"] == 2 and t.state["buys"] == 2


def test_simultaneous_durations_resolve_in_the_order_their_owner_picks():
    """l.157: 好きな順番で効果を解決する — two different ones ask; two of the same do not."""
    t = table(["sairan", "star", "sunny", "osaisen", "osaisen"], COPPERS * 4, cards=("star", "sunny", "sairan"))
    t.act(0, play("sairan"))
    t.act(0, play("star"))
    t.act(0, play("sunny"))
    t.act(0, END_TURN)
    t.act(1, END_TURN)
    assert t.to_act == [0] and t.pending["kind"] == "order" and t.pending["options"] == ["star", "sunny"]
    events = t.choose(0, option="sunny")
    assert [e.data["card"] for e in of_type(events, "DurationResolved")] == ["sunny", "star"]
    assert types(events).index("CoinsAdded") < types(events).index("CardsDrawn")
    same = table(["sairan", "sunny", "sunny"], COPPERS * 4, cards=("sunny", "sairan"))
    same.act(0, play("sairan"))
    same.act(0, play("sunny"))
    same.act(0, play("sunny"))
    same.act(0, END_TURN)
    same.act(1, END_TURN)
    assert same.pending is None and same.state["coins"] == 4


def test_kings_court_on_a_duration_stays_with_it_and_its_effect_comes_three_times():
    """幻想風靡 (King's Court) playing 降り注ぐ星の光 (Wharf): both stay in play until the next turn's clean-up
    (l.156), and next turn brings +6 cards +3 buys."""
    t = table(["gensoufubi", "star"] + COPPERS[:3], COPPERS * 6)
    t.act(0, play("gensoufubi"))
    t.choose(0, cards=["star"])
    assert t.state["buys"] == 4 and [e.data["card"] for e in of_type(t.events, "CardStays")] == ["gensoufubi"]
    t.act(0, END_TURN)
    assert sorted(t.player(0)["carried"]) == ["gensoufubi", "star"]
    t.act(1, END_TURN)
    assert t.pending is None and len(t.hand(0)) == 5 + 6 and t.state["buys"] == 4
    t.act(0, END_TURN)
    assert t.player(0)["carried"] == []


def test_kings_court_on_a_non_duration_does_not_stay():
    t = table(["gensoufubi", "painflow"] + COPPERS[:3], COPPERS * 6, cards=("gensoufubi", "painflow"))
    t.act(0, play("gensoufubi"))
    t.choose(0, cards=["painflow"])
    t.act(0, END_TURN)
    assert t.player(0)["carried"] == []


def test_lighthouse_gives_a_coin_now_and_next_turn_and_shields_in_between():
    t = table(["yuumei_kekkai"] + COPPERS[:4], COPPERS * 3)
    t.act(0, play("yuumei_kekkai"))
    assert t.state["actions"] == 1 and t.state["coins"] == 1
    next_own_turn(t)
    assert t.state["coins"] == 1 and t.player(0)["carried"] == ["yuumei_kekkai"]
