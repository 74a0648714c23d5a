"""Issue 38 in 3x3Wars (seed 003): the passes a seat's settings may make for it (the ``passing`` hook),
the removal step's prompt and labels in the game's words, 入植 with nothing to deploy, ★海癒's cull told
as a sentence."""
from engine.core import Event, Reader, narrate
from engine.core.seat_settings import automatic, fold as fold_settings
from tests.threebythree.table import GAME, Table, position


def removal_table(hand0, units1=("040",)):
    return Table(position(hands=[hand0, []], units=[[], list(units1)], deck=["011", "042", "037"]))


def with_settings(t, seat, **settings):
    fold_settings(t.state["match"], {"seat": seat, "settings": {"pay": "auto", "single": "auto", "confirm": False,
                                                                **settings}})
    return t


def test_a_step_of_the_own_turn_where_passing_is_the_only_move_is_passed_for_only_choice():
    """003 turn order: a step that waits for the active seat; with nothing else legal the pass is made."""
    t = removal_table([])                                   # nothing to cast a removal with
    assert t.step == "removal" and GAME.legal_actions(t.state, 0) == [{"type": "pass"}]
    assert GAME.passing(t.state, 0) == {"action": {"type": "pass"}, "respond": None}
    assert automatic(GAME, t.state, 0) is None              # settings never recorded: asked
    with_settings(t, 0, **{"pass": "only-choice"})
    assert automatic(GAME, t.state, 0) == {"action": {"type": "pass"}, "setting": {"pass": "only-choice"},
                                           "why": "only-choice"}
    with_settings(t, 0, **{"pass": "manual"})
    assert automatic(GAME, t.state, 0) is None


def test_a_step_with_a_choice_is_asked_even_unless_respond():
    """003 2.1: a removal is the seat's own decision; unless-respond passes only where it answers nothing."""
    t = with_settings(removal_table(["016", "014"]), 0, **{"pass": "unless-respond"})
    assert len(GAME.legal_actions(t.state, 0)) > 1
    assert GAME.passing(t.state, 0)["respond"] is None
    assert automatic(GAME, t.state, 0) is None


def test_the_removal_prompt_says_what_a_removal_needs_and_labels_say_names_not_ids():
    """003 2.1: one card of the unit's cost, or two adding up to it or more; Done only once one is chosen."""
    t = removal_table(["016", "014"])
    step = GAME.choices(t.state, 0, {"type": "remove"}).to_dict()
    assert step["prompt"].startswith("Choose a unit to remove (a removal is one card of its cost")
    assert "Done" not in step["prompt"] and not any(o["done"] for o in step["options"])
    assert [o["label"] for o in step["options"]] == ["Remove 突撃兵, cost 5"]
    assert all("suffix" not in o and "040" not in o["label"] for o in step["options"])


def test_settlement_with_nothing_to_deploy_says_so():
    """003 magic.effect: a magic is carried out as far as possible; 入植 with no unit to deploy does nothing,
    and its option says it before it is cast."""
    t = Table(position(hands=[[], []], units=[["026"], []], territories=[["040"], []], magic=[["A19"], []],
                       deck=["043", "044"]), variant="wizard")
    t.passes(0, "territory")
    options = GAME.choices(t.state, 0, {"type": "magic"}).to_dict()["options"]
    settle = [o for o in options if o["ref"] == "A19"]
    assert settle and "nothing can be deployed now" in settle[0]["label"]


def test_the_heal_cull_is_a_sentence_when_nothing_stays_or_nothing_leaves():
    """003 grand.海癒: the discard pile keeps what the seat chose; the rest leaves the game."""
    def told(kept, removed):
        return narrate(GAME, Event("DiscardCulled", {"kept": kept, "removed": removed}, 0, "threebythree/grand.海癒"),
                       Reader(0, ["霊夢", "魔理沙"]))
    assert told([], []) == "Nothing stays in the discard pile; no card leaves the game"
    assert told([], ["016"]).endswith("; a card leaves the game")
    assert "keeps ;" not in told([], ["016", "014"])
