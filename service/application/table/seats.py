"""How a seat gets its bearer token: at creation, by an invite code, or as an open seat.

Each seat of ``POST /matches`` says how it ``join``s:
  token   the token is in the creation answer (the default; the creator hands it on);
  invite  the answer holds a one-time invite code instead; whoever claims the seat with it gets
          the token, once;
  open    the seat is listed in ``GET /open-seats`` and the first to claim it gets the token.

A seat a bot plays (``"bot"``) has no join and no token.

A seat whose invite link was lost gets a new code from ``reissue_invite`` (the old one stops
working), asked with the organiser token (``POST /matches`` answers it once, kept as
``organiser:<sha256>``), or by whoever holds the seat's current code (rotating it). No seat token
may (any seat could otherwise take another seat, and read its hand), nor the auditor's (in a
live-refereed match the auditor is a third party).

The match meta keeps only hashes: ``invite:<seat>`` (sha256 of the code), ``open:<seat>``,
``name:<seat>`` (the name the seat was created with), ``bot:<seat>`` (the bot a seat is played by
from the start), and ``claimed:<seat>`` (set with HSETNX, so exactly one claim wins a seat:
service.application.storage.table). Open seats are listed in the lobby's index when the match is
stored and leave it when claimed or when the match ends.
"""
import hmac
import secrets
import time

from engine.core import controller
from engine.core.narration import bot_name
from service.application.match.reactions import Reaction
from service.application.errors import Conflict, Forbidden, Illegal, Invalid, NotFound
from service.application.identity.auth import new_token, token_hash
from service.application.storage import table as table_records
from service.i18n import _

JOIN_MODES = ("token", "invite", "open")


def credentials(seats: list[dict], bots: dict) -> tuple[dict, list[dict]]:
    """Meta fields for the new match's seats and what the creator is told of each seat; ``bots``
    maps the seats a bot plays to its name (they get no token: nobody acts for them)."""
    meta, told = {}, []
    for seat, spec in enumerate(seats):
        if seat in bots and spec.get("join") is not None:
            raise Invalid("invalid_request", _("seats.%(seat)s.join: a bot seat is played by its bot; it has no join",
                                               seat=seat))
        join = "bot" if seat in bots else spec.get("join") or "token"
        meta[f"name:{seat}"] = spec["name"]
        if seat in bots:
            meta[f"bot:{seat}"] = bots[seat]
        entry = {"seat": seat, "name": spec["name"], "join": join, "token": None,
                 "bot": bots.get(seat)}
        if join == "bot":
            pass
        elif join == "token":
            entry["token"] = new_token()
            meta[f"token:{token_hash(entry['token'])}"] = str(seat)
        elif join == "invite":
            entry["invite"] = secrets.token_urlsafe(18)
            meta[f"invite:{seat}"] = token_hash(entry["invite"])
        else:
            meta[f"open:{seat}"] = "1"
        told.append(entry)
    return meta, told


CARRIED = ("token:", "auditor:", "organiser:", "invite:", "open:", "claimed:", "player:", "player_name:")


def carried(meta: dict) -> dict:
    """The credentials of a match that another one continues (after a dispute) or plays again (a
    rematch): every token hash at the seat it holds, the auditor's and organiser's, each invite or
    open seat as it stands (still claimable with the same code, or claimed), and each seat's player
    (``player:<seat>``, service.application.identity.players), whose keys open it there too, with its
    name (``player_name:<seat>``)."""
    return {k: v for k, v in meta.items() if k.startswith(CARRIED)}


def told_of(meta: dict, names: list[str], bots: dict) -> list[dict]:
    """What ``credentials`` tells of each seat, for a match whose seat meta is ``meta`` (no token
    or code is shown again)."""
    return [{"seat": s, "name": name, "join": "bot" if s in bots else join_mode(meta, s) or "token",
             "token": None, "bot": bots.get(s)} for s, name in enumerate(names)]


def check_live_audit(seats: list[dict]) -> None:
    """422 when a live-refereed match would hand a seat's token to its creator, who also receives
    the auditor token (which sees every hand while the match runs): its seats join by invite or as
    open seats, or bots play them."""
    for seat, spec in enumerate(seats):
        if not spec.get("bot") and (spec.get("join") or "token") == "token":
            raise Illegal("auditor_holds_seat", _('audit_live: seats.%(seat)s.join is "token", so the creator would '
                                                  "hold both that seat and the auditor token, which sees every hand; a "
                                                  'live-refereed match\'s seats join by "invite" or "open" (or are bots)',
                                                  seat=seat),
                           "kifu/match")


def list_open(store, match_id: str, meta) -> None:
    """Index the new match's open seats (``open:<seat>``, not yet claimed) for the lobby."""
    now = time.time()
    seats = [seat for seat in range(seat_count(meta))
             if meta.get(f"open:{seat}") == "1" and not meta.get(f"claimed:{seat}")]
    table_records.list_open_seats(store, match_id, seats, now)


class OpenSeats(Reaction):
    """A new match's open seats listed for the lobby once it is stored (a running match only)."""

    name = "open seats"

    def after(self, store, commit, prepared) -> None:
        if commit.created and not commit.ended:
            list_open(store, commit.match_id, commit.meta)


def claim(store, match_id: str, meta: dict, seat: int, invite: str | None) -> dict:
    """Hand out the seat's token, exactly once; 404/403/409/422 name what stands in the way."""
    if f"name:{seat}" not in meta:
        raise NotFound("seat_not_found", _("match %(match_id)s has no seat %(seat)s", match_id=match_id, seat=seat))
    is_open, code_hash = meta.get(f"open:{seat}") == "1", meta.get(f"invite:{seat}")
    if not is_open and code_hash is None:
        raise Conflict("seat_taken", _("seat %(seat)s got its token when the match was created", seat=seat))
    if meta.get("ended"):
        raise Illegal("match_over", _("the match has ended; its seats can no longer be claimed"),
                       "kifu/match")
    if meta.get("continued_in"):
        raise Illegal("match_continued", _("after a dispute this match continues as match %(continued_in)s; claim the "
                                           "seat there (with the same code)",
                                           continued_in=meta['continued_in']), "kifu/dispute")
    if not is_open:
        if not invite:
            raise Forbidden("bad_invite", _("seat %(seat)s is claimed with its invite code", seat=seat))
        if not hmac.compare_digest(token_hash(invite), code_hash):
            raise Forbidden("bad_invite", _("that is not the invite code of seat %(seat)s", seat=seat))
    token = new_token()
    if not table_records.claim_seat(store, match_id, seat, token_hash(token), time.time()):
        raise Conflict("seat_taken", _("seat %(seat)s has already been claimed", seat=seat))
    return {"match_id": match_id, "seat": seat, "name": meta.get(f"name:{seat}", ""), "token": token,
            "audit_live": meta.get("audit_live") == "1"}


def reissue_invite(store, match_id: str, meta: dict, seat: int, organiser: bool, invite: str | None) -> dict:
    """A new invite code for an invite seat nobody has claimed, asked with the organiser token
    (``organiser``) or the seat's current code (``invite``); the old code stops working. A claim
    racing it with the old code may still win (the claim's HSETNX decides): never two holders."""
    if f"name:{seat}" not in meta:
        raise NotFound("seat_not_found", _("match %(match_id)s has no seat %(seat)s", match_id=match_id, seat=seat))
    if f"invite:{seat}" not in meta:
        raise Conflict("not_an_invite_seat", _("seat %(seat)s is not taken by an invite code (its token was handed "
                                               "out at creation, it is open to anyone, or a bot plays it)",
                                               seat=seat))
    if not organiser and not hmac.compare_digest(token_hash(invite or ""), meta[f"invite:{seat}"]):
        raise Forbidden("bad_invite", _("that is not the current invite code of seat %(seat)s", seat=seat))
    if meta.get("ended"):
        raise Illegal("match_over", _("the match has ended; its seats can no longer be claimed"),
                       "kifu/match")
    if table_records.seat_claimed(store, match_id, seat):
        raise Conflict("seat_taken", _("seat %(seat)s has already been claimed", seat=seat))
    code = secrets.token_urlsafe(18)
    table_records.set_invite(store, match_id, seat, token_hash(code))
    return {"match_id": match_id, "seat": seat, "name": meta[f"name:{seat}"], "invite": code,
            "audit_live": meta.get("audit_live") == "1"}


def join_mode(meta: dict, seat: int) -> str | None:
    """How the seat is taken: ``invite``, ``open``, or None (token handed out at creation, or a bot)."""
    return "invite" if f"invite:{seat}" in meta else "open" if meta.get(f"open:{seat}") == "1" else None


def held_seats(meta: dict) -> set[int]:
    """The seats a person holds a token of (a bot's seat has none; an invite or open seat none until
    it is claimed); one seat may hold several tokens."""
    return {int(v) for k, v in meta.items() if k.startswith("token:")}


MAX_SEATS = 16


def seat_count(meta: dict) -> int:
    """How many seats the match has (every seat has its ``name:<seat>``, empty or not), looked up
    seat by seat: a meta read as asked for (loading.Meta) is not read whole."""
    n = 0
    while n < MAX_SEATS and meta.get(f"name:{n}") is not None:
        n += 1
    return n


def display_name(meta: dict, seat: int, state: dict | None = None) -> str:
    """A seat as players read it, the one source of the names they are shown (views, the narrated
    log, pending_text, table talk, notices, lists): a seat a bot plays from the start "Bot (greedy)"
    (the meta's ``bot:<seat>``; for a match stored without it, the bot the ``state`` says), a seat
    bound to a signed-in player by the player's account name (``player_name:<seat>``), any other
    person's by the name it was created with, else "Seat 2". Nothing hidden: who plays is public.
    Read from the per-seat fields a match's first meta read brings (loading.PER_SEAT)."""
    bot = meta.get(f"bot:{seat}") or (None if state is None else _bot_from_start(state, seat))
    if bot:
        return _("Bot (%(bot)s)", bot=bot_name(bot))
    return meta.get(f"player_name:{seat}") or meta.get(f"name:{seat}") or _("Seat %(number)s", number=seat + 1)


def _bot_from_start(state: dict, seat: int) -> str | None:
    held = controller(state, seat)
    return (held["bot"] or {}).get("bot", "bot") if held["by"] == "bot" and not held["stand_in"] else None


def seat_names(meta: dict, state: dict | None = None) -> list[str]:
    """Every seat's ``display_name``."""
    return [display_name(meta, seat, state) for seat in range(seat_count(meta))]


def is_unclaimed(meta: dict, seat: int) -> bool:
    return (meta.get(f"open:{seat}") == "1" or f"invite:{seat}" in meta) \
        and f"claimed:{seat}" not in meta


def open_seats(store, limit: int = 100) -> list[dict]:
    """The newest open seats still to be claimed; claimed, ended or vanished ones leave the index."""
    out, stale = [], []
    for match_id, seat in table_records.newest_open_seats(store, limit * 2):
        meta = store.meta(match_id) or {}
        if meta.get(f"open:{seat}") != "1" or not is_unclaimed(meta, int(seat)) or meta.get("ended") \
                or meta.get("continued_in"):
            stale.append((match_id, seat))
        elif len(out) < limit:
            out.append({"match_id": match_id, "seat": int(seat), "name": meta[f"name:{seat}"],
                        "game": meta["game"], "variant": meta["variant"],
                        "seats": seat_names(meta), "created_at": meta["created_at"],
                        "audit_live": meta.get("audit_live") == "1"})
    table_records.unlist_open_seats(store, stale)
    return out
