"""The main phase (001 ch.2 §3(4), ch.3 §3-4; 000 カードのプレイ, 移動と起動効果, プランゾーン, 優先権):
plays, timing, moves, the plan zone, costs, priority."""
from tests.dimension_zero.table import GAME, Table, of_type, player, unit


def test_unit_enters_frozen_on_own_or_centre_square_without_own_unit():
    """001 ch.2 §3(4)①: own or centre area, a square without your unit; enters frozen."""
    t = Table([player(hand=["dz-black-ghost"], energy=["dz-black-ghost"]), player()], units=[unit("dz-lobo", 0, 0)])
    ghost = t.id(0, "dz-black-ghost", "hand")
    for sq, why in ((0, "own unit there"), (6, "enemy area")):
        assert t.illegal(0, {"type": "play", "card": ghost, "square": sq, "pay": t.pay(0, {"K": 1})}).rule == \
            "dimension-zero/play.unit"
    t.act(0, {"type": "play", "card": ghost, "square": 1, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    assert t.square(ghost) == 1 and ghost in t.state["frozen"]


def test_unit_played_into_empty_centre_is_destroyed():
    """001 ch.3 §5(5) / 000 ルールエフェクト7: no battle, destroyed at once."""
    t = Table([player(hand=["dz-black-ghost"], energy=["dz-black-ghost"]), player()])
    ghost = t.id(0, "dz-black-ghost", "hand")
    t.act(0, {"type": "play", "card": ghost, "square": 4, "pay": t.pay(0, {"K": 1})})
    events = t.passes(2)
    assert t.where(ghost) == "grave"
    assert [e.rule for e in of_type(events, "CardMoved") if e.data["to"] == "grave"] == ["dimension-zero/rule.centre"]


def test_centre_played_unit_destroyed_at_battle_end_even_as_winner():
    """001 ch.3 §5(6): played into the centre, it fights, then is destroyed when the battle ends."""
    t = Table([player(hand=["dz-lobo"], energy=["dz-lobo"] * 4), player()], units=[unit("dz-black-ghost", 1, 4)])
    lobo, ghost = t.id(0, "dz-lobo", "hand"), t.id(1, "dz-black-ghost", "square")
    t.act(0, {"type": "play", "card": lobo, "square": 4, "pay": t.pay(0, {"G": 2, "X": 2})})
    t.passes(2)
    while t.battle is not None:
        t.passes(1)
    assert t.where(lobo) == "grave" and t.where(ghost) == "grave"


def test_base_enters_released_on_a_free_base_square():
    """001 ch.2 §3(4)②."""
    t = Table([player(hand=["dz-white-rampart"], energy=["dz-bf-angel"] * 2), player()])
    base = t.id(0, "dz-white-rampart")
    t.act(0, {"type": "play", "card": base, "line": 0, "pay": t.pay(0, {"W": 1, "X": 1})})
    t.passes(2)
    assert t.where(base) == "base" and base not in t.state["frozen"]


def test_normal_timing_only_in_own_main_phase_with_empty_stack():
    """001 ch.2 §3(4) Column タイミング: normal cards never interrupt and never in the opponent's turn."""
    t = Table([player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2),
               player(hand=["dz-red-striker"], energy=["dz-red-striker"] * 2)])
    mine, theirs = t.id(0, "dz-red-striker", "hand"), t.id(1, "dz-red-striker", "hand")
    t.act(0, {"type": "plan_create", "pay": [t.id(0, "dz-red-striker", "energy", 0)]})
    assert t.illegal(0, {"type": "play", "card": mine, "square": 0, "pay": t.pay(0, {"R": 1})}).rule == \
        "dimension-zero/timing"                          # normal timing never answers the stack
    t.passes(2)
    t.passes(1)
    assert t.illegal(1, {"type": "play", "card": theirs, "square": 8, "pay": t.pay(1, {"R": 1, "X": 1})}).rule == \
        "dimension-zero/timing"                          # nor plays in the opponent's turn


def test_two_passes_resolve_only_the_top_item_and_priority_returns_to_the_active_player():
    """001 ch.3 §4(1): two passes resolve the last stacked item; after each resolution the active player has priority."""
    t = Table([player(hand=["dz-black-ghost", "dz-black-ghost"], energy=["dz-black-ghost"] * 2),
               player(hand=["dz-black-ghost"], energy=["dz-black-ghost"])])
    g1, g2 = t.id(0, "dz-black-ghost", "hand", 0), t.id(0, "dz-black-ghost", "hand", 1)
    t.act(0, {"type": "play", "card": g1, "square": 0, "pay": [t.id(0, "dz-black-ghost", "energy", 0)]})
    t.act(0, {"type": "play", "card": g2, "square": 1, "pay": [t.id(0, "dz-black-ghost", "energy", 1)]})
    t.passes(1)
    assert t.to_act == [1]
    t.act(1, {"type": "pass"})
    assert [i["card"] for i in t.state["stack"]] == [g1] and t.to_act == [0]


def test_move_rules_released_adjacent_no_own_unit_and_not_frozen():
    """001 ch.2 §3(4)⑦: a released unit moves orthogonally to a square without your unit; frozen units cannot."""
    t = Table([player(energy=["dz-black-ghost"] * 3), player()],
              units=[unit("dz-black-ghost", 0, 0), unit("dz-singlemalt", 0, 1), unit("dz-lobo", 0, 3, frozen=True)])
    ghost, lobo = t.id(0, "dz-black-ghost", "square"), t.id(0, "dz-lobo")
    pay = t.pay(0, {"K": 1})
    assert t.illegal(0, {"type": "move", "unit": ghost, "to": 4, "pay": pay}).rule == "dimension-zero/move"   # diagonal
    assert t.illegal(0, {"type": "move", "unit": ghost, "to": 1, "pay": pay}).rule == "dimension-zero/move"   # own unit
    assert t.illegal(0, {"type": "move", "unit": lobo, "to": 4, "pay": pay}).rule == "dimension-zero/move"    # frozen
    assert {a["to"] for a in GAME.legal_actions(t.state, 0) if a.get("unit") == ghost} == set()   # 0's neighbours: 1, 3


def test_plan_zone_create_refresh_and_play():
    """001 ch.2 §3(4)②③④: create for colourless 1; refresh sends it to the graveyard and shows the next; play from it."""
    t = Table([player(deck=["dz-black-ghost", "dz-singlemalt", "dz-lobo", "dz-black-ghost"],
                      energy=["dz-black-ghost"] * 4), player()])
    t.act(0, {"type": "plan_create", "pay": [t.id(0, "dz-black-ghost", "energy", 0)]})
    t.passes(2)
    first = t.state["players"][0]["plan"]
    assert first == t.state["players"][0]["deck"][0]
    t.act(0, {"type": "plan_refresh", "pay": [t.id(0, "dz-black-ghost", "energy", 1)]})
    t.passes(2)
    assert t.where(first) == "grave" and t.state["cards"][t.state["players"][0]["plan"]] == "dz-singlemalt"
    plan = t.state["players"][0]["plan"]
    assert t.illegal(0, {"type": "plan_create", "pay": [t.id(0, "dz-black-ghost", "energy", 2)]}).rule == \
        "dimension-zero/plan.create"
    t = Table([player(deck=["dz-singlemalt", "dz-lobo"], plan=True, energy=["dz-black-ghost"] * 3), player()])
    plan = t.state["players"][0]["plan"]
    t.act(0, {"type": "play", "card": plan, "square": 0, "pay": t.pay(0, {"K": 1, "X": 2})})
    t.passes(2)
    assert t.square(plan) == 0 and t.state["players"][0]["plan"] is None      # the next top card stays face down


def test_plan_refresh_fails_if_the_plan_card_left_first():
    """000 プランゾーン(7): the refresh fails when the plan card is gone before it resolves (drawn here)."""
    t = Table([player(deck=["dz-black-ghost"] * 5, plan=True, hand=["dz-blue-insight"],
                      energy=["dz-blue-scout"] * 3), player()])
    plan = t.state["players"][0]["plan"]
    t.act(0, {"type": "plan_refresh", "pay": [t.id(0, "dz-blue-scout", "energy", 0)]})
    t.act(0, {"type": "play", "card": t.id(0, "dz-blue-insight"), "pay": [t.id(0, "dz-blue-scout", "energy", 1),
                                                                         t.id(0, "dz-blue-scout", "energy", 2)]})
    t.passes(2)
    assert plan in t.state["players"][0]["hand"]                 # drawing takes the plan card (ch.2 §3(4)②)
    events = t.passes(2)
    assert of_type(events, "Noted")[0].data == {"failed": "plan_refresh"}
    assert t.state["players"][0]["plan"] is None and t.state["players"][0]["grave"] == [t.id(0, "dz-blue-insight")]


def test_costs_colour_colourless_and_multicolour_cards():
    """001 Column コストの支払い / 000 カードのコスト: colour from energy of that colour; colourless from energy or
    smash; a multicolour card pays one colour only."""
    from engine.games.dimension_zero.costs import check_payment
    t = Table([player(energy=["th-reimu", "th-keine"], smash=["th-koakuma"], variant="touhou"),
               player(variant="touhou")], variant="touhou")
    reimu, keine, smash = t.id(0, "th-reimu"), t.id(0, "th-keine"), t.id(0, "th-koakuma", "smash")
    assert check_payment(t.state, 0, {"R": 1, "W": 1}, [reimu, keine])
    assert check_payment(t.state, 0, {"W": 1, "X": 1}, [keine, smash])
    import pytest
    from engine.core import IllegalAction
    with pytest.raises(IllegalAction):
        check_payment(t.state, 0, {"R": 1, "W": 1}, [reimu, smash])        # one card, one colour
    with pytest.raises(IllegalAction):
        check_payment(t.state, 0, {"W": 1}, [smash])                         # smash cards pay colourless only
    with pytest.raises(IllegalAction):
        check_payment(t.state, 0, {"X": 1}, [reimu, keine])                  # exactly the cost


def test_payment_freezes_and_frozen_cards_cannot_pay_again():
    """000 カードのコスト③(1)."""
    t = Table([player(hand=["dz-black-ghost"] * 2, energy=["dz-black-ghost"]), player()])
    e, g1, g2 = t.id(0, "dz-black-ghost", "energy"), t.id(0, "dz-black-ghost", "hand", 0), t.id(0, "dz-black-ghost", "hand", 1)
    t.act(0, {"type": "play", "card": g1, "square": 0, "pay": [e]})
    assert e in t.state["frozen"]
    assert t.illegal(0, {"type": "play", "card": g2, "square": 1, "pay": [e]}).rule == \
        "dimension-zero/cost.freeze"
