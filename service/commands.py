"""The write side: create a match; take an action (load, decide, append at the expected version).

A decision that ends the match is followed, in the same atomic batch, by the platform's
``SeedRevealed`` event, so the secret seed becomes public exactly when the outcome does.
"""
import json
import logging
import secrets

from flask import current_app, has_app_context

from engine.core import (GENESIS_HASH, ConfigError, Event, MatchConfig, apply, clone, create_events,
                         get_game, play)
from service import seats
from service.errors import ApiError
from service.loading import client_items, open_match
from service.records import now, seal

log = logging.getLogger(__name__)
PLATFORM_RULE = "kifu/match"


def create_match(store, body: dict) -> dict:
    game = get_game(body["game"])
    names = [seat["name"] for seat in body["seats"]]
    variant = game.variants.get(body["variant"])
    if variant is None:
        raise ConfigError(f"unknown variant {body['variant']!r} of {game.id}; known: "
                          f"{', '.join(sorted(game.variants))}", rule=PLATFORM_RULE)
    if not variant.min_seats <= len(names) <= variant.max_seats:
        raise ConfigError(f"{game.id}/{variant.id} seats {variant.min_seats}..{variant.max_seats} "
                          f"players, not {len(names)}", rule=PLATFORM_RULE)
    config = MatchConfig(game.id, variant.id, names, body["options"], position=body["setup"])
    seed = secrets.token_bytes(32)
    events = create_events(game, config, seed)
    state, snapshots = _fold(store, game, None, events)
    ended = _reveal_if_over(store, game, state, events, seed, snapshots)
    match_id, at = secrets.token_urlsafe(12), now()
    seat_meta, told = seats.credentials(body["seats"])
    meta = {"game": game.id, "variant": variant.id, "created_at": at,
            "analysis": "1" if config.position is not None else "0", **seat_meta}
    if ended:
        meta["ended"] = str(state["version"])
    records = seal(events, 0, GENESIS_HASH, at)
    result = store.append(match_id, 0, GENESIS_HASH, records, meta=meta, secret=seed.hex())
    if result.status != "ok":
        raise RuntimeError(f"new match id {match_id} already taken")
    for snapshot in snapshots:
        store.save_snapshot(match_id, snapshot)
    store.remember(match_id, state)
    if not ended:
        seats.list_open(store.redis, match_id, told)
    return {"match_id": match_id, "version": result.version, "seats": told}


def take_action(store, match_id: str, seat: int, body: dict,
                meta: dict | None = None) -> tuple[dict, bool]:
    """The answer to the action, and whether this call ended the match."""
    command_key = f"{seat}:{body['command_id']}"
    known = store.stored_answer(match_id, command_key)
    if known is not None:
        return json.loads(known), False
    m = open_match(store, match_id, meta=meta)
    if body["expected_version"] != m.version:
        raise _stale(body["expected_version"], m.version)
    if m.outcome() is not None:
        raise ApiError(422, "match_over", "the match has ended; no more actions", PLATFORM_RULE)
    if seat not in m.to_act():
        raise ApiError(403, "not_your_turn", f"seat {seat} is not to act (waiting for {m.to_act()})")
    seed = store.secret(match_id)
    events = _decide(m, seat, body["action"], seed)
    state, snapshots = _fold(store, m.game, m.state, events)
    ended = _reveal_if_over(store, m.game, state, events, seed, snapshots)
    records = seal(events, m.version, m.last_hash, now(), body["command_id"])
    answer = {"version": m.version + len(records),
              "events": client_items(m.game, records, seat, with_hash=ended)}
    result = store.append(match_id, m.version, m.last_hash, records, command_key=command_key,
                          answer=json.dumps(answer, ensure_ascii=False),
                          meta={"ended": str(state["version"])} if ended else None)
    if result.status == "duplicate":
        return json.loads(result.answer), False
    if result.status == "conflict":
        raise _stale(body["expected_version"], result.version)
    for snapshot in snapshots:
        store.save_snapshot(match_id, snapshot)
    store.remember(match_id, state)
    return answer, ended


def _decide(m, seat: int, action: dict, seed: bytes) -> list:
    """The game's decision. Deciders refuse malformed actions with IllegalAction; should one crash
    on an odd shape anyway, the client still gets a 4xx (and the log the traceback) — except under
    test, where the crash must surface as the engine bug it is."""
    try:
        return list(play(m.game, m.state, seat, action, seed))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        if has_app_context() and current_app.testing:
            raise
        log.exception("decider %s failed on action %r", m.game.id, action)
        raise ApiError(422, "illegal_action", f"the action could not be processed "
                       f"({type(e).__name__}); check its shape against legal-actions") from e


def _fold(store, game, state: dict | None, events: list, copy: bool = True) -> tuple[dict, list]:
    """Fold ``events`` into a copy of ``state``; also copies of the state at every snapshot version."""
    state = clone(state) if state is not None and copy else state
    snapshots = []
    for event in events:
        state = apply(game, state, event)
        if store.snapshot_due(state["version"]):
            snapshots.append(clone(state))
    return state, snapshots


def _reveal_if_over(store, game, state: dict, events: list, seed: bytes, snapshots: list) -> bool:
    """Append SeedRevealed to ``events`` (and fold it) when ``state`` has an outcome."""
    if game.outcome(state) is None:
        return False
    reveal = Event("SeedRevealed", {"seed": seed.hex()}, rule=PLATFORM_RULE)
    events.append(reveal)
    snapshots += _fold(store, game, state, [reveal], copy=False)[1]
    return True


def _stale(expected: int, current: int) -> ApiError:
    return ApiError(409, "stale_version",
                    f"expected_version {expected} is stale: the match is at version {current}")
