"""リアクションカード l.147-151 — seed 004; and rule kifu.waiting (a reaction window never tells the
table what a hand holds)."""
from tests.shisoroku.table import GAME, Table, kingdom_with, of_type, position, types

COPPERS = ["osaisen"] * 5


def play(card):
    return {"type": "play", "card": card}


def witch_table(defender_hand, seats=2):
    """Seat 0 holds 霊符「夢想封印」 (plays as Witch), and a 封魔陣 (Moat) lies in its discard pile (so a
    copy has left the pile: anyone might hold one); the others hold ``defender_hand``."""
    others = [dict(hand=list(defender_hand), deck=COPPERS) for _ in range(seats - 1)]
    return Table(position(dict(hand=["musou_fuuin"] + COPPERS[:4], deck=COPPERS, discard=["fuumajin"]), *others,
                          kingdom=kingdom_with("musou_fuuin", "fuumajin", "yuumei_kekkai")))


def test_a_reaction_is_revealed_in_another_players_turn_without_using_an_action():
    """l.150: 夢符「封魔陣」 (Moat) revealed in seat 0's turn makes seat 1 unaffected by the attack."""
    t = witch_table(["fuumajin"] + COPPERS[:4])
    t.act(0, play("musou_fuuin"))
    assert t.to_act == [1] and t.pending["kind"] == "react" and t.pending["when"] == "attack"
    events = t.choose(1, card="fuumajin")
    assert of_type(events, "CardsRevealed")[0].data == {"seat": 1, "cards": ["fuumajin"], "from": "hand"}
    assert not of_type(events, "CardGained") and "fuumajin" in t.hand(1)          # revealed, kept in hand
    assert t.state["active"] == 0 and t.state["actions"] == 0                       # seat 0's action; seat 1 used none


def test_declining_the_reaction_leaves_the_player_affected():
    t = witch_table(["fuumajin"] + COPPERS[:4])
    t.act(0, play("musou_fuuin"))
    events = t.choose(1, card=None)
    assert of_type(events, "CardGained")[0].data == {"seat": 1, "card": "minus", "to": "discard", "from": "supply"}


def test_only_a_reaction_card_in_hand_can_be_revealed():
    t = witch_table(COPPERS)
    t.act(0, play("musou_fuuin"))
    assert t.illegal(1, {"type": "choose", "card": "fuumajin"}).rule == "shisoroku/reaction"
    assert GAME.legal_actions(t.state, 1) == [{"type": "choose", "card": None}]


def test_the_window_opens_whether_or_not_the_hand_holds_the_reaction():
    """kifu.waiting: once a 封魔陣 has left its pile the attacked seat is asked every time, so being
    asked says nothing about its hand; before any has left, nobody is asked."""
    with_moat = witch_table(["fuumajin"] + COPPERS[:4])
    without = witch_table(COPPERS)
    seen_by_attacker = []
    for t in (with_moat, without):
        events = t.act(0, play("musou_fuuin"))
        assert t.pending["kind"] == "react"
        seen_by_attacker.append([GAME.redact(e, 0).to_dict() for e in events])
        assert GAME.view(t.state, 0)["pending"] == GAME.view(with_moat.state, 0)["pending"]
    assert seen_by_attacker[0] == seen_by_attacker[1]                 # the attacker cannot tell the hands apart
    fresh = Table(position(dict(hand=["musou_fuuin"] + COPPERS[:4], deck=COPPERS), dict(hand=COPPERS, deck=COPPERS),
                           kingdom=kingdom_with("musou_fuuin", "fuumajin")))
    events = fresh.act(0, play("musou_fuuin"))
    assert fresh.pending is None and of_type(events, "CardGained")


def test_each_attacked_player_reacts_in_turn_order():
    """l.151 with 複数人が効果を受けるカード l.162: three defenders are asked one after another."""
    t = witch_table(["fuumajin"] + COPPERS[:4], seats=4)
    t.act(0, play("musou_fuuin"))
    asked = []
    for answer in ("fuumajin", None, "fuumajin"):
        asked.append(t.to_act[0])
        t.choose(t.to_act[0], card=answer)
    assert asked == [1, 2, 3]
    gained = [e.data["seat"] for e in of_type(t.events, "CardGained")]
    assert gained == [2]


def test_lighthouse_in_play_shields_without_a_question():
    """幽明結界 (plays as Lighthouse): while in play, others' attacks do not affect you."""
    t = Table(position(dict(hand=["musou_fuuin"] + COPPERS[:4], deck=COPPERS),
                       dict(hand=["yuumei_kekkai"] + COPPERS[:4], deck=COPPERS * 2), first=1,
                       kingdom=kingdom_with("musou_fuuin", "yuumei_kekkai")))
    t.act(1, play("yuumei_kekkai"))
    t.act(1, {"type": "end_turn"})
    events = t.act(0, play("musou_fuuin"))
    assert t.pending is None and not of_type(events, "CardGained")


def test_any_number_of_reactions_one_after_another():
    """l.151: 星熊勇儀 (Market Square) x2 in hand when a card is trashed: each discarded gains a 御神酒."""
    t = Table(position(dict(hand=["hakkero", "hakurei", "yuugi", "yuugi", "osaisen"], deck=COPPERS),
                       dict(hand=COPPERS, deck=COPPERS), kingdom=kingdom_with("hakkero", "yuugi")))
    t.act(0, play("hakkero"))
    t.choose(0, cards=["hakurei"])
    assert t.pending["kind"] == "react" and t.pending["when"] == "trashed" and t.pending["subject"] == "hakurei"
    t.choose(0, card="yuugi")
    t.choose(0, card="yuugi")
    assert t.pending["kind"] == "react"                                  # a third window: none left to discard
    assert GAME.legal_actions(t.state, 0) == [{"type": "choose", "card": None}]
    t.choose(0, card=None)
    assert t.player(0)["discard"].count("omiki") == 2 and t.hand(0) == ["osaisen"]
    assert t.pending["kind"] == "gain"                                    # then ミニ八卦炉's own gain (l.189)


def test_a_would_gain_reaction_replaces_the_gain():
    """幽冥の住人チーム (Trader): reveal it when you would gain a card, gain a 奉納米 instead."""
    t = Table(position(dict(hand=["musou_fuuin"] + COPPERS[:4], deck=COPPERS),
                       dict(hand=["yuumei_team"] + COPPERS[:4], deck=COPPERS),
                       kingdom=kingdom_with("musou_fuuin", "yuumei_team")))
    t.act(0, play("musou_fuuin"))
    assert t.pending["when"] == "would_gain" and t.pending["gaining"] == "minus" and t.to_act == [1]
    events = t.choose(1, card="yuumei_team")
    assert types(events)[1:4] == ["CardsRevealed", "GainReplaced", "CardGained"]
    assert of_type(events, "CardGained")[0].data["card"] == "hounoumai"
    assert t.state["supply"]["minus"] == 10 and "minus" not in t.player(1)["discard"]
