"""Marshmallow schemas of the lobby: claiming a seat, the open seats, the matches a browser holds."""
from marshmallow import fields

from service.http.schemas import ErrorDetailOut, Schema, SeatSettingsIn, SeatSettingsOut
from service.http.validators import Length, Range

MY_MATCHES_MAX = 200


class ClaimIn(Schema):
    invite = fields.Str(load_default=None, allow_none=True, validate=Length(max=128))


class ClaimSeatIn(ClaimIn):
    player = fields.Bool(load_default=False)      # bind the seat to the player whose key is the bearer
    settings = fields.Nested(SeatSettingsIn, load_default=None, allow_none=False)   # taken with the seat ({}: the defaults)


class HeldSeatIn(Schema):
    match_id = fields.Str(required=True, validate=Length(min=1, max=64))
    token = fields.Str(required=True, validate=Length(min=1, max=256))


class MyMatchesIn(Schema):
    seats = fields.List(fields.Nested(HeldSeatIn), required=True,
                        validate=Length(max=MY_MATCHES_MAX))


class SeatOut(Schema):
    match_id = fields.Str(required=True)
    seat = fields.Int(required=True)
    name = fields.Str(required=True)
    audit_live = fields.Bool(required=True)    # the auditor sees every hand while the match runs


class ClaimedOut(SeatOut):
    token = fields.Str(required=True)
    player_id = fields.Str(allow_none=True)      # the player the seat was bound to, if asked
    settings = fields.Nested(SeatSettingsOut, allow_none=True)   # in force, when the claim said settings


class InviteOut(SeatOut):
    invite = fields.Str(required=True)


class OpenSeatOut(SeatOut):
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    seats = fields.List(fields.Str(), required=True)
    created_at = fields.Str(required=True)
    rated = fields.Bool()                                # service.application.ratings.ladder.with_ratings
    seat_ratings = fields.List(fields.Int(allow_none=True))
    rating = fields.Int(allow_none=True)


class OpenSeatsQuery(Schema):
    rating_min = fields.Int(load_default=None, validate=Range(min=0, max=10_000))
    rating_max = fields.Int(load_default=None, validate=Range(min=0, max=10_000))


class OpenSeatsOut(Schema):
    open_seats = fields.List(fields.Nested(OpenSeatOut), required=True)


class MyMatchOut(Schema):
    match_id = fields.Str(required=True)
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    seat = fields.Int(required=True)
    seats = fields.List(fields.Str(), required=True)
    version = fields.Int(required=True)
    to_act = fields.List(fields.Int(), required=True)
    your_move = fields.Bool(required=True)
    outcome = fields.Dict(required=True, allow_none=True)
    updated_at = fields.Str(required=True)
    due = fields.Str(required=True, allow_none=True)


class UnknownSeatOut(Schema):
    match_id = fields.Str(required=True)
    error = fields.Nested(ErrorDetailOut, required=True)


class MyMatchesOut(Schema):
    matches = fields.List(fields.Nested(MyMatchOut), required=True)
    unknown = fields.List(fields.Nested(UnknownSeatOut), required=True)
