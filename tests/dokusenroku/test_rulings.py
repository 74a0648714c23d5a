"""The readings of what seed 002 leaves open (rulings.json, README "Rulings"): the constructed variant's
カリスマ in the deck and the deck-size adjustment's default, each under both choices; 反魂's graveyard and
【妖精】's numbers as kifu plays them; explain naming the ruling. Line numbers are the seed file's
(shared/seeds/002_*.txt)."""
import pytest

from engine.audit.platform_rules import rule_text
from engine.core import ConfigError, Rng
from engine.games.dokusenroku.cards import PRESETS
from tests.dokusenroku.table import GAME, Table, of_type, one, owned, position

ROLL = {"type": "roll"}
WITH_CHARISMA = PRESETS["scarlet"][:37] + ["X00"] * 3


def ruling_ids(rule, event=None, state=None):
    return [r["id"] for r in rule_text(GAME, rule, event, state).get("rulings", [])]


# ---- charisma-in-deck (l.389-399) ------------------------------------------------------------------

def test_a_charisma_inside_the_forty_is_refused_by_default_naming_the_ruling():
    """~デッキ構築制限~ l.399 「これとは別にカリスマカードを1枚用意します」 read as: only besides the deck."""
    with pytest.raises(ConfigError) as info:
        Table(variant="constructed", seats=2, options={"decks": [WITH_CHARISMA, "hakurei"]})
    assert info.value.rule == "dokusenroku/constructed.deck"
    assert "dokusenroku/ruling.charisma-in-deck: besides" in info.value.message


def test_in_deck_lets_a_deck_hold_up_to_three_charisma_besides_the_one_given():
    t = Table(variant="constructed", seats=2, options={"decks": [WITH_CHARISMA, "hakurei"]},
              rulings={"charisma-in-deck": "in-deck"})
    mine = t.state["piles"][0]["deck"] + t.state["piles"][0]["removed"] + t.hand(0)
    assert sorted(c for c in mine if "X00" in c) == ["0:X00a", "0:X00b", "0:X00c", "0:X00d"]
    assert of_type(t.events, "CharismaGiven")[0].data["card"] == "0:X00a" and "0:X00a" in t.hand(0)
    with pytest.raises(ConfigError, match="more than 3"):
        Table(variant="constructed", seats=2, options={"decks": [PRESETS["scarlet"][:36] + ["X00"] * 4, "hakurei"]},
              rulings={"charisma-in-deck": "in-deck"})


def test_in_deck_charisma_drawn_is_hidden_like_any_card_but_the_given_one_stays():
    """determinize: the table knows the given カリスマ (0:X00a) is in seat 0's hand, not a deck copy."""
    pos = position(hands=[["0:X00a", "0:X00b"], []], decks=[["0:C01a", "0:C02a", "0:C03a"], ["1:C01a"]])
    with pytest.raises(ConfigError):
        Table(pos, variant="constructed")
    t = Table(pos, variant="constructed", rulings={"charisma-in-deck": "in-deck"})
    hands = [sorted(GAME.determinize(t.state, 1, Rng.for_version(b"d", i))["players"][0]["hand"]) for i in range(20)]
    assert all("0:X00a" in h for h in hands) and any("0:X00b" not in h for h in hands)


# ---- removal-default (l.423-443) -------------------------------------------------------------------

@pytest.mark.parametrize("rulings, removed", [(None, 5), ({"removal-default": "guideline"}, 5),
                                               ({"removal-default": "agreed"}, 0)])
def test_three_players_remove_the_guideline_or_only_what_they_agree(rulings, removed):
    """l.439-441 枚数はプレイヤー同士で相談して決めてください。取り除く枚数は通常3名でのプレイなら5枚…が目安です."""
    t = Table(variant="constructed", seats=3, rulings=rulings)
    assert [len(p["removed"]) for p in t.state["piles"]] == [removed] * 3
    cut = of_type(t.events, "CardsRemoved")
    assert len(cut) == (3 if removed else 0)
    if cut:
        assert ruling_ids(cut[0].rule, cut[0], t.state) == ["dokusenroku/ruling.removal-default"]


@pytest.mark.parametrize("choice", ["guideline", "agreed"])
def test_a_number_the_players_name_is_used_under_either_reading(choice):
    t = Table(variant="constructed", seats=4, options={"removed": 7}, rulings={"removal-default": choice})
    assert [len(p["removed"]) for p in t.state["piles"]] == [7] * 4
    cut = of_type(t.events, "CardsRemoved")[0]
    assert ruling_ids(cut.rule, cut, t.state) == []                 # the number was named: no ruling
    assert ruling_ids(cut.rule) == ["dokusenroku/ruling.removal-default"]      # the rule's, without the match


# ---- hangon-graveyard and fairy-numbers (fixed) --------------------------------------------------------

def test_hangon_recovers_from_your_own_graveyard_in_constructed():
    """l.407-409 墓地が各プレイヤーにある: 反魂蝶「八分咲」 offers only the characters of your graveyard."""
    t = Table(position(hands=[["0:S12a"], []], graveyards=[["0:C25a"], ["1:C10a"]],
                       decks=[["0:C01a", "0:C02a"], ["1:C01a"]]), variant="constructed")
    t.act(0, {"type": "spell", "card": "0:S12a"})
    assert t.state["pending"]["options"] == ["0:C25a"]
    recovered = one(t.act(0, {"type": "choose", "card": "0:C25a"}), "CardRecovered")
    assert ruling_ids(recovered.rule, recovered, t.state) == ["dokusenroku/ruling.hangon-graveyard"]


def test_explain_names_fairy_numbers_for_a_battle_a_fairy_shaped():
    """l.411-413 (only the owner's fairies count in constructed); the +10 per fairy is designed."""
    lands = {"L01": owned(1, "1:C11a"), "L02": owned(0, "0:C12a"), "L04": owned(1, "1:C41a")}
    t = Table(position(hands=[["0:C42a"], []], lands=lands, decks=[["0:C01a"], ["1:C01a"]]), variant="constructed")
    t.act(0, ROLL, dice=[5])
    battle = one(t.act(0, {"type": "invade", "card": "0:C42a", "support": None}), "BattleResolved")
    assert ["fairy", 10] in battle.data["parts"]["invader"]["attack"]
    assert "dokusenroku/ruling.fairy-numbers" in ruling_ids(battle.rule, battle, t.state)


def test_rulings_are_described_and_unknown_ones_refused():
    described = {r["name"]: r for r in GAME.describe()["rulings"]}
    assert {n for n, r in described.items() if r.get("choices")} == {"charisma-in-deck", "removal-default"}
    assert set(described) == {"charisma-in-deck", "removal-default", "hangon-graveyard", "fairy-numbers"}
    with pytest.raises(ConfigError, match="unknown ruling 'hangon-graveyard'"):
        Table(variant="constructed", seats=2, rulings={"hangon-graveyard": "any"})
