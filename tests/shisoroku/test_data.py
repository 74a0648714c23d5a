"""The card data (cards.json): the known facts kept, provenance everywhere, the vocabulary closed."""
import pytest

from engine.games.shisoroku import vocabulary
from engine.games.shisoroku.cards import CARDS, KINGDOM, PRIZES, RAW, START_DECKS

# shared/cards/KNOWN-CARDS.md, shisoroku: the kingdom cards whose Dominion mechanics are known
KNOWN = {"misdirection": ("奇術「ミスディレクション」", 3, "Masquerade"), "youmu": ("半分幻の庭師「魂魄妖夢」", 3, "Lookout"),
         "keine": ("歴史喰い「上白沢慧音」", 5, "Rebuild"), "satori": ("怨霊も恐れ怯む少女「古明地さとり」", 3, "Oracle"),
         "utsuho": ("熱かい悩む神の火「霊烏路空」", 4, "Procession"), "koishi": ("閉じた恋の瞳「古明地こいし」", 5, "Governor"),
         "gensoufubi": ("幻想風靡", 7, "King's Court")}
BASIC = {"osaisen": (0, "Copper"), "hounoumai": (3, "Silver"), "omiki": (6, "Gold"), "goshinsatsu": (9, "Platinum"),
         "hakurei": (2, "Estate"), "hokora": (5, "Duchy"), "saidan": (8, "Province"), "amaneki": (11, "Colony"),
         "minus": (0, "Curse")}
SEED_NAMED = {"地霊漂う社殿", "妬符「グリーンアイドモンスター」", "地獄の輪禍「火焔猫燐」", "語られる怪力乱神「星熊勇儀」", "ミニ八卦炉",
              "五つの難題", "幽冥の住人チーム"}


def raw(cid):
    return next(RAW[s][cid] for s in ("basic", "shelters", "kingdom", "prizes") if cid in RAW[s])


def test_known_kingdom_cards_keep_their_public_facts():
    for cid, (name, cost, plays_as) in KNOWN.items():
        c = raw(cid)
        assert (c["name"], c["cost"], c["plays_as"]) == (name, cost, plays_as)
        assert c["provenance"]["cost"] == c["provenance"]["plays_as"] == "public"


def test_basic_cards_keep_their_public_facts():
    for cid, (cost, plays_as) in BASIC.items():
        assert (CARDS[cid].cost, raw(cid)["plays_as"]) == (cost, plays_as)


def test_the_pool_holds_every_named_card_and_at_least_26_kingdom_cards():
    names = {CARDS[c].name for c in CARDS}
    assert SEED_NAMED <= names and len(KINGDOM) >= 26
    assert len(PRIZES["nandai"]) == 5 and RAW["kingdom"]["greeneyed"]["pile"] == 20


def test_the_pool_covers_attacks_reactions_durations_trashers_gainers_and_buys():
    def any_effect(card, name):
        return name in repr(CARDS[card].play) + repr(CARDS[card].on_buy) + repr(CARDS[card].on_gain)
    assert sum(CARDS[c].is_("attack") for c in KINGDOM) >= 5
    assert sum(CARDS[c].is_("reaction") for c in KINGDOM) >= 3
    assert sum(CARDS[c].is_("duration") for c in KINGDOM) >= 4
    assert sum(any_effect(c, "trash") or any_effect(c, "remodel") for c in KINGDOM) >= 5
    assert sum(any_effect(c, "gain") for c in KINGDOM) >= 5
    assert sum(any_effect(c, "'buys'") for c in KINGDOM) >= 4
    assert any(CARDS[c].on_buy for c in KINGDOM) and any(CARDS[c].on_gain for c in KINGDOM)
    assert any(CARDS[c].on_trash for c in KINGDOM) and sum(len(CARDS[c].types & {"action", "treasure", "victory"}) > 1
                                                          for c in KINGDOM) >= 2


def test_every_fact_has_a_provenance_and_guessed_mechanics_are_designed():
    for section in ("basic", "shelters", "kingdom", "prizes"):
        for cid, c in RAW[section].items():
            assert set(c["provenance"].values()) <= {"seed", "public", "inferred", "designed"}
            if c["plays_as"] not in ("Masquerade", "Lookout", "Rebuild", "Oracle", "Procession", "Governor",
                                     "King's Court", "Remodel") and section != "basic":
                assert c["provenance"]["plays_as"] == "designed", cid
    assert RAW["start_decks"]["chirei"]["provenance"] == "designed"
    assert START_DECKS["hakurei"].count("osaisen") == 7 and START_DECKS["hakurei"].count("hakurei") == 3


def test_an_unknown_effect_name_fails_when_the_data_loads(monkeypatch):
    monkeypatch.setattr(vocabulary, "effect_lists", lambda: iter([("x.play", [{"do": "cards", "n": 1},
                                                                          {"do": "teleport"}])]))
    with pytest.raises(ValueError, match="teleport"):
        vocabulary.check_vocabulary()
    monkeypatch.setattr(vocabulary, "effect_lists", lambda: iter([("x.play", [{"do": "each_other", "fx": [
        {"do": "nope"}]}])]))
    with pytest.raises(ValueError, match="nope"):
        vocabulary.check_vocabulary()


def test_each_effect_name_has_exactly_one_handler():
    used = set()

    def walk(fxs):
        for fx in fxs:
            used.add(fx["do"])
            for key in ("fx", "then", "self", "others"):
                walk(fx.get(key, []))
            for sub in list(fx.get("options", {}).values()) + list(fx.get("by_type", {}).values()):
                walk(sub)
    for c in CARDS.values():
        for where in (c.play, c.on_buy, c.on_gain, c.on_trash):
            walk(where)
    assert used <= set(vocabulary.EFFECTS)
    assert set(vocabulary.EFFECTS) - used == set()                    # no handler without a card using it
