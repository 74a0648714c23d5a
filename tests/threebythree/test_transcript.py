"""A scripted game from an explicit position, with the life totals worked out by hand from seed 003.

Cards: 027 突撃兵 草5, 021 灯火幽鬼 草1 (透過), 024 重装歩兵 草3, 026 占欲の魔女 草4, 046 調律,
040 突撃兵 天5, 037 重装歩兵 天3 (双壁), 016 突撃兵 水5, 014 占欲の魔女 水4, 003 先行打撃兵 炎2,
017 黒妖犬 水6, 029 黒妖犬 草6, 018 のうなし腕力 水7.
"""
from tests.helpers import ApiMatch
from tests.threebythree.table import Table, position

PASS = {"type": "pass"}


START = position(
    first=0,
    units=[["027", "021"], ["037", "016"]],
    hands=[["024", "026", "046"], ["014", "003"]],
    territories=[["011", "036", "042"], ["034", "043", "005"]],
    deck=["040", "017", "029", "018"])

# (seat, action) by turn; the life totals after each turn are worked out by hand beside them.
TURNS = [
    # turn 1 (seat 0, draws 040): 調律 as 3 removes 037; 026 (+4) on 027 is countered by 014 (4);
    # battle: 透過 021 (1) vs no 双壁 -> 1; 027 (5) vs 016 (5) -> 0; then territory, deploy 024 (3 <= 4)
    ([(0, {"type": "remove", "spells": [{"target": "037", "with": ["046"], "as": {"046": 3}}]}), (1, PASS),
      (0, {"type": "enhance", "spells": [{"target": "027", "with": ["026"]}]}), (1, {"type": "counter", "with": ["014"]}),
      (0, PASS), (0, {"type": "territory", "card": "040"}), (0, {"type": "deploy", "card": "024"})], [30, 29]),
    # turn 2 (seat 1, draws 017): no removal; 017 (+6) on 016 (seat 0 holds no card: no window); 11 vs 5+1+3 -> 2
    ([(1, PASS), (1, {"type": "enhance", "spells": [{"target": "016", "with": ["017"]}]}),
      (1, {"type": "territory", "card": "003"})], [28, 29]),
    # turn 3 (seat 0, draws 029): 029 (+6) on 027; 透過 1 -> 1; 11 + 3 vs 5 -> 9
    ([(0, PASS), (0, {"type": "enhance", "spells": [{"target": "027", "with": ["029"]}]})], [28, 19]),
    # turn 4 (seat 1, draws 018): 018 (+7) on 016; 12 vs 9 -> 3
    ([(1, PASS), (1, {"type": "enhance", "spells": [{"target": "016", "with": ["018"]}]})], [25, 19]),
]


def test_four_turns_life_by_hand():
    t = Table(START)
    for actions, life in TURNS:
        for seat, action in actions:
            t.act(seat, action)
        assert t.life() == life
    assert t.state["turn"] == 5 and t.state["active"] == 0
    assert sorted(t.state["discard"]) == sorted(["046", "037", "026", "014", "017", "029", "018"])


def test_the_same_game_through_the_api(client):
    """An analysis match created with ``setup`` reproduces the game's life totals turn by turn."""
    m = ApiMatch(client, game="threebythree", variant="overlord", setup=START)
    assert m.created["version"] > 1 and m.info()["analysis"] is True
    for actions, life in TURNS:
        for seat, action in actions:
            r = m.post(seat, action)
            assert r.status_code == 200, r.get_json()
        assert [p["life"] for p in m.info()["view"]["players"]] == life
