"""Each 東方独占録 card's text in both languages (card_text.py, issue 39): in Japanese told from the card's
data in the rulebook's terms (スペルカード ②, キャラクターカード ①-⑤) with no English left; in English a
spell's effect is its text in cards.json; in both, the designed numbers and effects are said to be
kifu's design (「kifu による設計」), never presented as printed."""
import re

from engine.core.i18n import speaking
from engine.games.dokusenroku.card_text import text
from engine.games.dokusenroku.cards import card_list


def test_every_card_is_told_in_japanese_with_its_design_marked():
    for card in card_list():
        with speaking("ja"):
            told = text(card)
        english = set(re.findall(r"[A-Za-z]{2,}", told)) - {"kifu"}
        assert not english, f"{card['id']}: English {sorted(english)} in {told!r}"
        assert "kifu による設計" in told and f"コスト{card['cost']}圓" in told
        kind = {"character": "キャラクターカード", "spell": "スペルカード", "charisma": "援護カード"}[card["type"]]
        assert told.startswith(kind), told


def test_a_spells_english_effect_is_its_cards_json_text_and_its_japanese_follows_its_effects():
    spells = {c["id"]: c for c in card_list() if c["type"] == "spell"}
    with speaking("en"):
        assert all(spells[s]["text"] in text(spells[s]) for s in spells)
        assert "designed by kifu" in text(spells["S05"])
    with speaking("ja"):
        assert "銀行に30圓を支払う" in text(spells["S05"])          # burn 30: マスタースパーク
        assert "出目+4マス" in text(spells["S01"])                  # move_plus 4: ブレイジングスター
        assert "1順番に1枚までの使用制限に数えない" in text(spells["S14"])   # a free spell (スペルカード: 一部を除く)


def test_a_refusal_is_told_in_the_players_language_with_lands_and_cards_by_name():
    """IllegalAction messages are catalog sentences: the same rule cited in both languages, lands and
    cards by their printed names (土地 Ⅰ: levels up to 5; キャラクターカード ①: the cost)."""
    from tests.dokusenroku.table import Table, owned, position
    t = Table(position(money=[30, 40], hands=[["C20a"], []], lands={"L09": owned(0, "C12a", 5)}))
    for lang, want in (("en", "大図書館 is level 5; levels go up to 5"), ("ja", "大図書館は土地レベル5です")):
        with speaking(lang):
            refused = t.illegal(0, {"type": "invest", "land": "L09", "levels": 1})
        assert refused.rule == "dokusenroku/land.level" and refused.message.startswith(want), refused.message
    t.act(0, {"type": "roll"}, dice=[1, 4])                      # L04, an empty land: 伊吹萃香 costs 40圓
    assert t.step == "land"
    with speaking("ja"):
        refused = t.illegal(0, {"type": "place", "card": "C20a"})
    assert refused.rule == "dokusenroku/card.cost" and refused.message == "伊吹萃香のコストは40圓です"
