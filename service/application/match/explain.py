"""Explaining one event: the rule it cites (seed section and statement) and the rulings it depends on
(with the match's choice), the chain of causes back to the command that started it, and the
difference it made to the caller's view — and all of it told in sentences (``why``), each event as
the narrated log tells it (service/application/match/narrated.py)."""
import re

from engine.audit.platform_rules import rule_text
from engine.audit.statediff import diff
from engine.core import Game, Reader, apply, clone
from service.application.errors import NotFound
from service.application.match import visibility
from service.application.match.house_rules import told
from service.application.match.loading import check_version, match_game
from service.application.match.narrated import Narrator
from service.application.table.seats import seat_names
from service.i18n import _

MAX_CAUSES = 64


def explain(store, match_id: str, version: int, caller, meta: dict) -> dict:
    game = match_game(meta)
    check_version(match_id, meta, version)
    record = store.read(match_id, version - 1, version)[0]
    shown = _told(store, match_id, game, record, caller, meta)
    if shown is None:
        raise NotFound("event_not_visible", _("event %(version)s is hidden from %(caller)s", version=version,
                                              caller=caller.said()))
    before = store.load(game, match_id, version - 1) if version > 1 else None
    rule = rule_text(game, record.event.rule, record.event, before)
    causes = _causes(store, match_id, game, record, caller, meta)
    command = _command(store, match_id, version, caller, meta)
    return {"match_id": match_id, "version": version, "caller": caller.label,
            "full_truth": caller.sees_all(meta), "event": shown, "rule": rule, "causes": causes,
            "command": command, "diff": _diff(game, before, record, caller, meta),
            "why": sentences(shown, rule, causes, command, seat_names(meta))}


def sentences(shown: dict, rule: dict, causes: list, command: dict | None, names: list) -> list[str]:
    """"What happened; by which rule (statement and seed section) and the rulings it depends on (the
    game's readings of what its rulebook leaves open, with this match's choice); because of what,
    back to the move that started it" — one sentence each."""
    out = [_("Version %(version)s: %(what)s.", version=shown["version"], what=_what(shown))]
    if rule.get("statement"):
        statement = rule["statement"].rstrip(".")                  # quoted whole, its own full stop kept
        out.append(_("The rule (%(rule)s, %(section)s): %(statement)s", rule=rule["id"], section=rule["section"],
                     statement=statement if statement.endswith("。") else statement + "."))
    elif rule.get("id"):
        out.append(_("It cites the rule %(rule)s.", rule=rule["id"]))
    out += [told(ruling) for ruling in rule.get("rulings", ())]
    for i, cause in enumerate(causes):
        said = {"version": cause["version"],
                "what": _("something hidden from you") if cause.get("hidden") else _what(cause)}
        out.append(_("That happened because of version %(version)s: %(what)s.", **said) if i == 0 else
                   _("which came from version %(version)s: %(what)s.", **said))
    if command is not None:
        who = _who(command.get("seat"), names)
        kind = {"create": _("the match's setup"), "table": _("%(who)s's move at the table", who=who),
                "note": _("a note of the table")}.get(command["kind"]) or _("%(who)s's move", who=who)
        said = {"kind": kind, "version": command["version"]}
        out.append(_("It belongs to %(kind)s at version %(version)s. It starts there.", **said)
                   if command["version"] == shown["version"] else
                   _("It belongs to %(kind)s at version %(version)s.", **said))
    return out


def _what(item: dict) -> str:
    """The item's sentence; an internal step (no sentence) in words: "an internal step of the rules (step entered)"."""
    if item.get("text"):
        return item["text"]
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", item.get("type", "event")).lower()
    return _("an internal step of the rules (%(step)s)", step=words)


def _who(seat, names: list) -> str:
    return Reader(None, names).who(seat)


def _told(store, match_id, game: Game, record, caller, meta) -> dict | None:
    """The record as the caller sees it, told as the narrated log tells it."""
    narrator = Narrator(store, match_id, game, meta, caller.seat, caller.sees_all(meta))
    return narrator.tell(record, visibility.item(game, record, caller, meta))


def _causes(store, match_id, game: Game, record, caller, meta) -> list:
    """The event's cause, its cause, ... back to the event no other event caused (a seat's action or
    the match's creation); events hidden from the caller appear as their version only."""
    out, cause = [], record.event.cause
    while cause is not None and len(out) < MAX_CAUSES:
        found = store.read(match_id, cause - 1, cause)
        if not found:
            break
        shown = _told(store, match_id, game, found[0], caller, meta)
        out.append(shown if shown is not None else {"version": cause, "hidden": True})
        cause = found[0].event.cause
    return out


def _command(store, match_id, version, caller, meta) -> dict | None:
    """The command whose batch holds the event: who gave it and, when the caller may see it, what."""
    start = store.batch_start(match_id, version)
    if start is None or start.command is None:
        return None
    command = start.command
    mine = caller.seat is not None and command.get("seat") == caller.seat
    out = {"version": start.version, "seat": command.get("seat"),
           "kind": "create" if "create" in command else "action" if "action" in command
           else "table" if "table" in command else "note"}
    if caller.sees_all(meta) or mine:
        out["command"] = command
    return out


def _diff(game: Game, before: dict | None, record, caller, meta) -> list:
    """The caller's view after the event against its view before (``before``: the state, None at
    version 1); the state before is left as it is."""
    after = apply(game, clone(before) if before is not None else None, record.event)
    seen_before = {} if before is None else visibility.view(game, before, caller, meta)
    return diff(seen_before, visibility.view(game, after, caller, meta))
