"""engine/core/choices.py's parts: a list built pick by pick and closed by Done or by the next part,
a choice of one made without asking, a part that depends on an earlier one, and partial actions no
move starts with refused (the per-game protocols are tested in tests/conformance/test_choices.py)."""
import pytest

from engine.core import IllegalAction
from engine.core.choices import Part, from_actions, headed, heads_of, listed, listing, listing_memo, sequence

LISTED = [{"type": "pass"}, {"type": "buy", "card": "a", "tokens": ["x"], "colour": "red"},
         {"type": "buy", "card": "b", "tokens": ["y"], "colour": "red"}]        # listed actions


def parts(action):
    """A buy takes 1 to 2 tokens of a pool with two "x" and then a colour; "b" has only "red"."""
    if action.get("type") != "buy":
        return []
    colours = ["red"] if action.get("card") == "b" else ["red", "blue"]
    return [Part("tokens", "Choose tokens", ["x", "x", "y"], many=True, need=(1, 2)),
            Part("colour", "Choose a colour", colours)]


def test_a_list_is_picked_one_at_a_time_each_item_as_often_as_the_pool_holds_it():
    step = sequence({"type": "buy", "card": "a"}, parts)
    assert step.field == "tokens" and step.need == (1, 2) and step.picked == 0
    assert [o.action["tokens"] for o in step.options] == [["x"], ["y"]]
    step = sequence({"type": "buy", "card": "a", "tokens": ["x"]}, parts)
    assert [o.action.get("tokens") for o in step.options] == [["x", "x"], ["x", "y"], ["x"], ["x"]]
    # picked one: another token, or close the list by choosing the colour directly
    assert [o.action.get("colour") for o in step.options] == [None, None, "red", "blue"]
    assert [o.done for o in step.options] == [False, False, True, True]


def test_a_full_list_goes_on_to_the_next_part_and_a_choice_of_one_is_made():
    step = sequence({"type": "buy", "card": "b", "tokens": ["x"]}, parts)
    full = next(o for o in step.options if o.action["tokens"] == ["x", "y"])
    assert full.done and full.action["colour"] == "red"            # "b" comes only in red


def test_partials_no_move_starts_with_are_refused():
    for partial in ({"type": "buy", "card": "a", "tokens": ["z"]},            # not in the pool
                    {"type": "buy", "card": "a", "tokens": ["y", "y"]},       # more than the pool holds
                    {"type": "buy", "card": "a", "colour": "red"},            # a later part before an earlier
                    {"type": "buy", "card": "a", "tokens": [], "colour": "red"},  # closed with too few
                    {"type": "buy", "card": "c"},
                    {"type": "pass", "tokens": ["x"]}):
        with pytest.raises(IllegalAction):
            headed(partial, LISTED, parts, ("tokens", "colour"))


def test_a_head_without_parts_is_complete_and_one_with_parts_is_not():
    step = headed({}, LISTED, parts, ("tokens", "colour"))
    done = {o.action["type"]: o.done for o in step.options}
    assert done == {"pass": True, "buy": False}
    step = headed({"type": "buy"}, LISTED, parts, ("tokens", "colour"))
    assert [(o.action, o.done) for o in step.options] == [({"type": "buy", "card": "a"}, False),
                                                           ({"type": "buy", "card": "b"}, False)]


def test_a_random_walk_works_out_only_the_option_it_takes():
    """An option's label, action and done are worked out when read (issue 22: the random bot walks
    every step of every simulated game); what they read is what the full listing says."""
    asked = []

    def counted(action):
        asked.append(action.get("card"))
        return parts(action)

    def labels(field, value):
        asked.append(("label", value))
        return f"{field} {value}"

    step = headed({"type": "buy"}, LISTED, counted, ("tokens", "colour"), labels=labels)
    assert asked == [] and len(step.options) == 2
    taken = step.options[1]
    assert (taken.action, taken.done, taken.label) == ({"type": "buy", "card": "b"}, False, "card b")
    assert None not in asked and "a" not in asked and ("label", "a") not in asked   # the other one untouched
    assert [o.to_dict() for o in step.options] == [
        {"action": {"type": "buy", "card": "a"}, "label": "card a", "ref": "a", "done": False, "completes": False},
        {"action": {"type": "buy", "card": "b"}, "label": "card b", "ref": "b", "done": False, "completes": False}]


def test_a_walks_steps_share_what_the_position_gives_and_only_for_that_list():
    """Within a ``listing`` (a walk, a bot's several walks from one position; issue 22), the heads of
    the listed moves are worked out once and a game's ``listing_memo`` lives as long; a list that
    is not the listed one (grown by a caller, or another position's) gets its own heads."""
    state, listings = {"version": 3}, []

    def legal(s, seat):
        listings.append(seat)
        return [dict(a) for a in LISTED]

    names = ("tokens", "colour")
    assert listing_memo(state, 0) is None
    with listing(state, 0):
        first = heads_of(listed(legal, state, 0), names)
        assert heads_of(listed(legal, state, 0), names) is first and listings == [0]
        assert first == [{"type": "pass"}, {"type": "buy", "card": "a"}, {"type": "buy", "card": "b"}]
        grown = listed(legal, state, 0) + [{"type": "buy", "card": "c", "tokens": ["x"], "colour": "red"}]
        assert heads_of(grown, names) == first + [{"type": "buy", "card": "c"}]
        memo = listing_memo(state, 0)
        memo["kept"] = 1
        assert listing_memo(state, 0) is memo and listing_memo(state, 1) is None and listing_memo({}, 0) is None
        with listing(state, 0):                      # a listing inside one of the same position keeps it
            assert listing_memo(state, 0) is memo
    assert listing_memo(state, 0) is None
    with listing(state, 0):
        assert "kept" not in listing_memo(state, 0)  # a new listing starts empty


def test_from_actions_speaks_in_words_a_move_in_sentence_case_and_done_for_a_complete_one():
    """Issue 38: no "Choose type" over a lowercase "play"; a move already complete, while a longer
    one extends it, is offered as "Done" (what the prompts say), not "As it is"."""
    actions = [{"type": "end_actions"}, {"type": "play", "card": "a"}, {"type": "play", "card": "a", "extra": 1}]
    first = from_actions(actions, {})
    assert first.prompt == "Choose what to do" and [o.label for o in first.options] == ["End actions", "Play"]
    own = from_actions(actions, {}, labels=lambda field, value: value.replace("_", " "))
    assert [o.label for o in own.options] == ["End actions", "Play"]       # the game's own words, capitalised
    card = from_actions(actions, {"type": "play"})
    assert card.prompt == "Choose the card"
    more = from_actions(actions, {"type": "play", "card": "a"})
    assert [(o.label, o.done) for o in more.options] == [("Done", True), ("1", True)]
    shaped = from_actions([{"type": "pay", "with": {"red_mana": 2}}, {"type": "pay", "with": {"red_mana": 1, "x": [3, 4]}},
                           {"type": "pay", "with": None}, {"type": "pay", "with": True}], {"type": "pay"})
    assert [o.label for o in shaped.options] == ["red mana 2", "red mana 1, x 3, 4", "None", "Yes"]   # no JSON
