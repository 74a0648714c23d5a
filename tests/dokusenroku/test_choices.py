"""The choice protocol for 東方独占録 (engine/games/dokusenroku/choices.py, issue 15)."""
import random
import re

from engine.core import MatchConfig, clone, create_events, fold, play
from engine.core.choices import reachable
from engine.games.dokusenroku import GAME
from engine.core.i18n import speaking
from engine.games.dokusenroku.board import HAND_LIMIT, LANDS
from engine.games.dokusenroku.cards import card_of


def random_positions(games):
    """Every position of ``games`` seeded random 2-seat constructed games (own decks: copies of a card)."""
    for i in range(games):
        seed = b"dokusenroku-choices-%d" % i
        state = fold(GAME, create_events(GAME, MatchConfig("dokusenroku", "constructed", ["a", "b"], {}), seed))
        rng = random.Random(i)
        while GAME.outcome(state) is None:
            yield clone(state)
            seat = rng.choice(GAME.to_act(state))
            state = fold(GAME, play(GAME, state, seat, rng.choice(GAME.legal_actions(state, seat)), seed), state)


def test_every_copy_in_hand_and_every_discard_is_reachable():
    """RULES.md turn.hand-limit: discard down to the limit, any cards, picked one at a time (never the
    C(n, k) list); a card with copies in hand may be played from any copy."""
    seen_discard = seen_copy = False
    for state in random_positions(8):
        seat = next(iter(GAME.to_act(state)), None)
        if seat is None:
            continue
        hand = sorted(state["players"][seat]["hand"])
        if state["step"] == "discard":
            need = len(hand) - HAND_LIMIT
            step = GAME.choices(state, seat, {"type": "discard"})
            assert step.need == (need, need) and len(step.options) == len(hand)
            assert reachable(GAME, state, seat, {"type": "discard", "cards": hand[::-1][:need]})
            seen_discard = True
        for a in GAME.legal_actions(state, seat):
            other = [c for c in hand if a.get("card") in hand and card_of(c) == card_of(a["card"]) and c != a["card"]]
            if other and "support" not in a:
                assert reachable(GAME, state, seat, {**a, "card": other[0]})
                seen_copy = True
    assert seen_discard and seen_copy


PRINTED = {"START", "EVENT"}          # the squares as the rulebook prints them (STARTマス, EVENTマス)
CORE = {"As", "it", "is", "Done", "This", "move", "complete"}   # the protocol's own words (engine/core/choices.py)


def _steps(state, seat, partial=None, depth=3):
    """Every step of the protocol from ``partial`` down to ``depth`` choices, as the API serves them."""
    step = GAME.choices(state, seat, partial or {})
    yield step.to_dict()
    if depth > 1:
        for option in step.options:
            if not option.done:
                yield from _steps(state, seat, option.action, depth - 1)


def test_options_name_lands_and_cards_as_printed_never_by_id():
    """Issue 38: a land by its land card's name (board.json), a card by its printed name; an id shows only
    as an option's ``suffix``, where two options of a step share a name (two copies of one card). Prompts
    say what the step asks; in Japanese no option or prompt is left in English (issue 39)."""
    ids = re.compile(r"\bL\d\d\b|\b(?:\d:)?[CSX]\d\d[a-d]\b")
    seen_land = seen_suffix = False
    for n, state in enumerate(random_positions(2)):
        seat = next(iter(GAME.to_act(state)), None)
        if seat is None or n % 4:
            continue
        for lang in ("en", "ja"):
            with speaking(lang):
                for step in _steps(state, seat):
                    assert not re.fullmatch(r"Choose \w+", step["prompt"]), step["prompt"]
                    labels = [o["label"] for o in step["options"]]
                    for o in step["options"]:
                        assert not ids.search(o["label"]), f"an id in {o['label']!r}"
                        if o.get("suffix"):
                            assert labels.count(o["label"]) > 1 and o["suffix"] == o["ref"]
                            seen_suffix = True
                        if isinstance(o["ref"], str) and o["ref"] in LANDS:
                            assert o["label"] == LANDS[o["ref"]].name
                            seen_land = True
                    if lang == "ja":
                        english = re.findall(r"[A-Za-z]{2,}", " ".join([step["prompt"], *labels]))
                        assert not set(english) - PRINTED - CORE, english
    assert seen_land and seen_suffix
