"""★不許火 answers an enhancement without a hand card — seed 003 (3x3Wars マニュアル ver.1.2).

○大魔術 【大魔術の基本ルール】 (l.578-582): 大魔術には必要魔力が存在しないので、条件さえ満たし「発動コスト」を
支払えば、必ず発動(使用)が可能です. ○大魔術「★不許火」 (l.733-739): 相手のターン中にも発動が可能な発動条件の
拡張を持つ。無効化は打消と同じ効果で、対象の効果(魔法と強化)を白紙化する. So the enhancer's opponent is asked
whenever ★不許火 could answer by what the table can see (a magic not sideways, no grand magic used this
turn), with or without hand cards; levels without grand magic (初級, 中級: ○大魔術 l.105-107, l.480-482)
ask only a seat that holds as many cards as the spell uses (2.3 打消, l.203-205).
"""
import pytest

from engine.audit import rulesets
from engine.core import ENGINE_VERSION, MatchConfig, create_events, fold, play
from engine.games.threebythree.previous import CARDSET_VERSION as KIFU1
from tests.threebythree.table import GAME, SEED, Table, of_type, position, types

GRAND_LEVELS = ("wizard", "seven-mage")          # ◇大魔術について: 上級 and its セブンメイジ戦 variation
ENHANCE = {"type": "enhance", "spells": [{"target": "016", "with": ["015"]}]}     # 突撃兵 5 + 渦潮の巫女 4


def empty_hand_table(variant, magic=("A03",), **kw):
    """Seat 0 holds 渦潮の巫女 (水 4) beside its 突撃兵 (水 5); seat 1 holds no card and a face-down 炎 magic."""
    return Table(position(hands=[["015"], []], units=[["016"], []], magic=[[], list(magic)], deck=["043", "044"], **kw),
                 variant=variant)


@pytest.mark.parametrize("variant", GRAND_LEVELS)
def test_an_empty_hand_and_a_face_down_fire_magic_negate_an_enhancement(variant):
    """l.578-582 and l.733-739: no hand card is needed; the unit attacks for 5, not 9."""
    t = empty_hand_table(variant)
    t.passes(0, "enhance")
    events = t.act(0, ENHANCE)
    opened = of_type(events, "CounterWindowOpened")[0]
    assert opened.data["responder"] == 1 and opened.rule == "threebythree/grand.不許火"
    assert t.to_act == [1] and {"type": "grand", "card": "A03"} in GAME.legal_actions(t.state, 1)
    events = t.act(1, {"type": "grand", "card": "A03"})
    assert of_type(events, "ChainClosed")[0].data == {"index": 0, "countered": True, "negated": True}
    assert of_type(events, "Attacked")[0].data["attack"] == 5
    assert "A03" in t.state["removed"] and "015" in t.state["discard"]


@pytest.mark.parametrize("variant", GRAND_LEVELS)
def test_the_window_opens_on_public_facts_so_a_non_fire_magic_passes(variant):
    """The table cannot see which face-down magic is 炎 (l.73 裏側にして置きます), so a face-down 水 magic
    opens the window too; its owner passes and the enhancement resolves (+4: 9)."""
    t = empty_hand_table(variant, magic=("A05",))
    t.passes(0, "enhance")
    t.act(0, ENHANCE)
    assert t.to_act == [1] and GAME.legal_actions(t.state, 1) == [{"type": "pass"}]
    assert t.illegal(1, {"type": "grand", "card": "A05"}).rule == "threebythree/grand.不許火"
    events = t.act(1, {"type": "pass"})
    assert of_type(events, "Attacked")[0].data["attack"] == 9


@pytest.mark.parametrize("variant", GRAND_LEVELS)
def test_no_window_when_the_table_sees_that_fire_cannot_answer(variant):
    """【大魔術の発動コストを支払う方法】 (l.596): a sideways magic cannot pay; 【大魔術の基本ルール】 (l.580):
    one grand magic per turn. With only a sideways magic and no card, nobody is asked."""
    t = Table(position(hands=[["015"], []], units=[["016"], []], magic=[[], ["A03"]], deck=["043", "044"]),
              variant=variant)
    t.state["players"][1]["magic"][0]["state"] = "side"          # given: its cost paid twice already
    t.passes(0, "enhance")
    events = t.act(0, ENHANCE)
    assert "CounterWindowOpened" not in types(events)
    assert of_type(events, "Attacked")[0].data["attack"] == 9


@pytest.mark.parametrize("variant", GRAND_LEVELS)
def test_fire_negates_after_a_counter_chain_with_the_last_card(variant):
    """・打消の特性 (l.213-217) then ★不許火: seat 1 counters with its only card, seat 0 counters that, and
    seat 1 — no card left — is asked again and negates the enhancement (the window is its to answer)."""
    t = Table(position(hands=[["015", "047"], ["014"]], units=[["016"], []], magic=[[], ["A01"]],
                       deck=["043", "044"]), variant=variant)
    t.passes(0, "enhance")
    t.act(0, ENHANCE)
    t.act(1, {"type": "counter", "with": ["014"]})
    events = t.act(0, {"type": "counter", "with": ["047"]})
    assert of_type(events, "CounterWindowOpened")[-1].data["responder"] == 1 and t.player(1)["hand"] == []
    events = t.act(1, {"type": "grand", "card": "A01"})
    assert of_type(events, "Attacked")[0].data["attack"] == 5


@pytest.mark.parametrize("variant", ("overlord", "apprentice"))
def test_levels_without_grand_magic_ask_only_a_seat_that_can_counter(variant):
    """初級 / 中級 (l.105-107, l.480-482: 大魔術は一切使用しません): an empty hand is never asked."""
    t = Table(position(hands=[["015"], []], units=[["016"], []], magic=[[], ["A01"]], deck=["043", "044"],
                       territories=[["006", "007", "008"], ["009", "010", "011"]] if variant == "overlord" else ([], [])),
              variant=variant)
    t.passes(0, "enhance")
    events = t.act(0, ENHANCE)
    assert "CounterWindowOpened" not in types(events)
    assert of_type(events, "Attacked")[0].data["attack"] == 9


def test_matches_of_card_set_kifu1_keep_their_rulings():
    """Rules versions: a match pinned to kifu.1 is decided as it was (the enhancement resolved unasked)."""
    old = rulesets.pinned("threebythree", ENGINE_VERSION, KIFU1)
    assert old is not GAME and old.cardset_version == KIFU1 != GAME.cardset_version
    pos = position(hands=[["015"], []], units=[["016"], []], magic=[[], ["A03"]], deck=["043", "044"])
    config = MatchConfig("threebythree", "wizard", ["a", "b"], {}, pos)
    state = fold(old, create_events(old, config, SEED))
    while state["step"] != "enhance":
        state = fold(old, play(old, state, 0, {"type": "pass"}, SEED), state)
    events = play(old, state, 0, ENHANCE, SEED)
    assert "CounterWindowOpened" not in types(events) and of_type(events, "Attacked")[0].data["attack"] == 9
