"""Each card's text told from cards.json (engine/games/shisoroku/card_text.py) in English and in
Japanese (issue 39): the Japanese in the rulebook's words for card instructions (カードの指示 l.83
「+Xカードを引く」, l.90 「+Xアクション」, l.99 「+1カードを購入」, l.111 獲得する, l.117 廃棄する), nothing
left in English but the Dominion card a name plays as (a proper name), and a choice's options told by
their effects, never by the data's keys."""
import re

from engine.core.i18n import speaking
from engine.games.shisoroku.card_text import text
from engine.games.shisoroku.cards import RAW, card_list

CARDS = {c["id"]: c for c in card_list()}


def test_a_choice_is_told_by_its_effects_numbered_not_by_its_keys():
    """閉じた恋の瞳「古明地こいし」 (plays as Governor): its options were told as 'cards: …; treasure: …'."""
    said = text(CARDS["koishi"])
    assert "you choose 1 of: [1] you: +3 cards; each other player: +1 card [2] you: gain 御神酒" in said
    assert "treasure:" not in said and "remodel:" not in said
    with speaking("ja"):
        said = text(CARDS["koishi"])
    assert "以下から1つを選ぶ：［1］自分は+3カードを引く；他のプレイヤーは全員+1カードを引く ［2］自分は御神酒を獲得する" in said


def test_the_japanese_text_uses_the_rulebooks_instructions():
    with speaking("ja"):
        moat = text(CARDS["fuumajin"])
        council = text(CARDS["merlin"])
    assert moat.startswith("アクション / リアクション・コスト2・ドミニオンのMoatと同じ効果。 +2カードを引く。")
    assert "他のプレイヤーがアタックカードを使用したとき、手札からこのカードを公開してもよい：その効果を受けない。" in moat
    assert "+4カードを引く；+1カードを購入；他のプレイヤーは全員：+1カードを引く" in council


def test_no_card_is_told_in_japanese_with_an_english_word_but_its_dominion_name():
    left = []
    with speaking("ja"):
        for cid, card in CARDS.items():
            said = text(card).replace(card.get("plays_as") or "\0", "")
            left += [(cid, w) for w in re.findall(r"[A-Za-z]+", said)]
    assert not left, left[:5]
    assert len(CARDS) == sum(len(RAW[s]) for s in ("basic", "shelters", "kingdom", "prizes"))
