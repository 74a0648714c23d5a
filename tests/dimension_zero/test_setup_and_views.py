"""Deck rules and match options (001 ch.2 §1, 000 デッキについて・インスタント対戦), analysis positions, describe(),
and hidden information in views and redacted events (001 ch.1 §4, 000 プレイシートの見方)."""
import pytest

from engine.core import ConfigError, MatchConfig, create_events, fold
from engine.games.dimension_zero.decks import PRESETS
from tests.dimension_zero.table import GAME, Table, player, unit


def config(variant="first-century", options=None, position=None):
    return MatchConfig("dimension-zero", variant, ["a", "b"], options or {}, position)


def test_decks_forty_cards_three_per_name():
    deck = list(PRESETS["first-century"].values())[0]
    GAME.validate(config(options={"decks": [deck, deck]}))
    with pytest.raises(ConfigError) as e:
        GAME.validate(config(options={"decks": [deck[:-1], deck]}))
    assert e.value.rule == "dimension-zero/deck"
    with pytest.raises(ConfigError):
        GAME.validate(config(options={"decks": [deck[:-1] + ["dz-makiri"], deck]}))   # a 4th 小さな刃マキリ
    with pytest.raises(ConfigError):
        GAME.validate(config(options={"decks": [list(PRESETS["touhou"].values())[0], deck]}))      # wrong card set


def test_instant_decks_twenty_five_singleton():
    deck = list(PRESETS["touhou-instant"].values())[0]
    GAME.validate(config("touhou-instant", {"decks": [deck, deck]}))
    with pytest.raises(ConfigError) as e:
        GAME.validate(config("touhou-instant", {"decks": [deck[:-1] + [deck[0]], deck]}))
    assert e.value.rule == "dimension-zero/deck.instant"


def test_submitted_decks_are_dealt():
    names = sorted({c for d in PRESETS["touhou"].values() for c in d})[:14]
    deck = [k for k in names for _ in range(3)][:40]
    events = create_events(GAME, config("touhou", {"decks": [deck, list(reversed(deck))], "first": 0}), b"x")
    state = fold(GAME, events)
    for seat in (0, 1):
        p = state["players"][seat]
        assert sorted(state["cards"][c] for c in p["deck"] + p["hand"]) == sorted(deck)


def test_position_validation():
    bad = {"players": [player(), player()], "units": [unit("dz-lobo", 0, 4), unit("dz-lobo", 1, 4)]}
    with pytest.raises(ConfigError):
        GAME.validate(config(position=bad))
    with pytest.raises(ConfigError):
        GAME.validate(config(position={"players": [player(), player()], "units": [unit("dz-plasma-rifle", 0, 4)]}))
    with pytest.raises(ConfigError):
        GAME.validate(config(position={"players": [player(hand=["th-cirno"]), player()]}))
    GAME.validate(config(position={"players": [player(), player()], "units": [unit("dz-lobo", 0, 4, damage=1000)]}))


def test_describe_lists_variants_cards_with_provenance_presets_and_rules():
    d = GAME.describe()
    assert [v["id"] for v in d["variants"]] == ["first-century", "touhou", "touhou-instant"]
    cards = {c["key"]: c for c in d["cards"]}
    assert cards["dz-spike-girls"]["provenance"]["power"] == "public"
    assert cards["th-cirno"]["provenance"]["power"] == "public" and cards["th-cirno"]["provenance"]["cost"] == "designed"
    assert all(len(p) == 2 for p in d["preset_decks"].values())
    assert d["rules"]["stack.waiting"]["section"].startswith("001 ch.3 §4")


def test_views_hide_hands_deck_and_smash_but_show_the_plan_card():
    t = Table([player(deck=["dz-lobo", "dz-black-ghost"], plan=True, hand=["dz-singlemalt"], smash=["dz-makiri"]),
               player(hand=["dz-pegasus"])], units=[unit("dz-bf-angel", 0, 0)])
    plan, hand0 = t.state["players"][0]["plan"], t.id(0, "dz-singlemalt")
    hidden_deck = t.state["players"][0]["deck"][1]
    smash = t.state["players"][0]["smash"][0]
    for seat in (0, 1, None):
        v = GAME.view(t.state, seat)
        assert v["cards"][plan] == "dz-lobo"
        assert hidden_deck not in v["cards"] and smash not in v["cards"]
        assert (hand0 in v["cards"]) == (seat == 0)
        assert v["players"][0]["hand"] == ([hand0] if seat == 0 else None) and v["players"][0]["hand_count"] == 1


def test_redaction_of_draws_and_deals():
    events = create_events(GAME, config(options={"first": 0}), b"seed")
    dealt = [e for e in events if e.type == "DecksSet"][0]
    for seat in (0, 1, None):
        assert "secret" not in GAME.redact(dealt, seat).data
    draw = [e for e in events if e.type == "CardsDrawn"][0]
    assert GAME.redact(draw, 0).data["private"][0] and not GAME.redact(draw, 1).data["private"][0]
    assert not any(GAME.redact(draw, None).data["private"])


def test_pending_choice_options_are_shown_only_to_the_deciding_seat():
    t = Table([player(hand=["dz-plasma-rifle"], energy=["dz-red-striker"] * 2),
               player(hand=["dz-ripple-witch"])], units=[unit("dz-mao-berman", 1, 8, damage=3000)])
    mao = t.id(1, "dz-mao-berman")
    t.act(0, {"type": "play", "card": t.id(0, "dz-plasma-rifle"), "targets": [mao], "pay": t.pay(0, {"R": 1, "X": 1})})
    t.passes(2)
    events = t.passes(2)
    pending = [e for e in events if e.type == "DecisionPending"][0]
    assert "options" in GAME.redact(pending, 1).data["pending"]
    assert "options" not in GAME.redact(pending, 0).data["pending"]
    assert "options" not in GAME.view(t.state, None)["pending"]
