"""The narrated log: each event a caller is shown, with the sentence that tells it and the move it
belongs to (engine/core/narration.py).

- ``text``: the game's sentence for the event *as shown to the caller* — redacted for its seat unless
  the caller sees everything (service/application/match/visibility.py) — or None for an internal step the
  log folds away. It is never made from the stored event, so it can only say what the caller may see.
- ``move``: ``{"version", "seat"}``, the first event of the command whose batch holds the event (a
  seat's action, the match's setup, a table or dispute note: records.py) and the seat that gave it
  (None: the table, the rules). Who moved and when is public; what a hidden move was is not.

A ``Narrator`` goes through a run of records in version order (a page of /events, the stream, the
digest). The true state is folded beside it only when a game's narration asks for the caller's view
of the position before an event (ディメンション・ゼロ names units by instance ids), so the other games
narrate from the events alone.
"""
import logging

from engine.core import Event, Game, Reader, apply, clone, narrate
from engine.core.narration import generic
from service.application.table.seats import seat_names
from service.i18n import _

log = logging.getLogger(__name__)


class Narrator:
    """Narrates records for one reader: ``seat`` (None: a spectator); ``full`` when the reader sees
    every event unredacted (its views are then the whole state)."""

    def __init__(self, store, match_id: str, game: Game, meta: dict, seat: int | None, full: bool = False,
                 names: list | None = None, base: dict | None = None):
        """``names``: the seats' names when the caller has them (else read from ``meta``); ``base``:
        the true state before the first record to be told, when the caller holds it (an action's
        answer), so a narration that asks for a view loads nothing; it is copied before folding."""
        self.store, self.match_id, self.game, self.seat, self.full = store, match_id, game, seat, full
        self.names = seat_names(meta) if names is None else names
        self.ended = bool(meta.get("ended"))     # every command is public once the match has ended
        self._move = None               # the move of the last record told
        self._state = None              # the true state at version self._at, folded on demand
        self._at = None if base is None else base["version"]
        self._base = base               # the state at self._at, not yet copied into self._state
        self._behind = []               # records told since self._at, not yet folded
        self._views = {}                # version -> the reader's view before it

    def tell(self, record, shown: dict | None) -> dict | None:
        """``shown`` (the record as the reader sees it, or None when hidden) with ``text`` and ``move``."""
        self._move = self._move_of(record)
        if shown is None:
            self._passed(record)
            return None
        event = Event(shown["type"], shown.get("data") or {}, shown.get("seat"), shown.get("rule", ""),
                      shown.get("cause"))
        reader = Reader(self.seat, self.names, lambda: self._view_before(record.version))
        try:
            text = narrate(self.game, event, reader)
        except Exception:  # noqa: BLE001 - a narration bug must not cost the reader its log
            if self.store.strict:
                raise
            log.exception("narration of %s v%s (%s) failed", self.match_id, record.version, event.type)
            text = generic(event, reader)
        self._passed(record)
        if self._automatic(record):
            return {**shown, "text": _("%(text)s (automatic)", text=text) if text else text, "move": dict(self._move),
                    "auto": dict(record.command["auto"])}
        return {**shown, "text": text, "move": dict(self._move)}

    def _automatic(self, record) -> bool:
        """The record opens a move the seat's settings made (match/automatic.py), and the reader may
        see that: its own move, or the reader sees everything (the command is shown to no one else)."""
        auto = (record.command or {}).get("auto")
        return bool(auto) and (self.full or self.ended or record.command.get("seat") == self.seat)

    def _move_of(self, record) -> dict:
        if record.command is not None or record.event.type == "MatchCreated":
            return {"version": record.version, "seat": (record.command or {}).get("seat")}
        if self._move is not None:
            return self._move
        near = self.store.read_back(self.match_id, record.version, count=8)    # a batch is short, mostly
        start = next((r for r in near if r.command is not None or r.event.type == "MatchCreated"), None) \
            or self.store.batch_start(self.match_id, record.version)
        if start is None:
            return {"version": record.version, "seat": None}
        return {"version": start.version, "seat": (start.command or {}).get("seat")}

    def _passed(self, record) -> None:
        if self._state is not None or self._at is not None:
            self._behind.append(record)

    def _view_before(self, version: int) -> dict:
        if version not in self._views:
            state = self._state_at(version - 1)
            if state is None:
                view = {}
            elif self.full:
                view = {k: v for k, v in state.items() if k not in ("match", "version")}
            else:
                view = self.game.view(state, self.seat)
            self._views = {version: view}
        return self._views[version]

    def _state_at(self, version: int):
        if self._base is not None:
            if self._at <= version:
                self._state = clone(self._base)
            self._base = None
        if self._at is None or self._at > version:
            self._state = self.store.load(self.game, self.match_id, version) if version >= 1 else None
            self._at, self._behind = version, []
        while self._behind and self._behind[0].version <= version:
            record = self._behind.pop(0)
            if record.version > self._at:
                self._state = apply(self.game, self._state, record.event)
                self._at = record.version
        return self._state
