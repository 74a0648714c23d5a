"""The Japanese narration (issue 39): the recorded match (fixtures/narration_ja.json: a 東方零次元 duel of a
greedy and a random bot, told to seat 0) is told again line by line, with the turn structure's words of
the rulebook (000 フェイズの詳細, 優先権, スタックとタイミング, バトル; 001 ch.2 §3-4); the lines random matches
rarely reach; the events, and so the hash chain, are the same in both languages; English stays the
message ids. Every event type told in Japanese without an English word: tests/test_glossaries.py."""
import json
import random

import pytest

from engine.core import MatchConfig, Reader, create_events, fold, narrate, play
from engine.core.i18n import speaking
from engine.games.dimension_zero import GAME
from tests.dimension_zero import narration_match as recorded

FIXTURE = json.loads(recorded.FIXTURE.read_text())
# the turn structure as the rulebooks name it: 000 フェイズの詳細 (1)-(3) l.173-241, 優先権 l.308-321,
# スタックとタイミング l.247-250, バトル l.468-479 (001 ch.2 §4 l.501-511 for the steps' numbering)
TURN_WORDS = {
    "TurnStarted": ["ターン目", "のターン"],
    "Released": ["リリースフェイズ"],
    "PriorityPassed": ["優先権を放棄"],
    "BattleStarted": ["バトルが発生", "第1バトルステップ"],
}
PHASE_WORDS = {"draw": "ドローフェイズ", "energy": "エネルギーフェイズ", "main": "メインフェイズ",
               "smash": "スマッシュフェイズ", "recovery": "リカバリーフェイズ"}
STEP_WORDS = {"second": "第2バトルステップ", "end": "バトル終了ステップ"}


@pytest.fixture(scope="module")
def events():
    return recorded.recorded_events()


def test_the_recorded_match_is_told_line_by_line_as_the_fixture(events):
    told = recorded.told(events, FIXTURE["reader"], FIXTURE["names"], "ja")
    got = [{"version": v, "type": e.type, "ja": text} for v, e, text in told]
    for i, (want, line) in enumerate(zip(FIXTURE["lines"], got)):
        assert line == want, f"line {i + 1}"
    assert len(got) == len(FIXTURE["lines"])


def test_the_fixture_tells_the_turn_in_the_rulebooks_words(events):
    """Each phase, step and priority pass of the fixture is in the rulebook's words, move by move."""
    by_version = dict(enumerate(events, start=1))
    phases = set()
    for line in FIXTURE["lines"]:
        e = by_version[line["version"]]
        assert e.type == line["type"]
        for word in TURN_WORDS.get(e.type, ()):
            assert word in line["ja"], (line, word)
        if e.type == "PhaseEntered" and e.data["phase"] in PHASE_WORDS:
            assert line["ja"].startswith(PHASE_WORDS[e.data["phase"]]), line
            phases.add(e.data["phase"])
        if e.type == "BattleStep":
            assert line["ja"].startswith(STEP_WORDS[e.data["step"]]), line
        if e.type == "Stacked":
            assert "スタックに積まれた" in line["ja"], line
    assert phases == set(PHASE_WORDS)


@pytest.mark.parametrize("data, want", [
    ({"type": "PositionSet", "data": {}}, "分析用の局面からデュエルを始める"),
    ({"type": "TriggerDropped", "data": {"source": "0-01", "reveal": {"0-01": "th-sakuya"}}},
     "十六夜 咲夜の◆誘発型能力は対象がなく、スタックに乗らない"),
    ({"type": "Noted", "data": {"failed": "pact", "card": "0-01", "reveal": {"0-01": "th-sakuya"}}},
     "十六夜 咲夜の盟約：置くスクエアがなく、何も解決しない"),
    ({"type": "Noted", "data": {"failed": "plan_refresh"}}, "プランゾーンのカードがなくなり、更新は失敗した"),
])
def test_rare_lines_in_japanese(data, want):
    from engine.core import Event
    with speaking("ja"):
        assert narrate(GAME, Event(data["type"], data["data"]), Reader(0, ["霊夢", "魔理沙"])) == want


def test_the_events_are_the_same_in_either_language():
    seed = b"i39-same-events"
    made = []
    for lang in ("en", "ja"):
        with speaking(lang):
            events = create_events(GAME, MatchConfig(GAME.id, "touhou", ["a", "b"], {}), seed)
            live = fold(GAME, events)
            rng = random.Random(seed)
            for _step in range(200):
                seat = rng.choice(GAME.to_act(live))
                new = play(GAME, live, seat, rng.choice(GAME.legal_actions(live, seat)), seed)
                live = fold(GAME, new, live)
                events += new
            made.append(json.dumps([e.to_dict() for e in events], ensure_ascii=False, sort_keys=True))
    assert made[0] == made[1]


def test_english_is_the_message_id():
    e = next(e for e in recorded.recorded_events() if e.type == "PriorityPassed")
    reader = Reader(0, ["霊夢", "魔理沙"])
    assert narrate(GAME, e, reader) in ("霊夢 passes", "魔理沙 passes")
    with speaking("ja"):
        assert narrate(GAME, e, reader).endswith("は優先権を放棄した")
