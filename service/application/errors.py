"""Domain errors: what the application refuses, and why, in words an adapter can map (the HTTP
adapter to a status code, the CLI to an exit status). Each carries a stable machine-readable
``code``, a message for people and, where a rule is behind it, the ``rule`` it cites."""


class DomainError(Exception):
    def __init__(self, code: str, message: str, rule: str | None = None):
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule


class Invalid(DomainError):
    """The request itself is malformed (a field out of range, of the wrong kind)."""


class Unauthenticated(DomainError):
    """A credential is needed and none (or a malformed one) was given."""


class Forbidden(DomainError):
    """The credential given may not do this (another seat's, acting out of turn)."""


class NotFound(DomainError):
    """No such match, version, seat, dispute or job."""


class Conflict(DomainError):
    """The match is not in the state the request assumed (someone moved first, already claimed)."""


class Illegal(DomainError):
    """The rules or the match's state refuse it (the match is over, a configuration unplayable)."""


class Failed(DomainError):
    """Background work the request depends on failed."""


class Unavailable(DomainError):
    """The store cannot take or confirm a write now (a failover under way, replicas behind); the
    same command may be sent again."""


class NotConfirmed(Unavailable):
    """A new match stands on its primary but no replica confirmed it in time (``not_replicated``):
    its id and the answer its creator would have had, for a retry with the same Idempotency-Key."""

    def __init__(self, code: str, message: str, match_id: str, answer: dict):
        super().__init__(code, message)
        self.match_id, self.answer = match_id, answer


class Throttled(DomainError):
    """Too much too fast (table talk), or a quota used up for now (an API key's daily CPU-seconds);
    ``retry_after``: seconds until it would be taken (or the quota renews), if known."""

    def __init__(self, code: str, message: str, rule: str | None = None, retry_after: int | None = None):
        super().__init__(code, message, rule)
        self.retry_after = retry_after
