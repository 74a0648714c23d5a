"""A scripted three-turn game from an explicit position, every number worked out by hand from seed 004.

Seat 0 plays 降り注ぐ星の光 (Wharf, a duration) and buys; seat 1 attacks with 咒詛「魔彩光の上海人形」
(Militia) while holding 夢符「封魔陣」; seat 0's Wharf pays again next turn, it buys the last 6-VP card
and the game ends when that turn ends.
"""
from tests.shisoroku.table import GAME, Table, of_type, position

K = ["shanghai", "star", "fuumajin", "painflow", "sairan", "merlin", "youmu", "keine", "utsuho", "koishi"]
C, S, G, E = "osaisen", "hounoumai", "omiki", "hakurei"


def test_three_turns_by_hand():
    t = Table(position(
        dict(hand=["star", C, C, G, E], deck=[G, G, C, E, C, G, G, S] + [C] * 7),
        dict(hand=["shanghai", "fuumajin", C, C, E], deck=[G, G, G, S, C, "fuumajin", G, G, G, E] + [C] * 5),
        kingdom=K, supply={"saidan": 2}))

    # turn 1, seat 0: Wharf draws 2 御神酒, +1 buy; 1+1+3+3+3 = 11 coins: 6-VP (8) and 奉納米 (3)
    t.act(0, {"type": "play", "card": "star"})
    assert t.hand(0) == [C, C, G, E, G, G] and t.state["buys"] == 2 and t.state["phase"] == "buy"
    t.act(0, {"type": "play_treasures"})
    assert t.state["coins"] == 11
    t.act(0, {"type": "buy", "card": "saidan"})
    t.act(0, {"type": "buy", "card": S})
    events = t.act(0, {"type": "end_turn"})
    cleaned = of_type(events, "CleanedUp")[0].data
    assert cleaned == {"seat": 0, "order": [E, C, C, G, G, G], "stays": ["star"]}
    p0 = t.player(0)
    assert p0["discard"] == ["saidan", S, E, C, C, G, G, G] and p0["carried"] == ["star"]
    assert p0["hand"] == [C, E, C, G, G] and len(p0["deck"]) == 8
    assert t.state["supply"]["saidan"] == 1 and t.state["active"] == 1

    # turn 2, seat 1: 上海人形 +2 coins; seat 0 may reveal a 封魔陣 (one has left its pile), has none,
    # declines and discards 2 down to 3; seat 1: 2 coppers + 2 = 4, buys 創符 (4), puts 封魔陣 on top
    t.act(1, {"type": "play", "card": "shanghai"})
    assert t.to_act == [0] and t.pending["kind"] == "react"
    t.choose(0, card=None)
    assert t.pending["min"] == 2 and t.to_act == [0]
    t.choose(0, cards=[E, C])
    assert t.hand(0) == [C, G, G] and GAME.view(t.state, 1)["players"][0]["discard_top"] == C
    t.act(1, {"type": "play_treasures"})
    assert t.state["coins"] == 4
    t.act(1, {"type": "buy", "card": "painflow"})
    t.act(1, {"type": "end_turn", "top": "fuumajin"})
    p1 = t.player(1)
    assert p1["discard"] == ["painflow", E, "shanghai", C, C, "fuumajin"]
    assert p1["hand"] == [G, G, G, S, C] and GAME.view(t.state, 0)["players"][1]["discard_top"] == "fuumajin"

    # turn 3, seat 0: the Wharf gives +2 cards (奉納米, お賽銭) and +1 buy; 1+3+3+2+1 = 10 coins:
    # the last 6-VP card (8) and a 博麗神社 (2); the pile is empty, so the game ends with this turn
    assert [e.data["card"] for e in of_type(t.events[-8:], "DurationResolved")] == ["star"]
    assert t.hand(0) == [C, G, G, S, C] and t.state["buys"] == 2
    t.act(0, {"type": "play_treasures"})
    assert t.state["coins"] == 10
    t.act(0, {"type": "buy", "card": "saidan"})
    t.act(0, {"type": "buy", "card": E})
    assert t.state["outcome"] is None                          # not during the turn (*3)
    events = t.act(0, {"type": "end_turn"})
    assert of_type(events, "CleanedUp")[0].data["order"] == ["star", C, G, G, S, C]
    # seat 0: two 6-VP cards and three 博麗神社 = 15; seat 1: two 博麗神社 = 2
    assert t.state["outcome"] == {"reasons": ["6vp-pile"], "scores": [15, 2], "turns": [2, 1], "winners": [0],
                                  "winner": 0, "shared": False, "by": "score"}
