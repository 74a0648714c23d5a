"""Squares told by the rulebook's names, not by number (issue 38): 000 プレイシートの見方 l.127-135 (001
ch.1 §4 ゲームマットの見方 l.185-189) names the battle space's rows 自軍エリア / 中央エリア / 敵軍エリア
(「自分から見て手前、中央、奥」) and its columns 左ライン / 中央ライン / 右ライン (「自分から見て左、中央、
右」), so the two players, facing each other, name one square differently: seat 0's 左ライン is seat 1's
右ライン, seat 0's 自軍エリア seat 1's 敵軍エリア. The log tells a square from the side of the seat its
sentence is about (the player who plays or moves, the owner of the card placed); a seat's choices name
the squares from its own side."""
import pytest

from engine.core import Event, Reader, narrate
from engine.core.i18n import speaking
from engine.games.dimension_zero.words import base_name, line_name, square_name
from tests.dimension_zero import narration_match as recorded
from tests.dimension_zero.table import GAME, Table, player

NAMES = ["霊夢", "魔理沙"]


@pytest.mark.parametrize("square, seat, ja, en", [
    (0, 0, "自軍エリアの左ライン", "the own area, left line"),
    (0, 1, "敵軍エリアの右ライン", "the enemy area, right line"),
    (3, 0, "中央エリアの左ライン", "the centre area, left line"),
    (3, 1, "中央エリアの右ライン", "the centre area, right line"),
    (4, 1, "中央エリアの中央ライン", "the centre area, centre line"),
    (8, 0, "敵軍エリアの右ライン", "the enemy area, right line"),
    (8, 1, "自軍エリアの左ライン", "the own area, left line"),
])
def test_a_square_is_named_from_one_seats_side(square, seat, ja, en):
    """000 l.129-130 (自軍 / 中央 / 敵軍エリア) and l.134-135 (左 / 中央 / 右ライン), each 「自分から見て」;
    state.py: row 0 is seat 0's own area, column 0 seat 0's left line."""
    assert square_name(square, seat) == en
    with speaking("ja"):
        assert square_name(square, seat) == ja


def test_a_base_square_is_named_by_its_line_from_its_owners_side():
    """000 l.117-120 (ベーススクエア) and l.134-135: the base squares stand in the lines' columns."""
    with speaking("ja"):
        assert [line_name(n, 0) for n in range(3)] == ["左ライン", "中央ライン", "右ライン"]
        assert [line_name(n, 1) for n in range(3)] == ["右ライン", "中央ライン", "左ライン"]
        assert base_name(0, 1) == "右ラインのベーススクエア"


def _told(events, reader, lang="ja"):
    return [text for _v, _e, text in recorded.told(events, reader, NAMES, lang)]


def _plays_onto_square_3(seat):
    """``seat`` plays 黒の亡霊 onto square 3 (the centre area, 001 ch.2 §3(4)①) and both pass: the match's
    events."""
    hand = player(hand=["dz-black-ghost"], energy=["dz-black-ghost"])
    t = Table([hand, player()] if seat == 0 else [player(), hand], first=seat, active=seat)
    ghost = t.id(seat, "dz-black-ghost", "hand")
    t.act(seat, {"type": "play", "card": ghost, "square": 3, "pay": t.pay(seat, {"K": 1})})
    t.passes(2)
    return t.events


@pytest.mark.parametrize("reader", [0, 1, None])
def test_a_play_onto_a_square_is_told_with_the_players_names_for_it(reader):
    """000 カードのプレイ l.406-418 (a unit is played onto a square of 自軍エリア or 中央エリア) told with
    l.129-135's names from the player's side, whoever reads: square 3 is seat 0's 中央エリアの左ライン and
    seat 1's 中央エリアの右ライン; the card's placing is told from its owner's side alike."""
    seat0 = _told(_plays_onto_square_3(0), reader)
    assert "霊夢が黒の亡霊を中央エリアの左ラインにプレイ。スタックに積まれた" in seat0
    assert "黒の亡霊が中央エリアの左ラインにフリーズ状態で置かれた" in seat0
    seat1 = _told(_plays_onto_square_3(1), reader)
    assert "魔理沙が黒の亡霊を中央エリアの右ラインにプレイ。スタックに積まれた" in seat1
    assert "黒の亡霊が中央エリアの右ラインにフリーズ状態で置かれた" in seat1
    assert not any("スクエア" in text and "ベーススクエア" not in text for text in seat0 + seat1)
    english = _told(_plays_onto_square_3(1), reader, "en")
    assert "魔理沙 plays 黒の亡霊 onto the centre area, right line" in english


def test_a_move_and_a_battle_are_told_from_the_movers_and_the_attackers_side():
    """000 移動と起動効果 l.440 and バトル l.454-479: seat 1's unit moving from its 中央エリア into seat 0's
    自軍エリア reaches its own 敵軍エリア; the battle there is told from the attacker's side too."""
    stacked = {"item": {"kind": "move", "seat": 1, "unit": "1-01", "from": 3, "to": 0}}
    battle = {"square": 0, "attacker": "1-01", "defender": "0-01", "reveal": {"1-01": "dz-black-ghost",
                                                                            "0-01": "dz-bf-angel"}}
    with speaking("ja"):
        told = [narrate(GAME, Event(kind, data), Reader(0, NAMES)) for kind, data in (
            ("Stacked", stacked), ("UnitMoved", {"card": "1-01", "from": 3, "to": 0}), ("BattleStarted", battle))]
    assert told[0] == "魔理沙がカードの中央エリアの右ラインから敵軍エリアの右ラインへの移動を宣言。スタックに積まれた"
    assert told[1] == "カードが中央エリアの右ラインから敵軍エリアの右ラインへ移動した"
    assert told[2].startswith("敵軍エリアの右ラインでバトルが発生：黒の亡霊が")


def test_a_seats_choices_name_the_squares_from_its_side():
    """The move builder's options (engine/games/dimension_zero/choices.py) for a unit of seat 1: its own
    area is row 2, its left line column 2 (000 l.129-135)."""
    t = Table([player(), player(hand=["dz-black-ghost"], energy=["dz-black-ghost"])], first=1, active=1)
    ghost = t.id(1, "dz-black-ghost", "hand")
    with speaking("ja"):
        labels = {o.ref: o.label for o in GAME.choices(t.state, 1, {"type": "play", "card": ghost}).options}
    assert labels["square-8"] == "自軍エリアの左ライン" and labels["square-6"] == "自軍エリアの右ライン"
    assert labels["square-3"] == "中央エリアの右ライン" and labels["square-4"] == "中央エリアの中央ライン"
