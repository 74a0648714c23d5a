"""Who is asking, and what they may see of a match (hidden information: docs/DECIDER.md "Secrets",
README "Audit and replay").

- a seat sees what the game's ``view``/``redact`` show that seat; a spectator what they show nobody;
- an auditor (the token issued with the match) sees everything once the match has ended, or at any
  time in a match created with ``audit_live``; before that an auditor sees what a spectator sees;
- once a match has ended its seed is public (``SeedRevealed``), so every shuffle can be re-derived
  by anyone: exports, explanations and the feed then show everyone the full truth.
Event hashes are shown only after the end (a hash of a redacted event would let a client test
guesses of the hidden card against it).
"""
from dataclasses import dataclass

from engine.core import PLATFORM_EVENTS, Game
from service.i18n import _


@dataclass(frozen=True)
class Caller:
    seat: int | None = None        # None: a spectator, the auditor or the organiser
    auditor: bool = False
    organiser: bool = False        # the organiser token: re-issues invites, otherwise a spectator

    @property
    def label(self) -> str:
        return "auditor" if self.auditor else "organiser" if self.organiser \
            else "spectator" if self.seat is None else f"seat {self.seat}"

    def said(self) -> str:
        """The caller in a sentence, in the language spoken: "the auditor", "seat 2"."""
        if self.auditor:
            return _("the auditor")
        if self.organiser:
            return _("the organiser")
        return _("the spectators") if self.seat is None else _("seat %(seat)s", seat=self.seat)

    def sees_all(self, meta: dict) -> bool:
        """Everything, unredacted: after the end for everyone, before it for a live auditor."""
        return ended(meta) or (self.auditor and meta.get("audit_live") == "1")

    def auditor_sees_all(self, meta: dict) -> bool:
        """The auditor's privilege proper (forks without re-dealing): after the end, or live."""
        return self.auditor and (ended(meta) or meta.get("audit_live") == "1")


def ended(meta: dict) -> bool:
    return bool(meta.get("ended"))


def redact(game: Game, event, seat: int | None):
    """The event as ``seat`` may see it (None: not at all). Platform events are public, except the
    state a fork starts from, which is shown as the seat's view of it."""
    if event.type == "MatchForked":
        d = event.data
        return event.with_data({"from": d["from"], "version": d["version"],
                                "determinized_for": d.get("determinized_for"),
                                "view": game.view(d["state"], seat)})
    return event if event.type in PLATFORM_EVENTS else game.redact(event, seat)


def for_caller(game: Game, event, caller: Caller, meta: dict):
    return event if caller.sees_all(meta) else redact(game, event, caller.seat)


def item(game: Game, record, caller: Caller, meta: dict) -> dict | None:
    """A stored event as the caller sees it (None: hidden from it): redacted, hashed after the end,
    with its command when the caller sees everything or the command was the caller's own."""
    event = for_caller(game, record.event, caller, meta)
    if event is None:
        return None
    command = record.command or {}
    own = caller.seat is not None and command.get("seat") == caller.seat
    return record.item(event, with_hash=ended(meta), with_command=caller.sees_all(meta) or own)


def view(game: Game, state: dict, caller: Caller, meta: dict) -> dict:
    """The caller's view of a state; the whole game state when it sees everything."""
    if caller.sees_all(meta):
        return {k: v for k, v in state.items() if k not in ("match", "version")}
    return game.view(state, caller.seat)
