"""The readings kifu plays where seed 003 leaves the rules open (rulings.json; engine/core/rulings.py),
and the choice a match made for each (``choice``): README.md "Rulings" says each one and why."""
from pathlib import Path

from engine.core import rulings as core
from engine.core.i18n import Catalog
from engine.games.threebythree.rulebook import RULES

_, ngettext = Catalog.of("threebythree").functions()

RULINGS = core.load(Path(__file__).with_name("rulings.json"), "threebythree", RULES)


def choice(state: dict, name: str) -> str:
    """The match's choice for the ruling ``name`` (its default when the match chose none)."""
    return core.choice(state, RULINGS[name])


def marked(name: str, chosen: str) -> str:
    """How a refusal that only this choice makes names it: `` (ruling tensha-target: own-face-down)``."""
    return _(" (ruling %(ruling)s: %(chosen)s)", ruling=RULINGS[name].id, chosen=chosen)
