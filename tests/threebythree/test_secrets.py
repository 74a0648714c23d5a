"""Nothing hidden reaches the wrong seat (issue 13): 3x3Wars — seed 003 (手札 held so the opponent
cannot see it; territories and magic face down, 設置したあなたは常時確認可).

The seat's secrets (``GAME.secrets``), the fields an action may carry (``GAME.action_fields``), what an
error message may echo, and determinize re-choosing what the opponent chose among hidden cards.
"""
import random

import pytest

from engine.core import IllegalAction, MatchConfig, Rng, create_events, fold, play
from engine.games.threebythree import magic
from tests.positions import midgame as random_midgame
from tests.threebythree.table import GAME, Table, position

VARIANTS = ("overlord", "apprentice", "wizard", "seven-mage")


def colonist_waiting():
    """Seat 0 uses 入植 (A19) on 003 from its hand; seat 1 may answer with ★不許火 (wizard level)."""
    t = Table(position(first=0, hands=(["001", "002", "003", "016"], ["011", "012"]),
                       territories=(["020", "021"], ["022"]), magic=(["A19"], ["A02"]),
                       deck=["030", "031", "032", "033", "034", "035"]), variant="wizard")
    t.passes(0, "territory")
    t.act(0, {"type": "magic", "card": "A19", "target": "003"})
    assert t.state["step"] == "respond" and GAME.to_act(t.state) == [1]
    return t


def test_determinize_rechooses_the_unit_a_waiting_colonist_deploys():
    """The unit 入植 will deploy is a card of the opponent's hand (hidden from seat 1: its view leaves out
    the answer window's params). A re-dealt hand must not keep the true choice. (Failed before: the
    sample kept "003" whatever hand it dealt.)"""
    t = colonist_waiting()
    assert "params" not in GAME.view(t.state, 1)["respond"]
    changed = 0
    for k in range(20):
        sample = GAME.determinize(t.state, 1, Rng(b"colonist-%d" % k))
        assert GAME.view(sample, 1) == GAME.view(t.state, 1)
        target = sample["respond"]["params"]["target"]
        e = magic.targeted("A19")
        assert target is None or target in magic.EFFECTS[e["do"]].choices(sample, 0, e)
        changed += target != "003"
    assert changed
    own = GAME.determinize(t.state, 0, Rng(b"own"))                 # the user's own sample keeps its choice
    assert own["respond"]["params"]["target"] == "003"


def test_a_junk_field_is_refused():
    """A field decide does not read is refused before decide, never stored (a 1,000,000-character
    ``note_to_self`` was accepted); so is one inside a spell."""
    t = Table(position(first=0, hands=(["026"], ["040"]), territories=(["001", "002", "003"], []),
                       units=([], ["027"]), deck=["030"]), variant="wizard")
    err = t.illegal(0, {"type": "pass", "note_to_self": "x" * 1_000_000})
    assert err.rule == "kifu/match" and len(err.message) < 200
    err = t.illegal(0, {"type": "remove", "spells": [{"target": "027", "with": ["026"], "note": "x" * 1_000_000}]})
    assert "note" in err.message and len(err.message) < 200


def test_echoed_junk_is_cut_to_40_characters():
    t = Table(position(first=0, hands=(["026"], ["040"]), territories=(["001"], []), deck=["030"]), variant="wizard")
    for action in ({"type": "y" * 5000}, {"type": "remove", "spells": [{"target": "z" * 5000, "with": ["026"]}]},
                   {"type": "magic", "card": "m" * 5000}):
        with pytest.raises(IllegalAction) as info:
            play(GAME, t.state, 0, action, t.seed)
        assert len(info.value.message) < 200, info.value.message


@pytest.mark.parametrize("variant", VARIANTS)
def test_action_fields_cover_every_listed_action(variant):
    for game in range(2):
        seed = b"fields-%d" % game
        state = fold(GAME, create_events(GAME, MatchConfig("threebythree", variant, ["a", "b"], {}), seed))
        rng = random.Random(game)
        for _ in range(80):
            if state["outcome"] is not None:
                break
            for seat in (0, 1):
                for a in GAME.legal_actions(state, seat):
                    assert set(a) <= GAME.action_fields[a["type"]], a
            seat = rng.choice(GAME.to_act(state))
            state = fold(GAME, play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), seed), state)


def _answer(state, seat, action, sent):
    try:
        play(GAME, state, seat, action, b"probe")
    except IllegalAction as e:
        return e.rule, e.message.replace(sent, "<sent>")
    return "accepted"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hidden_card_is_answered_as_a_card_that_does_not_exist(variant):
    """Naming the opponent's hand card, territory or face-down magic, or a deck card, gets the answer a
    nonexistent id gets, and no message names a hidden card (its id, or a name no visible card shares)."""
    probed = 0
    for i, steps in enumerate((6, 12, 20, 30, 45, 60)):
        state = random_midgame(GAME, variant, 2, b"probe-%d" % i, steps, random.Random(i))
        for seat in GAME.to_act(state):
            secret = GAME.secrets(state, seat)
            assert secret.handles and secret.identities
            handles = sorted(secret.handles)[:8]
            for action in GAME.legal_actions(state, seat)[:15]:
                for field, value in action.items():
                    if field == "type" or not isinstance(value, (str, list)):
                        continue
                    shape = (lambda x: [x]) if isinstance(value, list) else (lambda x: x)
                    base = _answer(state, seat, {**action, field: shape("999")}, "999")
                    for h in handles:
                        got = _answer(state, seat, {**action, field: shape(h)}, h)
                        assert got == base, (action, field, h)
                        probed += 1
                        if got != "accepted":
                            assert not any(s in got[1] for s in secret.identities if len(s) >= 2), got
    assert probed


def test_secrets_are_what_the_view_hides():
    for variant in VARIANTS:
        state = random_midgame(GAME, variant, 2, b"sec-%s" % variant.encode(), 30, random.Random(1))
        for seat in (0, 1, None):
            secret = GAME.secrets(state, seat)
            assert set(state["deck"]) <= secret.handles
            for i, p in enumerate(state["players"]):
                mine = set(p["hand"]) | set(p["territories"])
                assert (mine <= secret.handles) == (i != seat) or not mine
                assert not set(p["units"]) & secret.handles
            assert not set(state["discard"]) & secret.handles
