"""The table's own moves in memory (engine/core/table_moves.py), given / when / then, on the toy game
and on 東方祀爭録 with three seats: each cites its platform rule (engine/audit/platform_rules.py)."""
import pytest

from engine.core import Event, IllegalAction, MatchConfig, get_game, match_outcome, match_results, seats_to_act
from engine.core.table_moves import after_action, decide_table
from tests import toygame
from tests.engine_table import EngineTable

SEED = bytes(range(32))


def toy():
    return EngineTable(toygame.GAME, MatchConfig("toy", "standard", ["Reimu", "Marisa"]), SEED)


def table_move(t, seat, move):
    return t.record(decide_table(t.game, t.state, seat, move))


def refused(t, seat, move) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        decide_table(t.game, t.state, seat, move)
    return info.value


def test_resigning_ends_the_match_and_the_other_seat_wins():
    t = toy()
    events = table_move(t, 0, {"type": "resign"})
    assert [(e.type, e.data, e.seat, e.rule) for e in events] == [("SeatResigned", {"seat": 0}, 0, "kifu/resign")]
    assert match_outcome(t.game, t.state) == {"reason": "resign", "resigned": [0], "winners": [1], "winner": 1,
                                              "draw": False}
    assert match_results(t.game, t.state) == [0.0, 1.0] and seats_to_act(t.game, t.state) == []
    assert refused(t, 1, {"type": "resign"}).message == "the match is over"


def test_a_resignation_at_a_table_of_three_makes_the_two_others_share_the_win():
    game = get_game("shisoroku")
    t = EngineTable(game, MatchConfig("shisoroku", next(iter(game.variants)), ["A", "B", "C"]), SEED)
    table_move(t, 1, {"type": "resign"})
    outcome = match_outcome(game, t.state)
    assert outcome["winners"] == [0, 2] and outcome["winner"] is None
    assert match_results(game, t.state) == [0.5, 0.0, 0.5]


def test_a_draw_is_agreed_when_every_other_seat_accepts():
    t = toy()
    offered = table_move(t, 1, {"type": "offer_draw"})
    offer = t.state["version"]
    assert [(e.type, e.rule) for e in offered] == [("DrawOffered", "kifu/draw")]
    assert t.state["match"]["draw_offer"] == {"seat": 1, "version": offer, "accepted": []}
    assert "own draw offer" in refused(t, 1, {"type": "accept_draw"}).message
    assert "still open" in refused(t, 0, {"type": "offer_draw"}).message
    agreed = table_move(t, 0, {"type": "accept_draw"})
    assert [(e.type, e.data) for e in agreed] == [("DrawAccepted", {"seat": 0, "offer": offer}),
                                                  ("DrawAgreed", {"offer": offer, "seats": [0, 1]})]
    assert agreed[1].cause == offer + 1 and agreed[0].cause == offer
    assert match_outcome(t.game, t.state) == {"reason": "draw_agreed", "winner": None, "draw": True}
    assert match_results(t.game, t.state) == [0.5, 0.5] and seats_to_act(t.game, t.state) == []


def test_at_a_table_of_three_one_acceptance_is_not_enough():
    game = get_game("shisoroku")
    t = EngineTable(game, MatchConfig("shisoroku", next(iter(game.variants)), ["A", "B", "C"]), SEED)
    table_move(t, 0, {"type": "offer_draw"})
    assert [e.type for e in table_move(t, 1, {"type": "accept_draw"})] == ["DrawAccepted"]
    assert match_outcome(game, t.state) is None
    assert "already accepted" in refused(t, 1, {"type": "accept_draw"}).message
    assert [e.type for e in table_move(t, 2, {"type": "accept_draw"})] == ["DrawAccepted", "DrawAgreed"]
    assert match_outcome(game, t.state)["draw"] is True


def test_a_declined_offer_is_closed_and_a_new_one_may_be_made():
    t = toy()
    table_move(t, 0, {"type": "offer_draw"})
    assert [e.type for e in table_move(t, 1, {"type": "decline_draw"})] == ["DrawDeclined"]
    assert "draw_offer" not in t.state["match"]
    assert refused(t, 1, {"type": "accept_draw"}).message == "no draw offer is open"
    table_move(t, 1, {"type": "offer_draw"})


def test_the_offerers_next_move_withdraws_the_offer_and_the_others_move_does_not():
    t = toy()
    mover = t.state["turn"]
    other = 1 - mover
    table_move(t, other, {"type": "offer_draw"})
    before = t.state
    assert after_action(t.game, before, mover, t.act(mover, {"type": "add", "n": 1})) == []   # not its offer
    assert t.state["match"]["draw_offer"]["seat"] == other
    before = t.state
    follow = after_action(t.game, before, other, t.act(other, {"type": "add", "n": 1}))
    assert [(c, [e.type for e in batch]) for c, batch in follow] == \
        [({"seat": other, "table": {"type": "withdraw_draw"}}, ["DrawWithdrawn"])]


def test_a_bot_does_not_agree_to_a_draw():
    from engine.core import Event, TABLE_RULE
    t = toy()
    t.record([Event("SeatControlled", {"seat": 1, "by": "bot", "bot": {"bot": "random"}, "stand_in": False},
                    rule=TABLE_RULE)])
    assert "a bot does not agree" in refused(t, 0, {"type": "offer_draw"}).message


def test_table_talk_is_bounded_and_may_go_on_after_the_end():
    t = toy()
    said = table_move(t, 0, {"type": "say", "text": "よろしく"})
    assert [(e.type, e.data, e.rule) for e in said] == [("ChatSaid", {"seat": 0, "text": "よろしく"}, "kifu/talk")]
    assert "at most 500" in refused(t, 0, {"type": "say", "text": "x" * 501}).message
    assert refused(t, 0, {"type": "say", "text": "a\u0000b"}).rule == "kifu/talk"
    assert refused(t, 0, {"type": "say", "text": "   "}).rule == "kifu/talk"
    table_move(t, 1, {"type": "resign"})
    assert [e.type for e in table_move(t, 0, {"type": "say", "text": "gg"})] == ["ChatSaid"]


def test_a_rematch_is_recorded_once_and_only_after_the_end():
    t = toy()
    assert "once the match is over" in refused(t, 0, {"type": "rematch", "match": "abc"}).message
    table_move(t, 0, {"type": "resign"})
    assert [(e.type, e.data) for e in table_move(t, 1, {"type": "rematch", "match": "abc"})] == \
        [("RematchStarted", {"match": "abc", "by": 1})]
    assert "played again as match abc" in refused(t, 0, {"type": "rematch", "match": "def"}).message


def test_a_rematch_refereed_live_needs_the_consent_of_every_seat_a_person_plays():
    """kifu/rematch (engine/audit/platform_rules.py): the rematch of a match refereed live is refereed
    live only once every seat a person plays (a stand-in's seat too, not a bot's own) has agreed."""
    t = toy()
    assert "once the match is over" in refused(t, 0, {"type": "consent_rematch"}).message
    t.record([Event("SeatControlled", {"seat": 1, "by": "bot", "bot": {"bot": "random"}, "stand_in": True})])
    table_move(t, 0, {"type": "resign"})
    live = {"type": "rematch", "match": "abc", "audit_live": True}
    assert refused(t, 0, live).message.endswith("seat 0 has not")
    assert [(e.type, e.data, e.seat, e.rule) for e in table_move(t, 0, {"type": "consent_rematch"})] == \
        [("RematchConsented", {"seat": 0, "audit_live": True}, 0, "kifu/rematch")]
    assert "already agreed" in refused(t, 0, {"type": "consent_rematch"}).message
    assert refused(t, 0, live).message.endswith("seat 1 has not")          # a stand-in plays a person's seat
    assert t.state["match"]["rematch_consents"] == [0]
    table_move(t, 1, {"type": "consent_rematch"})
    assert "true, or left out" in refused(t, 1, {**live, "audit_live": False}).message
    assert [(e.type, e.data) for e in table_move(t, 1, live)] == \
        [("RematchStarted", {"match": "abc", "by": 1, "audit_live": True})]
    assert "played again as match abc" in refused(t, 0, {"type": "consent_rematch"}).message


def test_a_bot_s_own_seat_is_not_asked_to_agree_to_a_rematch_refereed_live():
    t = EngineTable(toygame.GAME, MatchConfig("toy", "standard", ["Reimu", "Owl"]), SEED)
    t.record([Event("SeatControlled", {"seat": 1, "by": "bot", "bot": {"bot": "random"}, "stand_in": False})])
    table_move(t, 0, {"type": "resign"})
    assert "a bot is not asked" in refused(t, 1, {"type": "consent_rematch"}).message
    table_move(t, 0, {"type": "consent_rematch"})
    assert [e.data for e in table_move(t, 0, {"type": "rematch", "match": "abc", "audit_live": True})] == \
        [{"match": "abc", "by": 0, "audit_live": True}]


def test_malformed_table_moves_are_refused_naming_the_kinds():
    t = toy()
    assert "one of resign" in refused(t, 0, {"type": "flip_table"}).message
    assert refused(t, 0, {"type": "resign", "now": True}).rule == "kifu/resign"
    assert refused(t, 0, "resign").rule == "kifu/table"
    assert "no seat 5" in refused(t, 5, {"type": "resign"}).message


@pytest.mark.parametrize("c", ["\u0007", "\u0085", "\u200b", "\u202e", "\u2066", "\ufeff", "\ue000", "\U000e0041",
                               "\U0010fffd"])
def test_table_talk_refuses_controls_by_fixed_ranges(c):
    """The rule is a list of code points, not the Unicode database's categories (which change with the
    Python release): the same line gets the same answer when it is re-decided on any machine."""
    assert refused(toy(), 0, {"type": "say", "text": f"a{c}b"}).rule == "kifu/talk"


def test_table_talk_takes_letters_of_any_script_and_emoji():
    t = toy()
    for text in ("霊夢です", "Ĉu vi parolas?", "مرحبا", "🀄 gg", "a\u00a0b"):
        assert [e.data["text"] for e in table_move(t, 0, {"type": "say", "text": text})] == [text]
