"""Finding matches: secondary indexes of the public matches, and the listing ``GET /matches`` and the
dataset export page through.

The indexes (service.application.storage.listing) hold match ids scored by creation time: every
listed match, and the matches of each status (a match moves to ``ended`` when its end is appended),
game, variant and seat name.

Only public matches are indexed: *analysis* matches (created with ``setup``, and forks) and
*private* ones (created with ``"private": true``; a dispute's continuation inherits it) are never
listed, whoever asks (a private match stays readable by anyone who knows its id, as before).

Redis Cluster: every key is written by its own single-key command (ZADD / ZREM), never inside
append.lua, and nothing here lists keys (no KEYS / SCAN). The entries are added (``index``,
idempotent) *before* the append that makes them true — the match's creation, and the append that
ends it — so a crash in between leaves an entry too many, never one too few: every reader reads
each entry's meta and skips an entry whose match is not (yet) there or not in that status
(``matches_filter``). An action that changes nothing listed writes no index. The one write after
an append is the ended match's removal from ``status:running`` (``left_running``); if it is
lost, the listing skips the entry and moves it when it meets it.

Order: oldest first (creation time, then id), so a cursor walk also meets matches created after
it started. The cursor is opaque: the score and id of the last match looked at.
"""
import base64
import binascii
import json
from datetime import datetime, timezone

from engine.core import match_outcome
from service.application.errors import Invalid
from service.application.match.reactions import Reaction
from service.application.match.loading import match_game
from service.application.storage import listing as indexes
from service.i18n import _

MAX_SEATS = 16
SCAN_LIMIT = 2000          # index entries one listing page looks at before it answers
FIELDS = ["game", "variant", "version", "created_at", "ended", "outcome", "analysis", "private",
          "continued_in"] + [f"name:{s}" for s in range(MAX_SEATS)]


def listed(meta: dict) -> bool:
    return meta.get("analysis") != "1" and meta.get("private") != "1"


def status_of(meta: dict) -> str:
    return "ended" if meta.get("ended") else "running"


def names(meta: dict) -> list[str]:
    out = []
    for s in range(MAX_SEATS):
        name = meta.get(f"name:{s}")
        if name is None:
            break
        out.append(name)
    return out


def score_of(created_at: str) -> int:
    return int(parse_time(created_at).timestamp() * 1000)


def parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def index(store, match_id: str, meta: dict) -> None:
    """Add a listed match to its indexes, its status's included (one round trip)."""
    if not listed(meta) or "created_at" not in meta:
        return
    indexes.add(store, match_id, score_of(meta["created_at"]), meta["game"], meta["variant"], status_of(meta),
                names(meta))


def unlist(store, match_id: str, meta: dict) -> None:
    """Take a match out of the indexes ``index`` put it in: a new match whose creation was refused
    after its append (``creating``: no replica confirmed it), so that nothing lists as running a
    match whose tokens nobody got."""
    if not listed(meta) or "created_at" not in meta:
        return
    indexes.remove(store, match_id, meta["game"], meta["variant"], status_of(meta), names(meta))


class ListedMatches(Reaction):
    """The listing follows every commit: a new match indexed before its opening append, an ending one
    under its new status before the append that ends it (an entry too many is skipped by readers,
    never one too few), and out of the running index after it."""

    name = "listing"

    def before(self, store, commit):
        if commit.created or commit.ended:
            index(store, commit.match_id, commit.meta)

    def after(self, store, commit, prepared) -> None:
        if commit.ended and not commit.created:
            indexes.left_running(store, commit.match_id)     # an ended match out of the running index


def encode_cursor(score: int, match_id: str) -> str:
    return base64.urlsafe_b64encode(f"{int(score)}:{match_id}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[int, str]:
    try:
        score, _sep, match_id = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().partition(":")
        if not match_id:
            raise ValueError
        return int(score), match_id
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise Invalid("invalid_request", _("cursor: not a cursor this service gave out")) from None


def walk(store, index: str, since: int | None = None, cursor: str | None = None, batch: int = 200):
    """Yield ``(score, match_id, meta)`` for every entry of ``index`` after ``cursor`` (and created at
    or after ``since``, ms), oldest first, with the ``FIELDS`` of each match's meta (None: gone)."""
    after = decode_cursor(cursor) if cursor is not None else None
    yield from indexes.walk(store, index, FIELDS, since, after, batch)


def matches_filter(meta: dict | None, game=None, variant=None, status=None, player=None) -> bool:
    return (meta is not None and listed(meta)
            and (game is None or meta.get("game") == game)
            and (variant is None or meta.get("variant") == variant)
            and (status is None or status_of(meta) == status)
            and (player is None or player in names(meta)))


def public_facts(store, match_id: str, meta: dict) -> dict:
    """What anyone may know of a listed match (nothing hidden: no view, no tokens)."""
    ended = status_of(meta) == "ended"
    outcome = None
    if ended:
        outcome = json.loads(meta["outcome"]) if meta.get("outcome") else _outcome(store, match_id, meta)
    return {"match_id": match_id, "game": meta["game"], "variant": meta["variant"], "seats": names(meta),
            "created_at": meta.get("created_at"), "version": int(meta["version"]),
            "status": status_of(meta), "outcome": outcome}


def _outcome(store, match_id: str, meta: dict):
    """The outcome of a match that ended before it was kept in the meta: folded from the store."""
    game = match_game(meta)
    return match_outcome(game, store.load(game, match_id, int(meta["version"])))


def list_matches(store, game=None, variant=None, status=None, player=None, since=None, cursor=None,
                 limit: int = 50) -> dict:
    """A page of listed matches, oldest first; ``next_cursor`` continues it (None: nothing after).
    A page may hold fewer than ``limit`` matches (at most ``SCAN_LIMIT`` index entries are looked
    at per page): follow ``next_cursor`` until it is None."""
    key = indexes.driving_index(game, variant, status, player)
    since_ms = None if since is None else since_score(since)
    found, scanned, last = [], 0, None
    exhausted = True
    for score, match_id, meta in walk(store, key, since_ms, cursor, batch=min(200, max(limit, 20))):
        if len(found) >= limit or scanned >= SCAN_LIMIT:
            exhausted = False
            break
        scanned += 1
        last = (score, match_id)
        if meta is not None and key == indexes.status_index("running") and status_of(meta) == "ended":
            index(store, match_id, meta)             # read-repair: the removal after its end was lost
            indexes.left_running(store, match_id)
        if matches_filter(meta, game, variant, status, player):
            found.append(public_facts(store, match_id, meta))
    next_cursor = None if exhausted or last is None else encode_cursor(*last)
    return {"matches": found, "next_cursor": next_cursor}


def since_score(since: str) -> int:
    try:
        return score_of(since)
    except ValueError:
        raise Invalid("invalid_request", _("since: an ISO 8601 date or time, e.g. 2030-01-01T00:00:00Z")) from None
