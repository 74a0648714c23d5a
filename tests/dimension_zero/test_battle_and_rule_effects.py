"""Battles (001 ch.2 §4, ch.3 §4(2); 000 バトル) and rule effects (000 ルールエフェクト, 001 ch.3 §5)."""
from tests.dimension_zero.table import GAME, Table, of_type, player, types, unit


def fight(t):
    while t.battle is not None:
        t.passes(1)


def test_accelerated_unit_strikes_first_and_a_destroyed_unit_deals_nothing():
    """001 ch.2 §4(1)(2): 加速 damage in step 1; units that dealt no damage deal theirs in step 2."""
    t = Table([player(energy=["dz-red-lancer"]), player()],
              units=[unit("dz-red-lancer", 0, 4), unit("dz-singlemalt", 1, 7, damage=1000)])
    lancer, malt = t.id(0, "dz-red-lancer", "square"), t.id(1, "dz-singlemalt")
    t.act(0, {"type": "move", "unit": lancer, "to": 7, "pay": t.pay(0, {"R": 1})})
    t.passes(2)
    assert t.battle["step"] == "first"
    t.passes(2)
    assert [h["source"] for h in t.state["stack"][-1]["hits"]] == [lancer]
    t.passes(2)
    assert t.where(malt) == "grave"                     # 1000 + 3000 >= 3000
    fight(t)
    assert t.damage(lancer) == 0 and t.square(lancer) == 7


def test_damage_is_fixed_when_stacked():
    """001 ch.2 §4(1): a power change after the damage is stacked does not change it."""
    t = Table([player(energy=["dz-black-ghost"]), player(hand=["dz-diamond-soul"], energy=["dz-bf-angel"])],
              units=[unit("dz-black-ghost", 0, 4), unit("dz-singlemalt", 1, 7)])
    ghost, malt = t.id(0, "dz-black-ghost", "square"), t.id(1, "dz-singlemalt", "square")
    t.act(0, {"type": "move", "unit": ghost, "to": 7, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    t.passes(2)                                         # step 1: nothing
    t.passes(2)                                         # step 2: damage stacked (malt deals 3000)
    t.passes(1)
    t.act(1, {"type": "play", "card": t.id(1, "dz-diamond-soul"), "targets": [malt], "pay": t.pay(1, {"W": 1})})
    t.passes(2)
    assert t.power(malt) == 6000
    hits = {h["source"]: h["amount"] for h in t.state["stack"][-1]["hits"]}
    assert hits[malt] == 3000


def test_both_remain_the_attacker_is_destroyed():
    """001 ch.3 §5(7) / 000 バトル③(3): both units on the square at the end: the attacker is destroyed."""
    t = Table([player(energy=["dz-black-ghost"]), player()],
              units=[unit("dz-black-ghost", 0, 4), unit("dz-pegasus", 1, 7)])
    ghost, peg = t.id(0, "dz-black-ghost", "square"), t.id(1, "dz-pegasus", "square")
    t.act(0, {"type": "move", "unit": ghost, "to": 7, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    t.passes(2)
    t.passes(2)
    t.passes(2)                                          # 1500 vs 500: the pegasus dies, 500 damage to the ghost
    assert t.where(peg) == "grave"
    t = Table([player(energy=["dz-black-ghost"]), player()],
              units=[unit("dz-black-ghost", 0, 4), unit("dz-black-ghost", 1, 7)],
              bases=[{"card": "dz-white-rampart", "owner": 1, "line": 1}])      # 1500 - 1000: both survive
    a, d = t.id(0, "dz-black-ghost", "square"), t.id(1, "dz-black-ghost", "square")
    t.act(0, {"type": "move", "unit": a, "to": 7, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    for _ in range(4):
        t.passes(2)
    assert t.battle["step"] == "end" and t.battle["winner"] is None                   # a draw: both still there
    events = t.passes(2)
    assert t.where(a) == "grave" and t.where(d) == "square"
    assert "dimension-zero/battle.end" in [e.rule for e in of_type(events, "CardMoved")]


def test_only_battle_timing_in_a_battle_and_the_active_player_gets_priority():
    """001 ch.3 §4(2)①②."""
    t = Table([player(energy=["dz-black-ghost"]), player(hand=["dz-plasma-rifle", "dz-diamond-soul"],
                                                      energy=["dz-red-striker", "dz-red-striker", "dz-bf-angel"])],
              units=[unit("dz-black-ghost", 0, 4), unit("dz-singlemalt", 1, 7)], first=1, active=0)
    ghost = t.id(0, "dz-black-ghost", "square")
    t.act(0, {"type": "move", "unit": ghost, "to": 7, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    assert t.to_act == [0]
    t.passes(1)
    kinds = {GAME.legal_actions(t.state, 1)[i].get("card") for i in range(len(GAME.legal_actions(t.state, 1)))}
    assert t.id(1, "dz-diamond-soul") in kinds and t.id(1, "dz-plasma-rifle") not in kinds


def test_lethal_damage_and_zero_power_destroy():
    """000 ルールエフェクト3・4."""
    t = Table([player(hand=["dz-black-curse"], energy=["dz-black-ghost"] * 2), player()],
              units=[unit("dz-black-ghost", 1, 8), unit("dz-singlemalt", 1, 7)])
    ghost = t.id(1, "dz-black-ghost", "square")
    t.act(0, {"type": "play", "card": t.id(0, "dz-black-curse"), "targets": [ghost], "pay": t.pay(0, {"K": 1, "X": 1})})
    events = t.passes(2)
    assert t.where(ghost) == "grave" and of_type(events, "CardMoved")[-1].rule == "dimension-zero/rule.power"


def test_a_second_own_unit_on_a_square_is_destroyed():
    """000 ルールエフェクト5: 咲夜 moves her own unit onto her square; the later-placed one is destroyed."""
    t = Table([player(variant="touhou"), player(variant="touhou")],
              units=[unit("th-sakuya", 0, 1, frozen=True), unit("th-cirno", 0, 2)], variant="touhou")
    sakuya, cirno = t.id(0, "th-sakuya", "square"), t.id(0, "th-cirno", "square")
    t.passes(2)                                            # main ends; no smash; end of turn: 咲夜 triggers
    assert t.state["phase"] == "end" and t.state["pending"]["kind"] == "trigger_target"
    t.act(0, {"type": "choose", "choice": cirno})
    events = t.passes(2)
    assert t.where(cirno) == "grave" and t.square(sakuya) == 1
    assert of_type(events, "CardMoved")[0].rule == "dimension-zero/rule.same-unit"


def test_a_second_own_base_on_a_square_is_destroyed():
    """000 ルールエフェクト6: 迷い家 put onto a line already holding its player's base... is not offered;
    a base placed there by rule check is destroyed (positions are checked too)."""
    from engine.games.dimension_zero.flow import doomed
    t = Table([player(), player()], bases=[{"card": "dz-white-rampart", "owner": 0, "line": 0}])
    state = t.state
    state["bases"]["0-99"] = {"line": 0, "seq": 999}
    state["cards"]["0-99"] = "dz-white-rampart"
    assert doomed(state) == [("0-99", "rule.same-base")]


def test_rule_effects_wait_for_the_resolution_to_finish():
    """000 ルールエフェクト: not checked mid-resolution: 丑の刻参り's redirect applies before the rule destroys."""
    t = Table([player(hand=["th-ushi-no-koku", "th-scarlet-shoot"], energy=["th-remilia"] * 6, variant="touhou"),
               player(variant="touhou")], units=[unit("th-meiling", 1, 7)], variant="touhou")
    meiling = t.id(1, "th-meiling", "square")
    t.act(0, {"type": "play", "card": t.id(0, "th-ushi-no-koku"), "targets": [meiling], "pay": t.pay(0, {"R": 2})})
    t.passes(2)
    t.act(0, {"type": "play", "card": t.id(0, "th-scarlet-shoot"), "targets": [meiling], "pay": t.pay(0, {"R": 2, "X": 2})})
    t.passes(2)
    assert t.where(meiling) == "smash" and meiling not in t.state["frozen"]


def test_battle_does_not_start_if_a_unit_is_destroyed_by_another_rule_effect():
    """000 ルールエフェクト8 ただし書き: destruction is checked first; a destroyed unit never fights."""
    from engine.core import Emitter
    from engine.games.dimension_zero.flow import check_rules
    t = Table([player(), player()], units=[unit("dz-black-ghost", 0, 1), unit("dz-singlemalt", 1, 7)])
    ghost, malt = t.id(0, "dz-black-ghost", "square"), t.id(1, "dz-singlemalt", "square")
    em = Emitter(GAME, t.state)
    em.state["units"][ghost]["square"] = 7            # the ghost arrives on the malt's square...
    em.state["units"][ghost]["seq"] = 99
    em.state["units"][malt]["damage"] = 3000          # ...which already holds lethal damage
    assert check_rules(em, None)
    assert types(em.events) == ["CardMoved"] and em.events[0].data["card"] == malt
    assert em.state["battles"] == []


def test_owner_orders_simultaneous_graveyard_arrivals():
    """001 ch.3 §6: cards of one owner reaching the graveyard together are ordered by their owner."""
    t = Table([player(), player(energy=["dz-black-ghost"])],
              units=[unit("dz-black-ghost", 1, 6), unit("dz-black-ghost", 1, 8), unit("dz-lobo", 0, 0)])
    a, b = t.id(1, "dz-black-ghost", "square", 0), t.id(1, "dz-black-ghost", "square", 1)
    t.state["units"][a]["damage"] = t.state["units"][b]["damage"] = 1500     # both lethal at the next check
    from engine.core import Emitter
    from engine.games.dimension_zero.flow import settle
    em = Emitter(GAME, t.state)
    settle(em, None)
    p = em.state["pending"]
    assert p["kind"] == "grave_order" and p["seat"] == 1 and sorted(p["cards"]) == sorted([a, b])
    t.state = em.state
    assert t.illegal(1, {"type": "choose", "choice": [a]}).rule == "dimension-zero/order"
    t.act(1, {"type": "choose", "choice": [b, a]})
    assert t.state["players"][1]["grave"][-2:] == [b, a] and t.to_act == [0]
