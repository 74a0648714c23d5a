"""Domain errors raised by deciders."""


class IllegalAction(Exception):
    """An action the rules forbid. `rule` names the rule (e.g. ``threebythree/2.1.single``)."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message


class ConfigError(Exception):
    """A match configuration (variant, seats, options, explicit setup) that cannot be played."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
