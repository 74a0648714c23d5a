"""The live feed of one match as server-sent events, and the play-by-post digest.

Each SSE message is one event as the caller may see it, told as the narrated log tells it (``text``,
``move``: service/application/match/narrated.py), with ``id:`` its version, so a client that
reconnects with ``Last-Event-ID: v`` resumes after version v. The server closes the stream after
``SSE_MAX_SECONDS`` with a ``caught-up`` message (the client reconnects with its last id).

Under the Procfile's web process a follower is served by the process's live hub
(service/application/match/live.py: no thread, no Redis connection of its own). ``sse_lines`` is the
same feed for one follower in a request thread of its own — a blocking XREAD on the match's stream
(no polling), a comment line whenever a wait of ``keepalive_ms`` times out —, as ``kifu serve`` and
the in-process test client serve it, and for ``?follow=false``.
"""
import json
import time

from service.application.match import visibility
from service.application.match.loading import match_game
from service.application.match.narrated import Narrator
from service.application.storage.store import VERSION_MAX

PAGE = 200
DIGEST_LIMIT = 100


def message(version: int, shown: dict) -> str:
    """One event as an SSE message."""
    return f"id: {version}\nevent: match-event\ndata: {json.dumps(shown, ensure_ascii=False)}\n\n"


def caught_up(version: int) -> str:
    """The last message of a stream: everything up to ``version`` was sent (reconnect for more)."""
    return f"event: caught-up\ndata: {json.dumps({'version': version})}\n\n"


def sse_lines(store, match_id: str, after: int, caller, meta: dict, follow: bool,
              keepalive_ms: int, max_seconds: float):
    """Yield SSE messages for the events after version ``after``; with ``follow``, keep waiting for
    new ones until the match has ended and everything is sent, or ``max_seconds`` have passed."""
    game = match_game(meta)
    narrator = Narrator(store, match_id, game, meta, caller.seat, caller.sees_all(meta))
    deadline = time.monotonic() + max_seconds
    yield f"retry: {keepalive_ms}\n\n"
    while True:
        # whether it had ended before the read: then every event is in the stream (read after, an
        # append landing in between would be left out of a stream that says it caught up)
        ended = not follow or visibility.ended(store.meta(match_id) or {})
        page = store.read(match_id, after, count=PAGE)
        for record in page:
            shown = narrator.tell(record, visibility.item(game, record, caller, meta))
            after = record.version
            if shown is not None:
                yield message(record.version, shown)
        if len(page) == PAGE:
            continue
        if ended or time.monotonic() >= deadline:
            yield caught_up(after)
            return
        if not store.wait_for_events(match_id, after, PAGE, keepalive_ms):
            yield ": waiting\n\n"


def last_event_id(header: str | None, query_after: int | None) -> int:
    if header is not None and header.strip().isdigit() and int(header.strip()) <= VERSION_MAX:   # else ignored
        return int(header.strip())
    return query_after or 0


def digest(store, match_id: str, seat: int | None, meta: dict) -> dict | None:
    """For a seat: what happened since its last action (the events after the batch it last appended),
    at most DIGEST_LIMIT of them, oldest first; continue with /events?after=next_after."""
    if seat is None:
        return None
    after = int(meta.get(f"acted:{seat}", 0))
    current = int(meta["version"])
    game = match_game(meta)
    records = store.read(match_id, after, count=DIGEST_LIMIT) if after < current else []
    caller = visibility.Caller(seat=seat)
    narrator = Narrator(store, match_id, game, meta, seat, caller.sees_all(meta))
    events = [i for i in (narrator.tell(r, visibility.item(game, r, caller, meta)) for r in records) if i is not None]
    return {"after": after, "count": current - after, "events": events,
            "next_after": records[-1].version if records else after,
            "complete": not records or records[-1].version == current}
