"""3x3Wars' other sentences in Japanese (issue 39): card text, the rules' statements, the choice protocol's
prompts and labels and the situation (pending_text) — no English word left (card ids, ruling ids and the
name kifu aside); designed card facts said as designed (「kifu による設計」), never as printed."""
import random
import re

from engine.core import MatchConfig, Reader, create_events, fold, play
from engine.core.i18n import speaking
from tests.threebythree.table import GAME, Table, position

ENGLISH = re.compile(r"[A-Za-z][A-Za-z-]+")
ALLOWED = re.compile(r"^(?:kifu|[a-z]+-[a-z]+)$")          # the name, and ruling ids (tensha-target)
NAMES = ["霊夢", "魔理沙"]


def english(text) -> list:
    return [w for w in ENGLISH.findall(text) if not ALLOWED.match(w)]


def test_card_text_and_rules_in_japanese_and_designed_facts_said_so():
    with speaking("ja"):
        described = GAME.describe()
    for card in described["cards"]:
        assert not english(card["text"]), f"{card['id']}: {card['text']}"
        designed = any(how == "designed" for how in card["provenance"].values())
        assert ("kifu による設計" in card["text"]) == designed, f"{card['id']}: {card['text']}"
    for rule_id, told in described["rules"].items():
        assert not english(told["statement"]), f"{rule_id}: {told['statement']}"
    english_card = next(c for c in GAME.describe()["cards"] if c["id"] == "A01")
    assert english_card["text"].startswith("Magic of 炎.") and "Designed by kifu, not printed: the effects." \
        in english_card["text"]


def test_the_manuals_words_in_card_text():
    """003 ○發動条件: [あなたのメインフェイズ限定] as printed on 風読み; 必要魔力, 大魔術."""
    with speaking("ja"):
        wind = next(c for c in GAME.describe()["cards"] if c["id"] == "A14")["text"]
    assert "[あなたのメインフェイズ限定]" in wind and "必要魔力" in wind and "大魔術★天写" in wind


def test_prompts_labels_and_situations_in_japanese():
    """Random walks through the choice protocol at every level, a step of each move made."""
    for variant in GAME.variants:
        seed = b"kifu-i39-walk-%s" % variant.encode()
        rng = random.Random(seed)
        state = fold(GAME, create_events(GAME, MatchConfig("threebythree", variant, NAMES, {}), seed))
        with speaking("ja"):
            while GAME.outcome(state) is None:
                seat = rng.choice(GAME.to_act(state))
                situation = GAME.situation(state, Reader(seat, NAMES))
                assert not english(situation), situation
                partial = {}
                for _ in range(6):
                    step = GAME.choices(state, seat, partial).to_dict()
                    for text in [step["prompt"]] + [o["label"] for o in step["options"]]:
                        assert not english(re.sub(r"\b(?:\d{3}|A\d{2})\b", "", text)), text
                    option = rng.choice(step["options"])
                    if option["done"]:
                        break
                    partial = option["action"]
                state = fold(GAME, play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), seed), state)


def test_a_counter_window_is_told_as_a_sentence_naming_the_spell():
    """003 2.3 (issue 38: the pending state as a sentence): whose spell, on which unit."""
    t = Table(position(hands=[["016"], ["014"]], units=[[], ["040"]], deck=["011", "042", "037"]))
    t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}]})
    assert t.state["step"] == "counter"
    reader = Reader(1, NAMES)
    assert GAME.situation(t.state, reader) == "a counter window on 霊夢's removal of 突撃兵 (2.3)"
    with speaking("ja"):
        assert GAME.situation(t.state, reader) == "霊夢の突撃兵への除去に対する打消(2.3 打消)"


def test_a_refusal_is_said_in_the_callers_language_citing_the_same_rule():
    """003 ○1枚除去 (l.164): one card of exactly the unit's cost; 4.1 once per turn."""
    t = Table(position(hands=[["014", "011"], []], units=[[], ["040"]], deck=["016", "042", "037"]))
    wrong = {"type": "remove", "spells": [{"target": "040", "with": ["014"]}]}
    english = t.illegal(0, wrong)
    with speaking("ja"):
        japanese = t.illegal(0, wrong)
    assert english.rule == japanese.rule == "threebythree/2.1.single"
    assert english.message == "one-card removal needs cost 5 exactly; 014 counts 4"
    assert japanese.message == "1枚除去にはコストが完全に一致する5のカードが必要。014は4"
    with speaking("ja"):
        assert t.illegal(1, {"type": "pass"}).message == "あなたの番ではない"
        assert t.illegal(0, {"type": "deploy", "card": "011"}).message == \
            "'deploy'を行えるのは戦略ステップ(1ターン中に1回)。今は除去ステップ"
