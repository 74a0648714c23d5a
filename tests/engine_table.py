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
