"""Preset decks (decks.py, designed): one or two colours matching the name (001 デッキの作り方のヒント ①
「デッキは1色か2色で組もう！」), the deck rules of each variant (001 ch.2 §1, 000 デッキについて /
インスタント対戦), and matches pinned to card set kifu.1 still dealt kifu.1's presets."""
import re

import pytest

from engine.audit import rulesets
from engine.core import ENGINE_VERSION, MatchConfig, create_events, fold
from engine.games.dimension_zero import GAME
from engine.games.dimension_zero.cards import CARDS
from engine.games.dimension_zero.decks import PRESETS, SIDEBOARDS, check_deck
from engine.games.dimension_zero import previous

DECKS = [(v, name) for v, decks in PRESETS.items() for name in decks]


def named_colours(name):
    return set(re.search(r"\(([RKUWG/]+)\)$", name).group(1).split("/"))


@pytest.mark.parametrize("variant,name", DECKS)
def test_a_preset_keeps_to_the_one_or_two_colours_of_its_name(variant, name):
    colours = {c for k in PRESETS[variant][name] for c in CARDS[k]["colours"]}
    assert 1 <= len(named_colours(name)) <= 2 and colours == named_colours(name)


@pytest.mark.parametrize("variant,name", DECKS)
def test_a_preset_follows_its_variants_deck_rules(variant, name):
    deck = PRESETS[variant][name]
    check_deck(variant, deck)
    assert len(deck) == (25 if variant == "touhou-instant" else 40)
    if variant == "touhou-instant":
        assert len({CARDS[k]["name"] for k in deck}) == 25
    units = sum(CARDS[k]["kind"] == "unit" for k in deck)
    assert units >= (12 if variant == "touhou-instant" else 20)          # 001 hint ③: 20+ units in 40


def test_each_variant_has_two_presets_and_sideboards():
    assert all(len(PRESETS[v]) == 2 and len(SIDEBOARDS[v]) == 2 for v in PRESETS)


def test_a_match_pinned_to_kifu1_is_dealt_the_kifu1_presets():
    old = rulesets.pinned("dimension-zero", ENGINE_VERSION, previous.CARDSET_VERSION)
    assert old is previous.GAME and old.cardset_version != GAME.cardset_version
    config = MatchConfig("dimension-zero", "first-century", ["a", "b"], {})
    state = fold(old, create_events(old, config, b"s"))
    dealt = sorted(k for i, k in state["cards"].items() if i.startswith("0-"))
    assert dealt == sorted(previous.PRESETS["first-century"]["白緑の守護 (W/G)"])
    new = fold(GAME, create_events(GAME, config, b"s"))
    assert sorted(k for i, k in new["cards"].items() if i.startswith("0-")) == sorted(
        PRESETS["first-century"]["白緑の守護 (W/G)"])


@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_preset_sideboards_fit_their_decks(variant):
    """001 ch.2 §6: 10 sideboard cards; deck and sideboard together keep the copy limit."""
    from engine.games.dimension_zero.series import check_sideboard
    for deck, side in zip(PRESETS[variant].values(), SIDEBOARDS[variant]):
        check_sideboard(variant, deck, side, "preset sideboard")
