"""Who wants to be told what (issue 17): a player's subscriptions, or a seat's where no player holds
it. Each is a webhook (an http(s) URL, with a secret shown once that signs every message) or an
e-mail address, and the events it wants (``EVENTS``; all by default).

An *owner* (a player, ``player:<id>``, or a seat, ``seat:<match>:<seat>``) keeps its subscriptions and
its delivery log in its own slot, a seat's in its match's (service.application.storage.notify); the
match meta's ``notify:<seat>`` says a seat has its own (so a commit with nobody to tell reads nothing
more). Each subscription has an unsubscribe token (sent in every message, kept by its sha256):
``POST /unsubscribe/<token>`` ends it in one step, no sign-in needed.
"""
import logging
import re
import secrets
from dataclasses import dataclass

from engine.core import i18n
from service.application import clock
from service.application.notify import settings as notify_settings, webhook_urls
from service.application.identity.auth import token_hash
from service.application.errors import Conflict, Illegal, Invalid, NotFound
from service.application.storage import notify as notify_records
from service.i18n import _

log = logging.getLogger(__name__)

EVENTS = ("your_move", "deadline_near", "match_ended", "dispute", "chat")
KINDS = ("webhook", "email")
MAX_PER_OWNER = 10
EMAIL = re.compile(r"^[^@\s<>(),;:\"\[\]]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$")


@dataclass(frozen=True)
class Owner:
    """Whose subscriptions and delivery log: a player, or one seat of a match."""
    kind: str                   # "player" | "seat"
    ident: str                  # player id, or match id
    seat: int | None = None

    @classmethod
    def player(cls, player_id: str) -> "Owner":
        return cls("player", player_id)

    @classmethod
    def of_seat(cls, match_id: str, seat: int) -> "Owner":
        return cls("seat", match_id, seat)

    @classmethod
    def parse(cls, text: str) -> "Owner":
        kind, _, rest = text.partition(":")
        if kind == "player":
            return cls.player(rest)
        match_id, _, seat = rest.rpartition(":")
        return cls.of_seat(match_id, int(seat))

    def __str__(self) -> str:
        return f"player:{self.ident}" if self.kind == "player" else f"seat:{self.ident}:{self.seat}"


def check_target(kind: str, target: str) -> str:
    """The webhook URL or e-mail address, as kept; 400 naming the field when it is not one."""
    if kind == "webhook":
        return webhook_urls.check(target)
    if not EMAIL.match(target) or len(target) > 254:
        raise Invalid("invalid_request", _("address: an e-mail address (name@example.org)"))
    if not notify_settings.mail_configured():
        log.info("an e-mail subscription refused: no SMTP server is set (KIFU_SMTP_URL)")   # the operator's words
        raise Illegal("email_not_configured", _("this service does not send e-mail; choose a webhook or the "
                                                "browser's notifications instead"))
    return target


def create(store, owner: Owner, kind: str, target: str, events: list | None) -> dict:
    """A new subscription; the answer holds the webhook's signing secret, shown only here. It keeps the
    language it was made in (``lang``): a seat's messages are in it (a player's, in the player's own)."""
    target = check_target(kind, target)
    wanted = sorted(set(events or EVENTS), key=EVENTS.index)
    if notify_records.subscription_count(store, owner) >= MAX_PER_OWNER:
        raise Conflict("too_many_subscriptions", _("at most %(max_per_owner)s subscriptions; delete one first",
                                                   max_per_owner=MAX_PER_OWNER))
    sub = _kept(store, owner, {"kind": kind, "target": target, "events": wanted, "lang": i18n.current(),
                               **({"secret": "whsec_" + secrets.token_urlsafe(32)} if kind == "webhook" else {})})
    if owner.kind == "seat":
        notify_records.mark_seat(store, owner.ident, owner.seat, True)
    return {**shown(sub), **({"secret": sub["secret"]} if kind == "webhook" else {})}


def _kept(store, owner: Owner, what: dict) -> dict:
    """The subscription ``what`` (kind, target, events, a webhook's secret) stored for ``owner`` with an
    id, a creation time and an unsubscribe token of its own."""
    sub = {**what, "id": secrets.token_urlsafe(9), "created_at": clock.iso(clock.now()),
           "unsubscribe": secrets.token_urlsafe(24)}
    notify_records.save_subscription(store, owner, sub, token_hash(sub["unsubscribe"]))
    return sub


KEPT = ("kind", "target", "events", "secret", "lang")       # what a subscription carried to another match keeps


def carry(store, from_match: str, from_meta: dict, to_match: str) -> dict:
    """The own subscriptions of each seat of ``from_match`` that has some (its meta's ``notify:<seat>``),
    copied to ``to_match``, which continues it or plays it again with the same seat tokens (its holder
    is told there too): the same target, events and webhook secret, an id and unsubscribe link of
    their own. Written before ``to_match`` exists, so its first notices find them; returns its meta
    fields that say which seats have some."""
    flags = {}
    for seat in [int(k.split(":")[1]) for k in from_meta if k.startswith("notify:")]:
        for sub in of(store, Owner.of_seat(from_match, seat)):
            _kept(store, Owner.of_seat(to_match, seat), {k: sub[k] for k in KEPT if k in sub})
            flags[f"notify:{seat}"] = "1"
    return flags


def shown(sub: dict) -> dict:
    """A subscription as its owner may read it again: never the secret, nor the unsubscribe token."""
    return {"id": sub["id"], "kind": sub["kind"], "target": sub["target"], "events": sub["events"],
            "created_at": sub["created_at"]}


def of(store, owner: Owner) -> list[dict]:
    """The owner's subscriptions (whole: secrets included; for sending, never for answering)."""
    return sorted(notify_records.subscriptions(store, owner), key=lambda s: (s["created_at"], s["id"]))


def get(store, owner: Owner, sub_id: str) -> dict | None:
    return notify_records.subscription(store, owner, sub_id)


def delete(store, owner: Owner, sub_id: str) -> dict:
    sub = get(store, owner, sub_id)
    if sub is None:
        raise NotFound("subscription_not_found", _("no subscription %(sub_id)s", sub_id=repr(sub_id)))
    notify_records.delete_subscription(store, owner, sub_id, token_hash(sub["unsubscribe"]))
    if owner.kind == "seat" and not notify_records.subscription_count(store, owner):
        notify_records.mark_seat(store, owner.ident, owner.seat, False)
    return shown(sub)


def unsubscribe(store, token: str) -> dict:
    """The one step of the link every message carries: the subscription it came from ends."""
    found = notify_records.unsubscribing(store, token_hash(token))
    if found is None:
        raise NotFound("subscription_not_found", _("that unsubscribe link is unknown or was used already"))
    owner, sub_id = found
    return {"unsubscribed": True, **delete(store, Owner.parse(owner), sub_id)}
