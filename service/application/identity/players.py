"""Players (issue 17): an optional identity that spans matches and devices. Matches without players
work exactly as before; a player is a name, keys (one per device: service.application.identity.player_keys),
the seats bound to it and the list of its matches.

- ``register``: a new player and its first key, shown once.
- A seat is bound to a player when it is created (``"player": true`` on a seat of ``POST /matches``,
  with the player's key), claimed (``POST .../claim {"player": true}``) or adopted with its seat
  token (``POST /players/me/seats``): the match meta's ``player:<seat>`` = the player id. The seat
  keeps its seat token, and the player's keys open it too, on any device. One seat per player in a
  match (a player does not play itself).
- A second device signs in with a one-time code (``sign_in_code``: kept by its sha256 with the key
  that made it, ``SIGN_IN_SECONDS`` to live, taken so that it works once), the page's link being
  ``#/sign-in/<code>``; it gets a key of its own, made by that key (so revoking that key revokes it
  too, and refuses the codes it made: player_keys). Rate-limited (``SignInLimits``,
  service.application.identity.rate_limits): sign-ins per client address, and codes made per player.
  A wrong code names no player, so wrong codes are counted by address only; each code signs in
  once, so the limit on codes is the limit on the devices a player adds in a window.
- The player's list of matches, by creation time. Written the cluster-safe way, like the listing's
  indexes: one ZADD per bound player before the append that creates the match (``index``, from
  ``commands.store_new_match``; an entry whose match is not there is skipped), and at once by a claim
  or adoption (no append).

What is stored where: service.application.storage.players.
"""
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta

from service.application.match.reactions import Reaction
from service.application import clock
from service.application.identity import player_keys, preferences, rate_limits
from service.application.notify import notices
from service.application.identity.auth import token_hash
from service.application.match.listing import score_of
from service.application.errors import Conflict, Forbidden, Invalid, NotFound, Unauthenticated
from service.application.match.loading import MATCH_ID, open_match
from service.application.match.my_matches import summary
from service.application.table.seats import seat_names
from service.application.storage import players as player_records
from service.i18n import _
from engine.core.i18n import supported

SIGN_IN_SECONDS = 600
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"      # no 0/O, 1/I: read off one screen, typed on another
CODE_LENGTH = 12                                        # 60 bits, alive 10 minutes, good once
RUNNING_MAX = 500                                       # running matches listed at most (all of them, in practice)


@dataclass(frozen=True)
class SignInLimits:
    """``KIFU_SIGN_IN_*`` (service.application.settings); 0: no limit."""
    per_address: int               # sign-ins (right or wrong codes) from one client address in a window
    codes_per_player: int          # sign-in codes one player makes in a window
    window: int                    # seconds

    @classmethod
    def from_settings(cls, values: dict) -> "SignInLimits":
        return cls(values["SIGN_IN_PER_ADDRESS"], values["SIGN_IN_CODES_PER_PLAYER"], values["SIGN_IN_WINDOW_SECONDS"])


def register(store, name: str, label: str) -> dict:
    player_id, now = secrets.token_urlsafe(9), clock.iso(clock.now())
    player_records.create(store, player_id, name, now)
    issued = player_keys.issue(store, player_id, label, now)
    return {"player_id": player_id, "name": name, **issued}


def describe(store, player_id: str, key_id: str) -> dict:
    """The player as its own key sees it: name, language (its preference, None: not chosen), keys
    (``key_id``: the one asking; which of them it may revoke)."""
    name, created, lang = player_records.fields(store, player_id, ["name", "created_at", "language"])
    return {"player_id": player_id, "name": name or "", "created_at": created, "key_id": key_id,
            "language": supported(lang), "keys": player_keys.keys(store, player_id, key_id)}


def update(store, player_id: str, key_id: str, changes: dict) -> dict:
    """The player's own settings changed (``language``: preferences.set_language); the player as
    ``describe`` shows it."""
    if "language" in changes:
        preferences.set_language(store, player_id, changes["language"])
    return describe(store, player_id, key_id)


def sign_in_code(store, player_id: str, key_id: str, limits: SignInLimits) -> dict:
    """A one-time code, made by key ``key_id``, that signs another device in as this player, for
    ``SIGN_IN_SECONDS``; 429 past the player's codes in a window."""
    rate_limits.take(store, f"signin-codes:{player_id}", limits.codes_per_player, limits.window,
                     "too_many_sign_in_codes", "sign-in codes made by one player")
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    player_records.add_sign_in_code(store, token_hash(code), player_id, key_id, SIGN_IN_SECONDS)
    shown = "-".join(code[i:i + 4] for i in range(0, CODE_LENGTH, 4))
    return {"code": shown, "expires_at": clock.iso(clock.now() + timedelta(seconds=SIGN_IN_SECONDS))}


def normal_code(code: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return "".join(c for c in code.upper() if c.isalnum())


def sign_in(store, code: str, label: str, address: str, limits: SignInLimits) -> dict:
    """A new key for this device, against a code ``sign_in_code`` gave (each code works once, and
    only while the key that made it stands); 429 past the sign-ins from ``address`` in a window,
    before the code is looked at (so a refused attempt does not use it up)."""
    rate_limits.take(store, f"signin:{address}", limits.per_address, limits.window, "too_many_sign_ins",
                     "sign-ins from one address")
    found = player_records.take_sign_in_code(store, token_hash(normal_code(code)))
    if found is None:
        raise Unauthenticated("bad_sign_in_code", _("that sign-in code is not known, was used already or has expired "
                                                    "(a code lives %(sign_in_seconds)s minutes): make a new one on a "
                                                    "signed-in device",
                                                    sign_in_seconds=SIGN_IN_SECONDS // 60))
    player_id, made_by = found
    issued = player_keys.issue(store, player_id, label, clock.iso(clock.now()), made_by)
    if issued is None:
        raise Unauthenticated("bad_sign_in_code", _("the key that made this sign-in code has been revoked, and its "
                                                    "codes with it: make a new one on a signed-in device"))
    return {"player_id": player_id, "name": player_records.name(store, player_id), **issued}


def binding(store, seats: list[dict], player_id: str | None) -> dict:
    """The meta fields binding the seats of a new match marked ``"player": true`` to ``player_id``."""
    marked = [s for s, spec in enumerate(seats) if spec.get("player")]
    if not marked:
        return {}
    if player_id is None:
        raise Unauthenticated("unauthorized", _("seats.%(marked)s.player: binding a seat needs the player's key: "
                                                "Authorization: Bearer <player key>",
                                                marked=marked[0]))
    if len(marked) > 1:
        raise Invalid("invalid_request", _("seats.%(marked)s.player: a player holds one seat of a match",
                                           marked=marked[1]))
    spec = seats[marked[0]]
    if spec.get("bot") or (spec.get("join") or "token") != "token":
        raise Invalid("invalid_request", _('seats.%(marked)s.player: only a seat played here (join "token") is bound '
                                           'to the player creating the match', marked=marked[0]))
    return seat_binding(store, marked[0], player_id)


def seat_binding(store, seat: int, player_id: str) -> dict:
    """The meta fields of ``seat`` bound to the player: its id, and its account name, by which players
    then read the seat (``player_name:<seat>``, table.seats.display_name)."""
    return {f"player:{seat}": player_id, f"player_name:{seat}": player_records.name(store, player_id)}


def check_unseated(meta: dict, match_id: str, player_id: str) -> None:
    seat = player_keys.bound_seats(meta).get(player_id)
    if seat is not None:
        raise Conflict("player_already_seated", _("this player holds seat %(seat)s of match %(match_id)s; a player "
                                                  "holds one seat of a match",
                                                  seat=seat, match_id=match_id))


def bind(store, match_id: str, seat: int, player_id: str, meta: dict) -> None:
    """Bind a seat the caller holds (just claimed, or adopted) to the player: meta, index, and the
    reminder of a deadline already running for it."""
    check_unseated(meta, match_id, player_id)
    if not player_records.bind_seat(store, match_id, seat, player_id, player_records.name(store, player_id)):
        raise Conflict("seat_bound", _("seat %(seat)s is bound to another player", seat=seat))
    index(store, match_id, {**meta, f"player:{seat}": player_id})
    notices.catch_up(store, match_id, {seat})


def adopt(store, player_id: str, match_id: str, token: str) -> dict:
    """Bind the seat a seat token holds (a match played before signing up) to the player."""
    meta = store.meta(match_id) if MATCH_ID.fullmatch(match_id) else None
    if meta is None or "version" not in meta:
        raise NotFound("match_not_found", _("no match %(match_id)s", match_id=repr(match_id)))
    seat = meta.get(f"token:{token_hash(token)}")
    if seat is None:
        raise Forbidden("bad_token", _("token: this token holds no seat in this match"))
    bind(store, match_id, int(seat), player_id, meta)
    return {"match_id": match_id, "seat": int(seat)}


def subscribed(store, player_id: str) -> None:
    """The player has a new subscription: the reminders of the deadlines running in its matches."""
    ids = player_records.match_ids(store, player_id, RUNNING_MAX)
    for match_id, (ended, waiting) in zip(ids, store.metas_fields(ids, ["ended", "waiting"])):
        if not ended and waiting:
            notices.catch_up(store, match_id, player_id=player_id)


def index(store, match_id: str, meta: dict) -> None:
    """The match in the list of each player bound to one of its seats (single-key ZADDs)."""
    bound = player_keys.bound_seats(meta)
    if bound and "created_at" in meta:
        player_records.add_match(store, bound, match_id, score_of(meta["created_at"]))


class PlayersMatches(Reaction):
    """A new match in the list of each player bound to one of its seats, before its opening append."""

    name = "players' matches"

    def before(self, store, commit):
        if commit.created:
            index(store, commit.match_id, commit.meta)


def matches(store, player_id: str, finished: int = 50) -> dict:
    """The player's matches on any device: waiting for the player first, then the other running
    ones, then the newest ``finished`` finished ones; each group by latest activity."""
    ids = player_records.match_ids(store, player_id)
    running, ended = [], []
    for match_id, meta in zip(ids, store.metas(ids)):
        seat = player_keys.bound_seats(meta).get(player_id)
        if "version" not in meta or seat is None:
            continue                                  # gone, or not this player's seat any longer
        if meta.get("ended") or meta.get("continued_in"):
            if len(ended) < finished:
                ended.append(_ended(store, match_id, meta, seat))
        elif len(running) < RUNNING_MAX:
            running.append({**summary(store, open_match(store, match_id, meta=meta), seat), "status": "running"})
    running.sort(key=lambda x: x["updated_at"], reverse=True)
    running.sort(key=lambda x: not x["your_move"])
    ended.sort(key=lambda x: x["updated_at"], reverse=True)
    return {"player_id": player_id, "matches": running + ended}


def _ended(store, match_id: str, meta: dict, seat: int) -> dict:
    """A finished match's summary from its meta alone (no state is loaded)."""
    outcome = json.loads(meta["outcome"]) if meta.get("outcome") else None
    return {"match_id": match_id, "game": meta["game"], "variant": meta["variant"], "seat": seat,
            "seats": seat_names(meta), "version": int(meta["version"]), "to_act": [], "your_move": False,
            "outcome": outcome, "updated_at": store.last_at(match_id) or "", "due": None,
            "status": "continued" if meta.get("continued_in") else "ended"}
