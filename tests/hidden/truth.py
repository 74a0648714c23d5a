"""What each caller may not be told at each version of a match (definitions: tests/hidden/__init__.py)."""
from engine.core import apply, clone

from tests.hidden import games
from tests.hidden.leaks import catalogue, printed_names, strings


class Truth:
    """Fed the true states of a match in order (``add``); answers ``strict(v, caller)`` (secrets of
    the position at v) and ``hidden(v, caller)`` (secret at some u ≤ v and knowable at none)."""

    def __init__(self, game, seats: int):
        self.game, self.callers = game, [*range(seats), None]
        self.index, self.names = catalogue(game), printed_names(game)
        self.public = frozenset(strings(game.describe()))   # the catalogue and rulebook texts
        self._ever = {c: set() for c in self.callers}
        self._known = {c: set() for c in self.callers}
        self._strict, self._hidden, self._handles = {}, {}, {}
        self.state = None                       # the newest true state fed

    def identities_in(self, state) -> set:
        """Every string of the state, and the catalogue identities of the cards it names."""
        out = set()
        for s in strings({k: v for k, v in state.items() if k != "match"}):
            out.add(s)
            bare = s.rsplit(":", 1)[-1]           # a constructed deck's instance: "<pile>:C03b"
            card = self.index.get(bare) or (self.index.get(bare[:-1]) if bare[-1:].islower() else None)
            if card:
                out |= card
        return out

    def add(self, state) -> None:
        v, present = state["version"], None
        for c in self.callers:
            secret = games.secrets(self.game, state, c)
            ids = set(secret.identities)
            if present is None:
                present = self.identities_in(state)
            self._ever[c] |= ids
            self._known[c] |= present - ids
            self._strict[v, c] = frozenset(ids)
            self._handles[v, c] = frozenset(secret.handles)
            self._hidden[v, c] = frozenset(self._ever[c] - self._known[c])
        self.state = state

    def fold_records(self, records) -> None:
        """Fold stored events (``EventStore.read`` records) onto the newest state, adding each."""
        state = clone(self.state) if self.state is not None else None
        for r in records:
            state = apply(self.game, state, r.event)
            self.add(state)                   # secrets are read at once; the next fold clones first

    @property
    def version(self) -> int:
        return self.state["version"]

    def strict(self, v, caller) -> frozenset:
        return self._strict[v, caller]

    def hidden(self, v, caller) -> frozenset:
        return self._hidden[v, caller]

    def handles(self, v, caller) -> frozenset:
        return self._handles[v, caller]

    def ever(self) -> frozenset:
        """Every identity some caller (any seat, a spectator) could not be told at some version fed."""
        return frozenset().union(*self._strict.values())
