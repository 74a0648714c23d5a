"""Live followers at scale (issue 35): one hub per web process fans every match's new events out to
the followers of its stream, so that a follower costs neither a request thread nor a Redis
connection of its own.

- Each append announces itself on the match's sharded pub/sub channel: the append script's own
  SPUBLISH (storage/append.lua), so it costs no round trip and no appender can leave it out.
- The hub's one reader thread subscribes to the channels of the matches that have followers here.
  On a message it reads the match's new events once for all its followers (XRANGE after the
  lowest of their last ids, many matches in one pipelined round trip) and tells each follower what
  its seat may see, narrated, as the stream route always has (service.application.match.feed): an
  SSE message per event, ``id:`` its version. A follower is written to through a *sink* the adapter
  gives (a socket it holds, service/http/live_worker.py); the hub knows nothing of sockets.
- A follower joins after the match's subscription is confirmed, then reads from its own last id:
  nothing appended meanwhile is missed. Messages are at-most-once; when the reader's connection
  fails (a Redis restart) it subscribes again once Redis answers and every follower catches up from
  its last id — no event lost, none sent twice (each follower only moves forward).
- A keep-alive comment when a follower has had nothing for ``keepalive_ms``; after ``max_seconds``,
  or once an ended match's every event is sent, a ``caught-up`` message and the stream ends (the
  page reconnects with its last id); ``stop`` ends every stream so at once (SIGTERM).
- ``Limits``: open streams per client address and per token, counted in this process (429).
"""
import collections
import logging
import threading
import time

from engine.core import i18n
from service.application.errors import Throttled
from service.application.match import feed, visibility
from service.application.match.loading import match_game
from service.application.match.narrated import Narrator
from service.application.storage import live as channels
from service.application.storage.connections import UNAVAILABLE
from service.i18n import _

log = logging.getLogger(__name__)
PAGE = feed.PAGE                 # events read per match per round
TICK = 0.05                      # the reader's longest wait: how soon a new follower's catch-up starts
RETRY_AFTER = 10                 # seconds a client over a cap is told to wait



class Limits:
    """Open streams per client address and per token in this process: at most ``per_address`` and
    ``per_token`` (0: no cap). ``admit`` counts one in (429 ``too_many_streams`` past a cap) and
    returns the release, to call once when the stream ends."""

    def __init__(self, per_address: int, per_token: int):
        self.per_address, self.per_token = per_address, per_token
        self._lock = threading.Lock()
        self._open = collections.Counter()

    def admit(self, address: str, token: str | None):
        keys = [("address", address, self.per_address)] + ([("token", token, self.per_token)] if token else [])
        with self._lock:
            for kind, ident, cap in keys:
                if cap and self._open[(kind, ident)] >= cap:
                    per = "client address" if kind == "address" else "token"
                    raise Throttled("too_many_streams", _("at most %(cap)s open streams per %(per)s; close one (or "
                                                          "wait for one to end) and try again",
                                                          cap=cap, per=per), retry_after=RETRY_AFTER)
            for kind, ident, _cap in keys:
                self._open[(kind, ident)] += 1
        released = []

        def release() -> None:
            with self._lock:
                if released:
                    return
                released.append(True)
                for kind, ident, _cap in keys:
                    self._open[(kind, ident)] -= 1
                    if self._open[(kind, ident)] <= 0:
                        del self._open[(kind, ident)]
        return release


class Follower:
    """One open stream: its match, its reader (seat, spectator or auditor), its last version sent, and
    its language: the one of the request that opened it (engine.core.i18n.current), in which every
    event is narrated to it, whatever the language of the other followers of the match."""

    def __init__(self, store, match_id: str, after: int, caller, meta: dict, sink, release, until: float,
                 language: str | None = None):
        self.match_id, self.after, self.caller, self.meta, self.sink = match_id, after, caller, meta, sink
        self.release = release
        self.game = match_game(meta)
        self.narrator = Narrator(store, match_id, self.game, meta, caller.seat, caller.sees_all(meta))
        self.language = language or i18n.current()
        self.until = until                   # monotonic: the stream ends (caught-up) then
        self.quiet_since = time.monotonic()
        self.gone = False                    # the client went away (the adapter said so) or the hub ended it

    def tell(self, records) -> str:
        """The SSE messages of ``records`` past this follower's last version (advancing it once all
        are told)."""
        out, after = [], self.after
        with i18n.speaking(self.language):
            for record in records:
                if record.version <= after:
                    continue
                shown = self.narrator.tell(record, visibility.item(self.game, record, self.caller, self.meta))
                after = record.version
                if shown is not None:
                    out.append(feed.message(record.version, shown))
        self.after = after
        return "".join(out)


class Hub:
    """The fan-out of one web process (see the module's docstring). ``follow`` is called by request
    threads, ``leave`` by the adapter's socket thread; everything else runs on the reader thread."""

    def __init__(self, store, keepalive_ms: int, max_seconds: float):
        self.store, self.keepalive, self.max_seconds = store, keepalive_ms / 1000, max_seconds
        self._lock = threading.Lock()
        self._joining, self._leaving = [], []
        self._thread = None
        self._stopping = threading.Event()
        self.followers: dict[str, set] = {}      # match id -> its followers here (reader thread only)
        self._subscribed, self._confirmed, self._dirty = set(), set(), set()
        self._unheard = set()                    # followed matches not yet subscribed to
        self._emptied = False                    # a follower was ended here: look for matches left unfollowed
        self._channels = None
        self._next_check = 0.0

    # -- called from other threads ------------------------------------------------------------
    def follow(self, match_id: str, after: int, caller, meta: dict, sink, release,
               language: str | None = None) -> Follower:
        """A new follower of ``match_id`` from version ``after``, written to through ``sink``
        (``write(text) -> bool``: False once the client is gone; ``close()``), told in ``language``
        (default: the one spoken now)."""
        follower = Follower(self.store, match_id, after, caller, meta, sink, release,
                            time.monotonic() + self.max_seconds, language)
        with self._lock:
            if self._stopping.is_set():
                follower.gone = True
            else:
                self._joining.append(follower)
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="kifu-live", daemon=True)
                    self._thread.start()
        if follower.gone:
            self._end(follower)
        return follower

    def leave(self, follower: Follower) -> None:
        with self._lock:
            self._leaving.append(follower)

    def stop(self, timeout: float = 5.0) -> None:
        """Ends every stream at once (a ``caught-up`` message, then the end): SIGTERM."""
        self._stopping.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    # -- the reader thread -------------------------------------------------------------------
    def _run(self) -> None:
        backoff = 0.1
        while not self._stopping.is_set():
            try:
                self._round()
                backoff = 0.1
            except UNAVAILABLE as e:
                log.warning("live: the store does not answer (%s); followers catch up when it does", e)
                self._reset()
                self._check_time()               # keep-alives go on meanwhile (they need no Redis)
                self._stopping.wait(backoff)
                backoff = min(backoff * 2, 2.0)
            except Exception:  # noqa: BLE001 - the reader must outlive any one bad match
                log.exception("live: reader round failed")
                self._reset()
                self._stopping.wait(backoff)
                backoff = min(backoff * 2, 2.0)
        self._reset()
        with self._lock:
            joining, self._joining = self._joining, []
        for follower in [f for fs in self.followers.values() for f in fs] + joining:
            self._end(follower)
        self.followers.clear()

    def _reset(self) -> None:
        """Drop the subscription: the next round subscribes again to every followed match, and each
        follower reads from its last id once its match's subscription is confirmed."""
        if self._channels is not None:
            self._channels.close()
        self._channels = None
        self._subscribed.clear()
        self._confirmed.clear()
        self._unheard = set(self.followers)

    def _round(self) -> None:
        if self._channels is None:
            self._channels = channels.Channels(self.store)
        self._take_changes()
        wanted = {m for m in self._unheard if m in self.followers and m not in self._subscribed}
        self._unheard = set()
        if wanted:
            self._channels.subscribe(sorted(wanted))
            self._subscribed |= wanted
        for kind, match_id in self._channels.wait(0 if self._dirty & self._confirmed else TICK):
            if kind == "subscribed":
                self._confirmed.add(match_id)
            self._dirty.add(match_id)
        self._deliver()
        self._check_time()

    def _take_changes(self) -> None:
        with self._lock:
            joining, self._joining = self._joining, []
            leaving, self._leaving = self._leaving, []
        for follower in joining:
            follower.sink.write(f"retry: {int(self.keepalive * 1000)}\n\n")
            self.followers.setdefault(follower.match_id, set()).add(follower)
            self._dirty.add(follower.match_id)
            if follower.match_id not in self._subscribed:
                self._unheard.add(follower.match_id)
        for follower in leaving:
            self._drop(follower)
        if not leaving and not self._emptied:
            return
        self._emptied = False
        empty = [m for m, fs in self.followers.items() if not fs]
        for match_id in empty:
            del self.followers[match_id]
        gone = [m for m in self._subscribed if m not in self.followers]
        if gone:
            self._channels.unsubscribe(gone)
            self._subscribed.difference_update(gone)
            self._confirmed.difference_update(gone)
            self._dirty.difference_update(gone)

    def _drop(self, follower: Follower) -> None:
        self._emptied = True
        followers = self.followers.get(follower.match_id)
        if followers is not None:
            followers.discard(follower)
        if not follower.gone:
            follower.gone = True
            follower.sink.close()
        follower.release()

    def _end(self, follower: Follower, version: int | None = None) -> None:
        """A ``caught-up`` message and the end of the stream."""
        self._emptied = True
        version = follower.after if version is None else version
        if not follower.gone:
            follower.sink.write(feed.caught_up(version))
        follower.gone = True
        follower.sink.close()
        follower.release()

    def _deliver(self) -> None:
        ready = self._dirty & self._confirmed
        if not ready:
            return
        wanted = {m: min(f.after for f in self.followers[m]) for m in ready if self.followers.get(m)}
        self._dirty -= ready
        found = channels.events_after(self.store, wanted, PAGE)
        now = time.monotonic()
        for match_id, (records, ended) in found.items():
            if len(records) == PAGE:
                self._dirty.add(match_id)            # more to read: the next round goes on
            for follower in list(self.followers[match_id]):
                if follower.gone:
                    continue
                try:
                    text = follower.tell(records)
                except Exception:  # noqa: BLE001 - one follower's trouble ends its stream, not the others'
                    log.exception("live: telling %s v%s to a follower failed", match_id, follower.after)
                    self.followers[match_id].discard(follower)
                    self._end(follower)
                    continue
                if text:
                    follower.quiet_since = now
                    if not follower.sink.write(text):
                        self._drop(follower)
                        continue
                if ended and len(records) < PAGE:
                    self.followers[match_id].discard(follower)
                    self._end(follower)

    def _check_time(self) -> None:
        """Once a second: a keep-alive comment for every follower quiet for nearly ``keepalive``
        (so never quiet longer), the end of streams past their life."""
        now = time.monotonic()
        if now < self._next_check:
            return
        self._next_check = now + 1.0
        quiet = now - max(self.keepalive - 1.0, self.keepalive / 2)
        for match_id, followers in self.followers.items():
            for follower in list(followers):
                if follower.gone:
                    continue
                if now >= follower.until:
                    followers.discard(follower)
                    self._end(follower)
                elif follower.quiet_since <= quiet:
                    follower.quiet_since = now
                    if not follower.sink.write(": keep-alive\n\n"):
                        self._drop(follower)
                    # a message lost meanwhile is found here too: read the match again
                    self._dirty.add(match_id)
