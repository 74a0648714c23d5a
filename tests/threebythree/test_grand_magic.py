"""大魔術 (上級): ★不許火 ★海癒 ★探生 ★天写 ★無尽増, and the magic traits 残響 and 顕在 — seed 003.

Grand magic by attribute: A01-A04 炎 ★不許火, A05-A08 水 ★海癒, A09-A12 草 ★探生, A13-A16 天 ★天写;
透禍の槍 (A21/A22) ★無尽増.
"""
from engine.games.threebythree.cards import DECK
from tests.threebythree.table import GAME, Table, of_type, position, types

W = "wizard"


def test_fire_negates_a_magic_in_the_opponents_turn():
    """○大魔術「★不許火」: also in the opponent's turn; negates a magic; paid by removing a magic."""
    t = Table(position(units=[["005", "016"], []], magic=[["A01"], ["A02"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "magic", "card": "A01"})
    assert t.step == "respond" and t.to_act == [1]
    events = t.act(1, {"type": "grand", "card": "A02"})
    assert types(events)[:2] == ["GrandMagicUsed", "MagicNegated"]
    assert of_type(t.events, "LifeLost") == []
    assert t.player(0)["magic"] == [{"card": "A01", "state": "up"}]       # the cost stays paid
    assert t.player(1)["magic"] == [] and "A02" in t.state["removed"]


def test_fire_negates_an_enhancement_and_cannot_be_countered():
    """★不許火 negates an enhancement (as a counter does); nothing can answer it."""
    t = Table(position(hands=[["014", "047"], ["003"]], units=[["016"], []], magic=[[], ["A03"]],
                       deck=["043", "044"]), variant=W)
    t.passes(0, "enhance")
    t.act(0, {"type": "enhance", "spells": [{"target": "016", "with": ["014"]}]})
    assert t.to_act == [1]
    events = t.act(1, {"type": "grand", "card": "A03"})
    closed = of_type(events, "ChainClosed")[0].data
    assert closed["countered"] and closed["negated"]
    assert "CounterWindowOpened" not in types(events)                       # 047 in hand, but no answer
    assert of_type(events, "Attacked")[0].data["attack"] == 5


def test_fire_does_not_answer_a_removal():
    t = Table(position(hands=[["016"], ["003"]], units=[[], ["040"]], magic=[[], ["A03"]], deck=["043", "044"]),
              variant=W)
    t.act(0, {"type": "remove", "spells": [{"target": "040", "with": ["016"]}]})
    assert t.illegal(1, {"type": "grand", "card": "A03"}).rule == "threebythree/grand.不許火"


def test_one_grand_magic_per_turn_and_never_from_sideways():
    """【大魔術の基本ルール】 one per turn; 【発動コスト】 a sideways magic cannot pay."""
    t = Table(position(hands=[["016"], []], units=[["040"], []], magic=[["A21", "A09"], []], deck=["043", "044"]),
              variant=W)
    t.act(0, {"type": "grand", "card": "A21"})
    assert t.illegal(0, {"type": "grand", "card": "A09", "give": "016", "take": "016"}).rule == "threebythree/grand.basic"
    t = Table(position(units=[["005", "016"], []], magic=[["A01", "A22"], []], deck=["043", "044", "040", "041"]),
              variant=W)
    t.act(0, {"type": "magic", "card": "A01"})
    t.next_turn(), t.next_turn()
    t.act(0, {"type": "magic", "card": "A01"})                               # face up -> sideways
    assert t.illegal(0, {"type": "grand", "card": "A01"}).rule == "threebythree/grand.cost"


def test_sea_healing_keeps_four_and_gains_the_cost():
    """○大魔術「★海癒」: 4 random cards stay (the rest removed from the game), choose one, gain its cost."""
    discard = ["016", "017", "018", "029", "042", "040"]
    t = Table(position(magic=[["A05"], []], discard=discard, life=[20, 30], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "grand", "card": "A05"})
    kept = t.state["decision"]["cards"]
    assert len(kept) == 4 and sorted(t.state["discard"]) == sorted(kept)
    assert sorted(set(discard) - set(kept)) == sorted(c for c in t.state["removed"] if c != "A05")
    assert t.illegal(0, {"type": "heal", "card": next(c for c in discard if c not in kept)}).rule == "threebythree/grand.海癒"
    t.act(0, {"type": "heal", "card": kept[0]})
    assert t.life()[0] == 20 + DECK[kept[0]].cost


def test_sea_healing_tuning_gives_its_chosen_value():
    t = Table(position(magic=[["A05"], []], discard=["045"], life=[20, 30], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "grand", "card": "A05"})
    assert t.illegal(0, {"type": "heal", "card": "045"}).rule == "threebythree/grand.海癒"
    t.act(0, {"type": "heal", "card": "045", "as": {"045": 2}})
    assert t.life()[0] == 22


def test_sea_healing_spellbreaker_gives_nothing():
    t = Table(position(magic=[["A05"], []], discard=["047"], life=[20, 30], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "grand", "card": "A05"})
    t.act(0, {"type": "heal", "card": "047"})
    assert t.life()[0] == 20


def test_seeking_life_exchanges_a_hand_card_for_a_discarded_unit():
    """○大魔術「★探生」: only unit cards come back from the discard pile; any hand card goes."""
    t = Table(position(hands=[["045"], []], magic=[["A09"], []], discard=["017", "046"], deck=["043", "044"]),
              variant=W)
    assert t.illegal(0, {"type": "grand", "card": "A09", "give": "045", "take": "046"}).rule == "threebythree/grand.探生"
    t.act(0, {"type": "grand", "card": "A09", "give": "045", "take": "017"})
    assert "017" in t.player(0)["hand"] and "045" in t.state["discard"]


def test_sky_copy_uses_a_face_down_magic_ignoring_requirement_and_cost():
    """○大魔術「★天写」: copy another face-down magic without its requirement or cost, as a magic."""
    t = Table(position(units=[[], ["026"]], magic=[["A14", "A08"], []], deck=["043", "044"]), variant=W)
    assert t.illegal(0, {"type": "magic", "card": "A08", "target": "026"}).rule == "threebythree/magic.requirement"
    t.act(0, {"type": "grand", "card": "A14", "copy": "A08", "target": "026"})
    assert t.player(1)["units"] == [] and t.life()[0] == 26
    assert t.player(0)["magic"] == [{"card": "A08", "state": "down", "shown": True}]
    assert GAME.view(t.state, 1)["players"][0]["magic"] == [{"card": "A08", "state": "down", "shown": True}]
    assert t.illegal(0, {"type": "magic", "card": "A08", "target": "026"}).rule == "threebythree/magic.basic"


def test_unbounded_gives_a_point_of_any_attribute_and_blocks_negation():
    """Q&A ★無尽増: until the turn ends, one more point of any attribute, and no magic can be negated."""
    t = Table(position(units=[["016"], []], magic=[["A21", "A01"], ["A02"]], deck=["043", "044"]), variant=W)
    assert t.illegal(0, {"type": "magic", "card": "A01"}).rule == "threebythree/magic.requirement"
    t.act(0, {"type": "grand", "card": "A21"})
    events = t.act(0, {"type": "magic", "card": "A01"})
    assert "AnswerWindowOpened" not in types(events) and t.life()[1] == 27


def test_echo_uses_a_sideways_magic_once_more_by_removing_it():
    """○残響: a sideways 残響 magic may be used once more, removed instead of paying."""
    t = Table(position(units=[["005", "016"], ["036"]], magic=[["A02"], []],
                       deck=["043", "044", "040", "041", "042", "037"]), variant=W)
    t.act(0, {"type": "magic", "card": "A02", "target": "036"})
    for _ in range(2):
        t.next_turn(), t.next_turn()
        t.act(0, {"type": "magic", "card": "A02"})
    assert t.player(0)["magic"] == [] and "A02" in t.state["removed"]
    used = [e.data["to"] for e in t.events if e.type == "MagicUsed"]
    assert used == ["up", "side", "removed"]


def test_manifest_spear_lets_pierce_ignore_double_wall_while_face_up():
    """○顕在 / 《透禍の槍》: 1 damage, then (designed) 透過 attacks ignore 双壁 while it is face up."""
    t = Table(position(units=[["021"], ["024"]], magic=[["A21"], []], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "magic", "card": "A21"})
    assert t.life()[1] == 29
    t.passes(0, "territory") if t.step != "territory" else None
    attack = of_type(t.events, "Attacked")[0].data
    assert attack["step"] == "pierce" and attack["blockers"] == [] and attack["damage"] == 1


def test_manifest_lasts_the_turn_after_leaving_face_up_and_not_after_negation():
    """○顕在: removed face up -> lasts to the end of that turn; negated by ★不許火 -> not that turn."""
    t = Table(position(units=[["021"], ["024"]], magic=[["A21", "A22"], []], deck=["043", "044", "040", "041"]),
              variant=W)
    t.act(0, {"type": "magic", "card": "A21"})
    t.next_turn(), t.next_turn()
    t.act(0, {"type": "grand", "card": "A21"})                              # removed while face up
    t.passes(0, "territory")
    assert of_type(t.events, "Attacked")[-1].data["blockers"] == []
    t = Table(position(units=[["021"], ["024"]], magic=[["A21"], ["A04"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "magic", "card": "A21"})
    t.act(1, {"type": "grand", "card": "A04"})
    t.passes(0, "territory")
    assert of_type(t.events, "Attacked")[-1].data["blockers"] == ["024"]
