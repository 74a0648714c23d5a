"""Every item of the manual's ルールQ & A (seed 003) not already covered where its rule lives.

Covered elsewhere, each citing the Q&A: 花乙女 / でかスラグ / 護宝妖精 / のうなし腕力 (test_traits.py),
★天写 ignoring requirement and cost and ★無尽増 (test_grand_magic.py).
"""
from engine.games.threebythree.setup import ALL_DECK
from tests.threebythree.table import GAME, Table, of_type, position, types

W = "wizard"


def test_qa_countered_removal_cannot_target_the_unit_again():
    """Q. こちらの除去を相手に打消された時、再度同じユニットに除去を使うことは出来ますか？ A. できません。"""
    t = Table(position(hands=[["016", "027"], ["040"]], units=[[], ["041"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "remove", "spells": [{"target": "041", "with": ["016"]}]})
    t.act(1, {"type": "counter", "with": ["040"]})
    t.act(0, {"type": "pass"})
    assert t.player(1)["units"] == ["041"]
    assert t.illegal(0, {"type": "remove", "spells": [{"target": "041", "with": ["027"]}]}).rule == "threebythree/2.1"


def test_qa_countered_removal_cannot_turn_to_another_unit():
    """Q. 除去を使ったら打消されました。改めて別のユニットに再度除去を使うことは出来ますか？ A. できません。"""
    t = Table(position(hands=[["016", "003"], ["040"]], units=[[], ["041", "036"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "remove", "spells": [{"target": "041", "with": ["016"]}]})
    t.act(1, {"type": "counter", "with": ["040"]})
    t.act(0, {"type": "pass"})
    assert t.illegal(0, {"type": "remove", "spells": [{"target": "036", "with": ["003"]}]}).rule == "threebythree/2.1"


def test_qa_rebirth_with_a_short_deck_draws_what_is_there():
    """Q.《転生》を發動させた時、すでにデッキのカードが2枚以下だったら → 引けるだけ引く。"""
    rest = [c for c in ALL_DECK if c not in ("016", "017", "018", "019", "043", "044")]
    t = Table(position(hands=[["016", "017", "018", "019"], []], magic=[["A17"], []], deck=["043", "044"],
                       discard=rest), variant=W)
    t.act(0, {"type": "magic", "card": "A17", "discard": ["016", "017", "018"]})
    assert sorted(t.player(0)["hand"]) == ["019", "043", "044"] and t.state["deck"] == []   # 043 in the draw step


def test_qa_rebirth_discards_unit_cards_only():
    """Q.《転生》の発動条件で、《呪文砕き》や《調律》等の紫色のカードを3枚捨てることは出来ますか？ A. できません。"""
    t = Table(position(hands=[["016", "017", "045", "047"], []], magic=[["A17"], []], deck=["043", "044", "040"]),
              variant=W)
    bad = t.illegal(0, {"type": "magic", "card": "A17", "discard": ["016", "017", "045"]})
    assert bad.rule == "threebythree/magic.condition"


def test_qa_exposure_on_the_spear_manifests_without_damage():
    """Q.《暴露》で《透禍の槍》を表側にしたら → 顕在は通常通り発揮、1点ダメージは発揮されない。"""
    t = Table(position(units=[["024"], ["021"]], magic=[["A06"], ["A21"]], deck=["043", "044", "040"]), variant=W)
    t.act(0, {"type": "magic", "card": "A06", "target": 0})
    t.act(1, {"type": "pass"})                                   # seat 1 lets it resolve
    assert t.player(1)["magic"] == [{"card": "A21", "state": "up"}]
    assert of_type(t.events, "LifeLost") == []
    t.next_turn()
    t.passes(1, "territory")                                     # seat 1's 透過 021 attacks past seat 0's 双壁 024
    assert of_type(t.events, "Attacked")[-1].data["blockers"] == []


def test_qa_fire_must_decide_before_seeing_the_exposed_choice():
    """Q.《暴露》を「★不許火」で無効化する時、相手がこちらのどのカードを選ぶか見てからできますか？ A. できません。"""
    t = Table(position(units=[["016"], []], magic=[["A06"], ["A21", "A02"]], deck=["043", "044", "040"]), variant=W)
    events = t.act(0, {"type": "magic", "card": "A06", "target": 1})
    window = of_type(events, "AnswerWindowOpened")[0]
    assert "params" not in GAME.redact(window, 1).data and "params" not in GAME.view(t.state, 1)["respond"]
    assert GAME.view(t.state, 0)["respond"]["params"] == {"target": 1}


def test_qa_harvest_does_not_apply_to_settlement():
    """Q.《収穫》の効果は《入植》発動時使えますか？ A. 使えません (入植 adds a deployment, not a strategy step)."""
    t = Table(position(hands=[["016"], []], units=[["026", "024"], []], territories=[["040", "041"], []],
                       magic=[["A11", "A19"], []], deck=["043", "044"]), variant=W)
    t.passes(0, "territory")
    t.act(0, {"type": "magic", "card": "A11"})
    assert t.illegal(0, {"type": "magic", "card": "A19", "target": "016"}).rule == "threebythree/magic.effect"
    t.passes(0, "strategy")
    t.act(0, {"type": "deploy", "card": "016"})                   # the strategy step does get +3: 5 <= 2 + 3


def test_qa_haste_deployment_gets_harvest():
    """Q. 速攻を持つユニットを配備する時、《収穫》の効果 → 戦略ステップ自体を移行させるので +3 が適用される。"""
    t = Table(position(hands=[["017"], []], units=[["026", "024"], []], territories=[["040", "041", "042"], []],
                       magic=[["A11"], []], deck=["043", "044"]), variant=W)
    t.passes(0, "enhance")
    assert t.illegal(0, {"type": "deploy", "card": "017"}).rule == "threebythree/4.2.deploy"
    t.act(0, {"type": "magic", "card": "A11"})
    t.act(0, {"type": "deploy", "card": "017"})                   # cost 6 <= 3 territories + 3
    assert "017" in t.player(0)["units"]


def test_qa_twin_arms_is_negated_whole_not_one_enhancement():
    """Q.《双腕》の片方の強化を「★不許火」で無効化することは出来ますか？ A. できません (the magic as a whole can be)."""
    t = Table(position(units=[["026", "027"], ["040"]], magic=[["A12"], ["A04"]], deck=["043", "044"]), variant=W)
    events = t.act(0, {"type": "magic", "card": "A12", "target": ["026", "027"]})
    assert "CounterWindowOpened" not in types(events) and t.step == "respond"
    t.act(1, {"type": "grand", "card": "A04"})
    assert t.state["mods"] == {}
    t = Table(position(units=[["026", "027"], ["040"]], magic=[["A12"], ["A04"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "magic", "card": "A12", "target": ["026", "027"]})
    t.act(1, {"type": "pass"})
    assert t.power("026") == 6 and t.power("027") == 7


def test_qa_unbounded_then_two_magic_neither_negated():
    """Q.「★無尽増」を發動させた後、2つの魔法をそれぞれ発動させました。両方とも無効化されませんか？ A. されません。"""
    t = Table(position(units=[["005", "026"], []], magic=[["A21", "A01", "A11"], ["A02"]], deck=["043", "044"]),
              variant=W)
    t.act(0, {"type": "grand", "card": "A21"})
    first = t.act(0, {"type": "magic", "card": "A01"})
    second = t.act(0, {"type": "magic", "card": "A11"})
    assert "AnswerWindowOpened" not in types(first + second)


def test_qa_seeking_life_cannot_reuse_an_enhancement_card():
    """Q. 片方を手札で強化した後、そのカードを「★探生」で回収してもう一方を強化できますか？ A. できません。"""
    t = Table(position(hands=[["027", "045"], []], units=[["026", "024"], []], magic=[["A09"], []],
                       deck=["043", "044"]), variant=W)
    t.passes(0, "enhance")
    t.act(0, {"type": "enhance", "spells": [{"target": "026", "with": ["027"]}]})
    assert t.step == "territory"                                  # enhancement and battle are over
    t.act(0, {"type": "grand", "card": "A09", "give": "045", "take": "027"})
    assert "027" in t.player(0)["hand"]
    assert t.illegal(0, {"type": "enhance", "spells": [{"target": "024", "with": ["027"]}]}).rule == "threebythree/2.2"


def test_qa_sky_copy_on_the_opponents_turn_follows_the_magic_rules():
    """Q.「★天写」で《火炎弾》を相手のターン中に発動できますか？ A. できません (magic only in your own turn)."""
    t = Table(position(units=[["005", "016"], []], magic=[["A01"], ["A14", "A02"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "magic", "card": "A01"})
    assert t.to_act == [1]                                        # seat 1 may answer, in seat 0's turn
    assert t.illegal(1, {"type": "grand", "card": "A14", "copy": "A02"}).rule == "threebythree/magic.basic"


def test_qa_sky_copy_of_the_spear_does_not_manifest():
    """Q.《透禍の槍》を「★天写」でコピーした場合、顕在の効果はコピーされますか？ A. されません。"""
    t = Table(position(units=[["021"], ["024"]], magic=[["A13", "A21"], []], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "grand", "card": "A13", "copy": "A21"})
    assert t.life()[1] == 29
    t.passes(0, "territory")
    assert of_type(t.events, "Attacked")[-1].data["blockers"] == ["024"]


def test_qa_sideways_magic_cannot_be_copied():
    """Q. 横側になっている魔法は、表を向いているので、「★天写」でコピー出来ますか？ A. できません。"""
    t = Table(position(units=[["005", "016"], []], magic=[["A13", "A01"], []], deck=["043", "044", "040", "041"]),
              variant=W)
    t.act(0, {"type": "magic", "card": "A01"})
    t.next_turn(), t.next_turn()
    t.act(0, {"type": "magic", "card": "A01"})
    t.next_turn(), t.next_turn()
    assert t.illegal(0, {"type": "grand", "card": "A13", "copy": "A01"}).rule == "threebythree/grand.天写"
