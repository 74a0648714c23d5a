"""Every worked example and Q&A item of both rulebooks, played through the engine from a setup position.

001 = ディメンション・ゼロ First Century RULE BOOK (ch.3 §3 例1・例2, Q&A Q1-Q5);
000 = 東方零次元 (スタックとタイミング 例・例2, テクニック①-⑤).
Squares: 0-2 seat 0's own area, 3-5 the centre, 6-8 seat 1's own area (seat 0's enemy area).
"""
from tests.dimension_zero.table import Table, of_type, player, types, unit

RED2 = ["dz-red-striker", "dz-red-striker"]


def test_001_stack_example_1_plasma_rifle_and_diamond_soul():
    """001 ch.3 §3 例1: B answers A's プラズマ・ライフル with ダイヤモンド・ソウル; the last stacked resolves
    first, シングルモルト is 6000 when 3000 damage arrives, and stays."""
    t = Table([player(hand=["dz-plasma-rifle"], energy=RED2), player(hand=["dz-diamond-soul"], energy=["dz-bf-angel"])],
              units=[unit("dz-singlemalt", 1, 7)])
    malt, rifle, soul = t.id(1, "dz-singlemalt"), t.id(0, "dz-plasma-rifle"), t.id(1, "dz-diamond-soul")
    t.act(0, {"type": "play", "card": rifle, "targets": [malt], "pay": t.pay(0, {"R": 1, "X": 1})})     # ①
    assert t.to_act == [0]                      # stacked: the active player gets priority (ch.3 §4(1))
    t.passes(1)                                 # A gives up priority: B has it
    assert t.to_act == [1]
    t.act(1, {"type": "play", "card": soul, "targets": [malt], "pay": t.pay(1, {"W": 1})})             # ②
    assert [i["card"] for i in t.state["stack"]] == [rifle, soul]
    t.passes(2)                                 # ③ ダイヤモンド・ソウル resolves first
    assert t.power(malt) == 6000 and t.damage(malt) == 0
    assert [i["card"] for i in t.state["stack"]] == [rifle]
    t.passes(2)                                 # ④ then プラズマ・ライフル: 3000 damage
    assert t.damage(malt) == 3000
    assert t.square(malt) == 7                  # ⑤ not destroyed
    assert t.where(rifle) == "grave" and t.where(soul) == "grave"


def test_001_stack_example_2_waiting_stack():
    """001 ch.3 §3 例2: A's move is answered by 狼王ロボ into the angel's square; the battle puts the move on
    hold; ダイヤモンド・ソウル wins it (6500 vs 5000); then the waiting move resolves into the enemy area."""
    t = Table([player(hand=["dz-diamond-soul"], energy=["dz-bf-angel", "dz-bf-angel"]),
               player(hand=["dz-lobo"], energy=["dz-green-horn", "dz-green-horn", "dz-singlemalt", "dz-singlemalt"])],
              units=[unit("dz-bf-angel", 0, 4)])
    angel, lobo, soul = t.id(0, "dz-bf-angel", "square"), t.id(1, "dz-lobo"), t.id(0, "dz-diamond-soul")
    t.act(0, {"type": "move", "unit": angel, "to": 7, "pay": t.pay(0, {"W": 1})})                      # ①
    t.passes(1)
    t.act(1, {"type": "play", "card": lobo, "square": 4, "pay": t.pay(1, {"G": 2, "X": 2})})           # ②
    events = t.passes(2)                                                                               # ③
    started = of_type(events, "BattleStarted")[0].data
    assert started == {"square": 4, "attacker": lobo, "defender": angel}
    assert t.state["stack"] == [] and [i["kind"] for i in t.battle["waiting"]] == ["move"]            # ④
    assert t.to_act == [0]                      # the active player has priority in the battle
    t.act(0, {"type": "play", "card": soul, "targets": [angel], "pay": t.pay(0, {"W": 1})})            # ⑤
    t.passes(2)
    assert t.power(angel) == 6500                                                                      # ⑥
    t.passes(2)                                 # first step: no 加速, nothing to stack; second step begins
    assert t.battle["step"] == "second"
    t.passes(2)                                 # ⑦ both damages stacked together, fixed now
    damage = t.state["stack"][-1]
    assert {h["source"]: h["amount"] for h in damage["hits"]} == {angel: 6500, lobo: 5000}
    t.passes(2)                                 # ⑧ resolved: ロボ destroyed, the angel stays
    assert t.where(lobo) == "grave" and t.square(angel) == 4 and t.damage(angel) == 5000
    t.passes(2)                                 # end step: the angel alone on the square wins
    assert t.battle["winner"] == angel
    t.passes(2)                                 # ⑨ the battle ends; the waiting stack is back
    assert t.battle is None and [i["kind"] for i in t.state["stack"]] == ["move"]
    t.passes(2)                                 # ⑩ the move resolves
    assert t.square(angel) == 7 and angel not in t.state["frozen"]


def test_000_stack_example_hakugyokurou_reduces_scarlet_shoot():
    """000 スタックとタイミング 例: 白玉楼 answers スカーレットシュート; 6000 - 2000 = 4000 leaves 妖夢 (5000)."""
    t = Table([player(hand=["th-scarlet-shoot"], energy=["th-remilia"] * 4, variant="touhou"),
               player(hand=["th-hakugyokurou"], energy=["th-youmu"] * 2, variant="touhou")],
              units=[unit("th-youmu", 1, 8)], variant="touhou")
    youmu, shoot, base = t.id(1, "th-youmu", "square"), t.id(0, "th-scarlet-shoot"), t.id(1, "th-hakugyokurou")
    t.act(0, {"type": "play", "card": shoot, "targets": [youmu], "pay": t.pay(0, {"R": 2, "X": 2})})   # ①
    t.passes(1)
    t.act(1, {"type": "play", "card": base, "line": 2, "pay": t.pay(1, {"G": 1, "X": 1})})             # ②
    t.passes(2)                                                                                        # ③
    assert t.where(base) == "base" and t.state["bases"][base]["line"] == 2
    t.passes(2)                                                                                        # ④
    assert t.damage(youmu) == 4000 and t.square(youmu) == 8


def test_000_stack_example_2_misdirection_makes_lingering_cold_fail():
    """000 例2: チルノ moves onto 橙; リンガリングコールド answers; ミスディレクション answers that: チルノ is
    3500 and untargetable, the cold fails, the move resolves, the battle's second step destroys 橙."""
    t = Table([player(hand=["th-misdirection"], energy=["th-cirno", "th-keine"], variant="touhou"),
               player(hand=["th-lingering-cold"], energy=["th-koakuma", "th-koakuma"], variant="touhou")],
              units=[unit("th-cirno", 0, 4), unit("th-chen", 1, 7)], variant="touhou")
    cirno, chen = t.id(0, "th-cirno", "square"), t.id(1, "th-chen", "square")
    cold, misd = t.id(1, "th-lingering-cold"), t.id(0, "th-misdirection")
    t.act(0, {"type": "move", "unit": cirno, "to": 7, "pay": t.pay(0, {"U": 1})})                      # ①
    t.passes(1)
    t.act(1, {"type": "play", "card": cold, "targets": [cirno], "pay": t.pay(1, {"K": 1, "X": 1})})    # ②
    assert t.to_act == [0]
    t.act(0, {"type": "play", "card": misd, "targets": [cirno], "pay": t.pay(0, {"W": 1})})            # ③
    t.passes(2)                                                                                        # ④
    assert t.power(cirno) == 3500
    events = t.passes(2)                                                                               # ⑤
    assert of_type(events, "Noted")[0].data["fizzled"]
    assert t.where(cirno) == "square" and t.where(cold) == "grave"
    events = t.passes(2)                                                                               # ⑥
    assert of_type(events, "BattleStarted")[0].data["attacker"] == cirno
    t.passes(2)                                 # first step: nobody has 加速
    t.passes(2)                                 # second step: damage stacked
    t.passes(2)                                                                                        # ⑦
    assert t.where(chen) == "grave" and t.damage(cirno) == 1000
    t.passes(2)
    assert t.battle["winner"] == cirno
    t.passes(2)
    assert t.battle is None and t.square(cirno) == 7


def test_001_q1_battle_card_outside_battle_and_in_the_opponents_turn():
    """001 Q1: a battle-timing card may be played whenever you have priority, battle or not, either turn."""
    t = Table([player(), player(hand=["dz-diamond-soul"], energy=["dz-bf-angel"])], units=[unit("dz-singlemalt", 1, 7)])
    t.passes(1)                                 # seat 0 (active) passes on an empty stack
    soul, malt = t.id(1, "dz-diamond-soul"), t.id(1, "dz-singlemalt")
    t.act(1, {"type": "play", "card": soul, "targets": [malt], "pay": t.pay(1, {"W": 1})})
    t.passes(2)
    assert t.power(malt) == 6000


def test_001_q2_plan_zone_battle_card_only_at_normal_timing():
    """001 Q2: a battle-timing card in the plan zone plays only at normal timing: not in a battle, not in
    answer to the stack, not in the opponent's turn."""
    t = Table([player(deck=["dz-diamond-soul"] + ["dz-black-ghost"] * 5, plan=True,
                      energy=["dz-bf-angel", "dz-bf-angel", "dz-black-ghost"]),
               player(deck=["dz-black-ghost"] * 5, hand=["dz-black-ghost"], energy=["dz-black-ghost"])],
              units=[unit("dz-singlemalt", 0, 4), unit("dz-black-ghost", 1, 7)])
    soul, malt = t.id(0, "dz-diamond-soul"), t.id(0, "dz-singlemalt")
    ghost = t.id(1, "dz-black-ghost", "hand")
    # in answer to a stacked action: not allowed
    t.passes(1)
    t.act(1, {"type": "play", "card": ghost, "square": 4, "pay": t.pay(1, {"K": 1})})
    assert t.illegal(0, {"type": "play", "card": soul, "targets": [malt], "pay": t.pay(0, {"W": 1})}).rule == \
        "dimension-zero/timing.plan"
    t.passes(2)                                 # the ghost lands on the malt's square: a battle
    assert t.battle is not None
    bad = t.illegal(0, {"type": "play", "card": soul, "targets": [malt], "pay": t.pay(0, {"W": 1})})
    assert bad.rule == "dimension-zero/timing.plan"
    while t.battle is not None:
        t.passes(1)
    assert not t.state["stack"] and t.to_act == [0]
    t.act(0, {"type": "play", "card": soul, "targets": [malt], "pay": t.pay(0, {"W": 1})})   # normal timing: fine
    assert t.where(soul) == "stack"


def test_001_q3_no_answer_between_a_unit_play_and_its_battle():
    """001 Q3: the played unit is not on the square before the play resolves (no target), and once it
    resolves the battle starts at once: only battle-timing cards are then allowed."""
    t = Table([player(hand=["dz-black-ghost"], energy=["dz-black-ghost"]),
               player(hand=["dz-plasma-rifle"], energy=RED2)], units=[unit("dz-singlemalt", 1, 4)])
    ghost, rifle = t.id(0, "dz-black-ghost", "hand"), t.id(1, "dz-plasma-rifle")
    t.act(0, {"type": "play", "card": ghost, "square": 4, "pay": t.pay(0, {"K": 1})})
    t.passes(1)
    bad = t.illegal(1, {"type": "play", "card": rifle, "targets": [ghost], "pay": t.pay(1, {"R": 1, "X": 1})})
    assert bad.rule == "dimension-zero/effect.target"
    events = t.passes(1)
    kinds = types(events)
    assert kinds.index("BattleStarted") < kinds.index("PriorityGiven")
    t.passes(1)                                 # seat 0 passes in the battle: seat 1 has priority
    bad = t.illegal(1, {"type": "play", "card": rifle, "targets": [ghost], "pay": t.pay(1, {"R": 1, "X": 1})})
    assert bad.rule == "dimension-zero/battle.priority"


def test_001_q4_answering_a_move_destroys_the_mover_and_no_battle_starts():
    """001 Q4: a quick card in answer to a move destroys the moving unit; the move fails; no battle."""
    t = Table([player(energy=["dz-black-ghost"]), player(hand=["dz-plasma-rifle"], energy=RED2)],
              units=[unit("dz-black-ghost", 0, 4), unit("dz-singlemalt", 1, 7)])
    ghost, rifle = t.id(0, "dz-black-ghost", "square"), t.id(1, "dz-plasma-rifle")
    t.act(0, {"type": "move", "unit": ghost, "to": 7, "pay": t.pay(0, {"K": 1})})
    t.passes(1)
    t.act(1, {"type": "play", "card": rifle, "targets": [ghost], "pay": t.pay(1, {"R": 1, "X": 1})})
    events = t.passes(2)                        # the rifle: 3000 >= 1500, destroyed by rule
    assert t.where(ghost) == "grave"
    events += t.passes(2)                       # the move resolves: its unit has left, it fails
    assert of_type(events, "Noted")[-1].data == {"failed": "move", "unit": ghost}
    assert "BattleStarted" not in types(events)


def test_001_q5_a_unit_may_move_again_paying_each_time():
    """001 Q5: move the same unit several times in a turn, paying the move cost each time."""
    t = Table([player(energy=["dz-black-ghost", "dz-black-ghost"]), player()], units=[unit("dz-black-ghost", 0, 0)])
    ghost = t.id(0, "dz-black-ghost", "square")
    t.act(0, {"type": "move", "unit": ghost, "to": 3, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    t.act(0, {"type": "move", "unit": ghost, "to": 4, "pay": t.pay(0, {"K": 1})})
    t.passes(2)
    assert t.square(ghost) == 4
    assert t.illegal(0, {"type": "move", "unit": ghost, "to": 5, "pay": []}).rule == "dimension-zero/cost"


def test_000_technique_1_freezing_a_moving_unit_does_not_stop_the_move():
    """000 テクニック①: the move is on the stack already; freezing the unit does not stop it, and it lands released."""
    t = Table([player(energy=["th-cirno"], variant="touhou"), player(energy=["th-keine"], variant="touhou")],
              units=[unit("th-cirno", 0, 1), unit("th-reimu", 1, 8)], variant="touhou")
    cirno, reimu = t.id(0, "th-cirno", "square"), t.id(1, "th-reimu", "square")
    t.act(0, {"type": "move", "unit": cirno, "to": 4, "pay": t.pay(0, {"U": 1})})
    t.passes(1)
    t.act(1, {"type": "activate", "card": reimu, "ability": 1, "targets": [cirno], "pay": t.pay(1, {"W": 1})})
    t.passes(2)
    assert cirno in t.state["frozen"] and reimu in t.state["frozen"]
    t.passes(2)
    assert t.square(cirno) == 4 and cirno not in t.state["frozen"]


def test_000_technique_2_enter_trigger_waits_for_the_battle():
    """000 テクニック②: a ◆ 'when placed' trigger of a unit that starts a battle is stacked after the battle."""
    t = Table([player(hand=["th-yuyuko"], energy=["th-koakuma"] * 5, variant="touhou"), player(variant="touhou")],
              units=[unit("th-chen", 1, 4), unit("th-cirno", 1, 7)], variant="touhou")
    yuyuko, chen, cirno = t.id(0, "th-yuyuko"), t.id(1, "th-chen"), t.id(1, "th-cirno")
    t.act(0, {"type": "play", "card": yuyuko, "square": 4, "pay": t.pay(0, {"K": 2, "X": 3})})
    t.passes(2)
    assert t.battle is not None and t.state["pending"] is None
    assert t.battle["held"] and t.battle["held"][0]["source"] == yuyuko
    while t.battle is not None:
        t.passes(1)
    assert t.where(chen) == "grave"             # 5500 beat 橙 in the battle
    pending = t.state["pending"]
    assert pending["kind"] == "trigger_target" and pending["options"] == [cirno]
    t.act(0, {"type": "choose", "choice": cirno})
    t.passes(2)                                 # チルノ costs 2 <= 3: destroyed
    assert t.where(cirno) == "grave"


def test_000_technique_3_a_placed_unit_fights_before_anyone_acts():
    """000 テクニック③: once a unit lands on an enemy unit's square the battle starts before any priority;
    quick cards can no longer be played."""
    t = Table([player(hand=["th-koakuma"], energy=["th-koakuma"], variant="touhou"),
               player(hand=["th-misdirection"], energy=["th-keine"], variant="touhou")],
              units=[unit("th-cirno", 1, 4)], variant="touhou")
    koa, misd, cirno = t.id(0, "th-koakuma", "hand"), t.id(1, "th-misdirection"), t.id(1, "th-cirno")
    t.act(0, {"type": "play", "card": koa, "square": 4, "pay": t.pay(0, {"K": 1})})
    events = t.passes(2)
    assert types(events).index("BattleStarted") < types(events).index("PriorityGiven")
    t.passes(1)
    bad = t.illegal(1, {"type": "play", "card": misd, "targets": [cirno], "pay": t.pay(1, {"W": 1})})
    assert bad.rule == "dimension-zero/battle.priority"


def test_000_technique_4_targets_chosen_when_stacked():
    """000 テクニック④: no legal target, no play; all targets illegal on resolution, nothing; some, the rest;
    a trigger without a target is not stacked."""
    t = Table([player(hand=["th-icicle-fall", "th-scarlet-shoot"], energy=["th-cirno", "th-cirno"] + ["th-remilia"] * 4,
                      variant="touhou"), player(variant="touhou")], variant="touhou")
    icicle = t.id(0, "th-icicle-fall")
    bad = t.illegal(0, {"type": "play", "card": icicle, "targets": [], "pay": t.pay(0, {"U": 1, "X": 1})})
    assert bad.rule == "dimension-zero/effect.target"
    assert not [a for a in __import__("engine.games.dimension_zero.legal", fromlist=["x"]).legal_actions(t.state, 0)
                if a.get("card") == icicle]

    t = Table([player(hand=["th-icicle-fall", "th-scarlet-shoot"], energy=["th-cirno", "th-cirno"] + ["th-remilia"] * 4,
                      variant="touhou"), player(variant="touhou")],
              units=[unit("th-cirno", 1, 7), unit("th-meiling", 1, 8)], variant="touhou")
    icicle, shoot = t.id(0, "th-icicle-fall"), t.id(0, "th-scarlet-shoot")
    cirno, meiling = t.id(1, "th-cirno", "square"), t.id(1, "th-meiling", "square")
    t.act(0, {"type": "play", "card": icicle, "targets": [cirno, meiling], "pay": t.pay(0, {"U": 1, "X": 1})})
    t.act(0, {"type": "play", "card": shoot, "targets": [cirno], "pay": t.pay(0, {"R": 2, "X": 2})})
    t.passes(2)
    assert t.where(cirno) == "grave"
    t.passes(2)                                 # one target left the battle space: the rest is done
    assert t.power(meiling) == 3000

    t = Table([player(hand=["th-yuyuko"], energy=["th-koakuma"] * 5, variant="touhou"), player(variant="touhou")],
              variant="touhou")
    t.act(0, {"type": "play", "card": t.id(0, "th-yuyuko"), "square": 0, "pay": t.pay(0, {"K": 2, "X": 3})})
    events = t.passes(2)
    assert "TriggerDropped" in types(events) and t.state["pending"] is None and not t.state["stack"]


def test_000_technique_5_mayoiga_square_chosen_on_resolution():
    """000 テクニック⑤: 迷い家's graveyard ability chooses its base square on resolution; with every base
    square taken it does nothing."""
    t = Table([player(grave=["th-mayoiga"], energy=["th-chen", "th-chen"], variant="touhou"), player(variant="touhou")],
              variant="touhou")
    mayoiga = t.id(0, "th-mayoiga")
    t.act(0, {"type": "activate", "card": mayoiga, "ability": 0, "pay": t.pay(0, {"G": 1, "X": 1})})
    assert t.state["stack"][-1].get("targets") == []
    t.passes(2)
    assert t.state["pending"]["kind"] == "base_line" and t.state["pending"]["options"] == [0, 1, 2]
    t.act(0, {"type": "choose", "choice": 1})
    assert t.where(mayoiga) == "base" and t.state["bases"][mayoiga]["line"] == 1

    full = [{"card": "th-sdm", "owner": 0, "line": ln} for ln in range(3)]
    t = Table([player(grave=["th-mayoiga"], energy=["th-chen", "th-chen"], variant="touhou"), player(variant="touhou")],
              bases=full, variant="touhou")
    mayoiga = t.id(0, "th-mayoiga")
    t.act(0, {"type": "activate", "card": mayoiga, "ability": 0, "pay": t.pay(0, {"G": 1, "X": 1})})
    t.passes(2)
    assert t.state["pending"] is None and t.where(mayoiga) == "grave"
