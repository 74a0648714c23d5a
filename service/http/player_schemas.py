"""Marshmallow schemas of players: a new player, its keys, signing a device in, its matches."""
from marshmallow import Schema, fields

from engine.core.i18n import LANGUAGES

from service.http.lobby_schemas import HeldSeatIn, MyMatchOut
from service.http.validators import Length, OneOf, Range


class NewPlayerIn(Schema):
    name = fields.Str(required=True, validate=Length(min=1, max=64))
    label = fields.Str(load_default="", validate=Length(max=64))     # this device, as the player calls it


class SignInIn(Schema):
    code = fields.Str(required=True, validate=Length(min=4, max=64))
    label = fields.Str(load_default="", validate=Length(max=64))


class PlayerMatchesQuery(Schema):
    finished = fields.Int(load_default=50, validate=Range(min=0, max=500))


class AdoptIn(HeldSeatIn):
    """A seat held by its seat token (``match_id``, ``token``), to bind to the player."""


class PlayerKeyOut(Schema):
    player_id = fields.Str(required=True)
    name = fields.Str(required=True)
    key = fields.Str(required=True)            # shown only here
    key_id = fields.Str(required=True)


class KeyOut(Schema):
    key_id = fields.Str(required=True)
    label = fields.Str(required=True)
    created_at = fields.Str(required=True)
    made_by = fields.Str(required=True, allow_none=True)    # the key whose sign-in code made it
    may_revoke = fields.Bool(required=True)                 # by the key asking: itself, or one made after it


class PlayerUpdateIn(Schema):
    """The player's own settings: ``language`` (null: the browser's, Accept-Language)."""
    language = fields.Str(allow_none=True, validate=OneOf(LANGUAGES))


class PlayerOut(Schema):
    player_id = fields.Str(required=True)
    name = fields.Str(required=True)
    created_at = fields.Str(required=True, allow_none=True)
    language = fields.Str(required=True, allow_none=True)      # the player's preference (issue 39)
    key_id = fields.Str(required=True)         # the key this request came with
    keys = fields.List(fields.Nested(KeyOut), required=True)


class SignInCodeOut(Schema):
    code = fields.Str(required=True)           # one time, SIGN_IN_SECONDS; the page's link is #/sign-in/<code>
    expires_at = fields.Str(required=True)


class PlayerMatchOut(MyMatchOut):
    status = fields.Str(required=True)         # running | ended | continued


class PlayerMatchesOut(Schema):
    player_id = fields.Str(required=True)
    matches = fields.List(fields.Nested(PlayerMatchOut), required=True)


class AdoptedOut(Schema):
    match_id = fields.Str(required=True)
    seat = fields.Int(required=True)
