"""Narration: each event of a match as a sentence a player reads ("霊夢 plays 紅魔館 on base line 0,
paying 2 energy"), in the game's language of play: short English around the names of cards, lands and
rules as printed (Japanese).

A narration is always made of an event *as redacted for its reader* (``Game.redact``), so it can
never name a card the reader may not know: where the redacted event has no card, the sentence says
that something hidden happened ("p1 draws a card"). Some narrators need to name cards the event
refers to by a handle only (ディメンション・ゼロ's instance ids): they ask ``Reader.view()``, the
reader's own view of the position just before the event, which is what the API would show it.

- A game narrates its own events: the ``narrate`` capability (engine/core/game.py), usually a
  ``Lines`` table in ``engine/games/<game>/narration.py`` — one small function per event type, and the
  internal steps (``folded``: a step entered, priority given) that the log folds away (None).
- The platform narrates its own events (``created`` and ``PLATFORM_LINES``: the match's creation,
  the seed, forks, disputes) and the table's (``TABLE_LINES``: who holds a seat, clocks, deadlines,
  forfeits, resignations, draw offers, table talk, rematches). A new table event (engine/core/table.py
  ``TABLE_EVENTS``) adds one line there; tests/conformance/test_narration.py fails for a table event
  without one.
- A game without the capability gets ``generic``: who, and the event type in words.
"""
import re
from dataclasses import dataclass, field
from typing import Callable

from engine.core.game import Game, can

CAMEL = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")      # an event type name, "CardDrawn"


@dataclass
class Reader:
    """Whom a narration is for: ``seat`` (None: a spectator, or anyone once everything is public),
    the seats' ``names``, and ``view_of``: a function giving the reader's view of the position just
    before the event (called only by narrators that need it, so nothing is folded otherwise)."""

    seat: int | None = None
    names: list = field(default_factory=list)
    view_of: Callable[[], dict] | None = None

    def who(self, seat) -> str:
        """A seat as the log names it: the seat's name, else "seat N"; None is "the table"."""
        if not isinstance(seat, int):
            return "the table"
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        return name or f"seat {seat}"

    def view(self) -> dict:
        return self.view_of() if self.view_of is not None else {}


class Lines:
    """A narration as data: event type -> ``line(data, event, reader) -> str`` (or None to fold that
    one event: a chain closed without a counter); the types in ``folded`` are internal steps,
    narrated as None (the log folds them away)."""

    def __init__(self, lines: dict, folded=frozenset()):
        overlap = set(lines) & set(folded)
        if overlap:
            raise ValueError(f"event types both narrated and folded: {sorted(overlap)}")
        self.lines, self.folded = dict(lines), frozenset(folded)

    def covers(self, event_type: str) -> bool:
        return event_type in self.lines or event_type in self.folded

    def __call__(self, event, reader: Reader) -> str | None:
        line = self.lines.get(event.type)
        return None if line is None else line(event.data, event, reader)


def count(n, one: str, many: str | None = None) -> str:
    """"a card" / "an energy card" / "3 cards" (``many`` defaults to ``one`` + "s")."""
    if n == 1:
        return f"{'an' if one[:1] in tuple('aeiou') else 'a'} {one}"
    return f"{n} {many or one + 's'}"


def listing(items) -> str:
    """"A", "A and B", "A, B and C"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


# ---- the platform's events ------------------------------------------------------------------------

def created(game: Game, d, r) -> str:
    variant = game.variants.get(d.get("variant"))
    seats = d.get("seats") or []
    versus = " vs ".join(r.who(s) for s in range(len(seats))) or "no seats"
    return f"The match begins: {game.title}, {variant.title if variant else d.get('variant')}, {versus}" + \
        (" (an analysis position)" if d.get("analysis") else "")


def _forked(d, e, r):
    return f"This match continues match {d.get('from')} from its version {d.get('version')}"


PLATFORM_LINES = {
    "SeedRevealed": lambda d, e, r: "The match is over: its seed is revealed, so every shuffle and roll can be checked",
    "MatchForked": _forked,
    "DisputeFiled": lambda d, e, r: f"{r.who(d.get('seat'))} disputes the ruling at version {d.get('version')}",
    "DisputeRuled": lambda d, e, r: f"The auditor rules on dispute {d.get('dispute')}: {d.get('decision')}",
    "DisputeConsented": lambda d, e, r: f"{r.who(d.get('seat'))} consents to replay dispute {d.get('dispute')}",
    "DisputeForked": lambda d, e, r: f"Dispute {d.get('dispute')} is replayed in match {d.get('match')}",
}


# ---- the table's events (engine/core/table.py): one line per event type --------------------------

def _controlled(d, e, r):
    who = r.who(d.get("seat"))
    if d.get("by") != "bot":
        return f"{who} plays the seat again"
    kind = (d.get("bot") or {}).get("bot", "a bot")
    if d.get("stand_in"):
        return f"A stand-in bot ({kind}) plays for {who}"
    return f"Seat {d.get('seat', 0) + 1} is played by a bot ({kind})"    # its name is the bot's own ("Bot (greedy)")


_TIMEOUTS = {"pass": "the seat passes", "bot": "a bot stands in", "forfeit": "the seat forfeits"}


def duration(minutes) -> str:
    """A span in days and hours, as a player reads it: "3 days", "1 day and 6 hours", "45 minutes"."""
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 0:
        return f"{minutes} minutes"
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in ((days, "day"), (hours, "hour"), (mins, "minute")) if n]
    return listing(parts) or "0 minutes"


def _clock(d, e, r):
    return f"Each move has a deadline of {duration(d.get('minutes'))}; when it passes, " \
           f"{_TIMEOUTS.get(d.get('on_timeout'), 'the table acts')}"


_PASSES = {"manual": "asks every step", "only-choice": "passes when passing is the only move",
           "unless-respond": "passes unless there is something to answer"}


def _settings(d, e, r):
    s = d.get("settings") or {}
    parts = [_PASSES.get(s.get("pass"), "asks every step"),
             "pays the default payment" if s.get("pay") == "auto" else "chooses each payment",
             "takes a choice of one" if s.get("single") == "auto" else "asks a choice of one too"]
    return f"{r.who(d.get('seat'))}'s settings: the table {listing(parts)}" + \
        (", and asks before sending" if s.get("confirm") else "")


TABLE_LINES = {
    "SeatControlled": _controlled,
    "ClockSet": _clock,
    "DeadlineMissed": lambda d, e, r: f"{r.who(d.get('seat'))} missed the deadline",
    "SeatForfeited": lambda d, e, r: f"{r.who(d.get('seat'))} forfeits the match",
    "SeatResigned": lambda d, e, r: f"{r.who(d.get('seat'))} resigns",
    "DrawOffered": lambda d, e, r: f"{r.who(d.get('seat'))} offers a draw",
    "DrawAccepted": lambda d, e, r: f"{r.who(d.get('seat'))} accepts the draw",
    "DrawAgreed": lambda d, e, r: "The match is drawn by agreement",
    "DrawDeclined": lambda d, e, r: f"{r.who(d.get('seat'))} declines the draw",
    "DrawWithdrawn": lambda d, e, r: f"{r.who(d.get('seat'))}'s draw offer is withdrawn",
    "ChatSaid": lambda d, e, r: f"{r.who(d.get('seat'))} says: {d.get('text', '')}",
    "SeatSettingsChanged": _settings,
    "RematchConsented": lambda d, e, r: f"{r.who(d.get('seat'))} agrees to a rematch refereed live (its "
                                        "auditor sees every hand while it is played)",
    "RematchStarted": lambda d, e, r: f"{r.who(d.get('by'))} starts a rematch"
                                      f"{' refereed live' if d.get('audit_live') else ''} ({d.get('match')})",
    "RematchOf": lambda d, e, r: f"A rematch of {d.get('match')}",
}


def generic(event, reader: Reader) -> str:
    """For a game that narrates nothing: who acted and what happened, in words."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", event.type).lower()
    who = reader.who(event.seat) if isinstance(event.seat, int) else "The table"
    return f"{who}: {words}"


def narrate(game: Game, event, reader: Reader) -> str | None:
    """The sentence for ``event`` (already redacted for ``reader``), or None for an internal step."""
    if event.type == "MatchCreated":
        return created(game, event.data, reader)
    line = PLATFORM_LINES.get(event.type) or TABLE_LINES.get(event.type)
    if line is not None:
        return line(event.data, event, reader)
    if can(game, "narrate"):
        return game.narrate(event, reader)
    return generic(event, reader)

