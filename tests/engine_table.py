"""The given / when / then table the games' rule tests share: a match's events folded in memory."""
import pytest

from engine.core import IllegalAction, MatchConfig, create_events, fold, play


class EngineTable:
    """``game`` started from ``config`` (an analysis position or a dealt match) with ``seed``."""

    def __init__(self, game, config: MatchConfig, seed: bytes):
        self.game, self.seed = game, seed
        self.events = create_events(game, config, seed)
        self.state = fold(game, self.events)

    def act(self, seat, action):
        """When ``seat`` takes ``action``: the events it produced."""
        return self.record(play(self.game, self.state, seat, action, self.seed))

    def record(self, new: list) -> list:
        self.state = fold(self.game, new, self.state)
        self.events += new
        return new

    def illegal(self, seat, action) -> IllegalAction:
        with pytest.raises(IllegalAction) as info:
            play(self.game, self.state, seat, action, self.seed)
        return info.value


def assert_protocol_complete(game, state, seat, walks: int = 20) -> None:
    """The choice protocol in ``state`` (a position the random playouts of tests/conformance may not
    reach, e.g. under a non-default ruling): every listed action is reachable, and every move random
    walks complete is accepted."""
    from engine.core import Rng, clone
    from engine.core.choices import random_action, reachable
    for action in game.legal_actions(state, seat):
        assert reachable(game, state, seat, action), action
    rng = Rng.for_version(b"protocol", state["version"])
    for _ in range(walks):
        play(game, clone(state), seat, random_action(game, state, seat, rng), b"protocol")
