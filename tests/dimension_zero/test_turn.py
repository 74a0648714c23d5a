"""The turn (001 ch.2 §3): release, draw (skipped by the first player on turn 1), energy, main, smash,
recovery; the duel's end (ch.2 §5); the deal and the second player's mulligan (000 対戦の開始)."""
from engine.core import MatchConfig, create_events, fold
from tests.dimension_zero.table import GAME, Table, of_type, player, types, unit


def dealt(variant="first-century", first=0):
    return Table(variant=variant, position=False, options={"first": first})


def test_deal_five_cards_and_first_player_skips_turn_one_draw():
    """001 ch.2 §2 (3) and §3(2): 5 cards each; the first player does not draw on turn 1."""
    t = dealt(first=1)
    assert [len(p["hand"]) for p in t.state["players"]] == [5, 5]
    assert t.state["active"] == 1 and t.state["phase"] == "energy"
    assert not of_type(t.events, "CardsDrawn")[2:]          # only the two opening hands were drawn
    assert [len(p["deck"]) for p in t.state["players"]] == [35, 35]


def test_energy_then_main_then_smash_and_recovery_then_the_next_turn_draws():
    """001 ch.2 §3(3)-(6): one card to the energy zone released; the opponent's turn starts with a draw."""
    t = dealt(first=0)
    card = sorted(t.state["players"][0]["hand"])[0]
    t.act(0, {"type": "energy", "card": card})
    assert t.state["players"][0]["energy"] == [card] and card not in t.state["frozen"]
    assert t.state["phase"] == "main" and t.to_act == [0]
    events = t.passes(2)                            # both pass on an empty stack: main phase over
    assert [e.data["phase"] for e in of_type(events, "PhaseEntered")][:3] == ["smash", "recovery", "draw"]
    assert t.state["active"] == 1 and len(t.state["players"][1]["hand"]) == 6


def test_release_phase_releases_only_the_active_players_cards():
    """001 ch.2 §3(1): the active player releases their frozen cards."""
    t = Table([player(energy=[{"card": "dz-black-ghost", "frozen": True}]),
               player(energy=[{"card": "dz-black-ghost", "frozen": True}])], first=1, active=1)
    e0, e1 = t.id(0, "dz-black-ghost", "energy"), t.id(1, "dz-black-ghost", "energy")
    t.passes(2)                                     # seat 1's turn ends; seat 0's begins
    assert e0 not in t.state["frozen"] and e1 in t.state["frozen"]


def test_recovery_heals_damage_and_ends_until_end_of_turn_effects():
    """001 ch.2 §3(6): all units' damage is healed; +power until end of turn ends."""
    t = Table([player(hand=["dz-diamond-soul"], energy=["dz-bf-angel"]), player()],
              units=[unit("dz-lobo", 0, 0, damage=2000), unit("dz-singlemalt", 1, 8, damage=1000)])
    lobo = t.id(0, "dz-lobo", "square")
    t.act(0, {"type": "play", "card": t.id(0, "dz-diamond-soul"), "targets": [lobo], "pay": t.pay(0, {"W": 1})})
    t.passes(2)
    assert t.power(lobo) == 8000
    t.passes(2)
    assert t.damage(lobo) == 0 and t.damage(t.id(1, "dz-singlemalt")) == 0 and t.power(lobo) == 5000


def test_smash_centre_counts_smash_enemy_area_one_more_and_takes_the_plan_card():
    """001 ch.2 §3(5): centre = smash, enemy area = smash + 1, counted from the deck top including the plan card."""
    t = Table([player(), player(deck=["dz-black-ghost"] * 10, plan=True)],
              units=[unit("dz-lobo", 0, 4), unit("dz-singlemalt", 0, 7), unit("dz-black-ghost", 0, 0)])
    plan = t.state["players"][1]["plan"]
    t.passes(2)
    assert t.state["phase"] == "smash"
    actions = [a["unit"] for a in GAME.legal_actions(t.state, 0) if a["type"] == "smash"]
    assert actions == sorted([t.id(0, "dz-lobo"), t.id(0, "dz-singlemalt")])     # not the own-area ghost
    t.act(0, {"type": "smash", "unit": t.id(0, "dz-lobo")})                         # centre: 2
    assert len(t.state["players"][1]["smash"]) == 2 and plan in t.state["players"][1]["smash"]
    t.act(0, {"type": "smash", "unit": t.id(0, "dz-singlemalt")})                   # enemy area: 1 + 1
    assert len(t.state["players"][1]["smash"]) == 4
    assert t.id(0, "dz-lobo") in t.state["frozen"]
    assert not set(t.state["players"][1]["smash"]) & set(t.state["frozen"])         # placed released


def test_seven_smash_loses():
    """001 ch.2 §5(1): 7 or more cards in the smash zone lose."""
    t = Table([player(), player(smash=["dz-black-ghost"] * 6)], units=[unit("dz-black-ghost", 0, 4)])
    t.passes(2)
    t.act(0, {"type": "smash", "unit": t.id(0, "dz-black-ghost", "square")})
    assert t.state["outcome"] == {"winner": 0, "draw": False, "reason": "smash"}
    assert t.to_act == []


def test_instant_five_smash_wins():
    """000 インスタント対戦: 5 smash wins."""
    t = Table([player(variant="touhou-instant"), player(smash=["th-koakuma"] * 4, variant="touhou-instant")],
              units=[unit("th-koakuma", 0, 4)], variant="touhou-instant")
    t.passes(2)
    t.act(0, {"type": "smash", "unit": t.id(0, "th-koakuma", "square")})
    assert t.state["outcome"]["winner"] == 0


def test_empty_deck_loses_and_both_at_once_is_a_draw():
    """001 ch.2 §5(2) and 000 ルールエフェクト2: a deck of 0 cards loses; both at once: a draw."""
    t = Table([player(deck=["dz-black-ghost"]), player(deck=["dz-black-ghost"] * 3)], first=1, active=1)
    t.passes(2)                                     # seat 0 draws its last card
    assert t.state["outcome"] == {"winner": 1, "draw": False, "reason": "deck"}
    t = Table([player(deck=["dz-black-ghost"]), player(deck=["dz-black-ghost"], smash=["dz-black-ghost"] * 6)],
              units=[unit("dz-black-ghost", 0, 4)])
    t.passes(2)
    t.act(0, {"type": "smash", "unit": t.id(0, "dz-black-ghost", "square")})   # seat 1: 7 smash and an empty deck
    assert t.state["outcome"]["winner"] == 0
    t = Table([player(deck=[]), player(deck=[])])
    assert t.state["outcome"] == {"winner": None, "draw": True, "reason": "both"}


def test_second_player_mulligan_in_touhou_only():
    """000 対戦の開始④: the second player may once put the hand on the deck bottom and draw 5; not in 001."""
    assert dealt("first-century").state["phase"] == "energy"
    t = dealt("touhou", first=0)
    assert t.state["phase"] == "mulligan" and t.to_act == [1]
    hand = list(t.state["players"][1]["hand"])
    order = list(reversed(hand))
    t.act(1, {"type": "mulligan", "order": order})
    p = t.state["players"][1]
    assert p["deck"][-5:] == order and not set(p["hand"]) & set(hand) and len(p["hand"]) == 5
    assert t.state["active"] == 0 and t.state["phase"] == "energy"
    t2 = dealt("touhou-instant", first=1)
    assert t2.to_act == [0]
    t2.act(0, {"type": "keep"})
    assert t2.state["active"] == 1


def test_setup_is_deterministic_for_a_seed():
    config = MatchConfig("dimension-zero", "touhou", ["a", "b"], {})
    a = fold(GAME, create_events(GAME, config, b"same"))
    b = fold(GAME, create_events(GAME, config, b"same"))
    c = fold(GAME, create_events(GAME, config, b"other"))
    assert a == b and a["cards"] != c["cards"]
    assert types(create_events(GAME, config, b"same"))[:3] == ["MatchCreated", "DecksSet", "FirstPlayerChosen"]
