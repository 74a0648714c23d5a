"""Opening a match: its meta, its game and its state at a version (snapshot + tail, folded)."""
import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.audit.rulesets import RulesVersionGone, pinned
from engine.core import Game, match_outcome, seats_to_act
from service.application.identity.auth import token_hash
from service.application.errors import Conflict, NotFound
from service.application.match import visibility
from service.i18n import _

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass
class Loaded:
    match_id: str
    game: Game
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


# What the play routes read of every match (one HMGET), beside the caller's token fields and the
# per-seat fields of the first SEATS_AHEAD seats; the hash itself grows with every token, claim and
# dispute, and is read whole only by what iterates over it.
FIXED = ("game", "variant", "version", "last_hash", "created_at", "analysis", "audit_live", "private",
         "engine_version", "cardset_version", "ended", "outcome", "waiting", "continues", "continued_in", "rated")
PER_SEAT = ("name", "bot", "player_name", "acted", "open", "invite", "claimed", "player", "notify")
CREDENTIALS = ("token", "auditor", "organiser")
SEATS_AHEAD = 4


class Meta(Mapping):
    """A match's meta hash, read as it is asked for: the fields of FIXED, the per-seat fields of the
    first SEATS_AHEAD seats and the caller's credential fields in one HMGET; a per-seat field of a
    later seat, or another credential, brings its batch in one more HMGET; any other field one
    HGET; iterating (``items()``, ``{**meta}``) reads the whole hash once."""

    def __init__(self, store, match_id: str, token: str | None = None, command_id: str | None = None):
        self._store, self._id = store, match_id
        self._known: dict = {}           # field -> value, or None for a field the hash does not have
        self._whole: dict | None = None
        self._answers: dict = {}         # "<seat>:<command_id>" -> stored answer or None, read with the meta
        self._seed = None
        first = [*FIRST, *_credentials(token)]
        if command_id is None:
            self._read(first)
        else:
            command_keys = [f"{s}:{command_id}" for s in range(SEATS_AHEAD)]
            values, answers, self._seed = store.action_reads(match_id, first, command_keys)
            self._known.update(zip(first, values))
            self._answers = dict(zip(command_keys, answers))

    def answer_and_secret(self, command_key: str) -> tuple[str | None, bytes | None]:
        """The store's ``answer_and_secret`` of this match: from the first read when it brought
        them (an action's command id given to ``open_meta``), else read now."""
        if command_key not in self._answers:
            return self._store.answer_and_secret(self._id, command_key)
        return self._store.confirmed(self._id, self._answers[command_key]), self._seed

    def _read(self, fields) -> None:
        fields = [f for f in fields if f not in self._known]
        if fields:
            self._known.update(zip(fields, self._store.meta_fields(self._id, fields)))

    def _miss(self, field: str) -> None:
        kind, _, rest = field.partition(":")
        if kind in PER_SEAT and rest.isdigit():
            self._read(_per_seat(int(rest)))
        elif kind in CREDENTIALS and rest:
            self._read(f"{k}:{rest}" for k in CREDENTIALS)
        else:
            self._read([field])

    def __getitem__(self, field: str) -> str:
        if self._whole is not None:
            return self._whole[field]
        if field not in self._known:
            self._miss(field)
        value = self._known[field]
        if value is None:
            raise KeyError(field)
        return value

    def _all(self) -> dict:
        if self._whole is None:
            self._whole = self._store.meta(self._id) or {}
        return self._whole

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:             # ``meta or ...`` without reading the whole hash
        return "version" in self or bool(self._all())


def _per_seat(first: int) -> list:
    return [f"{kind}:{s}" for s in range(first, first + SEATS_AHEAD) for kind in PER_SEAT]


FIRST = (*FIXED, *_per_seat(0))      # what the first read asks for, beside the caller's credentials


def _credentials(token: str | None) -> list:
    if not token:
        return []
    digest = token_hash(token)
    return [f"{kind}:{digest}" for kind in CREDENTIALS]


def open_meta(store, match_id: str, token: str | None = None, command_id: str | None = None) -> Mapping:
    """The match's meta (a ``Meta``, read as asked for; ``token``: the caller's, whose fields come in
    the first read; ``command_id``: an action's, whose stored answers and the match's secret come
    in it too); 404 for an unknown match."""
    meta = Meta(store, match_id, token, command_id) if MATCH_ID.fullmatch(match_id) else None
    if meta is None or "version" not in meta:
        raise NotFound("match_not_found", _("no match %(match_id)s", match_id=repr(match_id)))
    return meta


def check_version(match_id: str, meta: dict, version: int) -> int:
    """``version`` if the match has it (versions run from 1 to the current one), else 404."""
    current = int(meta["version"])
    if not 1 <= version <= current:
        raise NotFound("version_not_found", _("match %(match_id)s has no version %(version)s (versions run from 1 to "
                                              "%(current)s)",
                                              match_id=match_id, version=version, current=current))
    return version


def open_match(store, match_id: str, version: int | None = None, meta: dict | None = None,
               shared: bool = False) -> Loaded:
    """The match at ``version`` (default: now); 404 when the match or that version does not exist.
    ``meta`` is the match's meta when the caller has just read it; ``shared``: the caller only
    reads the state (``EventStore.load``)."""
    meta = meta or open_meta(store, match_id)
    current = int(meta["version"])
    if version is not None:
        check_version(match_id, meta, version)
    game = match_game(meta)
    target = current if version is None else version
    return Loaded(match_id, game, meta, target, current, store.load(game, match_id, target, shared))


def match_game(meta: dict) -> Game:
    """The decider of the rules version the match is pinned to (engine.audit.rulesets)."""
    try:
        return pinned(meta["game"], meta.get("engine_version"), meta.get("cardset_version"))
    except RulesVersionGone as e:
        raise Conflict("rules_version_gone", str(e)) from None


redact = visibility.redact


def client_items(game: Game, records, seat: int | None, with_hash: bool) -> list[dict]:
    """Stored events as a client sees them: redacted, dropped when hidden, hashed only after the end."""
    items = []
    for record in records:
        event = redact(game, record.event, seat)
        if event is not None:
            items.append(record.item(event, with_hash))
    return items
