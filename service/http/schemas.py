"""Marshmallow schemas for every request body (loaded, unknown fields refused) and every answer."""
import json

import marshmallow
import orjson
from marshmallow import ValidationError, fields, post_dump

from service.application.table.seats import JOIN_MODES
from service.application.storage.store import VERSION_MAX
from service.http.validators import Length, OneOf, Range
from service.i18n import N_, _
from engine.bots import bot_names
from engine.core.seat_settings import CHOICES


class Schema(marshmallow.Schema):
    """A schema built once per process: ``ActionOut()`` without arguments gives the one instance of
    its class, built the first time (building deep-copies every declared field: it was a sixth of
    a request's time, ~4,000 builds for 1,700 requests). A schema keeps nothing between loads and
    dumps, so threads share it. With arguments (``many=True``...) it is built as usual."""

    def __new__(cls, *args, **kwargs):
        if args or kwargs:
            return super().__new__(cls)
        built = cls.__dict__.get("_the_one")
        if built is None:
            built = super().__new__(cls)
            marshmallow.Schema.__init__(built)
            cls._the_one = built                # only once it is whole (another thread may ask)
        return built

    def __init__(self, *args, **kwargs):
        if args or kwargs or type(self).__dict__.get("_the_one") is not self:
            super().__init__(*args, **kwargs)


class PassThrough(Schema):
    """Dumps its declared fields and keeps the rest of the game-defined dict as it is."""

    @post_dump(pass_original=True)
    def keep_extra(self, data, original, **kwargs):
        return {**original, **data}


# --- requests -------------------------------------------------------------------------------

def BOT_NAME(name: str) -> None:
    """A bot's name: a generic one (random, greedy, ismcts) or one some game offers (GET /games/<id>
    lists them; e.g. 東方祀爭録's big-money); engine.bots.check_config then answers 422 for a bot the
    match's game does not offer."""
    known = bot_names()
    if name not in known:
        raise ValidationError(_("unknown bot %(name)s; bots: %(items)s", name=repr(name[:40]), items=', '.join(known)))


class BotIn(Schema):
    """A bot config; its budget is checked against the bot (``engine.bots.check_config``)."""
    bot = fields.Str(required=True, validate=BOT_NAME)
    budget = fields.Dict(keys=fields.Str(), values=fields.Int(strict=True), load_default=None)
    kingdom = fields.Str(validate=Length(min=1, max=64))      # big-money + one kingdom card
    copies = fields.Int(strict=True, validate=Range(min=1, max=10))


class StrictBool(fields.Boolean):
    """A JSON true or false only (marshmallow's Boolean also takes 1, 0, "yes", "off"...; openapi.yaml
    says boolean)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def _strict_bool(**kw):
    return StrictBool(**kw)


def _one_of(choices):
    return OneOf(choices, error=N_("%(input)r is not one of %(choices)s"))


class SeatSettingsIn(Schema):
    """A seat's settings (engine/core/seat_settings.py): any of them, in ``PUT .../seats/{seat}/settings``,
    or taken with the seat (``POST /matches``' seat, a claim; ``{}``: the defaults); an unknown key
    or value is a 400 naming it."""
    pass_ = fields.Str(data_key="pass", attribute="pass", validate=_one_of(CHOICES["pass"]))
    pay = fields.Str(validate=_one_of(CHOICES["pay"]))
    single = fields.Str(validate=_one_of(CHOICES["single"]))
    confirm = StrictBool(error_messages={"invalid": N_("true or false")})   # worded in errors.describe_validation


class SeatIn(Schema):
    name = fields.Str(required=True, validate=Length(min=1, max=64))
    join = fields.Str(load_default=None, allow_none=False, validate=OneOf(JOIN_MODES))   # default: token
    bot = fields.Str(validate=BOT_NAME)
    budget = fields.Dict(keys=fields.Str(), values=fields.Int(strict=True), load_default=None)
    kingdom = fields.Str(validate=Length(min=1, max=64))
    copies = fields.Int(strict=True, validate=Range(min=1, max=10))
    player = fields.Bool(load_default=False)      # bound to the creating player (its key as the bearer)
    settings = fields.Nested(SeatSettingsIn, load_default=None, allow_none=False)   # a seat the creator takes: its settings


class DeadlineIn(Schema):
    minutes = fields.Int(strict=True, required=True, validate=Range(min=1, max=30 * 24 * 60))
    on_timeout = fields.Str(required=True, validate=OneOf(("pass", "bot", "forfeit")))
    stand_in = fields.Nested(BotIn, load_default=None)


RULINGS_MAX = 16          # a game has a handful of selectable rulings (engine/games/*/rulings.json)


class CreateMatchIn(Schema):
    game = fields.Str(required=True, validate=Length(min=1, max=64))
    variant = fields.Str(required=True, validate=Length(min=1, max=64))
    seats = fields.List(fields.Nested(SeatIn), required=True, validate=Length(min=1, max=16))
    options = fields.Dict(keys=fields.Str(), load_default=dict)
    setup = fields.Dict(keys=fields.Str(), allow_none=True, load_default=None)
    audit_live = _strict_bool(load_default=False)
    deadline = fields.Nested(DeadlineIn, allow_none=True, load_default=None)
    private = _strict_bool(load_default=False)       # never listed by GET /matches nor exported in bulk
    rated = _strict_bool(load_default=False)         # its end changes the seats' ratings (ratings/rules.py)
    # house rules: ruling name -> choice (GET /games/<id> "rulings"); an unknown one is the engine's 422
    rulings = fields.Dict(keys=fields.Str(validate=Length(min=1, max=64)),
                          values=fields.Str(validate=Length(min=1, max=64)),
                          load_default=dict, validate=Length(max=RULINGS_MAX))


class SimulationIn(Schema):
    game = fields.Str(required=True, validate=Length(min=1, max=64))
    variant = fields.Str(required=True, validate=Length(min=1, max=64))
    seats = fields.List(fields.Nested(BotIn), required=True, validate=Length(min=1, max=16))
    games = fields.Int(strict=True, required=True, validate=Range(min=1, max=100_000))
    seed = fields.Raw(required=True, validate=lambda v: _seed(v))
    rated = _strict_bool(load_default=False)     # each game a stored rated match: the bots' ratings


def _seed(value) -> None:
    """A simulation's seed: a whole number or a string, 1 to 128 characters written out (marshmallow
    ignores a validator's False: it must raise)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not 0 < len(str(value)) <= 128:
        raise ValidationError(_("a whole number or a string of 1 to 128 characters"))


def _version(**kw):
    """A version (or an event count after which to read): 0 ≤ n ≤ VERSION_MAX."""
    return fields.Int(validate=Range(min=0, max=VERSION_MAX), **kw)


ACTION_MAX_BYTES = 16 * 1024        # an action is stored in the hash-chained command for ever
ACTION_MAX_DEPTH = 32
COMMAND_ID_MAX = 128


def _json_length(value) -> int:
    """Bytes of ``value`` as compact UTF-8 JSON (orjson; the standard library for what orjson refuses)."""
    try:
        return len(orjson.dumps(value))
    except TypeError:
        return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def _bounded_action(action: dict) -> None:
    """ValidationError for an action deeper than ACTION_MAX_DEPTH or longer than ACTION_MAX_BYTES
    as JSON (the fields an action type may carry are the game's check, engine.core.match.check_fields)."""
    stack = [(action, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > ACTION_MAX_DEPTH:
            raise ValidationError(_("nested deeper than %(action_max_depth)s levels",
                                    action_max_depth=ACTION_MAX_DEPTH))
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    if _json_length(action) > ACTION_MAX_BYTES:
        raise ValidationError(_("longer than %(action_max_bytes)s bytes as JSON", action_max_bytes=ACTION_MAX_BYTES))


class ActionIn(Schema):
    action = fields.Dict(keys=fields.Str(), required=True, validate=_bounded_action)
    expected_version = _version(strict=True, required=True)
    command_id = fields.Str(required=True, validate=Length(min=1, max=COMMAND_ID_MAX))


class PartialAction(fields.Field):
    """A partial action as a query parameter (``GET legal-actions?partial=``, deprecated: the URL is
    written to access logs): a JSON object, bounded as an action is."""

    def _deserialize(self, value, attr, data, **kwargs):
        if len(value) > ACTION_MAX_BYTES:
            raise ValidationError(_("longer than %(action_max_bytes)s bytes", action_max_bytes=ACTION_MAX_BYTES))
        try:
            partial = json.loads(value)
        except (ValueError, RecursionError) as e:
            raise ValidationError(_('not JSON: a partial action is a JSON object, e.g. {"type":"play"}')) from e
        if not isinstance(partial, dict):
            raise ValidationError(_('a partial action is a JSON object, e.g. {"type":"play"}'))
        _bounded_action(partial)
        return partial


class LegalActionsQuery(Schema):
    partial = PartialAction(load_default=None)


class LegalActionsIn(Schema):
    """``POST legal-actions``: the partial move in the body, where no access log writes it."""
    partial = fields.Dict(keys=fields.Str(), load_default=None, allow_none=False, validate=_bounded_action)
    forward = StrictBool(load_default=False)     # take the steps that are no decision (the seat's settings)


class EventsQuery(Schema):
    after = _version(load_default=0)
    limit = fields.Int(load_default=100, validate=Range(min=1, max=1000))


class StateQuery(Schema):
    version = fields.Int(load_default=None, validate=Range(max=VERSION_MAX))   # below 0: 404, as any missing version


class DisputeIn(Schema):
    version = _version(strict=True, required=True)
    reason = fields.Str(required=True, validate=Length(min=1, max=1000))


class RulingIn(Schema):
    decision = fields.Str(required=True, validate=OneOf(["stands", "overturned"]))
    note = fields.Str(load_default="", validate=Length(max=2000))


class ForkIn(Schema):
    version = _version(strict=True, required=True)


class MatchListQuery(Schema):
    game = fields.Str(load_default=None, validate=Length(min=1, max=64))
    variant = fields.Str(load_default=None, validate=Length(min=1, max=64))
    status = fields.Str(load_default=None, validate=OneOf(("running", "ended")))
    player = fields.Str(load_default=None, validate=Length(min=1, max=64))
    since = fields.Str(load_default=None, validate=Length(min=4, max=40))
    cursor = fields.Str(load_default=None, validate=Length(min=1, max=200))
    limit = fields.Int(load_default=50, validate=Range(min=1, max=500))
    rating_min = fields.Int(load_default=None, validate=Range(min=0, max=10_000))   # the seated
    rating_max = fields.Int(load_default=None, validate=Range(min=0, max=10_000))   # players' mean


class ExportIn(Schema):
    """Each filter left out when not wanted: null is not a value the spec gives them."""
    game = fields.Str(load_default=None, allow_none=False, validate=Length(min=1, max=64))
    variant = fields.Str(load_default=None, allow_none=False, validate=Length(min=1, max=64))
    since = fields.Str(load_default=None, allow_none=False, validate=Length(min=4, max=40))
    format = fields.Str(load_default="parquet", validate=OneOf(("jsonl", "parquet")))


class StreamQuery(Schema):
    after = _version(load_default=None)
    follow = fields.Bool(load_default=True)


# --- answers ---------------------------------------------------------------------------------

class VariantOut(Schema):
    id = fields.Str(required=True)
    title = fields.Str(required=True)
    min_seats = fields.Int(required=True)
    max_seats = fields.Int(required=True)


class GameSummaryOut(Schema):
    id = fields.Str(required=True)
    title = fields.Str(required=True)
    cardset_version = fields.Str(required=True)
    variants = fields.List(fields.Nested(VariantOut), required=True)
    bots = fields.List(fields.Str(), required=True)   # bots that can hold one of its seats


class GamesOut(Schema):
    games = fields.List(fields.Nested(GameSummaryOut), required=True)


class GameDescriptionOut(PassThrough):
    id = fields.Str(required=True)
    title = fields.Str(required=True)
    variants = fields.Raw(required=True)
    cards = fields.Raw()
    rulings = fields.List(fields.Dict())       # the game's readings of what its rulebook leaves open
    renderer = fields.Str()                    # the web client's dedicated renderer, where one exists
    stylesheet = fields.Str()                  # and its stylesheet, where it has one


class SeatTokenOut(Schema):
    seat = fields.Int(required=True)
    name = fields.Str(required=True)
    join = fields.Str(required=True)           # token | invite | open | bot
    token = fields.Str(required=True, allow_none=True)      # join "token" only, shown only here
    invite = fields.Str()                      # join "invite" only: the one-time code, shown only here
    bot = fields.Str(required=True, allow_none=True)


class MatchCreatedOut(Schema):
    match_id = fields.Str(required=True)
    version = fields.Int(required=True)
    seats = fields.List(fields.Nested(SeatTokenOut), required=True)
    auditor_token = fields.Str(required=True)
    organiser_token = fields.Str(required=True)   # re-issues invites (service.application.table.seats); shown only here
    audit_live = fields.Bool(required=True)


class SeatOut(Schema):
    seat = fields.Int(required=True)
    name = fields.Str(required=True)
    display_name = fields.Str()        # as a player reads it: "Bot (greedy)", the claimed name, "Seat 2"
    controller = fields.Str(required=True)          # "human" | "bot"
    bot = fields.Dict(required=True, allow_none=True)
    stand_in = fields.Bool(required=True)
    unclaimed = fields.Bool(required=True)     # an invite or open seat nobody has claimed yet
    join = fields.Str(required=True, allow_none=True)  # "invite" | "open" | None (token at creation, bot)


class WaitingOut(Schema):
    seat = fields.Int(required=True)
    since = fields.Str(required=True)                 # when the seat began to wait
    due = fields.Str(required=True)


class DeadlineOut(Schema):
    minutes = fields.Int(required=True)
    on_timeout = fields.Str(required=True)
    due = fields.Str(required=True, allow_none=True)  # the earliest due of the waiting seats
    seats = fields.List(fields.Int(), required=True)  # the people it is running for now
    waiting = fields.List(fields.Nested(WaitingOut), required=True)


class SeatSettingsOut(Schema):
    """A seat's settings in force (engine/core/seat_settings.py); ``recorded``: the seat recorded any."""
    pass_ = fields.Str(required=True, data_key="pass", attribute="pass")
    pay = fields.Str(required=True)
    single = fields.Str(required=True)
    confirm = fields.Bool(required=True)
    recorded = fields.Bool(required=True)


class MatchOut(Schema):
    match_id = fields.Str(required=True)
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True, allow_none=True)
    analysis = fields.Bool(required=True)
    audit_live = fields.Bool(required=True)    # refereed live: the auditor sees every hand as it plays
    rulings = fields.Dict(keys=fields.Str(), values=fields.Str(), required=True)   # house rules in force
    seats = fields.List(fields.Nested(SeatOut), required=True)
    to_act = fields.List(fields.Int(), required=True)
    outcome = fields.Dict(required=True, allow_none=True)
    deadline = fields.Nested(DeadlineOut, required=True, allow_none=True)
    table = fields.Dict()                      # the open draw offer and the rematch links (engine.core.table)
    view = fields.Dict(required=True)
    since_your_last_action = fields.Dict(required=True, allow_none=True)
    settings = fields.Nested(SeatSettingsOut, allow_none=True)      # the caller's seat's own (None: spectator)
    pending_text = fields.Str(allow_none=True)     # what the match waits on, as a sentence
    rated = fields.Bool()                      # created rated: its end changes the seats' ratings
    ratings = fields.List(fields.Dict(), allow_none=True)   # once ended and counted: each seat's before/after


class LegalActionsOut(Schema):
    version = fields.Int(required=True)
    actions = fields.List(fields.Dict(), required=True)
    partial = fields.Dict(required=True)
    step = fields.Dict(required=True, allow_none=True)
    forwarded = fields.List(fields.Dict())       # with forward: the partial moves passed through


class EventOut(Schema):
    version = fields.Int(required=True)
    type = fields.Str(required=True)
    data = fields.Dict(required=True)
    seat = fields.Int(required=True, allow_none=True)
    rule = fields.Str(required=True)
    cause = fields.Int(required=True, allow_none=True)
    at = fields.Str(required=True)
    hash = fields.Str()          # only once the match has an outcome
    command = fields.Dict()      # the command that produced the batch: own seat's, or full truth
    rng = fields.Dict()          # exports only: the batch's draws, once the seed is revealed
    text = fields.Str(allow_none=True)   # the event as a sentence of the log; None: an internal step
    move = fields.Dict()         # {"version", "seat"}: the command (one replay step) it belongs to
    auto = fields.Dict()         # a move the seat's settings made ({"setting", "why"}): own seat's, or after the end


class ActionOut(Schema):
    """The short answer to an action (``?answer=short``; also a table move's and a reclaim's)."""
    version = fields.Int(required=True)
    events = fields.List(fields.Nested(EventOut), required=True)


class ActionQuery(Schema):
    answer = fields.Str(load_default="full", validate=OneOf(("full", "short")))


class ActionAnswerOut(Schema):
    """The full answer to an action (service/application/match/answering.py): the new position as
    the acting seat sees it and its next choice, so the client needs no other request."""
    version = fields.Int(required=True)
    events = fields.List(fields.Nested(EventOut), required=True)    # narrated, as /events gives them
    to_act = fields.List(fields.Int(), required=True)
    outcome = fields.Dict(required=True, allow_none=True)
    view = fields.Dict(required=True)
    legal = fields.Nested(LegalActionsOut, required=True)


class EventsPageOut(Schema):
    match_id = fields.Str(required=True)
    version = fields.Int(required=True)
    after = fields.Int(required=True)
    next_after = fields.Int(required=True)
    events = fields.List(fields.Nested(EventOut), required=True)


class StateOut(Schema):
    match_id = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True, allow_none=True)
    view = fields.Dict(required=True)


class ProgressOut(Schema):
    done = fields.Int(required=True)
    total = fields.Int(required=True)


class JobOut(Schema):
    id = fields.Str(required=True)
    kind = fields.Str(required=True)                # "simulation" | "verify"
    status = fields.Str(required=True)              # queued | running | finished | failed
    progress = fields.Nested(ProgressOut, required=True, allow_none=True)
    spec = fields.Dict(required=True, allow_none=True)
    created_at = fields.Str(required=True, allow_none=True)
    results = fields.Dict(required=True, allow_none=True)
    error = fields.Str(required=True, allow_none=True)


class MatchSummaryOut(Schema):
    match_id = fields.Str(required=True)
    game = fields.Str(required=True)
    variant = fields.Str(required=True)
    seats = fields.List(fields.Str(), required=True)          # seat names
    created_at = fields.Str(required=True, allow_none=True)
    version = fields.Int(required=True)
    status = fields.Str(required=True)                        # running | ended
    outcome = fields.Raw(required=True, allow_none=True)      # once ended
    rated = fields.Bool()                                     # service.application.ratings.ladder.with_ratings
    seat_ratings = fields.List(fields.Int(allow_none=True))
    rating = fields.Int(allow_none=True)


class MatchListOut(Schema):
    matches = fields.List(fields.Nested(MatchSummaryOut), required=True)
    next_cursor = fields.Str(required=True, allow_none=True)


class ErrorDetailOut(Schema):
    code = fields.Str(required=True)
    message = fields.Str(required=True)
    rule = fields.Str(required=True, allow_none=True)


class ErrorOut(Schema):
    error = fields.Nested(ErrorDetailOut, required=True)


class ExplainOut(Schema):
    match_id = fields.Str(required=True)
    version = fields.Int(required=True)
    caller = fields.Str(required=True)
    full_truth = fields.Bool(required=True)
    event = fields.Nested(EventOut, required=True)
    rule = fields.Dict(required=True)
    causes = fields.List(fields.Dict(), required=True)
    command = fields.Dict(required=True, allow_none=True)
    diff = fields.List(fields.Dict(), required=True)
    why = fields.List(fields.Str(), required=True)     # the explanation in sentences


class DivergenceOut(Schema):
    version = fields.Int(required=True, allow_none=True)
    reason = fields.Str(required=True)


class VerifyOut(Schema):
    status = fields.Str(required=True)
    job_id = fields.Str(required=True, allow_none=True)
    match_id = fields.Str(required=True)
    ok = fields.Bool(required=True, allow_none=True)
    version = fields.Int(required=True)
    snapshots_checked = fields.Int()
    seed_revealed = fields.Bool()
    redecided = fields.Int()
    first_divergence = fields.Nested(DivergenceOut, allow_none=True)
    divergences = fields.List(fields.Nested(DivergenceOut))


class DisputeOut(Schema):
    dispute = fields.Int(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True)
    reason = fields.Str(required=True)
    ruling = fields.Dict(required=True, allow_none=True)
    consents = fields.List(fields.Int(), required=True)
    continued_in = fields.Str(required=True, allow_none=True)
    match = fields.Dict(allow_none=True)


class DisputesOut(Schema):
    match_id = fields.Str(required=True)
    disputes = fields.List(fields.Nested(DisputeOut), required=True)


class ForkCreatedOut(MatchCreatedOut):
    forked_from = fields.Dict(required=True)
