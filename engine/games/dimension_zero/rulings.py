"""The readings kifu plays where seeds 000 and 001 leave the rules open (rulings.json;
engine/core/rulings.py), the choice a match made for each (``choice``), and the events that depend on
one beyond the rule they cite (``event_rulings``): README.md "Rulings" says each one and why."""
from pathlib import Path

from engine.core import rulings as core
from engine.games.dimension_zero.rulebook import RULES

RULINGS = core.load(Path(__file__).with_name("rulings.json"), "dimension-zero", RULES)


def choice(state: dict, name: str) -> str:
    """The match's choice for the ruling ``name`` (its default when the match chose none)."""
    return core.choice(state, RULINGS[name])


def separate_pact(state: dict) -> bool:
    """Ruling pact-pays "separate": a card removed for 盟約 does not also pay the cost."""
    return choice(state, "pact-pays") == "separate"


def event_rulings(state, event) -> list:
    """pact-full-area for where 盟約 puts its card (the squares asked, the card put, nothing put);
    pact-pays for a card 盟約 removes while frozen, as the payment (the state before the event says)."""
    d, pact = event.data, event.rule.endswith("/kw.盟約")
    if (event.type == "Noted" and d.get("failed") == "pact") or (pact and event.type == "CardMoved" and d["to"] == "square") \
            or (event.type == "DecisionPending" and d.get("pending", {}).get("kind") == "own_square"):
        return ["pact-full-area"]
    if pact and event.type == "CardMoved" and d["to"] == "removed" and state is not None and d["card"] in state["frozen"]:
        return ["pact-pays"]
    return []
