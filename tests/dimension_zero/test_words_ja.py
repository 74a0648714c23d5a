"""Dimension Zero's other sentences in Japanese and English (issue 39): the choice protocol's prompts and
option labels, the payment in words (issue 38: never "Pay X1", "W2"), the situation behind pending_text,
the card text with kifu's designed facts marked as such (「kifu による設計」), the rule statements (the
rulebook's wording) and the errors a player reads — Japanese with no English word left, English as the
message ids."""
import random
import re

import pytest

from engine.core import IllegalAction, MatchConfig, Reader, create_events, fold, play
from engine.core.choices import walk
from engine.core.i18n import speaking
from engine.games.dimension_zero import GAME, costs
from tests.dimension_zero.table import Table, player, unit

ENGLISH = re.compile(r"[A-Za-z]{2,}")
CARD_KEY = re.compile(r"\b(?:dz|th)-[a-z0-9-]+\b")       # a card key, shown beside its name when sideboarding
ALLOWED = {"kifu"}                                          # 「kifu による設計」


def english_words(text: str) -> set:
    return set(ENGLISH.findall(CARD_KEY.sub("", text))) - ALLOWED


def test_a_payment_reads_in_words_in_both_languages():
    """001 ch.2 Column コストの支払い / 000 カードのコスト: coloured and colourless (無色) energy."""
    cost = {"W": 1, "X": 2}
    assert costs.words(cost) == "3 energy (1 white, 2 of any colour)"
    assert costs.words({"X": 1}) == "1 energy (any colour)"
    with speaking("ja"):
        assert costs.words(cost) == "エネルギー3（白1、無色2）"
        assert costs.words({"X": 1}) == "エネルギー1（無色）"


def test_the_payment_step_in_japanese():
    t = Table([player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2), player()])
    card = t.id(0, "dz-red-striker", "hand")
    partial = {"type": "play", "card": card, "square": 0}
    assert GAME.choices(t.state, 0, partial).prompt == \
        "Pay 2 energy (1 red, 1 of any colour): choose the cards to freeze"
    with speaking("ja"):
        step = GAME.choices(t.state, 0, partial)
    assert step.prompt == "エネルギー2（赤1、無色1）を支払う：フリーズするカードを選ぶ"
    assert all("赤" in o.label for o in step.options if not o.done), [o.label for o in step.options]


def _positions():
    """Positions of random duels of every variant and of a best-of-3 match (sideboarding between duels)."""
    for variant, options in (("first-century", {}), ("touhou", {}), ("touhou-instant", {}), ("touhou", {"best_of": 3})):
        seed = b"i39-words-%s-%d" % (variant.encode(), len(options))
        events = create_events(GAME, MatchConfig(GAME.id, variant, ["a", "b"], options), seed)
        live = fold(GAME, events)
        rng = random.Random(seed)
        for step in range(3000):
            if GAME.outcome(live) is not None:
                break
            if step % 3 == 0 or live["phase"] == "sideboard" or live["pending"]:
                yield live
            seat = rng.choice(GAME.to_act(live))
            live = fold(GAME, play(GAME, live, seat, rng.choice(GAME.legal_actions(live, seat)), seed), live)


def test_every_prompt_and_label_of_the_choice_protocol_is_japanese():
    rng = random.Random(39)
    seen = set()
    for state in _positions():
        for seat in GAME.to_act(state):
            told = []

            def pick(step):
                told.append(step.prompt)
                told.extend(o.label for o in step.options)
                seen.update(o.action.get("type") for o in step.options)
                return rng.choice(step.options)
            with speaking("ja"):
                walk(GAME, state, seat, pick)
                told.append(GAME.situation(state, Reader(None, ["霊夢", "魔理沙"])))
            for text in told:
                assert not english_words(text), f"English {english_words(text)} in {text!r}"
    assert {"pass", "play", "energy", "smash", "sideboard", "choose"} <= seen


def test_the_situation_in_both_languages():
    t = Table([player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2), player()])
    reader = Reader(None, ["霊夢", "魔理沙"])
    assert GAME.situation(t.state, reader) == "霊夢's turn, main phase: priority"
    with speaking("ja"):
        assert GAME.situation(t.state, reader) == "霊夢のターン、メインフェイズ：優先権を持つプレイヤーの行動待ち"


def test_card_text_in_japanese_marks_what_kifu_designed():
    english = {c["key"]: c["text"] for c in GAME.describe()["cards"]}
    with speaking("ja"):
        cards = GAME.describe()["cards"]
    for c in cards:
        assert not english_words(c["text"]), (c["name"], c["text"])
        designed = any(p == "designed" for f, p in c["provenance"].items() if c.get(f) not in (None, [], {}, ""))
        assert ("kifu による設計" in c["text"]) == designed == ("Designed by kifu" in english[c["key"]]), c["name"]
    sakuya = next(c for c in cards if c["key"] == "th-sakuya")            # KNOWN-CARDS (public): nothing designed
    assert sakuya["text"] == ("ユニット · クイックタイミング · 使用コスト 白2 + 無色3 · 移動コスト 白1 + 無色2 · パワー 6500 · "
                              "スマッシュ 1 · メイデン。 ◆あなたのターン終了時（このカードがスクエアにフリーズ状態である"
                              "場合）、他のユニット1つをこのユニットのいるスクエアに移動してもよい。")
    assert english["th-sakuya"].startswith("Unit · quick · cost 2 white + 3 any colour · move 1 white + 2 any colour")


def test_rule_statements_in_the_rulebooks_words():
    english = GAME.describe()["rules"]
    with speaking("ja"):
        rules = GAME.describe()["rules"]
    assert set(rules) == set(english)
    for rule_id, r in rules.items():
        assert r["section"] == english[rule_id]["section"]
        assert not english_words(r["statement"]) - {"pact", "full", "area", "separate"}, (rule_id, r["statement"])
    # 000 優先権 (3)(4), l.318-321
    assert "優先権を放棄" in rules["priority.pass"]["statement"]
    assert english["priority.pass"]["statement"].startswith("A pass gives priority to the opponent")


def test_errors_in_japanese_and_the_hidden_card_answer_unchanged():
    t = Table([player(energy=["dz-red-striker"]), player(hand=["dz-red-striker"])],
              units=[unit("dz-red-striker", 0, 0, frozen=True)])
    (u,) = list(t.state["units"])
    hidden = t.id(1, "dz-red-striker", "hand")
    with speaking("ja"):
        with pytest.raises(IllegalAction) as frozen:
            GAME.decide(t.state, 0, {"type": "move", "unit": u, "to": 3, "pay": []}, None)
        answers = []
        for cid in (hidden, "9-99"):
            with pytest.raises(IllegalAction) as e:
                GAME.decide(t.state, 0, {"type": "play", "card": cid, "square": 0, "pay": []}, None)
            answers.append(e.value.message.replace(repr(cid), "ID"))
    assert frozen.value.message == "フリーズ状態のユニットは移動できません"
    assert answers[0] == answers[1] == "不明なカード ID"
