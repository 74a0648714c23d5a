"""The choice protocol for 東方祀爭録 (engine/games/shisoroku/choices.py, issue 15)."""
from engine.core.choices import reachable
from engine.games.shisoroku.decisions import LIST_LIMIT
from tests.shisoroku.table import GAME, Table, kingdom_with, position

HAND = ["osaisen", "painflow", "sairan", "merlin", "fuumajin", "youmu", "keine", "utsuho"]


def test_a_chapel_trash_past_the_listed_subsets_is_picked_card_by_card():
    """闇符「ディマーケイション」 (plays as Chapel, designed): trash up to 4 of 8 different cards — 163
    subsets, more than the list shows; each is made one card at a time, and Done after any of them."""
    t = Table(position(dict(hand=["demarcation"] + HAND, deck=["osaisen"] * 5),
                       dict(hand=["osaisen"] * 5, deck=["osaisen"] * 5), kingdom=kingdom_with("demarcation")))
    t.act(0, {"type": "play", "card": "demarcation"})
    listed = GAME.legal_actions(t.state, 0)
    assert len(listed) == LIST_LIMIT
    unlisted = {"type": "choose", "cards": ["utsuho", "keine", "youmu", "fuumajin"]}
    assert unlisted not in listed and reachable(GAME, t.state, 0, unlisted)
    step = GAME.choices(t.state, 0, {"type": "choose", "cards": ["utsuho", "keine"]})
    assert step.need == (0, 4) and step.picked == 2 and step.options[0].done
    assert {o.ref for o in step.options[1:]} == set(HAND) - {"utsuho", "keine"}
    t.act(0, unlisted)
    assert sorted(t.state["trash"]) == sorted(unlisted["cards"])


def test_the_card_left_on_top_of_the_discard_pile_is_chosen_at_the_end_of_the_turn():
    """l.74: the player chooses which card of the clean-up shows on top of the discard pile."""
    t = Table(position(dict(hand=["osaisen", "youmu"], deck=["osaisen"] * 5),
                       dict(hand=["osaisen"] * 5, deck=["osaisen"] * 5), kingdom=kingdom_with("youmu")))
    tops = GAME.choices(t.state, 0, {"type": "end_turn"}).options
    assert tops[0].done and tops[0].action == {"type": "end_turn"}
    assert {o.action.get("top") for o in tops[1:]} == {"osaisen", "youmu"}
    t.act(0, {"type": "end_turn", "top": "youmu"})
    assert t.state["players"][0]["discard"][-1] == "youmu"
