"""The latest state of recently used matches, kept per process.

A stream only grows, so the state at version v never changes: a cached state is a valid starting
point for any load at v or later (only the events after v are read and folded). Loads of older
versions fall back to the snapshots.

The play routes only read the state of the match's current version (a view, the legal actions, the
position an action is decided in; the new state is folded into a copy): they are handed the kept
state itself (``shared``), and a state folded for them is kept as it is (``remember`` with
``handed_over``), where a copy each way cost a tenth of those routes' time. A ``strict`` cache (the
tests') makes sure nothing changed a state it keeps: each use compares it with its bytes as kept.
"""
import marshal
import threading
from collections import OrderedDict

from engine.core import clone


class StateCache:
    def __init__(self, size: int = 512, strict: bool = False):
        self.size, self.strict = size, strict
        self._states: OrderedDict[str, dict] = OrderedDict()
        self._kept_bytes: dict[str, bytes] = {}      # strict: each kept state as ``_bytes`` wrote it
        self._lock = threading.Lock()

    def base(self, match_id: str, version: int) -> dict | None:
        """A copy of the cached state if it is at ``version`` or before, else None."""
        state = self._kept(match_id, version)
        return None if state is None else clone(state)

    def shared(self, match_id: str, version: int) -> dict | None:
        """The cached state itself if it is at ``version``, else None: for reading only."""
        state = self._kept(match_id, version)
        return state if state is not None and state["version"] == version else None

    def remember(self, match_id: str, state: dict, handed_over: bool = False) -> None:
        """Keep ``state`` unless a later one of the match is already kept: a copy of it, or the state
        itself if ``handed_over`` (nothing changes it any more)."""
        kept = state if handed_over else clone(state)
        with self._lock:
            current = self._states.get(match_id)
            if current is None or current["version"] < kept["version"]:
                if current is not None:
                    self._check(match_id, current)
                self._states[match_id] = kept
                self._states.move_to_end(match_id)
                if self.strict:
                    self._kept_bytes[match_id] = _bytes(kept)
            while len(self._states) > self.size:
                gone, _ = self._states.popitem(last=False)
                self._kept_bytes.pop(gone, None)

    def _kept(self, match_id: str, version: int) -> dict | None:
        with self._lock:
            state = self._states.get(match_id)
            if state is None or state["version"] > version:
                return None
            self._states.move_to_end(match_id)
            self._check(match_id, state)
        return state

    def _check(self, match_id: str, state: dict) -> None:
        if self.strict and _bytes(state) != self._kept_bytes[match_id]:
            raise AssertionError(f"the cached state of match {match_id} at version {state['version']} was "
                                 "changed after it was kept (a reader handed it by ``shared`` wrote to it)")


def _bytes(state: dict) -> bytes:
    """The state's values as bytes: marshal's version 2, which writes equal values alike (version 3
    and later refer back to an object met twice, depending on who else holds it)."""
    return marshal.dumps(state, 2)
