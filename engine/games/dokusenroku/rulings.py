"""The readings kifu plays where seed 002 leaves the rules open (rulings.json; engine/core/rulings.py),
the choice a match made for each (``choice_in``: at creation, before any state; ``choice``), and the
events that depend on one beyond the rule they cite (``event_rulings``): README.md "Rulings"."""
from pathlib import Path

from engine.core import rulings as core
from engine.games.dokusenroku.rulebook import RULES, rule

RULINGS = core.load(Path(__file__).with_name("rulings.json"), "dokusenroku", RULES)


def choice_in(chosen: dict | None, name: str) -> str:
    """The choice a match's ``rulings`` map makes for the ruling ``name`` (its default when none)."""
    return core.choice_in(chosen, RULINGS[name])


def choice(state: dict, name: str) -> str:
    return core.choice(state, RULINGS[name])


def event_rulings(state, event) -> list:
    """fairy-numbers for a battle a 【妖精】 bonus shaped; hangon-graveyard for a card recovered from a
    graveyard in constructed (the seat's own); removal-default drops out of the cards removed when the
    match named the number itself (options.removed, seen in the state)."""
    d = event.data
    if event.type == "BattleResolved" and rule("ability.fairy") in d.get("applied", ()):
        return ["fairy-numbers"]
    if event.type == "CardRecovered" and (state is None or state["variant"] == "constructed"):
        return ["hangon-graveyard"]
    return []
