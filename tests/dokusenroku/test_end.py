"""勝利条件 and 追加ルール ~ゲーム終了条件~: the end when the deck runs out (option end: deck-out, the
default since card set kifu.2) or on a draw from the empty deck (end: empty-draw, kifu.1), total
assets, shared wins — seed 002."""
from engine.audit import rulesets
from engine.core import ENGINE_VERSION, MatchConfig, create_events, fold
from engine.games.dokusenroku.previous import CARDSET_VERSION as KIFU1
from engine.games.dokusenroku.state import land_value
from tests.dokusenroku.table import GAME, Table, one, owned, position

ROLL = {"type": "roll"}
OLD = {"end": "empty-draw"}


def test_the_draw_that_takes_the_last_card_ends_the_game():
    """勝利条件 いずれかのプレイヤーが山札からカードを引くときに山札の残りがなかった時点でゲームを終了, read
    with 追加ルール ~ゲーム終了条件~ 通常のゲーム同様、山札がなくなったタイミングで終了 (deck-out)."""
    lands = {"L04": owned(1, "C10a", 3)}
    t = Table(position(hands=[[], []], lands=lands, money=[90, 30], decks=[["C01a", "C02a"]]))
    t.act(0, {"type": "draw"})
    assert t.state["phase"] == "play"
    t.act(0, ROLL, dice=[4])
    ended = one(t.act(1, {"type": "draw"}), "GameEnded")
    assert ended.rule == "dokusenroku/end.deck-out" and ended.data["trigger"] == 1
    assert t.hand(1) == ["C02a"] and t.state["piles"][0]["deck"] == []
    assert ended.data["winners"] == ([1] if 30 + land_value(t.state, "L04") > 90 else [0])
    assert t.to_act == [] and GAME.legal_actions(t.state, 0) == []


def test_a_refill_or_spell_that_empties_the_deck_ends_the_game_mid_draw():
    t = Table(position(hands=[["S06a"], []], decks=[["C01a"]]))
    events = t.act(0, {"type": "spell", "card": "S06a"})          # draw 2: the first empties the deck
    assert [e.type for e in events][-2:] == ["CardDrawn", "GameEnded"] and t.hand(0) == ["C01a"]


def test_with_deck_out_no_game_goes_on_with_an_empty_deck():
    """The issue: under empty-draw nobody need ever draw from the empty deck. Under deck-out the deck
    is never empty while the game runs: a dealt game's last draw is its end."""
    state = fold(GAME, create_events(GAME, MatchConfig("dokusenroku", "standard", ["a", "b"], {}), b"s"))
    assert state["end"] == "deck-out"
    old = fold(GAME, create_events(GAME, MatchConfig("dokusenroku", "standard", ["a", "b"], OLD), b"s"))
    assert old["end"] == "empty-draw"


def test_drawing_from_the_empty_deck_ends_the_game_and_assets_decide():
    """empty-draw: 勝利条件 山札からカードを引くときに山札の残りがなかった時点でゲームを終了…最も総資産が多いプレイヤーが勝利."""
    lands = {"L04": owned(1, "C10a", 3), "L05": owned(1, "C11a")}
    t = Table(position(hands=[["C01a"], []], lands=lands, money=[90, 30], decks=[[]]), options=OLD)
    ended = one(t.act(0, {"type": "draw"}), "GameEnded")
    worth = 30 + land_value(t.state, "L04") + land_value(t.state, "L05")
    assert ended.data["assets"] == [90, worth] and worth > 90
    assert ended.data["winners"] == [1] and ended.data["trigger"] == 0 and ended.rule == "dokusenroku/end.draw"
    assert GAME.outcome(t.state) == ended.data
    assert t.to_act == [] and GAME.legal_actions(t.state, 0) == [] and GAME.legal_actions(t.state, 1) == []
    assert t.illegal(0, ROLL).rule == "dokusenroku/end.draw"


def test_total_assets_count_base_value_plus_toll_per_land():
    """総資産 (kifu, RULES.md): money + for each land its base value at its level + its current toll."""
    lands = {"L01": owned(0, "C10a", 2), "L02": owned(0, "C11a"), "L10": owned(1, "C12a", 5)}
    t = Table(position(hands=[[], []], lands=lands, money=[5, 0], decks=[[]]))
    t.act(0, {"type": "draw"})
    assert GAME.outcome(t.state)["assets"] == [
        5 + land_value(t.state, "L01") + land_value(t.state, "L02"), land_value(t.state, "L10")]
    assert land_value(t.state, "L01") == 25 + 15                # level 2 value 25 + toll (level 2, 2-chain) 15


def test_equal_assets_share_the_win():
    t = Table(position(order=[0, 1, 2], hands=[[], [], []], money=[50, 20, 50], decks=[[]]))
    t.act(0, {"type": "draw"})
    assert GAME.outcome(t.state)["winners"] == [0, 2]


def test_a_draw_from_an_effect_also_ends_the_game_mid_turn():
    """Any draw finding the deck empty ends it: here the EVENT table's 7 (draw 1)."""
    t = Table(position(hands=[[], []], decks=[[]]), options=OLD)
    t.act(0, ROLL, dice=[8])
    events = t.act(0, {"type": "bonus"}, dice=[3, 4])
    assert events[-1].type == "GameEnded" and t.state["phase"] == "over"


def test_constructed_ends_when_any_players_deck_runs_out():
    """~ゲーム終了条件~ いずれかのプレイヤーがなくなった時点で、山札の残っているプレイヤーが残っていても…終了."""
    t = Table(position(hands=[[], []], decks=[["0:C01a", "0:C02a"], ["1:C03a"]]), variant="constructed")
    t.act(0, {"type": "draw"})
    assert t.state["phase"] == "play"
    t.act(0, ROLL, dice=[4])
    ended = one(t.act(1, {"type": "draw"}), "GameEnded")         # seat 1 drew its deck's last card
    assert ended.rule == "dokusenroku/constructed.end" and ended.data["trigger"] == 1
    assert t.state["piles"][0]["deck"] == ["0:C02a"]


def test_constructed_empty_draw_ends_on_the_draw_from_the_empty_deck():
    t = Table(position(hands=[[], []], decks=[["0:C01a", "0:C02a"], []]), variant="constructed", options=OLD)
    t.act(0, {"type": "draw"})
    t.act(0, ROLL, dice=[4])
    ended = one(t.act(1, {"type": "draw"}), "GameEnded")
    assert ended.rule == "dokusenroku/constructed.end" and ended.data["trigger"] == 1


def test_with_empty_draw_drawing_is_optional_so_a_player_may_play_on_with_an_empty_deck():
    """Ⅰ is a may: under empty-draw the game ends on a draw from the empty deck, not on the deck being empty."""
    t = Table(position(hands=[[], []], decks=[[]]), options=OLD)
    t.act(0, ROLL, dice=[4])
    assert t.state["phase"] == "play" and t.state["active"] == 1


def test_matches_of_card_set_kifu1_keep_the_empty_draw_end():
    """Rules versions: a match pinned to kifu.1 gets the kept decider, whose setup names no end rule."""
    old = rulesets.pinned("dokusenroku", ENGINE_VERSION, KIFU1)
    assert old is not GAME and old.cardset_version == KIFU1 != GAME.cardset_version
    config = MatchConfig("dokusenroku", "standard", ["a", "b"], {})
    state = fold(old, create_events(old, config, b"s"))
    assert "end" not in state and state["phase"] == "play"
    turn_order = next(e for e in create_events(old, config, b"s") if e.type == "TurnOrderSet")
    assert "end" not in turn_order.data
