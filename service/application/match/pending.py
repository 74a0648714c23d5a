"""``pending_text``: what a match waits on, as a sentence in the game's words ("Your move — 霊夢's turn,
the removal step (2.1)"; "Waiting for 魔理沙 — a counter window on 霊夢's removal (2.3)"), never a dump
of the state. The game tells the situation from public state only (its ``situation`` hook); whose move
it is is public too. None once the match has ended."""
from engine.core import Reader, can
from engine.core.narration import listing
from service.i18n import _


def pending_text(game, state, to_act: list, names: list, seat: int | None, over: bool) -> str | None:
    if over:
        return None
    reader = Reader(seat, names)
    situation = game.situation(state, reader) if can(game, "situation") else None
    if seat is not None and seat in to_act:
        who = _("Your move")
    elif to_act:
        who = _("Waiting for %(seats)s", seats=listing(reader.who(s) for s in to_act))
    else:
        who = _("Nothing to do")
    return _("%(who)s — %(situation)s", who=who, situation=situation) if situation else who
