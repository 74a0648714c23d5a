"""The 3x3Wars log in Japanese (issue 39): the recorded match (fixtures/narration_ja.json, seeded greedy bots,
初級) told again line by line as recorded, in the words of ◇ゲームの流れ (003 l.115-132: ターン(手番), the
steps 除去 / 強化 (2.3 打消) / 透過攻撃 / 攻撃 / 領土拡大 / 戦略 / 手番終了, 配備 and 再配備); the same events, byte
for byte, whatever the language. No English word left in the Japanese of any event type: tests/test_glossaries.py."""
import json

from engine.core import canonical_json
from engine.core.i18n import speaking
from tests.threebythree.japanese import FIXTURE, GLOSSARY, RARE, replayed, selects, told

# ◇ゲームの流れ's words the recorded match must show, each in the lines of the events its glossary entry lists
FLOW = ("turn", "to-play", "removal-step", "enhancement-step", "counter", "pass", "pierce-attack-step", "attack-step",
        "territory-step", "strategy-step", "end-step", "territory-expansion", "deploy", "redeploy", "removal",
        "enhancement", "destroy", "damage")


def fixture() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_recorded_match_is_told_as_recorded_line_by_line():
    f = fixture()
    again = [{"version": v, "type": t, "ja": line} for v, t, _e, line in told(replayed(f), f["reader"])]
    assert len(again) == len(f["lines"]), f"{len(again)} lines now, {len(f['lines'])} recorded"
    for now, then in zip(again, f["lines"]):
        assert now == then, f"v{then['version']} {then['type']}: now {now['ja']!r}, recorded {then['ja']!r}"


def test_the_recorded_match_speaks_the_words_of_the_flow_of_the_game():
    """003 ◇ゲームの流れ: every step of the turn the match goes through is named as the manual names it."""
    f = fixture()
    by_version = {v: e for v, _t, e, _line in told(replayed(f), f["reader"])}
    concepts = {c["id"]: c for c in GLOSSARY}
    for concept in FLOW:
        c = concepts[concept]
        lines = [line["ja"] for line in f["lines"] if any(selects(s, by_version[line["version"]]) for s in c["events"])]
        assert lines, f"the recorded match has no event naming {c['ja']} ({c['seed']})"
        assert all(c["ja"] in line for line in lines), f"{c['ja']} missing from {[x for x in lines if c['ja'] not in x]}"


def test_the_events_are_the_same_in_both_languages():
    """Nothing translated reaches an event: the match played in Japanese is the match played in English."""
    f = fixture()
    with speaking("ja"):
        ja = [canonical_json(e.to_dict()) for e in replayed(f)]
    with speaking("en"):
        en = [canonical_json(e.to_dict()) for e in replayed(f)]
    assert ja == en


def test_english_stays_english():
    """The English log is the message ids: the same sentences as before the catalog."""
    lines = [line for _v, _t, _e, line in told(RARE, 0, lang="en")]
    assert "霊夢 takes a mulligan (1 so far): 2 cards back into the deck" in lines
    assert "The game is drawn (the deck ran out, life 7 / 7)" in lines
