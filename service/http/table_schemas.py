"""Marshmallow schemas of the table's own moves: resign, draw offers, table talk, rematch (and the
consent to one refereed live)."""
import unicodedata

from marshmallow import Schema, ValidationError, fields, pre_load

from engine.core.table_moves import CHAT_MAX
from service.http.schemas import SeatSettingsOut, SeatTokenOut, StrictBool, _version
from service.http.validators import Length, Range
from service.i18n import _


class TableMoveIn(Schema):
    """An optional ``command_id``: the same id sent again answers once (after a timeout, say)."""
    command_id = fields.Str(load_default=None, allow_none=False, validate=Length(min=1, max=128))


def _talk_text(text: str) -> None:
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        raise ValidationError(_("a line of table talk holds no control or format characters (one line, no tabs)"))


class ChatIn(TableMoveIn):
    text = fields.Str(required=True, validate=[Length(min=1, max=CHAT_MAX), _talk_text])

    @pre_load
    def strip(self, data, **kwargs):
        """Space at either end is not kept (so a line of spaces is empty, and refused)."""
        if isinstance(data, dict) and isinstance(data.get("text"), str):
            return {**data, "text": data["text"].strip()}
        return data


class ChatQuery(Schema):
    after = _version(load_default=0)
    limit = fields.Int(load_default=100, validate=Range(min=1, max=500))


class ChatLineOut(Schema):
    version = fields.Int(required=True)
    seat = fields.Int(required=True)
    name = fields.Str(required=True)
    text = fields.Str(required=True)
    at = fields.Str(required=True)


class ChatOut(Schema):
    match_id = fields.Str(required=True)
    lines = fields.List(fields.Nested(ChatLineOut), required=True)
    next_after = fields.Int(required=True)


class RematchIn(Schema):
    """Whether the rematch is refereed live: said for a match that was (true is the seat's consent),
    left out (or false) for one that was not."""
    audit_live = StrictBool(load_default=None, allow_none=False)


class RematchAskedOut(Schema):
    """A rematch refereed live that some seats have yet to agree to."""
    rematch_of = fields.Str(required=True)
    audit_live = fields.Bool(required=True)
    agreed = fields.List(fields.Int(), required=True)
    asked = fields.List(fields.Int(), required=True)


class RematchOut(Schema):
    match_id = fields.Str(required=True)
    version = fields.Int(required=True)
    rematch_of = fields.Str(required=True)
    seats = fields.List(fields.Nested(SeatTokenOut), required=True)   # no token: each plays with its own
    first = fields.Int(required=True, allow_none=True)                # the first player, where set (None: by lot)
    audit_live = fields.Bool(required=True)                           # refereed live: every seat agreed


class SettingsOut(Schema):
    version = fields.Int(required=True)
    settings = fields.Nested(SeatSettingsOut, required=True)


