"""The latest state of recently used matches, kept per process.

A stream only grows, so the state at version v never changes: a cached state is a valid starting
point for any load at v or later (only the events after v are read and folded). Loads of older
versions fall back to the snapshots.
"""
import threading
from collections import OrderedDict

from engine.core import clone


class StateCache:
    def __init__(self, size: int = 512):
        self.size = size
        self._states: OrderedDict[str, dict] = OrderedDict()
        self._lock = threading.Lock()

    def base(self, match_id: str, version: int) -> dict | None:
        """A copy of the cached state if it is at ``version`` or before, else None."""
        with self._lock:
            state = self._states.get(match_id)
            if state is None or state["version"] > version:
                return None
            self._states.move_to_end(match_id)
        return clone(state)

    def remember(self, match_id: str, state: dict) -> None:
        """Keep a copy of ``state`` unless a later one of the match is already kept."""
        copy = clone(state)
        with self._lock:
            kept = self._states.get(match_id)
            if kept is None or kept["version"] < copy["version"]:
                self._states[match_id] = copy
                self._states.move_to_end(match_id)
            while len(self._states) > self.size:
                self._states.popitem(last=False)
