"""Nothing hidden reaches the wrong seat (issue 13) — seed 004 公開情報と非公開情報 l.191-204, 「公開する」 l.123-127.

The seat's secrets (``GAME.secrets``), the fields an action may carry (``GAME.action_fields``), the
order of revealed cards put back on a deck, and what an error message may echo.
"""
import random

import pytest

from engine.core import IllegalAction, MatchConfig, Secrets, create_events, fold, play
from tests.shisoroku.agent import choose
from tests.shisoroku.table import GAME, Table, kingdom_with, of_type, position

COPPERS = ["osaisen"] * 5


def satori_back(order):
    """Seat 0 plays 古明地さとり; seat 1 reveals 飛鳥 + 祠, seat 0 has them put back, seat 1 orders them."""
    t = Table(position(dict(hand=["satori"], deck=["omiki", "omiki"] + COPPERS),
                       dict(hand=list(COPPERS), deck=["saidan", "hokora", "osaisen"]),
                       kingdom=kingdom_with("satori")))
    t.act(0, {"type": "play", "card": "satori"})
    t.choose(0, option="discard")
    t.choose(0, option="back")
    return t, t.choose(1, cards=list(order))


@pytest.mark.parametrize("order", [("hokora", "saidan"), ("saidan", "hokora")])
def test_satori_put_back_order_is_the_owners_alone(order):
    """「公開する」 l.125: revealed cards go back 裏向き (face down); 山札の内容 is 非公開 to all (l.194).
    Which cards went back was public (they were revealed); their order is known only to the seat that
    chose it. (Failed before: CardsPutOnDeck from "revealed" showed everyone the chosen order.)"""
    t, events = satori_back(order)
    put = of_type(events, "CardsPutOnDeck")[0]
    assert GAME.redact(put, 1).data["cards"] == list(order)                     # the owner chose it
    seen = [GAME.redact(put, seat).data for seat in (0, None)]
    assert seen[0] == seen[1] == {"seat": 1, "from": "revealed", "count": 2, "cards": ["hokora", "saidan"],
                                  "sorted": True}
    for seat in (0, None):                                                     # nothing else tells the order
        for e in events:
            shown = GAME.redact(e, seat)
            if e.type == "Decided":
                assert "answer" not in shown.data


def test_both_orders_look_the_same_to_the_others():
    """The redacted log of the two orders is identical for the other seat and a spectator."""
    logs = [satori_back(order)[0].events for order in (("hokora", "saidan"), ("saidan", "hokora"))]
    for seat in (0, None):
        assert [GAME.redact(e, seat).to_dict() for e in logs[0]] == [GAME.redact(e, seat).to_dict() for e in logs[1]]


def test_action_fields_refuse_junk():
    """A field decide does not read is refused, never stored (a 1,000,000-character note was accepted)."""
    t = Table(position(dict(hand=["omiki"] + COPPERS[:4], deck=COPPERS), dict(hand=COPPERS, deck=COPPERS)))
    junk = {"type": "play_treasures", "note_to_self": "x" * 1_000_000}
    err = t.illegal(0, junk)
    assert err.rule == "kifu/match" and "note_to_self" in err.message and len(err.message) < 200
    t.act(0, {"type": "play_treasures"})


def test_action_fields_cover_every_listed_action():
    """Every action legal_actions lists has a declared type and only declared fields (random games, 3 seats)."""
    for game in range(3):
        seed = b"fields-%d" % game
        state = fold(GAME, create_events(GAME, MatchConfig("shisoroku", "standard", ["a", "b", "c"], {}), seed))
        rng = random.Random(game)
        for _ in range(120):
            if state["outcome"] is not None:
                break
            for seat in range(3):
                for a in GAME.legal_actions(state, seat):
                    assert set(a) <= GAME.action_fields[a["type"]], a
            seat = rng.choice(GAME.to_act(state))
            state = fold(GAME, play(GAME, state, seat, choose(state, GAME.legal_actions(state, seat), rng), seed), state)


def test_echoed_junk_is_cut_to_40_characters():
    t = Table(position(dict(hand=list(COPPERS), deck=COPPERS), dict(hand=COPPERS, deck=COPPERS)))
    for action in ({"type": "y" * 5000}, {"type": "end_turn", "top": "z" * 5000}):
        with pytest.raises(IllegalAction) as info:
            play(GAME, t.state, 0, action, t.seed)
        assert len(info.value.message) < 200


def test_secrets_follow_the_information_table():
    """l.193-200: decks and discards below the top hidden from all, hands and looked-at cards from the
    others. Identities are the kinds of those cards the seat cannot also see or know from the public
    record (the supply, the starting decks, the prizes): in a position a card outside all of them is one."""
    t = Table(position(dict(hand=["youmu", "ryuu_no_tama"], deck=["hokora"], discard=["saidan", "hakurei"]),
                       dict(hand=["hounoumai"], deck=COPPERS, discard=["omiki"]),
                       kingdom=kingdom_with("youmu")))
    mine, theirs, spectator = (GAME.secrets(t.state, s) for s in (0, 1, None))
    assert isinstance(mine, Secrets) and mine.handles == frozenset()
    assert "ryuu_no_tama" not in mine.identities                        # my own hand
    assert {"ryuu_no_tama", "龍の頸の玉"} <= theirs.identities and {"ryuu_no_tama"} <= spectator.identities
    assert "osaisen" not in theirs.identities                           # a supply pile: copies everywhere
