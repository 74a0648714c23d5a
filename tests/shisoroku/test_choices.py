"""The choice protocol for 東方祀爭録 (engine/games/shisoroku/choices.py, issue 15)."""
from engine.core.choices import reachable
from engine.core.i18n import speaking
from engine.games.shisoroku.cards import CARDS
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
    assert tops[0].done and tops[0].action == {"type": "end_turn"} and all(o.done for o in tops)
    assert {o.action.get("top") for o in tops[1:]} == {"osaisen", "youmu"}
    t.act(0, {"type": "end_turn", "top": "youmu"})
    assert t.state["players"][0]["discard"][-1] == "youmu"


# ---- the choices in the player's words (issues 38, 39) -------------------------------------------

def test_the_end_of_the_turn_names_its_as_it_is_option_in_the_prompt_in_both_languages():
    """l.74: the card left on top is the player's; the prompt offers "As it is", and so does the first
    option (it was "(or Done)" over an "As it is" button) — in English and in Japanese alike."""
    t = Table(position(dict(hand=["osaisen", "youmu"], deck=["osaisen"] * 5),
                       dict(hand=["osaisen"] * 5, deck=["osaisen"] * 5), kingdom=kingdom_with("youmu")))
    for lang, word, top in (("en", "As it is", "As it is (半分幻の庭師「魂魄妖夢」 on top)"),
                            ("ja", "このまま", "このまま（一番上は半分幻の庭師「魂魄妖夢」）")):
        with speaking(lang):
            step = GAME.choices(t.state, 0, {"type": "end_turn"})
            first = step.options[0]
            assert word in step.prompt and first.label == top and first.action == {"type": "end_turn"} and first.done
            assert [o.label for o in step.options[1:]] == ["お賽銭", "半分幻の庭師「魂魄妖夢」"]


def test_an_option_names_a_card_by_its_printed_name_alone():
    """A card option says お賽銭, not お賽銭 (osaisen): no two cards of cards.json share a name, so no
    id is needed (engine/core/choices.suffixed adds one where two options of a step share a name)."""
    t = Table(position(dict(hand=["osaisen", "youmu"], deck=["osaisen"] * 5),
                       dict(hand=["osaisen"] * 5, deck=["osaisen"] * 5), kingdom=kingdom_with("youmu")))
    assert len({c.name for c in CARDS.values()}) == len(CARDS)
    step = GAME.choices(t.state, 0, {"type": "play"})
    assert [(o.label, o.ref) for o in step.options] == [("半分幻の庭師「魂魄妖夢」", "youmu"), ("お賽銭", "osaisen")]
    buys = GAME.choices(t.state, 0, {"type": "buy"})
    assert all(o.label == CARDS[o.ref].name for o in buys.options)
    assert all(o.get("suffix") is None for o in buys.to_dict()["options"])


def test_every_step_of_random_moves_is_in_japanese_with_no_english_word():
    """Prompts and labels of every step random walks meet (the card decisions of every kingdom card
    included) in Japanese: nothing left in English but card names."""
    from tests.shisoroku.narrated_match import english_words, random_states
    left, prompts = [], set()
    with speaking("ja"):
        for state, seat in random_states():
            partial = {}
            while True:
                step = GAME.choices(state, seat, partial)
                prompts.add(step.prompt)
                texts = [step.prompt] + [o.label for o in step.options]
                left += [(s, w) for s in texts for w in english_words(s)]
                if step.field is None or not step.options:
                    break
                option = step.options[len(partial) % len(step.options)]
                if option.done:
                    break
                partial = option.action
    assert len(prompts) >= 12, prompts
    assert not left, left[:5]
