"""Nothing hidden reaches the wrong seat (issue 13): decide resolves ids only through what the acting
seat can see (000 プレイシートの見方: 裏向きのカードは双方のプレイヤー共に確認することはできません; 001 ch.1 §4),
determinize re-deals every secret, and an action carries only the fields decide reads."""
import random
from collections import Counter

from engine.core import Rng, play
from engine.games.dimension_zero.series import SIDEBOARD_SIZE
from tests.dimension_zero.table import GAME, Table, player, unit
from tests.dimension_zero.test_series import until_sideboard


def probe(t, seat, action, cid):
    """The refusal of ``action``, its id replaced by a placeholder (rule, message)."""
    e = t.illegal(seat, action)
    return e.rule, str(e).replace(repr(cid), "<id>")


def test_activate_on_a_hidden_card_is_answered_as_on_no_card():
    """001 ch.1 §4 / 000 l.137-138: a hand is its owner's, the deck face down. The same probe on the
    opponent's hand, one's own face-down deck and an id that does not exist gets the same answer."""
    t = Table([player(energy=["dz-red-striker"] * 2), player(hand=["dz-mao-berman", "dz-ripple-witch"])])
    assert t.to_act == [0]
    answers = set()
    for cid in (t.id(1, "dz-mao-berman", "hand"), t.id(0, "dz-black-ghost", "deck"),
                t.id(1, "dz-black-ghost", "deck"), "1-99"):
        answers.add(probe(t, 0, {"type": "activate", "card": cid, "ability": 9}, cid))
    assert len(answers) == 1, answers
    (rule, message), = answers
    assert "<id>" in message
    long = t.illegal(0, {"type": "activate", "card": "x" * 500, "ability": 9})
    assert (long.rule, str(long)[:len(message) - 4]) == (rule, message[:-4]) and len(str(long)) < 100


def test_play_move_and_targets_name_hidden_cards_as_unknown_ones():
    t = Table([player(hand=["dz-plasma-rifle"], energy=["dz-red-striker"] * 2), player(hand=["dz-mao-berman"])],
              units=[unit("dz-black-ghost", 1, 4)])
    hidden, none = t.id(1, "dz-mao-berman"), "1-77"
    rifle, pay = t.id(0, "dz-plasma-rifle"), t.pay(0, {"R": 1, "X": 1})
    for make in (lambda c: {"type": "play", "card": c, "pay": pay},
                 lambda c: {"type": "play", "card": rifle, "targets": [c], "pay": pay},
                 lambda c: {"type": "move", "unit": c, "to": 1, "pay": []}):
        assert probe(t, 0, make(hidden), hidden) == probe(t, 0, make(none), none)


def test_action_fields_refuse_a_junk_field():
    t = Table([player(), player()])
    e = t.illegal(0, {"type": "pass", "note": "stored for ever"})
    assert e.rule == "kifu/match" and "note" in str(e)
    assert set(GAME.action_fields) >= {a["type"] for a in GAME.legal_actions(t.state, 0)}


def test_determinize_re_deals_the_other_seats_series_lists():
    """001 ch.2 §6: between duels each player swaps cards with its own sideboard; the lists a seat
    submits are its own, so a fork for the other seat must not keep them."""
    t = Table(position=False, options={"best_of": 3, "first": 0})
    until_sideboard(t, random.Random(3))
    deck, side = t.state["series"]["decks"][1], t.state["series"]["sideboards"][1]
    t.act(1, {"type": "sideboard", "deck": [side[0]] + deck[1:], "sideboard": [deck[0]] + side[1:]})
    real = t.state["series"]["decks"][1], t.state["series"]["sideboards"][1]
    seen = set()
    for k in range(20):
        sample = GAME.determinize(t.state, 0, Rng(b"bo3-%d" % k))
        assert GAME.view(sample, 0) == GAME.view(t.state, 0)
        d, s = sample["series"]["decks"][1], sample["series"]["sideboards"][1]
        assert len(d) == len(real[0]) and len(s) == SIDEBOARD_SIZE and Counter(d + s) == Counter(real[0] + real[1])
        assert sample["series"]["decks"][0] == t.state["series"]["decks"][0]
        seen.add((tuple(sorted(d)), tuple(sorted(s))))
    assert len(seen) > 1


def test_determinize_in_a_duel_keeps_the_deck_list_consistent_with_the_cards_dealt():
    t = Table(position=False, options={"best_of": 3, "first": 0})
    rnd = random.Random(5)
    for _ in range(30):
        seat = rnd.choice(t.to_act)
        t.act(seat, rnd.choice(GAME.legal_actions(t.state, seat)))
    moved = 0
    for k in range(10):
        sample = GAME.determinize(t.state, 0, Rng(b"d-%d" % k))
        assert GAME.view(sample, 0) == GAME.view(t.state, 0)
        dealt = Counter(key for c, key in sample["cards"].items() if c.startswith("1-"))
        assert dealt == Counter(sample["series"]["decks"][1])
        moved += sorted(sample["series"]["sideboards"][1]) != sorted(t.state["series"]["sideboards"][1])
    assert moved > 0


def test_determinize_re_deals_the_other_seats_pending_hand_options():
    """マオ・バーマン's put (README: always asked) lists the hand's fitting units to its seat only; a fork
    for the other seat draws them from the re-dealt hand."""
    t = Table([player(hand=["dz-plasma-rifle"], energy=["dz-red-striker"] * 2),
               player(hand=["dz-ripple-witch", "dz-black-ghost"])], units=[unit("dz-mao-berman", 1, 8, damage=3000)])
    mao = t.id(1, "dz-mao-berman")
    t.act(0, {"type": "play", "card": t.id(0, "dz-plasma-rifle"), "targets": [mao], "pay": t.pay(0, {"R": 1, "X": 1})})
    t.passes(2)
    t.passes(2)
    assert t.state["pending"]["kind"] == "put_unit" and t.state["pending"]["seat"] == 1
    changed = 0
    for k in range(20):
        sample = GAME.determinize(t.state, 0, Rng(b"p-%d" % k))
        assert GAME.view(sample, 0) == GAME.view(t.state, 0)
        hand = sample["players"][1]["hand"]
        assert all(o is None or o["card"] in hand for o in sample["pending"]["options"])
        changed += sample["pending"]["options"] != t.state["pending"]["options"]
        for action in GAME.legal_actions(sample, 1):
            play(GAME, sample, 1, action, b"seed")
    assert changed > 0


def test_secrets_match_the_views():
    t = Table([player(hand=["dz-plasma-rifle"], smash=["dz-lobo"]), player(hand=["dz-mao-berman"])])
    for seat in (0, 1, None):
        s = GAME.secrets(t.state, seat)
        v = GAME.view(t.state, seat)
        assert not set(v["cards"]) & s.handles
        assert set(v["cards"]) | s.handles == set(t.state["cards"])
    assert "dz-mao-berman" in GAME.secrets(t.state, 0).identities
    assert "dz-plasma-rifle" not in GAME.secrets(t.state, 0).identities
