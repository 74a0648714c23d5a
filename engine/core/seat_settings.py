"""A seat's settings (issue 38, "Play that flows"): which steps that are not decisions the table
takes for the seat, recorded in the match's log as the seat's own table move so a dispute sees what
was in force (``SeatSettingsChanged``, rule ``kifu/settings``), and ``automatic``: the one move a
seat's settings make for it in a position, if any.

- ``pass``: ``manual`` (every step is asked), ``only-choice`` (a pass is made for the seat when it
  is the only legal move), ``unless-respond`` (also every pass where the game says the seat has
  nothing to answer: ``passing`` hook, its ``respond`` False);
- ``pay``: ``auto`` (the choice protocol marks a default payment, ``default: true``) or ``manual``;
- ``single``: ``auto`` (a choice of one is taken when the client asks the protocol to go ``forward``)
  or ``manual``;
- ``confirm``: the page asks before sending a move that a click completes (the page's own).

A seat that never recorded settings gets every step, as before (``pass`` ``manual``): a client of the
API sees no move made for it unless it asked. Its first change fills the keys it leaves out from
``DEFAULTS``. A seat may take settings with the seat itself (``{}``: the defaults), so that they are
in force from its first move: a seat its creator takes in ``MatchCreated``'s ``settings`` {seat:
settings} (``taken``; folded by ``fold_created`` exactly as ``SeatSettingsChanged`` is), a seat
claimed later in the claim's ``SeatSettingsChanged`` (service/application/table/settings.py). Only ``pass`` moves anything in the match; the other settings shape answers only.
An automatic pass is decided from the seat's own legal moves and the game's ``passing`` hook, both
worked out from what the seat may know; the fact that it was automatic is in the command, which
only the seat (and everyone once the match has ended) is shown.
"""
from engine.core.errors import IllegalAction
from engine.core.game import Game, can
from engine.core.i18n import Catalog

_, ngettext = Catalog.of("core").functions()

RULE = "kifu/settings"
CHOICES = {"pass": ("manual", "only-choice", "unless-respond"), "pay": ("auto", "manual"),
           "single": ("auto", "manual"), "confirm": (True, False)}
DEFAULTS = {"pass": "only-choice", "pay": "auto", "single": "auto", "confirm": False}
UNRECORDED = {"pass": "manual", "pay": "auto", "single": "auto", "confirm": False}


def check(changes) -> dict:
    """``changes`` as a settings object, or IllegalAction naming the unknown key or value."""
    if not isinstance(changes, dict):
        raise IllegalAction(RULE, _("settings are an object of %(settings)s", settings=", ".join(CHOICES)))
    for key, value in changes.items():
        if key not in CHOICES:
            raise IllegalAction(RULE, _("no setting %(key)s; settings: %(settings)s", key=repr(str(key)[:40]),
                                        settings=", ".join(CHOICES)))
        if type(value) is not type(CHOICES[key][0]) or value not in CHOICES[key]:
            raise IllegalAction(RULE, _("setting %(key)s is one of %(values)s, not %(value)s", key=repr(key),
                                        values=", ".join(map(_word, CHOICES[key])), value=repr(str(value)[:40])))
    return dict(changes)


def _word(value) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


def recorded(state: dict, seat: int) -> dict | None:
    """The settings the seat recorded (None: never)."""
    return (state["match"].get("settings") or {}).get(str(seat))


def in_force(state: dict, seat: int) -> dict:
    """The seat's settings in force, with ``recorded``: whether it recorded any."""
    own = recorded(state, seat)
    return {**(UNRECORDED if own is None else DEFAULTS), **(own or {}), "recorded": own is not None}


def changed(state: dict, seat: int, changes: dict) -> dict:
    """The seat's whole settings after ``changes`` (keys left out: as they were, or ``DEFAULTS``)."""
    return {**DEFAULTS, **(recorded(state, seat) or {}), **check(changes)}


def taken(changes: dict) -> dict:
    """The whole settings a seat takes with its seat: ``changes`` over ``DEFAULTS``."""
    return {**DEFAULTS, **check(changes)}


def fold_created(match: dict, settings: dict) -> None:
    """``MatchCreated``'s ``settings`` {seat: settings}: each seat's whole settings from the start."""
    for seat, own in settings.items():
        fold(match, {"seat": seat, "settings": own})


def fold(match: dict, data: dict) -> None:
    """``SeatSettingsChanged`` {seat, settings}: the seat's whole settings from now on."""
    match.setdefault("settings", {})[str(data["seat"])] = dict(data["settings"])


def automatic(game: Game, state: dict, seat: int) -> dict | None:
    """``{"action", "setting", "why"}``: the move the seat's recorded settings make for it now, or None.
    ``setting`` names what made it (``{"pass": "only-choice"}``), ``why`` which case it was:
    ``only-choice`` (passing is the only legal move) or ``nothing-to-answer`` (unless-respond)."""
    mode = (recorded(state, seat) or {}).get("pass", "manual")
    if mode == "manual" or not can(game, "passing"):
        return None
    passing = game.passing(state, seat)
    if passing is None:
        return None
    action, legal = passing["action"], game.legal_actions(state, seat)
    if legal == [action]:
        return {"action": action, "setting": {"pass": mode}, "why": "only-choice"}
    if mode == "unless-respond" and passing.get("respond") is False and action in legal:
        return {"action": action, "setting": {"pass": mode}, "why": "nothing-to-answer"}
    return None
