"""Opening a match: its meta, its game and its state at a version (snapshot + tail, folded)."""
import re
from dataclasses import dataclass

from engine.audit.rulesets import RulesVersionGone, pinned
from engine.core import match_outcome, seats_to_act
from service.application.errors import Conflict, NotFound
from service.application import visibility

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass
class Loaded:
    match_id: str
    game: object
    meta: dict
    version: int          # the version of ``state`` (the match's current version unless asked)
    current: int          # the match's current version
    state: dict

    @property
    def last_hash(self) -> str:
        return self.meta["last_hash"]

    @property
    def ended(self) -> bool:
        """The match has an outcome (so event hashes may be shown and the seed is revealed)."""
        return bool(self.meta.get("ended"))

    def outcome(self):
        """The game's outcome, or the platform's forfeit (engine.core.table)."""
        return match_outcome(self.game, self.state)

    def to_act(self) -> list[int]:
        return seats_to_act(self.game, self.state)


def open_meta(store, match_id: str) -> dict:
    meta = store.meta(match_id) if MATCH_ID.fullmatch(match_id) else None
    if meta is None or "version" not in meta:
        raise NotFound("match_not_found", f"no match {match_id!r}")
    return meta


def check_version(match_id: str, meta: dict, version: int) -> int:
    """``version`` if the match has it (versions run from 1 to the current one), else 404."""
    current = int(meta["version"])
    if not 1 <= version <= current:
        raise NotFound("version_not_found", f"match {match_id} has no version {version} (versions run "
                       f"from 1 to {current})")
    return version


def open_match(store, match_id: str, version: int | None = None, meta: dict | None = None) -> Loaded:
    """The match at ``version`` (default: now); 404 when the match or that version does not exist.
    ``meta`` is the match's meta when the caller has just read it."""
    meta = meta or open_meta(store, match_id)
    current = int(meta["version"])
    if version is not None:
        check_version(match_id, meta, version)
    game = match_game(meta)
    target = current if version is None else version
    return Loaded(match_id, game, meta, target, current, store.load(game, match_id, target))


def match_game(meta: dict):
    """The decider of the rules version the match is pinned to (engine.audit.rulesets)."""
    try:
        return pinned(meta["game"], meta.get("engine_version"), meta.get("cardset_version"))
    except RulesVersionGone as e:
        raise Conflict("rules_version_gone", str(e)) from None


redact = visibility.redact


def client_items(game, records, seat: int | None, with_hash: bool) -> list[dict]:
    """Stored events as a client sees them: redacted, dropped when hidden, hashed only after the end."""
    items = []
    for record in records:
        event = redact(game, record.event, seat)
        if event is not None:
            items.append(record.item(event, with_hash))
    return items
