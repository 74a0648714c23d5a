"""Nothing hidden reaches the wrong seat (issue 13): determinize re-deals every secret (a search's
options included), refusals never tell a hidden card from no card, and an action carries only the
fields decide reads."""
from engine.core import Rng
from tests.dokusenroku.table import GAME, Table, position


def test_determinize_re_deals_another_seats_search_options():
    """追加ルール サーチ (002 l.447): the searching player looks through its deck; the others see only
    how many cards it holds, so a fork for another seat must not keep the true options."""
    t = Table(position(hands=[["S07a", "C10a", "C11a"], ["C30a", "C31a"]],
                       decks=[["C01a", "C02a", "C03a", "C04a"]]))
    t.act(0, {"type": "spell", "card": "S07a"})
    true = t.state["pending"]["options"]
    assert GAME.view(t.state, 1)["pending"]["options"] is None
    differ = 0
    for k in range(20):
        sample = GAME.determinize(t.state, 1, Rng(b"s%d" % k))
        assert GAME.view(sample, 1) == GAME.view(t.state, 1)
        assert sample["pending"]["options"] == sorted(sample["piles"][0]["deck"])
        differ += sample["pending"]["options"] != true
    assert differ > 0


def test_a_hidden_card_is_refused_as_a_card_that_does_not_exist():
    t = Table(position(hands=[["C20a"], ["S06a", "C13a"]], decks=[["C01a", "S05a"]]))
    answers = set()
    for cid in ("S06a", "S05a", "S99z"):            # another's hand, the deck, no card at all
        e = t.illegal(0, {"type": "spell", "card": cid})
        answers.add((e.rule, str(e).replace(repr(cid), "<id>")))
    assert len(answers) == 1
    assert len(str(t.illegal(0, {"type": "spell", "card": "S" * 500}))) < 100


def test_action_fields_refuse_a_junk_field():
    t = Table(position(hands=[["C20a"], []]))
    e = t.illegal(0, {"type": "roll", "comment": "stored for ever"})
    assert e.rule == "kifu/match" and "comment" in str(e)
    assert {a["type"] for a in GAME.legal_actions(t.state, 0)} <= set(GAME.action_fields)


def test_secrets_hide_what_the_view_hides():
    t = Table(position(hands=[["S07a", "C10a"], ["C30a", "C31a"]], decks=[["C01a", "C02a"]]))
    s = GAME.secrets(t.state, 0)
    assert s.handles == {"C30a", "C31a", "C01a", "C02a"}
    assert "C30" in s.identities and "C10" not in s.identities
    t.act(0, {"type": "spell", "card": "S07a"})
    assert "C01a" not in GAME.secrets(t.state, 0).handles and "C01a" in GAME.secrets(t.state, 1).handles
