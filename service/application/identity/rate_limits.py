"""Rate limits of what may be tried without end (issue 33): sign-ins per client address, sign-in codes
made per player (service.application.identity.players). A counter per limited thing
(service.application.storage.rate_limits): its first count starts a window of ``window`` seconds,
after which it is gone and counting starts again; past ``limit`` counts in the window each one is
refused (429 with ``Retry-After``: the seconds the window has left). A fixed window from the first
count, so at most twice the limit can pass in a window's length across two windows; enough to bound
guessing."""
from service.application.errors import Throttled
from service.application.storage import rate_limits as counters
from service.i18n import _


def take(store, thing: str, limit: int, window: int, code: str, what: str) -> None:
    """Count one more of ``thing``; Throttled ``code`` once it is over ``limit`` in the window (0: no
    limit, nothing counted). ``what`` says what was counted, for the message."""
    if not limit:
        return
    n, ttl = counters.count(store, thing, window)
    if n > limit:
        wait = max(1, ttl)
        raise Throttled(code, _("at most %(limit)s %(what)s in %(window)s s; try again in %(wait)s s",
                                limit=limit, what=what, window=window, wait=wait), retry_after=wait)
