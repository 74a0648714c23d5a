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
from engine.core.i18n import N_, Catalog

_, ngettext = Catalog.of("core").functions()

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
        """A seat as the log names it: the seat's name, else "seat N"; None is "the table" (in the
        language spoken)."""
        if not isinstance(seat, int):
            return _("the table")
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        return name or _("seat %(seat)s", seat=seat)

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
    """"a card" / "an energy card" / "3 cards" (``many`` defaults to ``one`` + "s"). English only, kept for
    the narrations that still call it: a translated sentence says its count with its own ``ngettext``
    ("%(n)s cards" in a message of its own), never with words glued by a shared helper."""
    if n == 1:
        return f"{'an' if one[:1] in tuple('aeiou') else 'a'} {one}"
    return f"{n} {many or one + 's'}"


def listing(items) -> str:
    """"A", "A and B", "A, B and C" in English; 「A、B、C」 in Japanese (the language spoken)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s", items=_(", ").join(items[:-1]), last=items[-1])


# ---- the platform's events ------------------------------------------------------------------------

def created(game: Game, d, r) -> str:
    seats = d.get("seats") or []
    versus = _(" vs ").join(r.who(s) for s in range(len(seats))) or _("no seats")
    said = {"game": game.title, "variant": game.variant_title(d.get("variant")) or d.get("variant"), "seats": versus}
    if d.get("analysis"):
        return _("The match begins: %(game)s, %(variant)s, %(seats)s (an analysis position)", **said)
    return _("The match begins: %(game)s, %(variant)s, %(seats)s", **said)


def _forked(d, e, r):
    return _("This match continues match %(match)s from its version %(version)s", match=d.get("from"),
             version=d.get("version"))


PLATFORM_LINES = {
    "SeedRevealed": lambda d, e, r: _("The match is over: its seed is revealed, so every shuffle and roll can be "
                                      "checked"),
    "MatchForked": _forked,
    "DisputeFiled": lambda d, e, r: _("%(who)s disputes the ruling at version %(version)s", who=r.who(d.get("seat")),
                                      version=d.get("version")),
    "DisputeRuled": lambda d, e, r: _("The auditor rules on dispute %(dispute)s: %(decision)s",
                                      dispute=d.get("dispute"), decision=d.get("decision")),
    "DisputeConsented": lambda d, e, r: _("%(who)s consents to replay dispute %(dispute)s", who=r.who(d.get("seat")),
                                          dispute=d.get("dispute")),
    "DisputeForked": lambda d, e, r: _("Dispute %(dispute)s is replayed in match %(match)s", dispute=d.get("dispute"),
                                       match=d.get("match")),
}


# ---- the table's events (engine/core/table.py): one line per event type --------------------------

BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "ismcts": N_("ismcts"), "big-money": N_("big-money")}


def bot_name(kind) -> str:
    """A bot's kind as players read it ("greedy"; 「貪欲」 in Japanese); a kind without a translation as it is."""
    return _(BOT_NAMES[kind]) if kind in BOT_NAMES else str(kind)


def _controlled(d, e, r):
    who = r.who(d.get("seat"))
    if d.get("by") != "bot":
        return _("%(who)s plays the seat again", who=who)
    kind = bot_name(bot) if (bot := (d.get("bot") or {}).get("bot")) else _("a bot")
    if d.get("stand_in"):
        return _("A stand-in bot (%(bot)s) plays for %(who)s", bot=kind, who=who)
    # the seat's own name is now the bot's ("Bot (greedy)"), so the seat is told by its number
    return _("Seat %(number)s is played by a bot (%(bot)s)", number=d.get("seat", 0) + 1, bot=kind)


_TIMEOUTS = {"pass": N_("the seat passes"), "bot": N_("a bot stands in"), "forfeit": N_("the seat forfeits")}


def duration(minutes) -> str:
    """A span in days and hours, as a player reads it: "3 days", "1 day and 6 hours", "45 minutes"
    (「3日」「1日と6時間」 in Japanese)."""
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 0:
        return _("%(minutes)s minutes", minutes=minutes)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [ngettext("%(n)s day", "%(n)s days", days) if days else None,
             ngettext("%(n)s hour", "%(n)s hours", hours) if hours else None,
             ngettext("%(n)s minute", "%(n)s minutes", mins) if mins else None]
    return listing([p for p in parts if p]) or _("%(minutes)s minutes", minutes=0)


def _clock(d, e, r):
    then = _(_TIMEOUTS.get(d.get("on_timeout"), N_("the table acts")))
    return _("Each move has a deadline of %(span)s; when it passes, %(then)s", span=duration(d.get("minutes")),
             then=then)


_PASSES = {"manual": N_("asks every step"), "only-choice": N_("passes when passing is the only move"),
           "unless-respond": N_("passes unless there is something to answer")}


def _settings(d, e, r):
    s = d.get("settings") or {}
    parts = [_(_PASSES.get(s.get("pass"), _PASSES["manual"])),
             _("pays the default payment") if s.get("pay") == "auto" else _("chooses each payment"),
             _("takes a choice of one") if s.get("single") == "auto" else _("asks a choice of one too")]
    said = {"who": r.who(d.get("seat")), "does": listing(parts)}
    if s.get("confirm"):
        return _("%(who)s's settings: the table %(does)s, and asks before sending", **said)
    return _("%(who)s's settings: the table %(does)s", **said)


def _rematch(d, e, r):
    said = {"who": r.who(d.get("by")), "match": d.get("match")}
    if d.get("audit_live"):
        return _("%(who)s starts a rematch refereed live (%(match)s)", **said)
    return _("%(who)s starts a rematch (%(match)s)", **said)


def _seat_line(message: str):
    """A line that names the event's seat only: ``message`` with ``%(who)s``."""
    return lambda d, e, r: _(message, who=r.who(d.get("seat")))


TABLE_LINES = {
    "SeatControlled": _controlled,
    "ClockSet": _clock,
    "DeadlineMissed": _seat_line(N_("%(who)s missed the deadline")),
    "SeatForfeited": _seat_line(N_("%(who)s forfeits the match")),
    "SeatResigned": _seat_line(N_("%(who)s resigns")),
    "DrawOffered": _seat_line(N_("%(who)s offers a draw")),
    "DrawAccepted": _seat_line(N_("%(who)s accepts the draw")),
    "DrawAgreed": lambda d, e, r: _("The match is drawn by agreement"),
    "DrawDeclined": _seat_line(N_("%(who)s declines the draw")),
    "DrawWithdrawn": _seat_line(N_("%(who)s's draw offer is withdrawn")),
    "ChatSaid": lambda d, e, r: _("%(who)s says: %(text)s", who=r.who(d.get("seat")), text=d.get("text", "")),
    "SeatSettingsChanged": _settings,
    "RematchConsented": _seat_line(N_("%(who)s agrees to a rematch refereed live (its auditor sees every hand "
                                      "while it is played)")),
    "RematchStarted": _rematch,
    "RematchOf": lambda d, e, r: _("A rematch of %(match)s", match=d.get("match")),
}


def generic(event, reader: Reader) -> str:
    """For a game that narrates nothing: who acted and what happened, in words (the event type's)."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", event.type).lower()
    who = reader.who(event.seat) if isinstance(event.seat, int) else _("The table")
    return _("%(who)s: %(what)s", who=who, what=words)


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

