"""The event store: one Redis stream per match, appended only through one Lua script.

Keys of match ``m`` (all share the hash tag ``{m}``, so they live in one Cluster slot):
  kifu:{m}:events    stream, entry id ``<version>-0``, fields as in ``records.FIELDS``
  kifu:{m}:meta      hash: game, variant, version, last_hash, created_at, analysis, ended,
                     ``token:<sha256>`` -> seat
  kifu:{m}:secret    the match seed (hex); never served, revealed by the SeedRevealed event
  kifu:{m}:snap      sorted set of JSON ``{"version", "state"}`` snapshots, scored by version
  kifu:{m}:commands  hash ``<seat>:<command_id>`` -> the first answer to that command
  kifu:{m}:sync      a counter written (with KIFU_STORE_WAIT_REPLICAS) to confirm, by WAIT, that
                     an answer given again from the store is on the replicas
The append script names only these keys, so it runs on Redis Cluster; nothing global is written
with an append (a reader that follows a match reads its own stream).
"""
import json
import time
from dataclasses import dataclass
from pathlib import Path

from redis.exceptions import (AskError, ClusterDownError, ConnectionError as RedisConnectionError, MovedError,
                              ReadOnlyError, TimeoutError as RedisTimeoutError, TryAgainError)

from engine.core import Game, apply
from service.application.errors import Unavailable
from service.application.storage.keys import live as live_channel, match as key
from service.application.storage.records import StoredEvent, decode, decode_all, load_json
from service.application.storage.replies import text as _text, text_map, texts as _texts
from service.i18n import _

APPEND_LUA = (Path(__file__).with_name("append.lua")).read_text(encoding="utf-8")
VERSION_MAX = 2 ** 53 - 1     # above any version: stream ids stay below 2^64, and the number is JSON-safe
# What a node answers while the cluster moves a slot or promotes a replica: ask again elsewhere.
MOVING = (RedisConnectionError, RedisTimeoutError, MovedError, AskError, ClusterDownError, TryAgainError,
          ReadOnlyError)
DURABLE_ATTEMPTS = 8


def _bytes(value) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8")


def _seed(value) -> bytes | None:
    return None if value is None else bytes.fromhex(_text(value))


def _raw(fields: dict) -> dict:
    """A stream entry's fields as bytes (a client made with decode_responses gives text)."""
    return fields if not fields or isinstance(next(iter(fields)), bytes) else \
        {_bytes(k): _bytes(v) for k, v in fields.items()}


@dataclass(frozen=True)
class AppendResult:
    status: str            # "ok" | "duplicate" | "conflict"
    version: int | None    # the new version (ok) or the current one (conflict)
    answer: str | None = None   # the stored first answer (duplicate)


class ChainBroken(Exception):
    """The stored chain does not end where the caller's state says it does (tampering or a bug)."""


class EventStore:
    def __init__(self, redis, snapshot_every: int = 50, cache=None, jobs=None, strict: bool = False,
                 wait_replicas: int = 0, wait_ms: int = 1000, reactions: tuple = ()):
        self.redis = redis
        # > 0: each append is acknowledged only once that many replicas of its primary have it
        # (WAIT after the script, on the same connection); else 503 ``not_replicated``.
        self.wait_replicas, self.wait_ms = wait_replicas, wait_ms
        self.strict = strict        # a decider that crashes on an odd action raises (tests) instead of a 422
        self.jobs = jobs            # the Jobs port (service.application.ports) background work goes to
        self.reactions = reactions  # what follows every commit (service.application.match.reactions)
        self.snapshot_every = snapshot_every
        self.cache = cache          # a StateCache, or None to always load from Redis
        self._append = redis.register_script(APPEND_LUA)
        self.on_append = None       # called with (status, events) after each append: metrics (web, workers)

    def load_scripts(self) -> str:
        """Loads the append script into the server (every primary of a cluster), as a restarted Redis
        needs before its first append: its SHA1, which each append calls."""
        sha = self.redis.script_load(APPEND_LUA)
        return sha if isinstance(sha, str) else self._append.sha

    def append(self, match_id: str, expected: int, prev_hash: str, records: list[StoredEvent], *,
               command_key: str = "", answer: str = "", meta: dict | None = None,
               secret: str = "") -> AppendResult:
        """Append ``records`` if the match is at ``expected`` and ``command_key`` is new."""
        meta = meta or {}
        args = [match_id, expected, prev_hash, command_key, answer, len(records), len(meta), secret]
        for record in records:
            args.extend(record.fields())
        for field, value in meta.items():
            args.extend([field, value])
        keys = [key(match_id, "events"), key(match_id, "meta"), key(match_id, "commands"),
                key(match_id, "secret"), live_channel(match_id)]
        if self.wait_replicas > 0:
            status, value = self._append_replicated(match_id, keys, args, records[-1].hash)
        else:
            status, value = (_text(v) for v in self._append(keys=keys, args=args))
        if status == "conflict" and self._landed(match_id, expected, records):
            status, value = "ok", str(expected + len(records))   # a retried append that had landed
            self._confirm(match_id)
        if status == "duplicate":
            self._confirm(match_id)
        if self.on_append is not None:
            self.on_append(status, len(records))
        if status == "duplicate":
            return AppendResult(status, None, value)
        if status == "broken":
            raise ChainBroken(f"match {match_id} at version {expected}: {value} (expected {prev_hash})")
        return AppendResult(status, int(value))

    def _landed(self, match_id: str, expected: int, records: list[StoredEvent]) -> bool:
        """Whether ``records`` are what the match stands at after ``expected``: an append retried
        after its answer was lost (a failover mid-append; redis-py retries on a connection error)
        that the first attempt had stored. Same chain end, same command at the first event."""
        stored = self.redis.hmget(key(match_id, "meta"), ["version", "last_hash"])
        if [_text(v) if v is not None else None for v in stored] != [str(expected + len(records)),
                                                                    records[-1].hash]:
            return False
        first = self.read(match_id, expected, expected + 1)
        return bool(first) and first[0] == records[0]

    def _node(self, match_id: str):
        """The client of the server holding the match's keys: a cluster's primary for its slot, or
        the one server."""
        if not hasattr(self.redis, "get_node_from_key"):
            return self.redis
        return self.redis.get_redis_connection(self.redis.get_node_from_key(key(match_id, "events")))

    def _append_replicated(self, match_id: str, keys: list, args: list, last_hash: str) -> tuple[str, str]:
        """The append script then ``WAIT wait_replicas wait_ms`` in one pipeline (one connection: WAIT
        counts the replicas that have this connection's writes). While a failover is under way
        (connection refused, MOVED, CLUSTERDOWN, a demoted primary's READONLY) the topology is
        re-read and the append retried; the script's version and command checks make a retry of
        an append that had landed come back as ``duplicate`` or an ``ok`` found by ``_landed``."""
        for attempt in range(DURABLE_ATTEMPTS):
            try:
                pipe = self._node(match_id).pipeline(transaction=False)
                self._append(keys=keys, args=args, client=pipe)
                pipe.wait(self.wait_replicas, self.wait_ms)
                reply, acknowledged = pipe.execute()
            except MOVING as e:
                if attempt == DURABLE_ATTEMPTS - 1:
                    raise Unavailable("store_unavailable", _("the store did not take the append (%(e)s); send the "
                                                             "same command_id again",
                                                             e=e)) from e
                time.sleep(min(0.1 * 2 ** attempt, 2.0))
                if hasattr(self.redis, "nodes_manager"):
                    try:
                        self.redis.nodes_manager.initialize()
                    except Exception:  # noqa: BLE001 - every node may be mid-failover; the next attempt re-reads
                        pass
                continue
            status, value = (_text(v) for v in reply)
            if status == "ok" and acknowledged < self.wait_replicas:
                raise Unavailable("not_replicated",
                                  _("the append reached %(acknowledged)s of %(wait_replicas)s replicas within "
                                    "%(wait_ms)s ms, so it may not survive a failover; send the same command_id again "
                                    "to learn whether it stands",
                                    acknowledged=acknowledged, wait_replicas=self.wait_replicas, wait_ms=self.wait_ms))
            return status, value
        raise AssertionError("unreachable")

    def meta(self, match_id: str) -> dict | None:
        """The whole meta hash (None: no match). The play routes read it field by field instead
        (``meta_fields``; service.application.match.loading.Meta)."""
        raw = self.redis.hgetall(key(match_id, "meta"))
        return text_map(raw) or None

    def meta_fields(self, match_id: str, fields: list) -> list:
        """The values of ``fields`` in the meta hash (None where it has none), one HMGET."""
        return _texts(self.redis.hmget(key(match_id, "meta"), fields))

    def metas(self, match_ids: list) -> list[dict]:
        """The whole meta hash of each match (``{}``: none), one pipelined round trip of HGETALLs."""
        if not match_ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for match_id in match_ids:
            pipe.hgetall(key(match_id, "meta"))
        return [text_map(raw) for raw in pipe.execute()]

    def metas_fields(self, match_ids: list, fields: list) -> list[list]:
        """``meta_fields`` of each match, one pipelined round trip of single-key HMGETs."""
        if not match_ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for match_id in match_ids:
            pipe.hmget(key(match_id, "meta"), fields)
        return [_texts(values) for values in pipe.execute()]

    def answer_and_secret(self, match_id: str, command_key: str) -> tuple[str | None, bytes | None]:
        """``stored_answer`` and ``secret`` in one round trip (an action needs both)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(key(match_id, "commands"), command_key)
        pipe.get(key(match_id, "secret"))
        answer, seed = pipe.execute()
        return self.confirmed(match_id, answer), _seed(seed)

    def action_reads(self, match_id: str, fields: list, command_keys: list) -> tuple[list, list, bytes | None]:
        """``meta_fields``, the stored answers of ``command_keys`` (None: none) and the secret in one
        round trip: an action reads all three before it is decided, knowing its seat only from the
        meta (so the answers of its command id for several seats are read). The answers are not
        confirmed yet (``confirmed``, once the seat is known)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(key(match_id, "meta"), fields)
        pipe.hmget(key(match_id, "commands"), command_keys)
        pipe.get(key(match_id, "secret"))
        values, answers, seed = pipe.execute()
        return _texts(values), _texts(answers), _seed(seed)

    def confirmed(self, match_id: str, answer) -> str | None:
        """A stored answer, once it is on the replicas (``_confirm``); None stays None."""
        if answer is None:
            return None
        self._confirm(match_id)
        return _text(answer)

    def stored_answer(self, match_id: str, command_key: str) -> str | None:
        return self.confirmed(match_id, self.redis.hget(key(match_id, "commands"), command_key))

    def confirm_replicated(self, match_id: str) -> None:
        """503 ``not_replicated`` unless what the match's primary holds is on ``wait_replicas``
        replicas (nothing to ask without them): a new match refused as not replicated, asked for
        again."""
        self._confirm(match_id)

    def _confirm(self, match_id: str) -> None:
        """With ``wait_replicas``: make sure what the match's primary holds is on that many replicas
        before an answer read from it is given again (the first attempt may have been refused as
        not replicated). WAIT only counts this connection's writes, and a replica has everything
        before the last write it acknowledges, so: one write in the match's slot, then WAIT."""
        if self.wait_replicas <= 0:
            return
        try:
            pipe = self._node(match_id).pipeline(transaction=False)
            pipe.incr(key(match_id, "sync"))
            pipe.wait(self.wait_replicas, self.wait_ms)
            acknowledged = pipe.execute()[-1]
        except MOVING as e:
            raise Unavailable("store_unavailable", _("the store is unavailable (%(e)s); try again", e=e)) from e
        if acknowledged < self.wait_replicas:
            raise Unavailable("not_replicated", _("the match's events reached %(acknowledged)s of %(wait_replicas)s "
                                                  "replicas within %(wait_ms)s ms; try again",
                                                  acknowledged=acknowledged, wait_replicas=self.wait_replicas,
                                                  wait_ms=self.wait_ms))

    def secret(self, match_id: str) -> bytes:
        return bytes.fromhex(_text(self.redis.get(key(match_id, "secret"))))

    def read(self, match_id: str, after: int = 0, until: int | None = None,
             count: int | None = None) -> list[StoredEvent]:
        """Stored events with ``after < version <= until``, oldest first."""
        end = "+" if until is None else f"{until}-0"
        if until is not None and until <= after:
            return []
        entries = self.redis.xrange(key(match_id, "events"), f"({after}-0", end, count=count)
        return decode_all([(_bytes(i), _raw(f)) for i, f in entries])

    def wait_for_events(self, match_id: str, after: int, count: int, block_ms: int) -> bool:
        """Block up to ``block_ms`` until the match has an event after version ``after`` (a blocking
        XREAD on its stream: the live feed's wait, no polling); whether one came."""
        return bool(self.redis.xread({key(match_id, "events"): f"{after}-0"}, count=count, block=block_ms))

    def ping(self) -> bool:
        """Whether the store's server answers."""
        return bool(self.redis.ping())

    def last_at(self, match_id: str) -> str | None:
        """When the match's newest event was appended."""
        top = self.redis.xrevrange(key(match_id, "events"), count=1)
        if not top:
            return None
        return text_map(top[0][1]).get("at")

    def read_back(self, match_id: str, version: int, count: int = 64) -> list[StoredEvent]:
        """Up to ``count`` stored events at ``version`` and before, newest first."""
        entries = self.redis.xrevrange(key(match_id, "events"), f"{version}-0", "-", count=count)
        return [decode(_bytes(i), _raw(f)) for i, f in entries]

    def batch_start(self, match_id: str, version: int) -> StoredEvent | None:
        """The first event of the batch holding ``version`` (the one carrying the command), or None
        for events stored before commands were recorded."""
        while version >= 1:
            back = self.read_back(match_id, version)
            for record in back:
                if record.command is not None or record.event.type == "MatchCreated":
                    return record
            version = back[-1].version - 1 if back else 0
        return None

    def save_snapshot(self, match_id: str, state: dict) -> None:
        # compact (no spaces): load_json reads it back with orjson, checked byte for byte
        body = json.dumps({"version": state["version"], "state": state}, ensure_ascii=False, separators=(",", ":"))
        self.redis.zadd(key(match_id, "snap"), {body: state["version"]})

    def snapshot_due(self, version: int) -> bool:
        return version % self.snapshot_every == 0

    def snapshots(self, match_id: str, until: int | None = None, newest_only: bool = False,
                  above: int | None = None) -> list:
        """Snapshots ``{"version", "state"}`` with ``above < version <= until``, oldest first."""
        top = "+inf" if until is None else until
        bottom = "-inf" if above is None else f"({above}"
        if newest_only:
            raw = self.redis.zrevrangebyscore(key(match_id, "snap"), top, bottom, start=0, num=1)
        else:
            raw = self.redis.zrangebyscore(key(match_id, "snap"), bottom, top)
        return [load_json(r) for r in raw]

    def load(self, game: Game, match_id: str, version: int, shared: bool = False) -> dict:
        """The full state at ``version``: the newest of the cached state and the snapshots at or
        below it, then the events after that folded. ``shared``: for reading only, so the cached
        state itself may be given, and a state folded here is kept without a copy (state_cache)."""
        if shared and self.cache is not None:
            state = self.cache.shared(match_id, version)
            if state is not None:
                return state
        state = self.cache.base(match_id, version) if self.cache else None
        if state is None or state["version"] < version:
            newer = self.snapshots(match_id, version, newest_only=True,
                                   above=state["version"] if state else None)
            if newer:
                state = newer[0]["state"]
            for record in self.read(match_id, state["version"] if state else 0, version):
                state = apply(game, state, record.event)
            self.remember(match_id, state, handed_over=shared)   # (one just taken from the cache is there)
        return state

    def remember(self, match_id: str, state: dict, handed_over: bool = False) -> None:
        """Keep ``state`` in the state cache (``handed_over``: nothing changes it any more, so no copy)."""
        if self.cache is not None:
            self.cache.remember(match_id, state, handed_over)
