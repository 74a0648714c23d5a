"""4.0 メインフェイズ: territory expansion (4.1), deploy and redeploy (4.2, 誤りと訂正1) — seed 003."""
from tests.threebythree.table import Table, position, types

# 016 突撃兵 水5, 027 突撃兵 草5, 014 占欲の魔女 水4, 024 重装歩兵 草3, 003 先行打撃兵 炎2, 009 のうなし腕力 炎7,
# 020 龍王妃 水9, 045 調律


def main_table(hand, units=(), territories=("011", "036", "042"), deck=("043", "044", "040")):
    t = Table(position(hands=[hand, []], units=[units, []], territories=[territories, []], deck=deck))
    t.passes(0, "territory")
    return t


def test_territory_once_per_turn_any_card():
    """4.1: one card from hand, face down, once per turn — 調律 too."""
    t = main_table(["045", "016"])
    t.act(0, {"type": "territory", "card": "045"})
    assert t.player(0)["territories"][-1] == "045"
    assert t.step == "strategy"
    assert t.illegal(0, {"type": "territory", "card": "016"}).rule == "threebythree/4.1"


def test_deploy_cost_at_most_territories():
    """4.2 ①配備 (誤りと訂正1: 領土数以下): with 3 territories a cost-3 unit deploys, a cost-4 one does not."""
    t = main_table(["014", "024"])
    t.act(0, {"type": "pass"})
    assert t.illegal(0, {"type": "deploy", "card": "014"}).rule == "threebythree/4.2.deploy"
    t.act(0, {"type": "deploy", "card": "024"})
    assert t.player(0)["units"] == ["024"]


def test_territory_then_deploy_counts_the_new_territory():
    t = main_table(["014", "016"])
    t.act(0, {"type": "territory", "card": "016"})
    t.act(0, {"type": "deploy", "card": "014"})
    assert t.player(0)["units"] == ["014"]


def test_deploy_needs_an_empty_area():
    """4.2: at most 3 units in the deployment areas."""
    t = main_table(["003"], units=["024", "025", "037"])
    t.act(0, {"type": "pass"})
    assert t.illegal(0, {"type": "deploy", "card": "003"}).rule == "threebythree/4.2"


def test_redeploy_adds_discarded_costs_to_territories():
    """4.2 ②再配備: discard units, deploy up to (their costs + territories); the discarded go to the discard pile."""
    t = main_table(["020", "009"], units=["024", "003"])     # 3 + 2 + 3 territories = 8
    t.act(0, {"type": "pass"})
    assert t.illegal(0, {"type": "redeploy", "discard": ["024", "003"], "card": "020"}).rule == "threebythree/4.2.redeploy"
    t.act(0, {"type": "redeploy", "discard": ["024", "003"], "card": "009"})
    assert t.player(0)["units"] == ["009"]
    assert {"024", "003"} <= set(t.state["discard"])


def test_redeploy_needs_own_units():
    t = main_table(["009"], units=["024"])
    t.act(0, {"type": "pass"})
    assert t.illegal(0, {"type": "redeploy", "discard": [], "card": "009"}).rule == "threebythree/4.2.redeploy"
    assert t.illegal(0, {"type": "redeploy", "discard": ["016"], "card": "009"}).rule == "threebythree/4.2.redeploy"


def test_only_units_deploy():
    t = main_table(["045"])
    t.act(0, {"type": "pass"})
    assert t.illegal(0, {"type": "deploy", "card": "045"}).rule == "threebythree/4.2"


def test_turn_passes_to_the_opponent_who_draws():
    """5.1 and 1.1: the turn ends, the opponent draws one card."""
    t = main_table(["016"])
    t.act(0, {"type": "pass"})
    events = t.act(0, {"type": "pass"})
    assert types(events)[:3] == ["Passed", "TurnEnded", "TurnStarted"]
    assert t.state["active"] == 1 and t.player(1)["hand"] == ["044"]
