"""Marshmallow schemas of the ratings: a player's profile, a leaderboard, quick pairing."""
from marshmallow import fields

from service.http.schemas import Schema, SeatSettingsIn
from service.http.validators import Length, Range


class FigureFields(Schema):
    rating = fields.Int(required=True)
    deviation = fields.Int(required=True)
    games = fields.Int(required=True)
    provisional = fields.Bool(required=True)
    model = fields.Str(required=True)


class HistoryPointOut(Schema):
    match_id = fields.Str(required=True)
    ended_at = fields.Str(required=True)
    rating = fields.Int(required=True)
    deviation = fields.Int(required=True)


class PlayerRatingOut(FigureFields):
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    history = fields.List(fields.Nested(HistoryPointOut), required=True)


class OpponentOut(Schema):
    id = fields.Str(required=True)             # player:<id> or bot:<bot>
    name = fields.Str(required=True)


class ResultOut(Schema):
    match_id = fields.Str(required=True)
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    ended_at = fields.Str(required=True)
    seat = fields.Int(required=True)
    result = fields.Str(required=True)
    place = fields.Int(required=True)
    rating_before = fields.Int(required=True)
    rating_after = fields.Int(required=True)
    opponents = fields.List(fields.Nested(OpponentOut), required=True)


class ProfileOut(Schema):
    player_id = fields.Str(required=True)
    name = fields.Str(required=True)
    language = fields.Str(allow_none=True)     # to its owner only: the player's preference (issue 39)
    ratings = fields.List(fields.Nested(PlayerRatingOut), required=True)
    recent = fields.List(fields.Nested(ResultOut), required=True)


class LeaderboardQuery(Schema):
    cursor = fields.Str(load_default=None, validate=Length(min=1, max=200))
    limit = fields.Int(load_default=50, validate=Range(min=1, max=200))


class EntryOut(FigureFields):
    rank = fields.Int(required=True)
    id = fields.Str(required=True)
    kind = fields.Str(required=True)
    name = fields.Str(required=True)


class LeaderboardOut(Schema):
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    as_of = fields.Int(required=True, allow_none=True)
    total = fields.Int(required=True)
    entries = fields.List(fields.Nested(EntryOut), required=True)
    next_cursor = fields.Str(required=True, allow_none=True)


class BotOfferOut(Schema):
    bot = fields.Str(required=True)
    rating = fields.Int(required=True)


class PairingIn(Schema):
    """``POST /pairing/{game}/{variant}``, optional: the settings the player's seat takes once paired."""
    settings = fields.Nested(SeatSettingsIn, load_default=None, allow_none=False)


class PairingOut(Schema):
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    status = fields.Str(required=True)              # none, waiting, paired
    since = fields.Str()
    rating = fields.Int()
    waited_seconds = fields.Int()
    bot_offer = fields.Nested(BotOfferOut, allow_none=True)
    match_id = fields.Str()
    seat = fields.Int()
