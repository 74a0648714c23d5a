"""Marshmallow schemas of notifications: subscribing, the delivery log, unsubscribing."""
from marshmallow import Schema, ValidationError, fields, validates_schema

from service.application.notify.subscriptions import EVENTS, KINDS
from service.http.validators import Length, OneOf, Range
from service.i18n import _


class SubscriptionIn(Schema):
    kind = fields.Str(required=True, validate=OneOf(KINDS))
    url = fields.Str(validate=Length(min=1, max=2000))          # kind webhook
    address = fields.Str(validate=Length(min=3, max=254))       # kind email
    events = fields.List(fields.Str(validate=OneOf(EVENTS)), load_default=None, allow_none=False,
                         validate=Length(min=1, max=len(EVENTS)))

    @validates_schema
    def target(self, data, **kwargs):
        wanted, other = ("url", "address") if data.get("kind") == "webhook" else ("address", "url")
        if "kind" in data and wanted not in data:
            raise ValidationError(_("a %(kind)s subscription needs its %(wanted)s",
                                    kind=data['kind'], wanted=wanted), wanted)
        if other in data:
            raise ValidationError(_("a %(kind)s subscription has no %(other)s", kind=data['kind'], other=other), other)


class DeliveriesQuery(Schema):
    limit = fields.Int(load_default=50, validate=Range(min=1, max=200))


class SubscriptionOut(Schema):
    id = fields.Str(required=True)
    kind = fields.Str(required=True)
    target = fields.Str(required=True)         # the URL or the address
    events = fields.List(fields.Str(), required=True)
    created_at = fields.Str(required=True)
    secret = fields.Str()                      # a new webhook's signing secret: only in the answer that made it


class SubscriptionsOut(Schema):
    subscriptions = fields.List(fields.Nested(SubscriptionOut), required=True)


class AttemptOut(Schema):
    at = fields.Str(required=True)
    ok = fields.Bool(required=True)
    detail = fields.Str(required=True)


class DeliveryOut(Schema):
    id = fields.Str(required=True)
    sub = fields.Str(required=True)
    kind = fields.Str(required=True)
    event = fields.Str(required=True)
    match_id = fields.Str(required=True)
    seat = fields.Int(required=True)
    version = fields.Int(required=True)
    status = fields.Str(required=True)         # pending | retrying | delivered | failed | cancelled
    attempts = fields.List(fields.Nested(AttemptOut), required=True)
    created_at = fields.Str(required=True)
    next_at = fields.Str(required=True, allow_none=True)
    message = fields.Dict(required=True)


class DeliveriesOut(Schema):
    deliveries = fields.List(fields.Nested(DeliveryOut), required=True)


class UnsubscribedOut(SubscriptionOut):
    unsubscribed = fields.Bool(required=True)
