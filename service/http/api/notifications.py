"""Notifications: a player's subscriptions (its key as the bearer) or a seat's (its seat token), their
delivery logs, and the one-step unsubscribe every message links to (service.application.notify.subscriptions,
.delivery)."""
from flask import Blueprint

from service.application.identity import players
from service.application.notify import delivery, notices, subscriptions
from service.application.errors import Forbidden
from service.application.notify.subscriptions import Owner
from service.http.api import actor, answer, json_body, query_args
from service.http.api.players import the_player
from service.http.notify_schemas import (DeliveriesOut, DeliveriesQuery, SubscriptionIn, SubscriptionOut,
                                         SubscriptionsOut, UnsubscribedOut)
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.i18n import _

bp = Blueprint("notifications", __name__)


def _player() -> Owner:
    return Owner.player(the_player()[0])


def _seat(match_id: str, seat: int) -> Owner:
    _meta, own = actor(get_store(), match_id)
    if own != seat:
        raise Forbidden("not_your_seat", _("your token holds seat %(own)s, not seat %(seat)s", own=own, seat=seat))
    return Owner.of_seat(match_id, seat)


def _subscribe(owner: Owner):
    body = SubscriptionIn().load(json_body())
    made = subscriptions.create(get_store(), owner, body["kind"], body.get("url") or body.get("address"),
                                body["events"])
    if owner.kind == "seat":
        notices.catch_up(get_store(), owner.ident, {owner.seat})
    else:
        players.subscribed(get_store(), owner.ident)
    return answer(SubscriptionOut(), made, 201)


def _listed(owner: Owner):
    return answer(SubscriptionsOut(), {"subscriptions": [subscriptions.shown(s)
                                                         for s in subscriptions.of(get_store(), owner)]})


def _deleted(owner: Owner, sub_id: str):
    subscriptions.delete(get_store(), owner, sub_id)
    return "", 204


def _log(owner: Owner):
    query = DeliveriesQuery().load(query_args())
    return answer(DeliveriesOut(), {"deliveries": delivery.log(get_store(), owner, query["limit"])})


@bp.post("/players/me/notifications")
@idempotent()
def player_subscribe():
    return _subscribe(_player())


@bp.get("/players/me/notifications")
def player_subscriptions():
    return _listed(_player())


@bp.delete("/players/me/notifications/<sub_id>")
def player_unsubscribe(sub_id: str):
    return _deleted(_player(), sub_id)


@bp.get("/players/me/deliveries")
def player_deliveries():
    return _log(_player())


@bp.post("/matches/<match_id>/seats/<int:seat>/notifications")
@idempotent()
def seat_subscribe(match_id: str, seat: int):
    return _subscribe(_seat(match_id, seat))


@bp.get("/matches/<match_id>/seats/<int:seat>/notifications")
def seat_subscriptions(match_id: str, seat: int):
    return _listed(_seat(match_id, seat))


@bp.delete("/matches/<match_id>/seats/<int:seat>/notifications/<sub_id>")
def seat_unsubscribe(match_id: str, seat: int, sub_id: str):
    return _deleted(_seat(match_id, seat), sub_id)


@bp.get("/matches/<match_id>/seats/<int:seat>/deliveries")
def seat_deliveries(match_id: str, seat: int):
    return _log(_seat(match_id, seat))


@bp.post("/unsubscribe/<token>")
def unsubscribe(token: str):
    """One step, no sign-in: the link every message carries (also RFC 8058's one-click POST)."""
    return answer(UnsubscribedOut(), subscriptions.unsubscribe(get_store(), token))
