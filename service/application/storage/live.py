"""The live channels (issue 35): after each append a message on the match's sharded pub/sub channel
``kifu:{m}:live`` (the append script's own SPUBLISH, storage/append.lua; the hash tag keeps it on
the match's slot of a Redis Cluster, so the append's node publishes it and only the nodes of
followed matches are subscribed to), and what a web
process's live hub reads: one subscription over the channels of the matches it has followers of,
and the new events of many matches in one round trip.

A message says only "match m has appended up to version v": the reader reads the events from the
stream (XRANGE after each follower's last id), so a message lost (the channel is at-most-once: a
Redis restart, a dropped connection) costs a delay, never an event, once the reader catches up.
"""
from service.application.storage import keys
from service.application.storage.records import StoredEvent, decode_all
from service.application.storage.replies import text


def _match_of(channel) -> str:
    name = text(channel)
    return name[name.index("{") + 1:name.rindex("}")]


class Channels:
    """One pub/sub connection over the channels of many matches (a Redis Cluster's client keeps one
    per node it needs). Not thread-safe: one reader thread uses it."""

    def __init__(self, store):
        self._pubsub = store.redis.pubsub()
        self._sharded = hasattr(self._pubsub, "get_sharded_message")       # redis-py's ClusterPubSub

    def subscribe(self, match_ids) -> None:
        channels = [keys.live(m) for m in match_ids]
        if channels:
            self._pubsub.ssubscribe(*channels)

    def unsubscribe(self, match_ids) -> None:
        channels = [keys.live(m) for m in match_ids]
        if channels:
            self._pubsub.sunsubscribe(*channels)

    def wait(self, timeout: float, most: int = 10_000) -> list[tuple[str, str]]:
        """``(kind, match id)`` of what arrived within ``timeout`` s, and everything behind it: kind
        ``subscribed`` (the subscription is in force: an append after it will be announced) or
        ``appended``."""
        got = []
        message = self._next(timeout)
        while message is not None and len(got) < most:
            kind = message.get("type")
            if kind in ("ssubscribe", b"ssubscribe"):
                got.append(("subscribed", _match_of(message["channel"])))
            elif kind in ("smessage", b"smessage"):
                got.append(("appended", _match_of(message["channel"])))
            message = self._next(0)
        return got

    def _next(self, timeout: float):
        if self._sharded:
            return self._pubsub.get_sharded_message(timeout=timeout)
        return self._pubsub.get_message(timeout=timeout)

    def close(self) -> None:
        try:
            self._pubsub.close()
        except Exception:  # noqa: BLE001 - closing a connection that is already gone
            pass


def events_after(store, wanted: dict, count: int) -> dict[str, tuple[list[StoredEvent], bool]]:
    """For each match id -> version of ``wanted``: its stored events after that version (at most
    ``count``) and whether it had ended before they were read, in one pipelined round trip. The meta
    is read first: a match that had ended then has all its events in the stream."""
    if not wanted:
        return {}
    pipe = store.redis.pipeline(transaction=False)
    for match_id, after in wanted.items():
        pipe.hget(keys.match(match_id, "meta"), "ended")
        pipe.xrange(keys.match(match_id, "events"), f"({after}-0", "+", count=count)
    replies = pipe.execute()
    found = {}
    for n, match_id in enumerate(wanted):
        ended, entries = replies[2 * n], replies[2 * n + 1]
        found[match_id] = (decode_all([(_bytes(i), _raw(f)) for i, f in entries]), bool(ended))
    return found


def _bytes(value) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8")


def _raw(fields: dict) -> dict:
    return fields if not fields or isinstance(next(iter(fields)), bytes) else \
        {_bytes(k): _bytes(v) for k, v in fields.items()}
