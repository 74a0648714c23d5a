"""上級 traits (ルール補足説明 ◇ユニット関連 and the Q&A) — seed 003.

012 花乙女 水3 豊穡, 022 でかスラグ 草3 膨張, 014 占欲の魔女 水4 占有 (designed), 018 のうなし腕力 水7 不死,
017 黒妖犬 水6 速攻 (designed), 038 護宝妖精 天4 宝掘, 011 先行打撃兵 水2 交代 (designed text).
"""
from engine.games.threebythree.setup import ALL_DECK
from tests.threebythree.table import Table, of_type, position

W = "wizard"


def test_rich_harvest_adds_one_but_not_as_redeploy_cost():
    """○豊穡 and Q&A 花乙女: +1 territory modifier, not applied when 花乙女 is the redeploy cost (counts 3)."""
    t = Table(position(hands=[["015", "019"], []], units=[["012"], []], territories=[["040", "041", "042"], []],
                       deck=["043", "044"]), variant=W)
    t.passes(0, "strategy")
    t.act(0, {"type": "deploy", "card": "015"})                    # cost 4 <= 3 territories + 1
    t = Table(position(hands=[["018", "017"], []], units=[["012"], []], territories=[["040", "041", "042"], []],
                       deck=["043", "044"]), variant=W)
    t.passes(0, "strategy")
    assert t.illegal(0, {"type": "redeploy", "discard": ["012"], "card": "018"}).rule == "threebythree/4.2.redeploy"
    t.act(0, {"type": "redeploy", "discard": ["012"], "card": "017"})     # 6 <= 3 (花乙女 as cost 3) + 3

def test_swelling_is_increase_not_cost():
    """○膨張 and Q&A でかスラグ: power 5 in battle, but a one-card removal still needs cost 3."""
    t = Table(position(hands=[["024", "016"], []], units=[[], ["022"]], deck=["043", "044"]), variant=W)
    assert t.illegal(0, {"type": "remove", "spells": [{"target": "022", "with": ["016"]}]}).rule == "threebythree/2.1.single"
    t.act(0, {"type": "remove", "spells": [{"target": "022", "with": ["024"]}]})
    assert t.player(1)["units"] == []
    t = Table(position(units=[["022"], []], deck=["043", "044"]), variant=W)
    t.passes(0, "enhance")
    events = t.act(0, {"type": "pass"})
    assert of_type(events, "Attacked")[0].data["attack"] == 5


def test_occupation_hides_the_unit_from_the_opponent_requirement():
    """○占有: the opponent's 占有 unit does not count for your requirement (it still counts for its owner)."""
    pos = position(units=[["016"], ["014"]], magic=[["A07"], ["A05"]], deck=["043", "044", "040"])   # 濃霧 ①+水
    t = Table(pos, variant=W)
    assert t.illegal(0, {"type": "magic", "card": "A07"}).rule == "threebythree/magic.requirement"
    pos = position(units=[["014"], ["016"]], magic=[["A07"], ["A05"]], deck=["043", "044", "040"])
    t = Table(pos, variant=W)
    t.act(0, {"type": "magic", "card": "A07"})                    # own 占有 unit counts


def test_undying_returns_to_hand_only_when_destroyed():
    """○不死 and Q&A のうなし腕力: removal destroys it -> hand; the redeploy cost is not destruction -> discard."""
    t = Table(position(hands=[["031"], []], units=[[], ["018"]], deck=["043", "044"]), variant=W)
    t.act(0, {"type": "remove", "spells": [{"target": "018", "with": ["031"]}]})
    assert "018" in t.player(1)["hand"] and "018" not in t.state["discard"]
    t = Table(position(hands=[["020"], []], units=[["018"], []], territories=[["040", "041"], []],
                       deck=["043", "044"]), variant=W)
    t.passes(0, "strategy")
    t.act(0, {"type": "redeploy", "discard": ["018"], "card": "020"})
    assert "018" in t.state["discard"] and "018" not in t.player(0)["hand"]


def test_haste_deploys_before_the_battle_and_attacks():
    """○速攻: the strategy step moves ahead of the battle for this unit; territory expansion stays in the main phase."""
    t = Table(position(hands=[["017", "016"], []], territories=[["040", "041", "042", "043", "044", "045"], []],
                       deck=["036", "037"]), variant=W)
    assert t.step == "enhance"
    assert t.illegal(0, {"type": "deploy", "card": "016"}).rule == "threebythree/trait.速攻"
    t.act(0, {"type": "deploy", "card": "017"})
    t.act(0, {"type": "pass"})                                      # nothing to enhance with: on to the battle
    assert of_type(t.events, "Attacked")[0].data["attackers"] == ["017"]
    assert t.life()[1] == 24
    assert t.step == "territory"
    t.act(0, {"type": "territory", "card": "016"})
    assert t.state["active"] == 1                                   # the strategy step was used: the turn ends


def test_treasure_digging_may_draw_then_discards():
    """Q&A 護宝妖精 / 宝掘: may draw 1; only if it drew, discard 1; with an empty deck nothing happens."""
    t = Table(position(hands=[["038", "016"], []], territories=[["040", "041", "042", "043"], []],
                       deck=["036", "037"]), variant=W)
    t.passes(0, "strategy")
    t.act(0, {"type": "deploy", "card": "038"})
    assert t.step == "decision" and t.state["decision"]["kind"] == "dig"
    t.act(0, {"type": "dig"})
    assert t.state["decision"]["kind"] == "discard" and "037" in t.player(0)["hand"]
    t.act(0, {"type": "discard", "card": "016"})
    assert "016" in t.state["discard"]
    t = Table(position(hands=[["038"], []], territories=[["040", "041", "042", "043"], []], deck=["036"],
                       discard=[c for c in ALL_DECK if c not in ("038", "040", "041", "042", "043", "036")]), variant=W)
    t.passes(0, "strategy")
    t.act(0, {"type": "deploy", "card": "038"})                    # the deck is empty now: no choice
    assert t.state["decision"] is None


def test_swap_returns_the_redeployed_unit_to_hand():
    """交代 (designed text): a redeployed-away 交代 unit may go back to the hand instead of the discard pile."""
    t = Table(position(hands=[["016"], []], units=[["011", "024"], []], territories=[["040"], []],
                       deck=["043", "044"]), variant=W)
    t.passes(0, "strategy")
    assert t.illegal(0, {"type": "redeploy", "discard": ["011", "024"], "card": "016", "to_hand": ["024"]}).rule \
        == "threebythree/trait.交代"
    t.act(0, {"type": "redeploy", "discard": ["011", "024"], "card": "016", "to_hand": ["011"]})
    assert "011" in t.player(0)["hand"] and "024" in t.state["discard"]


def test_overlord_ignores_the_other_traits():
    """初級専用ルール ○ユニットの特性: only 透過 透化 ブロック不可 双壁 強化不可 are used."""
    t = Table(position(hands=[["031"], []], units=[[], ["018"]], deck=["043", "044"]))
    t.act(0, {"type": "remove", "spells": [{"target": "018", "with": ["031"]}]})
    assert "018" in t.state["discard"]                              # no 不死 at the Overlord level
