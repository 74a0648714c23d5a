"""A rematch: once a match is over, any seat a person holds starts it again — a new match of the same
game, variant, options, house rules (``rulings``), seat names, bots and clock, under today's rules,
each seat's settings as they were at its end (engine/core/seat_settings.py), the first player moved
on by one where the game chooses one (its ``FirstPlayerChosen`` event, and an
``options.first`` the game accepts; elsewhere the lot decides again). Every credential comes along at
the same seat (the seat tokens, auditor and organiser tokens, a seat bound to a player), as a
dispute's continuation carries them, so each holder plays the rematch with the token it has and
nothing new is handed out.

The two matches name each other: the new one's table batch holds ``RematchOf`` {match}, and the
original gets the table move ``RematchStarted`` {match, by} (re-decided by an audit like any table
move). A claim in the original's meta (``rematch_claim``, HSETNX) makes two seats asking at once
start one rematch; a claim left by a process that died is taken over after ``CLAIM_SECONDS``.

A match refereed live (``audit_live``: its auditor sees every hand while it runs) is never played
again refereed live without its seats' say: whoever asks for its rematch says which it is to be.
``audit_live`` false starts it at once, not refereed live (the auditor token still comes along: as in
any match, it sees everything only once the rematch is over, as everyone then does). ``audit_live``
true is the seat's consent (the table move ``RematchConsented`` {seat, audit_live: true}, which every
seat and the page see); the rematch starts, refereed live by the same auditor token, with the
request that brings the last consent of the seats a person plays (not a bot's), and until then the
answer says who has agreed and who is still asked. Any seat may instead start it not refereed live.
A match not refereed live has no rematch refereed live: its seats may hold tokens from the creator,
who also holds the auditor token (service.application.table.seats.check_live_audit).
"""
import secrets
import time
from dataclasses import replace

from engine.core import ConfigError, Event, Game, MatchConfig, create_events, get_game
from engine.core.table_moves import REMATCH_RULE, people
from service.application.table import moves
from service.application.match.creating import store_new_match
from service.application.errors import Conflict, Illegal
from service.application.match.forks import table_events
from service.application.match.loading import open_match
from service.application.storage import table as table_records
from service.i18n import _

CLAIM_SECONDS = 60


def start(store, match_id: str, seat: int, audit_live: bool | None = None) -> tuple[dict, bool]:
    """``seat`` asks for the rematch of ``match_id`` (``audit_live``: whether it is to be refereed
    live; None, left out, only where the match was not). ``(answer, started)``: the new match ``{"match_id",
    "version", "rematch_of", "seats", "first", "audit_live"}`` (no token: everyone plays it with the
    one they hold), or, for a rematch refereed live that some seats have yet to agree to,
    ``{"rematch_of", "audit_live": true, "agreed", "asked"}``."""
    m = _ended(store, match_id)
    refereed = m.meta.get("audit_live") == "1"
    if audit_live and not refereed:
        raise Illegal("not_audit_live", _("this match was not refereed live, so its rematch is not either: its seats "
                                          "may hold tokens from whoever holds the auditor token; leave audit_live out"),
                      REMATCH_RULE)
    if audit_live is None and refereed:
        raise Illegal("audit_live_unstated", _("this match was refereed live: say whether its rematch is too. "
                                               "audit_live true is your consent to the same auditor seeing every hand "
                                               "while the rematch is played, and it starts once every seat a person "
                                               "plays has agreed; audit_live false starts it now, not refereed live"),
                      REMATCH_RULE)
    if audit_live:
        return _agree(store, m, seat)
    return _make(store, m, seat, live=False), True


def _ended(store, match_id: str):
    """The match, once it may have a rematch and has none yet."""
    m = open_match(store, match_id)
    if m.outcome() is None:
        raise Illegal("match_running", _("a rematch is started once the match is over"), REMATCH_RULE)
    if m.meta.get("analysis") == "1":
        raise Illegal("analysis_match", _("an analysis match (an explicit position or a fork) has no rematch"),
                      REMATCH_RULE)
    if m.meta.get("continued_in"):
        raise Illegal("match_continued", _("this match continues as match %(continued_in)s; its rematch is asked there",
                                           continued_in=m.meta['continued_in']), "kifu/dispute")
    if m.state["match"].get("rematch"):
        raise Conflict("rematch_exists", _("this match is played again as match %(rematch)s",
                                           rematch=m.state['match']['rematch']),
                       REMATCH_RULE)
    return m


def _agree(store, m, seat: int) -> tuple[dict, bool]:
    """``seat``'s consent to a rematch refereed live, recorded once; and the rematch itself once every
    seat asked has agreed."""
    if seat not in m.state["match"].get("rematch_consents", []):
        moves.move(store, m.match_id, seat, {"type": "consent_rematch"})
        m = _ended(store, m.match_id)
    agreed = m.state["match"].get("rematch_consents", [])
    waiting = {"rematch_of": m.match_id, "audit_live": True, "agreed": agreed,
               "asked": [s for s in people(m.state) if s not in agreed]}
    if waiting["asked"]:
        return waiting, False
    try:
        return _make(store, m, seat, live=True), True
    except Conflict as e:
        if e.code != "rematch_pending":
            raise
        return waiting, False             # another seat's request, which brought the last consent, makes it


def _make(store, m, seat: int, live: bool) -> dict:
    match_id = m.match_id
    _claim(store, match_id)
    game = get_game(m.meta["game"])
    created = store.read(match_id, 0, 1)[0].event.data
    config, first = _swapped(game, store, match_id, replace(MatchConfig.of_created(created, audit_live=live),
                                                            settings=m.state["match"].get("settings", {})))
    seed = secrets.token_bytes(32)
    events = create_events(game, config, seed)
    made = store_new_match(
        store, game, events, seed, {"create": {}}, created["seats"], analysis=False, audit_live=live,
        carried_from=(match_id, m.meta),
        table=[*table_events(m.state, creation_only=True),
               Event("RematchOf", {"match": match_id, "first": first}, rule=REMATCH_RULE)],
        extra_meta={"rematch_of": match_id, **({"private": "1"} if m.meta.get("private") == "1" else {})},
        by="rematch").answer
    moves.move(store, match_id, seat, {"type": "rematch", "match": made["match_id"],
                                       **({"audit_live": True} if live else {})})
    return {"match_id": made["match_id"], "version": made["version"], "rematch_of": match_id,
            "seats": made["seats"], "first": first, "audit_live": live}


def _claim(store, match_id: str) -> None:
    """Only one rematch per match: the first asker's claim stands (a stale one is taken over)."""
    if not table_records.claim_rematch(store, match_id, time.time(), CLAIM_SECONDS):
        raise Conflict("rematch_pending", _("another seat is starting the rematch of this match; look again in a "
                                            "moment"), REMATCH_RULE)


def _swapped(game: Game, store, match_id: str, config: MatchConfig) -> tuple[MatchConfig, int | None]:
    """The rematch's configuration: the original's (its options and house rules), with ``first`` the
    seat after the one that went first where the game records a first player and accepts the option;
    and that first seat (None: the lot)."""
    chosen = next((r.event.data for r in store.read(match_id, 0, count=200) if r.event.type == "FirstPlayerChosen"),
                  None)
    went_first = (chosen or {}).get("first")
    if not isinstance(went_first, int) or isinstance(went_first, bool):
        return config, None
    swapped = replace(config, options={**config.options, "first": (went_first + 1) % len(config.seats)})
    try:
        game.validate(swapped)
    except ConfigError:
        return config, None
    return swapped, swapped.options["first"]
