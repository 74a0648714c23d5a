"""◇勝利条件 and 1.1: life 0 ends the game at once; an empty deck ends it after that turn — seed 003."""
from engine.games.threebythree.setup import OVERLORD_DECK
from tests.threebythree.table import Table, of_type, position


def short_deck_table(life):
    """Seat 0 holds 016, seat 1 027; the deck holds one card (040); every other card is in the discard pile."""
    used = {"016", "027", "040"}
    return Table(position(hands=[["016"], ["027"]], deck=["040"], life=life,
                          discard=[c for c in OVERLORD_DECK if c not in used]))


def play_out_passing(t):
    while t.state["outcome"] is None:
        t.act(t.to_act[0], {"type": "pass"})


def test_empty_deck_ends_after_that_turn_higher_life_wins():
    t = short_deck_table([12, 20])
    assert t.state["deck"] == []                      # seat 0 drew the last card in its draw step
    play_out_passing(t)
    assert [e.type for e in t.events][-2:] == ["TurnEnded", "GameEnded"]
    assert t.events[-2].data["seat"] == 0             # the game ended with the turn that emptied the deck
    ended = of_type(t.events, "GameEnded")[0]
    assert ended.data == {"winner": 1, "draw": False, "reason": "deck", "life": [12, 20]}


def test_equal_life_is_a_draw():
    t = short_deck_table([20, 20])
    play_out_passing(t)
    assert t.state["outcome"]["draw"] is True and t.state["outcome"]["winner"] is None
