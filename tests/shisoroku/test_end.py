"""ゲームの終了条件 l.206-216 with *3 and *4: when the game ends, scoring, and both tie-breaks — seed 004."""
from tests.shisoroku.table import Table, kingdom_with, of_type, position

COPPERS = ["osaisen"] * 5
GOLDS = ["omiki", "omiki", "omiki"]
END_TURN = {"type": "end_turn"}


def buy(card):
    return {"type": "buy", "card": card}


def table(supply, p0=None, p1=None, options=None, cards=("yuuka", "nandai"), prizes=None):
    p0 = p0 or dict(hand=GOLDS + ["osaisen"] * 2, deck=COPPERS)
    p1 = p1 or dict(hand=COPPERS, deck=COPPERS)
    return Table(position(p0, p1, kingdom=kingdom_with(*cards), supply=supply, prizes=prizes), options=options)


def buys_then_ends(t, card, seat=0):
    t.act(seat, {"type": "play_treasures"})
    t.act(seat, buy(card))
    assert t.state["outcome"] is None                 # *3: never during a turn
    events = t.act(seat, END_TURN)
    return of_type(events, "GameEnded")


def test_the_6_vp_pile_running_out_ends_the_game_when_the_turn_ends():
    """Condition 1 and *3: the last 紅魔館~豪奢な祭壇~ bought; the game ends at the end of that turn."""
    t = table({"saidan": 1}, p0=dict(hand=GOLDS + ["omiki"], deck=COPPERS))
    ended = buys_then_ends(t, "saidan")
    assert ended and ended[0].data["reasons"] == ["6vp-pile"] and ended[0].rule == "shisoroku/score"
    assert t.state["phase"] == "over" and t.to_act == []


def test_three_empty_supply_piles_end_the_game():
    """Condition 2."""
    t = table({"minus": 0, "hakurei": 0, "hokora": 1})
    ended = buys_then_ends(t, "hokora")
    assert ended[0].data["reasons"] == ["3-piles"]


def test_two_empty_piles_do_not():
    t = table({"minus": 0, "hakurei": 0})
    assert not buys_then_ends(t, "hokora")
    assert t.state["active"] == 1


def test_the_prizes_are_not_supply_piles():
    """*4: with all five prizes gone and two piles empty the game goes on."""
    t = table({"minus": 0, "hakurei": 0}, prizes=[])
    assert t.state["prizes"] == [] and "nandai" in t.state["kingdom"]
    assert not buys_then_ends(t, "hokora")


def test_the_10_vp_pile_ends_the_game_only_when_used():
    """Condition 3: 神々が恋した幻想郷~あまねき信仰~ (amaneki) pile empty, when it is laid out."""
    rich = dict(hand=GOLDS * 2 + ["osaisen"] * 2, deck=COPPERS)
    t = table({"amaneki": 1}, p0=rich, options={"amaneki": True})
    ended = buys_then_ends(t, "amaneki")
    assert ended[0].data["reasons"] == ["10vp-pile"]
    unused = table({}, p0=rich)
    assert "amaneki" not in unused.state["supply"]
    assert unused.illegal(0, buy("amaneki")).rule == "shisoroku/buy.buy"


def test_the_game_is_not_checked_mid_turn():
    """*3: the pile emptied by an action in the middle of a turn ends nothing until the turn ends."""
    t = table({"minus": 1, "hakurei": 0, "hokora": 0}, cards=("musou_fuuin",),
              p0=dict(hand=["musou_fuuin"] + COPPERS[:4], deck=COPPERS))
    t.act(0, {"type": "play", "card": "musou_fuuin"})                # the last マイナスカード goes to seat 1
    assert t.state["supply"]["minus"] == 0 and t.state["outcome"] is None and t.to_act == [0]
    t.act(0, END_TURN)
    assert t.state["outcome"]["reasons"] == ["3-piles"]


def test_scoring_counts_victory_and_minus_cards_in_deck_discard_and_hand():
    """l.215: 山札、捨て札、手札の中の勝利点カードおよびマイナスカード (and 風見幽香: 1 VP per 10 cards)."""
    p0 = dict(hand=GOLDS + ["omiki", "hakurei"], deck=["hokora", "minus"] + COPPERS, discard=["saidan", "hourai_drug"])
    p1 = dict(hand=COPPERS, deck=["yuuka"] + COPPERS * 3, discard=["myourenji", "minus", "minus"])
    t = table({"saidan": 1}, p0=p0, p1=p1)
    t.act(0, {"type": "play_treasures"})
    t.act(0, buy("saidan"))
    t.act(0, END_TURN)
    # seat 0: 博麗神社 1 + 3 + 6 + 蓬莱の薬 2 - 1 + the bought 6 = 17
    # seat 1: 幽香 (24 cards -> 2) + 命蓮寺 1 - 2 = 1
    assert t.state["outcome"]["scores"] == [17, 1]
    assert t.state["outcome"]["winners"] == [0] and t.state["outcome"]["by"] == "score"


def test_a_tie_goes_to_the_player_with_fewer_turns():
    """l.216: seat 0 ends the game in its first turn, seat 1 has had none: seat 1 wins the tie."""
    t = table({"saidan": 1}, p0=dict(hand=GOLDS + ["omiki"], deck=COPPERS),
              p1=dict(hand=COPPERS, deck=COPPERS, discard=["saidan"]))
    t.act(0, {"type": "play_treasures"})
    t.act(0, buy("saidan"))
    t.act(0, END_TURN)
    out = t.state["outcome"]
    assert out["scores"] == [6, 6] and out["turns"] == [1, 0]
    assert out["winners"] == [1] and out["winner"] == 1 and out["by"] == "fewer turns"
    assert of_type(t.events, "GameEnded")[0].rule == "shisoroku/tie"


def test_a_tie_with_equal_turns_is_a_shared_win():
    """l.216: 実行したターンも同じであった場合はそのプレイヤー同士で引き分け."""
    t = table({"saidan": 1}, p0=dict(hand=COPPERS, deck=COPPERS, discard=["saidan"]),
              p1=dict(hand=GOLDS + ["omiki"], deck=COPPERS))
    t.act(0, END_TURN)
    t.act(1, {"type": "play_treasures"})
    t.act(1, buy("saidan"))
    t.act(1, END_TURN)
    out = t.state["outcome"]
    assert out["scores"] == [6, 6] and out["turns"] == [1, 1]
    assert out["winners"] == [0, 1] and out["winner"] is None and out["shared"] is True
