"""A seat's action: load the match, check it may act, decide, and commit at the version it saw; and
a person taking back the seat a stand-in bot played since a missed deadline."""
import json
import logging
import traceback

from engine.core import TABLE_RULE, Event, Rng, clone, controller, step
from engine.core.match import check_fields
from engine.core.table_moves import after_action
from service.application.errors import Conflict, DomainError, Forbidden, Illegal
from service.application.match.committing import Committed, commit, repeated, stale
from service.application.match.loading import Meta, open_match
from service.i18n import _

log = logging.getLogger(__name__)
PLATFORM_RULE = "kifu/match"


def take_action(store, match_id: str, seat: int, body: dict, meta: dict | None = None,
                by_bot: bool = False) -> Committed:
    """What the action committed (its ``answer`` as the seat sees it), or, for a command answered
    before, that first answer. ``by_bot``: the seat's bot acting (a person may not act for a seat a
    bot holds)."""
    command_key = f"{seat}:{body['command_id']}"
    known, seed = (meta.answer_and_secret(command_key) if isinstance(meta, Meta)
                   else store.answer_and_secret(match_id, command_key))
    if known is not None:
        return repeated(match_id, json.loads(known))
    m = open_match(store, match_id, meta=meta, shared=True)        # read only: commit folds a copy
    if body["expected_version"] != m.version:
        raise stale(body["expected_version"], m.version)
    if m.outcome() is not None:
        raise Illegal("match_over", _("the match has ended; no more actions"), PLATFORM_RULE)
    if m.meta.get("continued_in"):
        raise Illegal("match_continued", _("after a dispute this match continues as match %(continued_in)s; act there",
                                           continued_in=m.meta['continued_in']), "kifu/dispute")
    if seat not in m.to_act():
        raise Forbidden("not_your_turn", _("seat %(seat)s is not to act (waiting for %(value)s)",
                                           seat=seat, value=m.to_act()))
    held = controller(m.state, seat)
    if (held["by"] == "bot") != by_bot:
        raise Conflict("seat_held_by_bot",
                       _("a stand-in bot plays seat %(seat)s since it missed a deadline; take the seat back first: "
                         "POST /matches/%(match_id)s/seats/%(seat)s/reclaim",
                         seat=seat, match_id=match_id), TABLE_RULE)
    state, events = decide(store, m, seat, body["action"], seed)
    batches = [({"seat": seat, "action": body["action"]}, events), *after_action(m.game, m.state, seat, events)]
    return commit(store, m, batches, by="bot" if by_bot else "seat", seed=seed, command_key=command_key,
                  command_id=body["command_id"], seat=seat, acted=True, folded=state)


def decide(store, m, seat: int, action: dict, seed: bytes) -> tuple[dict, list]:
    """The game's decision: the state after it and its events, decided on a copy of the match's state
    and folded as decided (engine.core.step: the same state as folding the events onto a copy, so
    ``commit`` need not fold them again). Deciders refuse malformed actions with IllegalAction;
    should one crash on an odd shape anyway, the client still gets a 4xx (and the log the traceback) — except on a
    ``strict`` store (tests), where the crash must surface as the engine bug it is. The log names the
    action's type and the error's, never the action's values nor the error's message (a seat's hidden
    choices: face-down cards, a card in hand)."""
    try:
        check_fields(m.game, action)
        state, events = step(m.game, clone(m.state), seat, action, Rng.for_version(seed, m.state["version"]))
        return state, list(events)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        if store.strict:
            raise
        log.error("decider %s failed on a %.40r action (%s), at:\n%s", m.game.id, action.get("type"),
                  type(e).__name__, "".join(traceback.format_tb(e.__traceback__)).rstrip())
        raise Illegal("illegal_action", _("the action could not be processed (%(name)s); check its shape against "
                                          "legal-actions",
                                          name=type(e).__name__)) from e


def reclaim_seat(store, match_id: str, seat: int) -> dict:
    """A person takes back the seat a stand-in bot has played since a missed deadline. Not tied to
    a version: if the bot moves meanwhile (409 on the append) it is tried again at the new one."""
    for _attempt in range(5):
        m = open_match(store, match_id)
        if m.outcome() is not None:
            raise Illegal("match_over", _("the match has ended"), PLATFORM_RULE)
        if not controller(m.state, seat)["stand_in"]:
            raise Conflict("seat_not_held", _("seat %(seat)s is not held by a stand-in bot", seat=seat), TABLE_RULE)
        reclaimed = Event("SeatControlled", {"seat": seat, "by": "human", "bot": None, "stand_in": False},
                          seat=seat, rule=TABLE_RULE)
        try:
            return commit(store, m, [({"seat": seat, "note": "reclaim"}, [reclaimed])], by="reclaim", seat=seat).answer
        except DomainError as e:
            if e.code != "stale_version":
                raise
    raise Conflict("stale_version", _("the match kept moving; try again"))
