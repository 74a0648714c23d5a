"""A match's house rules: the choice in force for each selectable ruling of its game (the game's
reading of what its rulebook leaves open, engine/core/rulings.py), as the match page, the join page
and the export header show them, and the sentence explain adds for an event that depends on one."""
from engine.core.i18n import current
from engine.core.rulings import choice_in
from service.i18n import _


def in_force(game, chosen: dict | None) -> dict:
    """``{ruling name: choice}`` for every selectable ruling of ``game``: the match's choice (its
    MatchCreated ``rulings``, kept in ``state["match"]["rulings"]``), else the ruling's default."""
    return {name: choice_in(chosen, ruling) for name, ruling in game.rulings.items() if ruling.selectable}


def told(ruling: dict) -> str:
    """One sentence of explain for a ruling an event depends on (``rule_text``'s ``rulings`` entry):
    its id, seed lines and text, and the match's choice where it has one."""
    lang = current()
    out = _("It depends on the ruling %(ruling)s (%(seed)s): %(text)s", ruling=ruling["id"], seed=ruling["seed"],
            text=ruling["text"].get(lang) or ruling["text"]["en"])
    if "choice" in ruling:
        chosen = (ruling["choice_text"].get(lang) or ruling["choice_text"]["en"]).rstrip(".。")
        out += _(" This match plays it as '%(choice)s': %(text)s.", choice=ruling["choice"], text=chosen)
    return out
