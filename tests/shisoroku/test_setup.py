"""ゲームの準備 / 初期デッキ / ゲームの進行とフェイズ l.7-33 — seed 004."""
import pytest

from engine.core import ConfigError, MatchConfig, create_events, fold
from engine.games.shisoroku.cards import CARDS, KINGDOM
from tests.shisoroku.table import GAME, KINGDOM as SOME_KINGDOM, Table, of_type

WITH_VICTORY_AND_RATS = ["yuuka", "minoriko", "myourenji", "hourai_drug", "greeneyed", "painflow", "sairan",
                         "fuumajin", "merlin", "star"]


def supply(seats, **options):
    return Table(options={"kingdom": WITH_VICTORY_AND_RATS, **options}, seats=seats).state["supply"]


@pytest.mark.parametrize("seats, copper, victory, curse", [(2, 46, 8, 10), (3, 39, 12, 20), (4, 32, 12, 30)])
def test_pile_sizes_follow_the_table_by_player_count(seats, copper, victory, curse):
    """ゲームの準備 l.11-19: お賽銭 46/39/32, 奉納米 40, 御神酒 30, 勝利点 8/12, マイナス 10/20/30,
    victory-type character cards 8/12, the others 10, and (*1) 妬符 20."""
    s = supply(seats)
    assert s["osaisen"] == copper and s["hounoumai"] == 40 and s["omiki"] == 30
    assert s["hakurei"] == s["hokora"] == s["saidan"] == victory
    assert s["minus"] == curse
    for victory_kingdom in ("yuuka", "minoriko", "myourenji", "hourai_drug"):
        assert s[victory_kingdom] == victory
    assert s["greeneyed"] == 20
    for other in ("painflow", "sairan", "fuumajin", "merlin", "star"):
        assert s[other] == 10
    assert len(s) == 7 + 10                         # the basic piles and the 10 kingdom piles: the supply (l.21)


@pytest.mark.parametrize("seats, colony", [(2, 8), (3, 12), (4, 12)])
def test_goshinsatsu_and_the_10_vp_pile_only_when_chosen(seats, colony):
    """ゲームの準備 l.8, l.15: 御神札 12; 神々が恋した幻想郷 is a 勝利点 pile (8/12)."""
    plain = supply(seats)
    assert "goshinsatsu" not in plain and "amaneki" not in plain
    both = supply(seats, goshinsatsu=True, amaneki=True)
    assert both["goshinsatsu"] == 12 and both["amaneki"] == colony


def test_the_kingdom_named_by_the_creator_is_used():
    """ゲームの準備 l.7: the 10 character cards of the game are chosen."""
    t = Table(options={"kingdom": SOME_KINGDOM})
    assert t.state["kingdom"] == SOME_KINGDOM
    assert of_type(t.events, "KingdomChosen")[0].data == {"kingdom": SOME_KINGDOM, "by": "options"}


def test_a_random_kingdom_is_10_different_pool_cards_drawn_with_the_match_rng():
    kingdoms = {tuple(Table(seed=b"k-%d" % i).state["kingdom"]) for i in range(6)}
    assert len(kingdoms) > 1
    for k in kingdoms:
        assert len(set(k)) == 10 and set(k) <= set(KINGDOM)
    again = Table(seed=b"k-0").state["kingdom"]
    assert tuple(again) in kingdoms and again == Table(seed=b"k-0").state["kingdom"]


@pytest.mark.parametrize("bad", [SOME_KINGDOM[:9], SOME_KINGDOM[:9] + ["osaisen"], SOME_KINGDOM[:9] + ["youmu"],
                                 SOME_KINGDOM[:9] + ["ryuu_no_tama"], "youmu"])
def test_a_kingdom_must_be_10_different_kingdom_cards(bad):
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("shisoroku", "standard", ["a", "b"], {"kingdom": bad}))


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players(seats):
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("shisoroku", "standard", ["x"] * seats, {}))


@pytest.mark.parametrize("options", [{"start_deck": "other"}, {"goshinsatsu": 1}, {"first": 2}, {"colour": "red"}])
def test_unknown_or_bad_options_are_refused(options):
    with pytest.raises(ConfigError):
        GAME.validate(MatchConfig("shisoroku", "standard", ["a", "b"], options))


@pytest.mark.parametrize("deck, contents", [
    ("hakurei", {"osaisen": 7, "hakurei": 3}),
    ("chirei", {"osaisen": 7, "chirei_shaden": 1, "chirei_kyuuto": 1, "chirei_fuuketsu": 1})])
def test_every_player_gets_the_same_starting_deck(deck, contents):
    """初期デッキ l.23-28 and *2: one of the two decks for everybody; the other is not used."""
    t = Table(options={"start_deck": deck}, seats=3)
    for p in t.state["players"]:
        cards = p["deck"] + p["hand"]
        assert {c: cards.count(c) for c in set(cards)} == contents
    assert t.state["start_deck"] == deck


def test_the_ten_cards_are_shuffled_and_five_drawn():
    """ゲームの進行とフェイズ l.32: shuffle the 10 dealt cards into a deck, draw 5."""
    t = Table(seats=4)
    shuffles = of_type(t.events, "DeckShuffled")
    assert [e.data["seat"] for e in shuffles] == [0, 1, 2, 3]
    orders = {tuple(e.data["order"]) for e in shuffles}
    assert len(orders) > 1                                       # each player shuffles separately
    for e in shuffles:
        p = t.player(e.data["seat"])
        assert p["hand"] + p["deck"] == e.data["order"][:5] + e.data["order"][5:] and len(p["hand"]) == 5


def test_the_first_player_by_lot_or_by_the_creator():
    """ゲームの進行とフェイズ l.33: by any fair method — here by lot with the match rng, or options.first."""
    firsts = {Table(seed=b"f-%d" % i, seats=4).state["first"] for i in range(12)}
    assert len(firsts) > 1
    t = Table(options={"first": 2}, seats=3)
    assert t.state["first"] == 2 and t.state["active"] == 2 and t.to_act == [2]
    assert of_type(t.events, "FirstPlayerChosen")[0].data == {"first": 2, "by": "options"}


def test_prizes_are_laid_out_with_five_requests_but_are_no_supply_pile():
    """ゲームの終了条件 *4: the prize cards of 五つの難題 are not supply piles."""
    with_prizes = Table(options={"kingdom": SOME_KINGDOM[:9] + ["nandai"]}).state
    assert sorted(with_prizes["prizes"]) == sorted(["ryuu_no_tama", "butsu_no_hachi", "hinezumi", "koyasugai",
                                                    "hourai_eda"])
    assert not set(with_prizes["prizes"]) & set(with_prizes["supply"])
    assert Table(options={"kingdom": SOME_KINGDOM}).state["prizes"] == []


def test_setup_is_deterministic_for_a_seed():
    config = MatchConfig("shisoroku", "standard", ["a", "b", "c"], {})
    a = [e.to_dict() for e in create_events(GAME, config, b"same")]
    b = [e.to_dict() for e in create_events(GAME, config, b"same")]
    assert a == b and fold(GAME, create_events(GAME, config, b"other"))["players"] != fold(
        GAME, create_events(GAME, config, b"same"))["players"]


def test_describe_lists_variants_cards_with_provenance_and_rules():
    d = GAME.describe()
    assert d["variants"] == [{"id": "standard", "title": d["variants"][0]["title"], "min_seats": 2, "max_seats": 4}]
    assert {c["id"] for c in d["cards"]} == set(CARDS)
    assert all(c["provenance"] for c in d["cards"])
    assert "shisoroku" not in d["rules"] and d["rules"]["draw.exact"]["section"].startswith("「+Xカードを引く」")


def test_a_bad_option_is_refused_in_the_players_language():
    """issue 39: ゲームの準備's refusals in Japanese for a Japanese caller, naming the rulebook's terms."""
    from engine.core.i18n import speaking
    for lang, said in (("en", "options.first must be a seat number 0..1"),
                       ("ja", "options.first（一番目にプレイするプレイヤー）は席番号 0〜1 で指定する")):
        with speaking(lang), pytest.raises(ConfigError) as info:
            GAME.validate(MatchConfig("shisoroku", "standard", ["a", "b"], {"first": 2}))
        assert info.value.message == said and info.value.rule == "shisoroku/setup.first"
