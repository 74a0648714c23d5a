"""カードの指示 l.81-141: +actions, +coins, +buy, discard, gain, trash, reveal, look, set aside, in play — seed 004."""
from tests.shisoroku.table import GAME, Table, kingdom_with, of_type, position

COPPERS = ["osaisen"] * 5


def play(card):
    return {"type": "play", "card": card}


def table(hand, deck=COPPERS, discard=(), cards=(), other=None, **kw):
    other = other or dict(hand=list(COPPERS), deck=list(COPPERS))
    return Table(position(dict(hand=list(hand), deck=list(deck), discard=list(discard)), other,
                          kingdom=kingdom_with(*cards), **kw))


def test_plus_actions_coins_and_buy():
    """「+Xアクション」 l.92, 「+X●」 l.96, 「+1カードを購入」 l.101 (彩光乱舞: +2 actions, +1 buy, +2 coins)."""
    t = table(["sairan", "sairan"], cards=("sairan",))
    t.act(0, play("sairan"))
    t.act(0, play("sairan"))
    assert (t.state["actions"], t.state["buys"], t.state["coins"]) == (1 - 1 + 2 - 1 + 2, 3, 4)


def test_plus_coins_is_not_gaining_a_treasure():
    """「+X●」 l.97: リソースカードを獲得する効果ではない."""
    t = table(["shanghai"], cards=("shanghai",))
    events = t.act(0, play("shanghai"))
    assert t.state["coins"] == 2 and not of_type(events, "CardGained")
    assert t.player(0)["discard"] == [] and of_type(events, "CoinsAdded")[0].rule == "shisoroku/plus.coins"


def test_discarding_from_hand_is_all_at_once_the_number_shown_and_the_top_card_public():
    """「捨て札にする」 l.105-109 (咒詛「魔彩光の上海人形」: the others discard down to 3)."""
    t = table(["shanghai"], cards=("shanghai",), other=dict(hand=["omiki", "hakurei", "osaisen", "minus", "hokora"]))
    t.act(0, play("shanghai"))
    assert t.to_act == [1] and t.pending["min"] == 2
    events = t.choose(1, cards=["hakurei", "minus"])
    discarded = of_type(events, "CardsDiscarded")
    assert len(discarded) == 1 and discarded[0].data["cards"] == ["hakurei", "minus"]   # one event: at once
    assert GAME.redact(discarded[0], 0).data == {"seat": 1, "from": "hand", "count": 2, "top": "minus"}
    assert GAME.redact(discarded[0], 1).data["cards"] == ["hakurei", "minus"]
    assert GAME.view(t.state, 0)["players"][1]["discard_top"] == "minus"


def test_putting_the_deck_into_the_discard_pile_is_not_discarding():
    """l.106: 山札全てを捨て札置き場に置く is 「捨て札に置く」 (蓬莱の玉の枝, plays as Trusty Steed); nobody
    sees the cards, only the new top card."""
    t = table(["hourai_eda"], deck=["omiki", "hakurei", "minus"], cards=("nandai",))
    t.act(0, play("hourai_eda"))
    events = t.choose(0, options=["actions", "silvers"])
    put = [e for e in of_type(events, "CardsDiscarded") if e.data["from"] == "deck"][0]
    assert put.rule == "shisoroku/discard.put" and put.data["put"] is True
    assert t.player(0)["deck"] == [] and t.player(0)["discard"][-3:] == ["omiki", "hakurei", "minus"]
    for seat in (0, 1, None):                                          # not even the owner saw them
        assert GAME.redact(put, seat).data == {"seat": 0, "from": "deck", "put": True, "count": 3, "top": "minus"}


def test_gaining_goes_to_the_discard_pile_one_card_at_a_time():
    """「獲得する」 l.113-115 (蓬莱の玉の枝's 4 奉納米 come one by one, each its own gain)."""
    t = table(["hourai_eda"], cards=("nandai",))
    t.act(0, play("hourai_eda"))
    events = t.choose(0, options=["coins", "silvers"])
    gains = of_type(events, "CardGained")
    assert [g.data for g in gains] == [{"seat": 0, "card": "hounoumai", "to": "discard", "from": "supply"}] * 4
    assert t.state["supply"]["hounoumai"] == 36


def test_a_gain_from_an_empty_pile_does_not_happen():
    """「獲得する」 l.113: the card is taken from the supply; with none left nothing is gained."""
    t = table(["musou_fuuin"], cards=("musou_fuuin",), supply={"minus": 0})
    events = t.act(0, play("musou_fuuin"))
    assert not of_type(events, "CardGained")
    assert of_type(events, "NothingGained")[0].data == {"seat": 1, "card": "minus", "reason": "pile empty"}


def test_trashing_from_hand_is_all_at_once_and_out_of_the_game():
    """「廃棄する」 l.119-121 (闇符「ディマーケイション」: trash up to 4)."""
    t = table(["demarcation", "minus", "minus", "hakurei", "osaisen"], cards=("demarcation",))
    t.act(0, play("demarcation"))
    events = t.choose(0, cards=["minus", "minus", "hakurei"])
    trashed = of_type(events, "CardsTrashed")
    assert len(trashed) == 1 and trashed[0].data["cards"] == ["minus", "minus", "hakurei"]
    assert t.state["trash"] == ["minus", "minus", "hakurei"] and t.hand(0) == ["osaisen"]
    assert t.state["supply"]["minus"] == 10                          # not back in the supply
    assert GAME.redact(trashed[0], 1).data == trashed[0].data          # the trash is public (l.202)


def test_revealed_cards_are_shown_to_all_and_go_back_unless_told():
    """「公開する」 l.125-126 (古明地さとり: reveal 2, then back on top or discarded)."""
    t = table(["satori"], deck=["omiki", "hakurei", "osaisen"], cards=("satori",))
    events = t.act(0, play("satori"))
    revealed = of_type(events, "CardsRevealed")[0]
    for seat in (0, 1, None):
        assert GAME.redact(revealed, seat).data["cards"] == ["omiki", "hakurei"]
        assert GAME.view(t.state, seat)["players"][0]["revealed"] == ["omiki", "hakurei"]
    t.choose(0, option="back")
    t.choose(0, cards=["omiki", "hakurei"])
    assert t.player(0)["deck"][:2] == ["omiki", "hakurei"]


def test_looked_at_cards_are_seen_by_their_owner_only():
    """「見る」 l.131 (半分幻の庭師「魂魄妖夢」)."""
    t = table(["youmu"], deck=["omiki", "hakurei", "minus", "osaisen"], cards=("youmu",))
    events = t.act(0, play("youmu"))
    looked = of_type(events, "CardsLookedAt")[0]
    assert GAME.redact(looked, 0).data["cards"] == ["omiki", "hakurei", "minus"]
    assert GAME.redact(looked, 1).data == {"seat": 0, "count": 3} == GAME.redact(looked, None).data
    assert GAME.view(t.state, 0)["players"][0]["looking"] == ["omiki", "hakurei", "minus"]
    assert GAME.view(t.state, 1)["players"][0]["looking"] is None
    assert GAME.view(t.state, 1)["players"][0]["looking_count"] == 3


def test_revealed_cards_wait_face_up_apart_and_are_not_in_play():
    """「脇に置く」 l.136 and 「プレイエリアに出ている」 l.141: cards revealed from the deck wait face up
    apart while a choice is made; they are not in play (clean-up does not take them)."""
    t = table(["satori"], deck=["omiki", "hakurei"], cards=("satori",))
    t.act(0, play("satori"))
    p = t.player(0)
    assert p["revealed"] == ["omiki", "hakurei"] and p["play"] == ["satori"]
    assert t.illegal(0, {"type": "end_turn"}).rule == "shisoroku/kifu.actions"


def test_in_play_covers_durations_from_an_earlier_turn():
    """「プレイエリアに出ている」 l.140: a lasting duration card is in play (幽明結界 still shields)."""
    t = table(["yuumei_kekkai"] + COPPERS[:4], cards=("yuumei_kekkai", "musou_fuuin"),
              other=dict(hand=["musou_fuuin"] + COPPERS[:4], deck=COPPERS * 2))
    t.act(0, play("yuumei_kekkai"))
    t.act(0, {"type": "end_turn"})
    assert t.player(0)["carried"] == ["yuumei_kekkai"] and t.player(0)["play"] == []
    events = t.act(1, play("musou_fuuin"))
    assert not of_type(events, "CardGained")                          # seat 0 is not affected
    assert "minus" not in t.player(0)["discard"]


def test_effects_on_several_players_go_clockwise_from_the_player():
    """複数人が効果を受けるカード l.162: 4 players, seat 2 plays 上海人形: seats 3, 0, 1 discard in turn."""
    big = dict(hand=["osaisen"] * 5, deck=COPPERS)
    t = Table(position(dict(big), dict(big), dict(hand=["shanghai"] + COPPERS[:4], deck=COPPERS), dict(big),
                       first=2, kingdom=kingdom_with("shanghai")))
    t.act(2, play("shanghai"))
    order = []
    while t.pending:
        seat = t.to_act[0]
        order.append(seat)
        t.choose(seat, cards=["osaisen", "osaisen"])
    assert order == [3, 0, 1]
