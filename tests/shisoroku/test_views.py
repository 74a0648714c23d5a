"""公開情報と非公開情報 l.191-204: what each seat (and a spectator) sees — seed 004."""
import random

from tests.shisoroku.leaks import check_view
from tests.shisoroku.table import GAME, Table, kingdom_with, of_type, position

COPPERS = ["osaisen"] * 5


def started():
    return Table(position(dict(hand=["youmu", "omiki", "hakurei"], deck=["minus", "hokora", "osaisen", "osaisen"],
                               discard=["saidan", "hakurei"]),
                          dict(hand=["hounoumai"] * 4, deck=COPPERS, discard=["omiki"]),
                          kingdom=kingdom_with("youmu"), trash=["minus"]))


def test_your_hand_and_deck_size_are_yours_the_others_see_only_hand_sizes():
    """l.193-197: 手札の内容 self only; 手札の枚数 public; 山札の枚数 self only; 山札の内容 nobody."""
    v = GAME.view(started().state, 0)
    me, other = v["players"]
    assert me["hand"] == ["youmu", "omiki", "hakurei"] and me["deck_count"] == 4
    assert "deck" not in me and other["hand"] is None and other["hand_count"] == 4 and other["deck_count"] is None


def test_discard_piles_show_only_their_top_card_to_anyone():
    """l.198-200, l.203: the top card is public; contents and size are not, not even for the owner."""
    t = started()
    for seat in (0, 1, None):
        players = GAME.view(t.state, seat)["players"]
        assert [p["discard_top"] for p in players] == ["hakurei", "omiki"]
        assert all("discard" not in p and "discard_count" not in p for p in players)


def test_supply_counts_and_the_trash_are_public():
    """l.201-202."""
    for seat in (0, 1, None):
        v = GAME.view(started().state, seat)
        assert v["trash"] == ["minus"] and {"card": "saidan", "left": 8, "cost": 8} in v["supply"]


def test_a_spectator_sees_no_hand_and_no_deck_size():
    for p in GAME.view(started().state, None)["players"]:
        assert p["hand"] is None and p["deck_count"] is None and p["looking"] is None


def test_views_do_not_depend_on_hidden_cards():
    """The view of each seat is the same whatever the hidden cards are (hands of others, decks, discards)."""
    t = started()
    t.act(0, {"type": "play", "card": "youmu"})                             # seat 0 now looks at 3 cards
    rng = random.Random(7)
    for seat in (0, 1, None):
        for _ in range(5):
            check_view(GAME, t.state, seat, rng)


def test_drawn_cards_and_shuffles_are_redacted():
    """Drawn cards for their owner only; nobody (the owner neither) sees a shuffled deck's order (l.194,
    l.204); the owner learns the new deck size, the others do not."""
    t = Table(seats=3)
    drawn = of_type(t.events, "CardsDrawn")[0]
    assert GAME.redact(drawn, 0).data == drawn.data
    assert GAME.redact(drawn, 1).data == {"seat": 0, "count": 5} == GAME.redact(drawn, None).data
    shuffled = of_type(t.events, "DeckShuffled")[0]
    assert GAME.redact(shuffled, 0).data == {"seat": 0, "count": 10}
    assert GAME.redact(shuffled, 1).data == {"seat": 0} == GAME.redact(shuffled, None).data


def test_clean_up_shows_the_others_how_many_and_the_top_card():
    t = started()
    t.act(0, {"type": "end_turn", "top": "omiki"})
    cleaned = of_type(t.events, "CleanedUp")[0]
    assert GAME.redact(cleaned, 1).data == {"seat": 0, "stays": [], "count": 3, "top": "omiki"}
    assert GAME.redact(cleaned, 0).data == cleaned.data


def test_a_decision_shows_its_question_but_never_the_work_behind_it():
    t = started()
    t.act(0, {"type": "play", "card": "youmu"})
    asked = of_type(t.events, "DecisionRequested")[-1]
    for seat in (0, 1, None):
        shown = GAME.redact(asked, seat).data
        assert "stack" not in shown and "then" not in shown and shown["zone"] == "looking"
    pending = GAME.view(t.state, 1)["pending"]
    assert pending["seats"] == [0] and "then" not in pending and "answers" not in pending


def test_the_analysis_position_is_redacted_like_the_game():
    t = started()
    setup = of_type(t.events, "PositionSet")[0]
    seen = GAME.redact(setup, 1).data["players"]
    assert seen[0] == {"hand": 3, "discard_top": "hakurei"}
    assert seen[1] == {"hand": ["hounoumai"] * 4, "deck": 5, "discard_top": "omiki"}
