"""The readings of what seeds 000 / 001 leave open (rulings.json, README "Rulings"): 盟約 with a full area
(fixed, card set kifu.3) and whether a card removed for 盟約 may also pay (selectable, both ways); explain
naming the ruling. Line numbers are the seed files' (shared/seeds/000_*.txt)."""
import pytest

from engine.audit import rulesets
from engine.audit.platform_rules import rule_text
from engine.core import ENGINE_VERSION, clone, fold
from engine.games.dimension_zero import previous
from tests.dimension_zero.table import GAME, Table, of_type, player, unit
from tests.engine_table import assert_protocol_complete

TH = "touhou"


def yukari_table(units=(), energy=("th-chen", "th-chen"), rulings=None, game=GAME):
    """八雲 紫 ●盟約 <「八雲 藍」+「橙」> from the hand: 藍 in the hand, 橙 in the graveyard and the energy zone."""
    return Table([player(variant=TH, hand=["th-yukari", "th-ran"], grave=["th-chen"], energy=list(energy)),
                  player(variant=TH)], units=list(units), variant=TH, rulings=rulings, game=game)


def activate(t, pact=None, pay=None):
    yukari, ran, chen = t.id(0, "th-yukari"), t.id(0, "th-ran"), t.id(0, "th-chen", "grave")
    action = {"type": "activate", "card": yukari, "ability": 0, "pact": pact or [ran, chen],
              "pay": pay or t.pay(0, {"G": 1, "X": 1})}
    return yukari, t.act(0, action)


def test_pact_goes_only_to_a_square_without_your_unit():
    """000 l.405-410 (a unit goes to 自分のユニットのないスクエア) and l.740-745: the squares offered on
    resolution are those of your area without your unit."""
    t = yukari_table(units=[unit("th-koakuma", 0, 0), unit("th-koakuma", 0, 2)])
    yukari, _ = activate(t)
    asked = of_type(t.passes(2), "DecisionPending")[-1]
    assert t.state["pending"]["kind"] == "own_square" and t.state["pending"]["options"] == [1]
    assert [r["id"] for r in rule_text(GAME, asked.rule, asked)["rulings"]] == ["dimension-zero/ruling.pact-full-area"]
    t.act(0, {"type": "choose", "choice": 1})
    assert t.square(yukari) == 1


def test_pact_with_every_square_of_your_area_taken_resolves_nothing():
    """000 テクニック⑤ l.740-745 (迷い家: 置くスクエアがないので何も解決しません): the card stays in the hand,
    the removed cards and the frozen payment stay spent (l.390 コストの支払いはスタックに乗りません)."""
    t = yukari_table(units=[unit("th-koakuma", 0, sq) for sq in (0, 1, 2)])
    yukari, events = activate(t)
    ran, paid = t.id(0, "th-ran", "removed"), of_type(events, "Frozen")[0].data["cards"]
    events = t.passes(2)
    noted = of_type(events, "Noted")[-1]
    assert noted.data == {"failed": "pact", "card": yukari} and noted.rule == "dimension-zero/kw.盟約"
    assert t.where(yukari) == "hand" and t.where(ran) == "removed" and set(paid) <= set(t.state["frozen"])
    assert t.state["pending"] is None
    assert [r["id"] for r in rule_text(GAME, noted.rule, noted, t.state)["rulings"]] == \
        ["dimension-zero/ruling.pact-full-area"]


def test_matches_of_card_set_kifu2_keep_the_pact_onto_own_units():
    """Rules versions: a match pinned to kifu.2 is offered every square of its area, as it was."""
    old = rulesets.pinned("dimension-zero", ENGINE_VERSION, "dz-fc1.0+th+kifu.2")
    assert old is previous.KIFU2 and old.pact_onto_own_units and not GAME.pact_onto_own_units
    t = yukari_table(units=[unit("th-koakuma", 0, sq) for sq in (0, 1, 2)], game=old)
    activate(t)
    t.passes(2)
    assert t.state["pending"]["options"] == [0, 1, 2]


# ---- pact-pays ------------------------------------------------------------------------------------

def test_pact_card_may_also_pay_by_default():
    """000 l.601-604 「それぞれ１枚選んで除外し、同時にコストを支払います」 read as may-pay: the 橙 of the energy
    zone is frozen as payment and removed at once; explain names the ruling for its removal."""
    t = yukari_table()
    chen, energy = t.id(0, "th-chen", "energy"), sorted(t.state["players"][0]["energy"])
    before = clone(t.state)
    _, events = activate(t, pact=[t.id(0, "th-ran"), chen], pay=energy)
    at = next(i for i, e in enumerate(events) if e.type == "CardMoved" and e.data["card"] == chen)
    assert events[at].data["to"] == "removed" and t.where(chen) == "removed"
    state_then = fold(GAME, events[:at], before)
    assert [r["id"] for r in rule_text(GAME, events[at].rule, events[at], state_then)["rulings"]] == \
        ["dimension-zero/ruling.pact-pays"]


def test_pact_card_does_not_pay_under_separate():
    t = yukari_table(energy=("th-chen", "th-chen", "th-chen"), rulings={"pact-pays": "separate"})
    ran, yukari = t.id(0, "th-ran"), t.id(0, "th-yukari")
    chen, other_chen, _ = sorted(t.state["players"][0]["energy"])
    refused = t.illegal(0, {"type": "activate", "card": yukari, "ability": 0, "pact": [ran, chen],
                            "pay": [chen, other_chen]})
    assert refused.rule == "dimension-zero/kw.盟約" and "pact-pays: separate" in refused.message
    listed = [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "activate"]
    assert listed and all(not set(a["pact"]) & set(a["pay"]) for a in listed)
    step = GAME.choices(t.state, 0, {"type": "activate", "card": yukari, "ability": 0, "pact": [ran, chen]})
    assert step.field == "pay" and chen not in [o.ref for o in step.options]
    t.act(0, {"type": "activate", "card": yukari, "ability": 0, "pact": [ran, chen], "pay": [other_chen, _]})
    assert t.where(chen) == "removed"


@pytest.mark.parametrize("energy", [("th-chen", "th-chen"), ("th-chen", "th-chen", "th-chen")])
def test_the_choice_protocol_keeps_pact_and_payment_apart_under_separate(energy):
    t = yukari_table(energy=energy, rulings={"pact-pays": "separate"})
    assert_protocol_complete(GAME, t.state, 0, walks=40)


def test_separate_leaves_out_a_pact_the_cost_cannot_follow():
    """With two energy cards, both 橙: removing one leaves one card for a cost of two."""
    t = yukari_table(rulings={"pact-pays": "separate"})
    listed = [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "activate"]
    assert all(t.state["cards"][c] != "th-chen" or c in t.state["players"][0]["grave"] for a in listed for c in a["pact"])
    step = GAME.choices(t.state, 0, {"type": "activate", "card": t.id(0, "th-yukari"), "ability": 0,
                                     "pact": [t.id(0, "th-ran")]})
    assert [o.ref for o in step.options] == [t.id(0, "th-chen", "grave")]


@pytest.mark.parametrize("rulings, message", [({"pact-full-area": "x"}, "unknown ruling 'pact-full-area'"),
                                              ({"pact-pays": "never"}, "no choice 'never'")])
def test_unknown_rulings_are_refused(rulings, message):
    from engine.core import ConfigError
    with pytest.raises(ConfigError, match=message):
        yukari_table(rulings=rulings)
