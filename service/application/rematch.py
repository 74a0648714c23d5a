"""A rematch: once a match is over, any seat a person holds starts it again — a new match of the same
game, variant, options, seat names, bots and clock, under today's rules, the first player moved on
by one where the game chooses one (its ``FirstPlayerChosen`` event, and an ``options.first`` the
game accepts; elsewhere the lot decides again). Every credential comes along at the same seat (the
seat tokens, auditor and organiser tokens, a seat bound to a player), as a dispute's continuation
carries them, so each holder plays the rematch with the token it has and nothing new is handed out.

The two matches name each other: the new one's table batch holds ``RematchOf`` {match}, and the
original gets the table move ``RematchStarted`` {match, by} (re-decided by an audit like any table
move). A claim in the original's meta (``rematch_claim``, HSETNX) makes two seats asking at once
start one rematch; a claim left by a process that died is taken over after ``CLAIM_SECONDS``.
"""
import secrets
import time

from engine.core import ConfigError, Event, MatchConfig, create_events, get_game
from engine.core.table_moves import REMATCH_RULE
from service.application import table
from service.application.commands import store_new_match
from service.application.errors import Conflict, Illegal
from service.application.forks import table_events
from service.application.loading import open_match
from service.application.store import key

CLAIM_SECONDS = 60


def start(store, match_id: str, seat: int) -> dict:
    """The rematch of ``match_id`` asked by ``seat``: ``{"match_id", "version", "rematch_of", "seats",
    "first"}`` (no token: everyone plays it with the one they hold)."""
    m = open_match(store, match_id)
    if m.outcome() is None:
        raise Illegal("match_running", "a rematch is started once the match is over", REMATCH_RULE)
    if m.meta.get("analysis") == "1":
        raise Illegal("analysis_match", "an analysis match (an explicit position or a fork) has no rematch",
                      REMATCH_RULE)
    if m.meta.get("continued_in"):
        raise Illegal("match_continued", f"this match continues as match {m.meta['continued_in']}; its "
                      "rematch is asked there", "kifu/dispute")
    if m.state["match"].get("rematch"):
        raise Conflict("rematch_exists", f"this match is played again as match {m.state['match']['rematch']}",
                       REMATCH_RULE)
    _claim(store, match_id)
    game = get_game(m.meta["game"])
    created = store.read(match_id, 0, 1)[0].event.data
    options, first = _swapped(game, store, match_id, created)
    live = m.meta.get("audit_live") == "1"
    config = MatchConfig(game.id, created["variant"], created["seats"], options, audit_live=live)
    seed = secrets.token_bytes(32)
    events = create_events(game, config, seed)
    made = store_new_match(
        store, game, events, seed, {"create": {}}, created["seats"], analysis=False, audit_live=live,
        carried_from=(match_id, m.meta),
        table=[*table_events(m.state, creation_only=True),
               Event("RematchOf", {"match": match_id, "first": first}, rule=REMATCH_RULE)],
        extra_meta={"rematch_of": match_id, **({"private": "1"} if m.meta.get("private") == "1" else {})})
    table.move(store, match_id, seat, {"type": "rematch", "match": made["match_id"]})
    return {"match_id": made["match_id"], "version": made["version"], "rematch_of": match_id,
            "seats": made["seats"], "first": first}


def _claim(store, match_id: str) -> None:
    """Only one rematch per match: the first asker's claim stands (a stale one is taken over)."""
    meta_key, now = key(match_id, "meta"), time.time()
    if store.redis.hsetnx(meta_key, "rematch_claim", str(now)):
        return
    held = store.redis.hget(meta_key, "rematch_claim")
    if held is not None and now - float(held) < CLAIM_SECONDS:
        raise Conflict("rematch_pending", "another seat is starting the rematch of this match; look again in a "
                       "moment", REMATCH_RULE)
    store.redis.hset(meta_key, "rematch_claim", str(now))


def _swapped(game, store, match_id: str, created: dict) -> tuple[dict, int | None]:
    """The rematch's options: the original's, with ``first`` the seat after the one that went first
    where the game records a first player and accepts the option; and that first seat (None: the lot)."""
    options = dict(created.get("options", {}))
    chosen = next((r.event.data for r in store.read(match_id, 0, count=200) if r.event.type == "FirstPlayerChosen"),
                  None)
    went_first = (chosen or {}).get("first")
    if not isinstance(went_first, int) or isinstance(went_first, bool):
        return options, None
    swapped = {**options, "first": (went_first + 1) % len(created["seats"])}
    try:
        game.validate(MatchConfig(game.id, created["variant"], created["seats"], swapped))
    except ConfigError:
        return options, None
    return swapped, swapped["first"]
