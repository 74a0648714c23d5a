"""ゲームの準備 Ⅰ-Ⅳ and 追加ルール (デッキ構築制限, デッキの枚数調整) — seed 002."""
import pytest

from engine.core import ConfigError, MatchConfig, create_events
from engine.games.dokusenroku.cards import CHARACTERS, DECK_CARDS, PRESETS, SPELLS
from tests.dokusenroku.table import GAME, Table, of_type, one, types


def test_standard_deck_is_every_character_and_spell_card_shuffled():
    """Ⅰ: all character and spell cards are shuffled together into the one deck."""
    t = Table(seats=3)
    order = one(t.events, "DeckShuffled").data["order"]
    assert sorted(order) == sorted(c + "a" for c in DECK_CARDS)
    assert len(order) == len(CHARACTERS) + len(SPELLS)
    assert order != sorted(order)
    assert Table(seats=3).state == t.state                      # same seed, same deal
    assert Table(seats=3, seed=b"other").state["piles"] != t.state["piles"]


def test_forty_yen_five_cards_and_one_charisma_each():
    """Ⅱ 40圓 from the bank; Ⅲ 5 cards from the deck plus one カリスマ card."""
    t = Table(seats=4)
    for seat in range(4):
        hand = t.hand(seat)
        assert len(hand) == 6
        assert sum(1 for c in hand if c.startswith("X00")) == 1
    assert t.money() == [40, 40, 40, 40]
    assert len(t.state["piles"][0]["deck"]) == len(DECK_CARDS) - 20
    dealt = [c for e in of_type(t.events, "CardsDealt") for c in e.data["cards"]]
    assert dealt == one(t.events, "DeckShuffled").data["order"][:20]


def test_turn_order_by_2d6_highest_first_then_clockwise():
    """Ⅳ: each rolls 2d6; the highest total starts; play goes clockwise (seat order) from there."""
    for i in range(30):
        t = Table(seats=4, seed=b"order-%d" % i)
        rolls = of_type(t.events, "OrderRolled")
        last = rolls[-1].data["rolls"]
        best = max(sum(r["dice"]) for r in last)
        first = [r["seat"] for r in last if sum(r["dice"]) == best]
        assert len(first) == 1
        assert t.state["order"] == [(first[0] + k) % 4 for k in range(4)]
        assert t.state["active"] == first[0] and t.state["turn"] == 1


def test_players_tied_for_highest_roll_again_and_only_they():
    """Ⅳ 出目が同じだった場合はその人たちで振り直す."""
    tied = 0
    for i in range(60):
        rounds = of_type(Table(seats=4, seed=b"tie-%d" % i).events, "OrderRolled")
        for before, after in zip(rounds, rounds[1:]):
            best = max(sum(r["dice"]) for r in before.data["rolls"])
            top = [r["seat"] for r in before.data["rolls"] if sum(r["dice"]) == best]
            assert len(top) > 1 and [r["seat"] for r in after.data["rolls"]] == top
            tied += 1
    assert tied > 0


def test_constructed_gives_each_player_an_own_deck_and_graveyard():
    """追加ルール ~ゲームの流れ~: 山札が各プレイヤーにある / 墓地が各プレイヤーにある; presets when omitted."""
    t = Table(variant="constructed", seats=2)
    assert len(t.state["piles"]) == 2
    for seat in (0, 1):
        pile = t.state["piles"][seat]
        cards = pile["deck"] + [c for c in t.hand(seat) if not c.endswith("X00a")]
        assert len(cards) == 40 and all(c.startswith(f"{seat}:") for c in cards + t.hand(seat))
        assert sorted(c[2:5] for c in cards) == sorted(PRESETS[["scarlet", "hakurei"][seat]])
        assert f"{seat}:X00a" in t.hand(seat)


def test_constructed_decks_from_options():
    deck = ["C01"] * 3 + ["C02"] * 3 + ["C03"] * 3 + ["C04"] * 3 + ["C05"] * 3 + ["C06"] * 3 + ["C07"] * 3 \
        + ["S01"] * 3 + ["S02"] * 3 + ["S03"] * 3 + ["S04"] * 3 + ["S05"] * 3 + ["S06"] * 3 + ["S07"]
    t = Table(variant="constructed", seats=2, options={"decks": [deck, "moriya"]})
    mine = t.state["piles"][0]["deck"] + [c for c in t.hand(0) if "X00" not in c]
    assert sorted(c[2:5] for c in mine) == sorted(deck)
    assert {c[-1] for c in mine} == {"a", "b", "c"}            # copies are told apart


@pytest.mark.parametrize("deck, message", [
    (["C01"] * 3 + ["C02"] * 3 + ["C03"] * 34, "more than 3"),
    (["C%02d" % i for i in range(1, 40)], "exactly 40"),
    (["C%02d" % i for i in range(1, 41)] + ["C41"], "exactly 40"),
    (["C%02d" % i for i in range(1, 40)] + ["X00"], "カリスマ"),
])
def test_deck_construction_limits(deck, message):
    """~デッキ構築制限~: at most 3 of a card; exactly 40 cards; the カリスマ card is besides the deck."""
    with pytest.raises(ConfigError, match=message) as info:
        Table(variant="constructed", seats=2, options={"decks": [deck, "scarlet"]})
    assert info.value.rule == "dokusenroku/constructed.deck"


@pytest.mark.parametrize("seats, expected", [(2, 0), (3, 5), (4, 10)])
def test_deck_size_adjustment_defaults(seats, expected):
    """~デッキの枚数調整~: after shuffling, about 5 cards are removed with 3 players and 10 with 4."""
    t = Table(variant="constructed", seats=seats)
    assert [len(p["removed"]) for p in t.state["piles"]] == [expected] * seats
    for pile, shuffled in enumerate(of_type(t.events, "DeckShuffled")):
        assert shuffled.data["order"][:expected] == t.state["piles"][pile]["removed"]
        assert len(t.state["piles"][pile]["deck"]) == 40 - expected - 5
    assert ("CardsRemoved" in types(t.events)) == (expected > 0)


def test_agreed_removal_and_that_nobody_sees_the_removed_cards():
    """枚数はプレイヤー同士で相談して決めてください / 取り除いたカードはゲーム中に見る事はできません."""
    t = Table(variant="constructed", seats=2, options={"removed": 7})
    assert [len(p["removed"]) for p in t.state["piles"]] == [7, 7]
    for seat in (0, 1, None):
        assert all(p["removed_count"] == 7 and "removed" not in p for p in t.view(seat)["piles"])
        for e in of_type(t.events, "CardsRemoved"):
            assert GAME.redact(e, seat).data == {"pile": e.data["pile"], "cards_count": 7}


@pytest.mark.parametrize("variant, seats, options", [
    ("standard", 1, {}), ("standard", 5, {}), ("nope", 2, {}), ("standard", 2, {"decks": ["scarlet", "moriya"]}),
    ("constructed", 2, {"removed": 35}), ("constructed", 2, {"removed": -1}), ("constructed", 2, {"decks": ["nope", "scarlet"]}),
    ("constructed", 3, {"decks": ["scarlet", "moriya"]}), ("standard", 2, {"colour": "red"}),
])
def test_bad_configurations_are_refused(variant, seats, options):
    with pytest.raises(ConfigError):
        create_events(GAME, MatchConfig("dokusenroku", variant, ["p"] * seats, options), b"x")
