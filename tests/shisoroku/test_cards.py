"""One test per card of the pool (kingdom, prizes, 地霊 starting cards): what cards.json says it does.

Each card plays as a Dominion card (cards.json ``plays_as``); where that mapping is designed, the
test pins the designed behaviour so that a change to it is deliberate.
"""
import sys

from engine.games.shisoroku.cards import CARDS
from tests.shisoroku.table import GAME, Table, kingdom_with, of_type, position

COPPERS = ["osaisen"] * 5


def play(card):
    return {"type": "play", "card": card}


def table(hand, cards=(), deck=COPPERS * 2, discard=(), others=None, seats=2, **kw):
    others = others or [dict(hand=list(COPPERS), deck=list(COPPERS)) for _ in range(seats - 1)]
    return Table(position(dict(hand=list(hand), deck=list(deck), discard=list(discard)), *others,
                          kingdom=kingdom_with(*cards), **kw))


def test_card_misdirection():
    """Masquerade: +2 cards; every player with cards passes one to the left at once; then you may trash one."""
    t = table(["misdirection", "minus"], ("misdirection",), deck=["omiki", "hakurei"] + COPPERS, seats=3,
              others=[dict(hand=["hokora"], deck=COPPERS), dict(hand=[], deck=COPPERS)])
    t.act(0, play("misdirection"))
    assert t.pending["purpose"] == "pass" and t.to_act == [0, 1]            # seat 2 has no cards: left out
    first = t.choose(1, cards=["hokora"])
    assert GAME.redact(first[0], 0).data == {"seat": 1, "kind": "cards", "closes": False, "count": 1}
    assert t.to_act == [0]
    events = t.choose(0, cards=["minus"])
    passed = of_type(events, "CardsPassed")[0]
    assert passed.data["passes"] == [{"from": 0, "to": 1, "card": "minus"}, {"from": 1, "to": 0, "card": "hokora"}]
    assert GAME.redact(passed, 2).data == {"passes": [{"from": 0, "to": 1}, {"from": 1, "to": 0}]}
    assert "minus" in t.hand(1) and "hokora" in t.hand(0)
    assert t.pending["purpose"] == "trash" and t.pending["min"] == 0
    t.choose(0, cards=["hakurei"])
    assert t.state["trash"] == ["hakurei"]


def test_card_youmu():
    """Lookout: +1 action; look at the top 3; trash one, discard one, put one back."""
    t = table(["youmu"], ("youmu",), deck=["omiki", "minus", "hakurei", "osaisen"])
    t.act(0, play("youmu"))
    assert t.state["actions"] == 1 and t.pending["zone"] == "looking"
    t.choose(0, cards=["minus"])
    assert t.pending["purpose"] == "discard"
    t.choose(0, cards=["hakurei"])
    p = t.player(0)
    assert t.state["trash"] == ["minus"] and p["discard"] == ["hakurei"] and p["deck"] == ["omiki", "osaisen"]
    assert p["looking"] == []


def test_card_keine():
    """Rebuild: +1 action; name a card; reveal until a Victory card not named; discard the rest, trash it,
    gain a Victory card costing up to 3 more."""
    t = table(["keine"], ("keine",), deck=["osaisen", "hakurei", "omiki", "hokora", "osaisen"])
    t.act(0, play("keine"))
    assert t.pending["kind"] == "name"
    events = t.choose(0, card="hakurei")
    revealed = of_type(events, "CardsRevealed")[0].data["cards"]
    assert revealed == ["osaisen", "hakurei", "omiki", "hokora"]            # 博麗神社 was named: goes on
    assert sorted(t.player(0)["discard"]) == ["hakurei", "omiki", "osaisen"] and t.state["trash"] == ["hokora"]
    assert t.pending["kind"] == "gain" and sorted(t.pending["options"]) == ["hakurei", "hokora", "saidan"]
    t.choose(0, card="saidan")
    assert t.player(0)["discard"][-1] == "saidan" and t.state["actions"] == 1


def test_card_satori():
    """Oracle (attack): each player reveals 2; you choose discard or back (they order); then +2 cards."""
    t = table(["satori"], ("satori",), deck=["omiki", "omiki", "hakurei", "minus"],
              others=[dict(hand=COPPERS, deck=["saidan", "hokora", "osaisen"])])
    t.act(0, play("satori"))
    t.choose(0, option="discard")                                           # my own two 御神酒: discarded
    assert t.pending["for"] == 1 and t.to_act == [0]                        # I decide for seat 1 too
    t.choose(0, option="back")
    assert t.to_act == [1] and t.pending["purpose"] == "order"              # seat 1 orders its own
    t.choose(1, cards=["hokora", "saidan"])
    assert t.player(1)["deck"] == ["hokora", "saidan", "osaisen"]
    assert t.hand(0) == ["hakurei", "minus"] and t.player(0)["discard"] == ["omiki", "omiki"]


def test_card_utsuho():
    """Procession: play a non-duration action from hand twice, trash it, gain an action costing exactly 1 more."""
    t = table(["utsuho", "painflow", "star"], ("utsuho", "painflow", "star", "sairan"), deck=COPPERS * 3)
    t.act(0, play("utsuho"))
    assert t.illegal(0, {"type": "choose", "cards": ["star"]}).rule == "shisoroku/kifu.actions"   # a duration
    t.choose(0, cards=["painflow"])
    assert len([e for e in of_type(t.events, "CardPlayed") if e.data["card"] == "painflow"]) == 2
    assert t.state["trash"] == ["painflow"] and len(t.hand(0)) == 1 + 6
    assert t.pending["kind"] == "gain" and all(CARDS[c].cost == 5 and CARDS[c].is_("action")
                                                for c in t.pending["options"])
    t.choose(0, card="sairan")
    assert t.player(0)["discard"] == ["sairan"]


def test_card_koishi():
    """Governor: +1 action; each player gets +1 card (you +3), or gains 奉納米 (you 御神酒), or may remodel
    to exactly +1 (you +2)."""
    t = table(["koishi", "koishi", "koishi", "hakurei"], ("koishi",), deck=COPPERS * 3,
              others=[dict(hand=["osaisen"], deck=COPPERS * 2)])
    t.act(0, play("koishi"))
    t.choose(0, option="cards")
    assert len(t.hand(0)) == 2 + 3 + 1 and len(t.hand(1)) == 2
    t.act(0, play("koishi"))
    t.choose(0, option="treasure")
    assert t.player(0)["discard"] == ["omiki"] and t.player(1)["discard"] == ["hounoumai"]
    t.act(0, play("koishi"))
    t.choose(0, option="remodel")
    t.choose(0, cards=["hakurei"])                                          # 2 -> exactly 4
    t.choose(0, card="painflow")
    assert t.to_act == [1] and t.pending["min"] == 0                        # seat 1 may
    t.choose(1, cards=[])
    assert t.state["trash"] == ["hakurei"] and t.state["actions"] == 1


def test_card_gensoufubi():
    """King's Court: you may play an action from your hand three times."""
    t = table(["gensoufubi", "painflow"], ("gensoufubi", "painflow"), deck=COPPERS * 2)
    t.act(0, play("gensoufubi"))
    t.choose(0, cards=["painflow"])
    assert len(t.hand(0)) == 9 and t.player(0)["play"] == ["gensoufubi", "painflow"]
    assert t.state["phase"] == "buy"                                        # used no action beyond its own


def test_card_sumizome():
    """Sea Hag (attack): each other player discards their top card, then gains a マイナスカード onto the deck."""
    t = table(["sumizome"], ("sumizome",), others=[dict(hand=COPPERS, deck=["omiki", "hakurei"])])
    t.act(0, play("sumizome"))
    p = t.player(1)
    assert p["discard"] == ["omiki"] and p["deck"] == ["minus", "hakurei"]


def test_card_greeneyed():
    """Rats: +1 card +1 action, gain a 妬符, trash a card from hand other than 妬符 (or reveal a hand of all
    妬符); when trashed, +1 card."""
    t = table(["greeneyed", "hakurei"], ("greeneyed",), deck=["greeneyed"] + COPPERS)
    t.act(0, play("greeneyed"))
    assert t.player(0)["discard"] == ["greeneyed"] and t.pending["except"] == ["greeneyed"]
    assert t.illegal(0, {"type": "choose", "cards": ["greeneyed"]}).rule == "shisoroku/kifu.actions"
    t.choose(0, cards=["hakurei"])
    assert t.hand(0) == ["greeneyed"] and t.state["trash"] == ["hakurei"] and t.state["actions"] == 1
    all_rats = table(["greeneyed", "greeneyed"], ("greeneyed",), deck=["greeneyed"])
    events = all_rats.act(0, play("greeneyed"))
    assert of_type(events, "CardsRevealed")[0].data["cards"] == ["greeneyed", "greeneyed"] and all_rats.pending is None
    chapel = table(["demarcation", "greeneyed"], ("greeneyed", "demarcation"), deck=["omiki"] + COPPERS)
    chapel.act(0, play("demarcation"))
    chapel.choose(0, cards=["greeneyed"])
    assert chapel.hand(0) == ["omiki"]                                      # on trash: +1 card


def test_card_rin():
    """Catacombs: look at the top 3: into your hand, or discard them and +3 cards; when trashed, gain a
    cheaper card."""
    t = table(["rin"], ("rin",), deck=["omiki", "hakurei", "minus", "hounoumai", "osaisen", "osaisen"])
    t.act(0, play("rin"))
    t.choose(0, option="hand")
    assert t.hand(0) == ["omiki", "hakurei", "minus"]
    d = table(["rin"], ("rin",), deck=["omiki", "hakurei", "minus", "hounoumai", "osaisen", "osaisen"])
    d.act(0, play("rin"))
    d.choose(0, option="discard")
    assert d.hand(0) == ["hounoumai", "osaisen", "osaisen"] and d.player(0)["discard"] == ["omiki", "hakurei", "minus"]
    trashed = table(["demarcation", "rin"], ("rin", "demarcation"))
    trashed.act(0, play("demarcation"))
    trashed.choose(0, cards=["rin"])
    assert trashed.pending["kind"] == "gain" and all(CARDS[c].cost < 5 for c in trashed.pending["options"])


def test_card_yuugi():
    """Market Square: +1 card +1 action +1 buy (its reaction: test_reactions)."""
    t = table(["yuugi"], ("yuugi",))
    t.act(0, play("yuugi"))
    assert (len(t.hand(0)), t.state["actions"], t.state["buys"]) == (1, 1, 2)


def test_card_hakkero():
    """Remodel (seed 廃棄時効果 2): trash a card from hand, gain one costing up to 2 more."""
    t = table(["hakkero", "hounoumai"], ("hakkero",))
    t.act(0, play("hakkero"))
    t.choose(0, cards=["hounoumai"])
    assert t.pending["kind"] == "gain" and {CARDS[c].cost for c in t.pending["options"]} <= {0, 1, 2, 3, 4, 5}
    assert "sairan" in t.pending["options"] and "omiki" not in t.pending["options"]


def test_card_nandai():
    """Tournament: +1 action; each player may reveal a 6-VP card; if you do, discard it and gain a prize or a
    3-VP card onto your deck; if nobody else does, +1 card and +1 coin."""
    t = table(["nandai", "saidan"], ("nandai",), others=[dict(hand=COPPERS, deck=COPPERS, discard=["saidan"])])
    t.act(0, play("nandai"))
    t.choose(0, cards=["saidan"])
    t.choose(1, cards=[])
    assert t.pending["kind"] == "gain" and "hokora" in t.pending["options"] and len(t.pending["options"]) == 6
    t.choose(0, card="hourai_eda")
    assert "hourai_eda" not in t.state["prizes"] and t.hand(0) == ["hourai_eda"]   # onto the deck, then drawn
    assert t.state["coins"] == 1 and t.player(0)["discard"] == ["saidan"]
    both = table(["nandai", "saidan"], ("nandai",), others=[dict(hand=["saidan"] + COPPERS, deck=COPPERS)])
    both.act(0, play("nandai"))
    both.choose(0, cards=["saidan"])
    both.choose(1, cards=["saidan"])
    both.choose(0, card="hokora")
    assert both.player(0)["deck"][0] == "hokora" and both.state["coins"] == 0   # seat 1 revealed too: no bonus
    assert "saidan" in both.hand(1)                                          # the others only reveal


def test_card_yuumei_team():
    """Trader: trash a card from your hand, gain a 奉納米 per coin it costs (its reaction: test_reactions)."""
    t = table(["yuumei_team", "sairan"], ("yuumei_team", "sairan"))
    t.act(0, play("yuumei_team"))
    t.choose(0, cards=["sairan"])
    assert t.player(0)["discard"] == ["hounoumai"] * 5 and t.state["trash"] == ["sairan"]


def test_card_musou_fuuin():
    """Witch (attack): +2 cards; each other player gains a マイナスカード."""
    t = table(["musou_fuuin"], ("musou_fuuin",), seats=3)
    t.act(0, play("musou_fuuin"))
    assert len(t.hand(0)) == 2 and t.player(1)["discard"] == ["minus"] == t.player(2)["discard"]
    assert t.state["supply"]["minus"] == 18


def test_card_shanghai():
    """Militia (attack): +2 coins; each other player discards down to 3 cards in hand."""
    t = table(["shanghai"], ("shanghai",), others=[dict(hand=["omiki", "minus", "hakurei", "osaisen"], deck=[])])
    t.act(0, play("shanghai"))
    assert t.pending["min"] == t.pending["max"] == 1
    t.choose(1, cards=["minus"])
    assert len(t.hand(1)) == 3 and t.state["coins"] == 2
    small = table(["shanghai"], ("shanghai",), others=[dict(hand=["omiki", "minus", "hakurei"], deck=[])])
    small.act(0, play("shanghai"))
    assert small.pending is None                                            # 3 cards already: nothing to ask


def test_card_sairan():
    """Festival: +2 actions +1 buy +2 coins."""
    t = table(["sairan"], ("sairan",))
    t.act(0, play("sairan"))
    assert (t.state["actions"], t.state["buys"], t.state["coins"]) == (2, 2, 2)


def test_card_painflow():
    """Smithy: +3 cards."""
    t = table(["painflow"], ("painflow",), deck=["omiki", "hakurei", "minus", "osaisen"])
    t.act(0, play("painflow"))
    assert t.hand(0) == ["omiki", "hakurei", "minus"]


def test_card_fuumajin():
    """Moat: +2 cards (its reaction: test_reactions)."""
    t = table(["fuumajin"], ("fuumajin",), deck=["omiki", "hakurei", "minus"])
    t.act(0, play("fuumajin"))
    assert t.hand(0) == ["omiki", "hakurei"]


def test_card_souvenir():
    """Bureaucrat (attack): gain a 奉納米 onto your deck; each other player puts a Victory card from hand onto
    their deck, or reveals a hand with none."""
    t = table(["souvenir"], ("souvenir",), seats=3,
              others=[dict(hand=["hakurei", "hokora", "osaisen"], deck=COPPERS), dict(hand=COPPERS[:3], deck=COPPERS)])
    t.act(0, play("souvenir"))
    assert t.player(0)["deck"][0] == "hounoumai" and t.to_act == [1]
    events = t.choose(1, cards=["hokora"])
    put = of_type(events, "CardsPutOnDeck")[0]
    assert put.data["revealed"] and GAME.redact(put, 0).data["cards"] == ["hokora"]
    assert t.player(1)["deck"][0] == "hokora"
    assert of_type(events, "CardsRevealed")[0].data == {"seat": 2, "cards": COPPERS[:3], "from": "hand"}


def test_card_yuumei_kekkai():
    """Lighthouse (duration): +1 action, +1 coin now and next turn; shields from attacks while in play."""
    t = table(["yuumei_kekkai"], ("yuumei_kekkai",))
    events = t.act(0, play("yuumei_kekkai"))
    assert of_type(events, "DurationSet")[0].data == {"seat": 0, "card": "yuumei_kekkai",
                                                       "fx": [{"do": "coins", "n": 1}], "stays": ["yuumei_kekkai"]}
    assert (t.state["actions"], t.state["coins"]) == (1, 1)


def test_card_mokou():
    """Feast: trash this, gain a card costing up to 5 — under 幻想風靡 it is trashed once and gains 3 times."""
    t = table(["mokou"], ("mokou",))
    t.act(0, play("mokou"))
    assert t.state["trash"] == ["mokou"] and max(CARDS[c].cost for c in t.pending["options"]) == 5
    kc = table(["gensoufubi", "mokou"], ("mokou", "gensoufubi"))
    kc.act(0, play("gensoufubi"))
    kc.choose(0, cards=["mokou"])
    for _ in range(3):
        kc.choose(0, card="sairan")
    assert kc.state["trash"] == ["mokou"] and kc.player(0)["discard"] == ["sairan"] * 3


def test_card_hourai_drug():
    """Harem (treasure-victory): 2 coins, 2 VP."""
    t = table(["hourai_drug"], ("hourai_drug",))
    t.act(0, {"type": "play", "card": "hourai_drug"})
    assert t.state["coins"] == 2 and CARDS["hourai_drug"].vp == 2


def test_card_demarcation():
    """Chapel: trash up to 4 cards from your hand."""
    t = table(["demarcation"] + COPPERS, ("demarcation",))
    t.act(0, play("demarcation"))
    assert t.illegal(0, {"type": "choose", "cards": COPPERS}).rule == "shisoroku/kifu.actions"
    t.choose(0, cards=COPPERS[:4])
    assert t.hand(0) == ["osaisen"] and t.state["trash"] == COPPERS[:4]


def test_card_merlin():
    """Council Room: +4 cards +1 buy; each other player draws a card."""
    t = table(["merlin"], ("merlin",), seats=3)
    t.act(0, play("merlin"))
    assert len(t.hand(0)) == 4 and t.state["buys"] == 2 and len(t.hand(1)) == len(t.hand(2)) == 6


def test_card_star():
    """Wharf (duration): +2 cards +1 buy now and next turn (across turns: test_durations)."""
    t = table(["star"], ("star",))
    t.act(0, play("star"))
    assert len(t.hand(0)) == 2 and t.state["buys"] == 2 and t.player(0)["next_turn"][0]["card"] == "star"


def test_card_eiya_gaeshi():
    """Tactician (duration): discard your hand; if you did, next turn +5 cards +1 action +1 buy."""
    t = table(["eiya_gaeshi", "omiki"], ("eiya_gaeshi",))
    t.act(0, play("eiya_gaeshi"))
    assert t.hand(0) == [] and t.player(0)["next_turn"][0]["fx"] == [
        {"do": "cards", "n": 5}, {"do": "actions", "n": 1}, {"do": "buys", "n": 1}]


def test_card_bugstorm():
    """Torturer (attack): +3 cards; each other player discards 2 cards or gains a マイナスカード to hand."""
    t = table(["bugstorm"], ("bugstorm",), seats=3)
    t.act(0, play("bugstorm"))
    assert t.to_act == [1] and t.pending["kind"] == "mode" and t.pending["options"] == ["discard", "minus"]
    t.choose(1, option="minus")
    assert "minus" in t.hand(1) and t.to_act == [2]
    t.choose(2, option="discard")
    t.choose(2, cards=["osaisen", "osaisen"])
    assert len(t.hand(2)) == 3 and len(t.hand(0)) == 3


def test_card_sunny():
    """Merchant Ship (duration): +2 coins now and next turn."""
    t = table(["sunny"], ("sunny",))
    t.act(0, play("sunny"))
    assert t.state["coins"] == 2 and t.player(0)["next_turn"] == [{"card": "sunny", "fx": [{"do": "coins", "n": 2}]}]


def test_card_yuuka():
    """Gardens: 1 VP per 10 cards you have (rounded down); a victory kingdom pile (8 / 12)."""
    from engine.games.shisoroku.turn import score
    player = {"deck": ["yuuka", "yuuka"] + COPPERS * 3, "hand": COPPERS, "discard": [], "play": [], "carried": [],
              "looking": [], "revealed": []}
    assert score(player) == 2 * (22 // 10)
    assert table([], ("yuuka",)).state["supply"]["yuuka"] == 8


def test_card_minoriko():
    """Farmland: 2 VP; when you buy it, trash a card from hand and gain one costing exactly 2 more
    (order: test_order)."""
    assert CARDS["minoriko"].vp == 2 and CARDS["minoriko"].on_buy[0]["exact"] is True


def test_card_nitori():
    """Ironworks: gain a card costing up to 4; action -> +1 action, treasure -> +1 coin, victory -> +1 card."""
    t = table(["nitori"], ("nitori",), deck=["omiki"])
    t.act(0, play("nitori"))
    assert max(CARDS[c].cost for c in t.pending["options"]) == 4
    t.choose(0, card="hakurei")
    assert t.hand(0) == ["omiki"] and t.state["actions"] == 0


def test_card_ningen_no_sato():
    """Border Village: +1 card +2 actions; when you gain it, gain a cheaper card (order: test_order)."""
    t = table(["ningen_no_sato"], ("ningen_no_sato",))
    t.act(0, play("ningen_no_sato"))
    assert len(t.hand(0)) == 1 and t.state["actions"] == 2


def test_card_myourenji():
    """Great Hall (action-victory): +1 card +1 action; 1 VP."""
    t = table(["myourenji"], ("myourenji",))
    t.act(0, play("myourenji"))
    assert len(t.hand(0)) == 1 and t.state["actions"] == 1 and CARDS["myourenji"].vp == 1


def test_card_ryuu_no_tama():
    """Bag of Gold (prize): +1 action; gain a 御神酒 onto your deck."""
    t = table(["ryuu_no_tama"], ("nandai",))
    t.act(0, play("ryuu_no_tama"))
    assert t.player(0)["deck"][0] == "omiki" and t.state["actions"] == 1


def test_card_butsu_no_hachi():
    """Diadem (prize treasure): 2 coins, +1 coin per unused action."""
    t = table(["sairan", "butsu_no_hachi"], ("nandai", "sairan"))
    t.act(0, play("sairan"))                                                # 2 actions left, +2 coins
    t.act(0, {"type": "play_treasures"})
    assert t.state["coins"] == 2 + 2 + 2


def test_card_hinezumi():
    """Followers (prize attack): +2 cards; gain a 博麗神社; each other player gains a マイナスカード and
    discards down to 3."""
    t = table(["hinezumi"], ("nandai",))
    t.act(0, play("hinezumi"))
    assert t.player(0)["discard"] == ["hakurei"] and t.player(1)["discard"] == ["minus"]
    t.choose(1, cards=["osaisen", "osaisen"])
    assert len(t.hand(1)) == 3


def test_card_koyasugai():
    """Princess (prize): +1 buy; while in play cards cost 2 less (not below 0)."""
    t = table(["koyasugai", "omiki", "omiki"], ("nandai",))
    t.act(0, play("koyasugai"))
    view = {s["card"]: s["cost"] for s in GAME.view(t.state, 0)["supply"]}
    assert view["saidan"] == 6 and view["osaisen"] == 0 and view["hakurei"] == 0
    t.act(0, {"type": "play_treasures"})
    t.act(0, {"type": "buy", "card": "saidan"})                            # 8 - 2 = 6 coins
    assert t.state["coins"] == 0 and t.state["buys"] == 1
    t.act(0, {"type": "buy", "card": "hakurei"})                           # 2 - 2 = 0
    t.act(0, {"type": "end_turn"})
    assert {s["card"]: s["cost"] for s in GAME.view(t.state, 0)["supply"]}["saidan"] == 8   # out of play again


def test_card_hourai_eda():
    """Trusty Steed (prize): choose two different: +2 cards; +2 actions; +2 coins; gain 4 奉納米 and put your
    deck into your discard pile (test_vocabulary)."""
    t = table(["hourai_eda"], ("nandai",))
    t.act(0, play("hourai_eda"))
    assert t.illegal(0, {"type": "choose", "options": ["cards", "cards"]}).rule == "shisoroku/kifu.actions"
    t.choose(0, options=["coins", "cards"])
    assert len(t.hand(0)) == 2 and t.state["coins"] == 2


def test_card_chirei_shaden():
    """Overgrown Estate (地霊 starting card, victory 0 VP): when trashed, +1 card."""
    t = table(["demarcation", "chirei_shaden"], ("demarcation",), deck=["omiki"])
    t.act(0, play("demarcation"))
    t.choose(0, cards=["chirei_shaden"])
    assert t.hand(0) == ["omiki"] and CARDS["chirei_shaden"].vp == 0


def test_card_chirei_kyuuto():
    """Necropolis (地霊 starting card): +2 actions."""
    t = table(["chirei_kyuuto"])
    t.act(0, play("chirei_kyuuto"))
    assert t.state["actions"] == 2


def test_card_chirei_fuuketsu():
    """Hovel (地霊 starting card, reaction): when you buy a Victory card, you may trash it from your hand."""
    t = table(["chirei_fuuketsu", "omiki"], ())
    t.act(0, {"type": "play_treasures"})
    t.act(0, {"type": "buy", "card": "hakurei"})
    assert t.pending["when"] == "buy_victory" and t.pending["subject"] == "hakurei"
    t.choose(0, card="chirei_fuuketsu")
    assert t.state["trash"] == ["chirei_fuuketsu"] and t.player(0)["discard"] == ["hakurei"]


def test_every_card_of_the_pool_has_its_test():
    names = {n for n in dir(sys.modules[__name__]) if n.startswith("test_card_")}
    assert {f"test_card_{c}" for c in CARDS if CARDS[c].section != "basic"} <= names
