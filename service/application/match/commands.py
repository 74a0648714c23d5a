"""The write side: create a match; take an action (load, decide, append at the expected version);
append the table's own events (seat control, deadlines, forfeits).

A decision that ends the match is followed, in the same atomic batch, by the platform's
``SeedRevealed`` event, so the secret seed becomes public exactly when the outcome does. Table
events go in batches of their own with a ``note`` command, so re-deciding a match (engine.audit)
re-decides every game batch and only folds theirs. Before every append what the new position
needs (a bot's move, a deadline) is recorded as a due job, and right after it the bots' moves are
queued (service.application.turns.dispatch), so a crash in between loses nothing.
"""
import json
import logging
import secrets
import traceback
from collections import ChainMap

from engine.core import (GENESIS_HASH, TABLE_RULE, Event, MatchConfig, apply, clone,
                         controller, create_events, get_game, match_outcome, play, seed_revealed)
from service.application.storage.connections import UNAVAILABLE
from service.application.errors import Conflict, DomainError, Forbidden, Illegal
from service.application.identity import players
from service.application.match import listing
from service.application.notify import notices, subscriptions
from service.application.table import seats
from service.application.identity.auth import new_token, token_hash
from service.application.turns.deadlines import clock_config, read_waiting, waiting_after
from service.application.turns.dispatch import call_off_deadlines, dispatch, expect, schedule_deadlines
from service.application.match.loading import Meta, client_items, open_match
from service.application.storage.records import now, seal
from engine.bots import check_config
from engine.core.table_moves import after_action

log = logging.getLogger(__name__)
PLATFORM_RULE = "kifu/match"


def create_match(store, body: dict, extra_meta: dict | None = None) -> dict:
    game = get_game(body["game"])
    names = [seat["name"] for seat in body["seats"]]
    variant = game.check_seats(MatchConfig(game.id, body["variant"], names))
    bots = {s: check_config(game, seat) for s, seat in enumerate(body["seats"]) if seat.get("bot")}
    clock = clock_config(game, body.get("deadline"))
    audit_live = body.get("audit_live", False)
    if audit_live:
        seats.check_live_audit(body["seats"])
    config = MatchConfig(game.id, variant.id, names, body["options"], position=body["setup"],
                         audit_live=audit_live)
    seed = secrets.token_bytes(32)
    events = create_events(game, config, seed)
    command = {"create": {} if config.position is None else {"position": config.position}}
    table = [Event("SeatControlled", {"seat": s, "by": "bot", "bot": bot, "stand_in": False},
                   rule=TABLE_RULE) for s, bot in bots.items()]
    if clock is not None:
        table.append(Event("ClockSet", clock, rule=TABLE_RULE))
    return store_new_match(store, game, events, seed, command, body["seats"], config.position is not None,
                           audit_live, table=table,
                           extra_meta={**({"private": "1"} if body.get("private") else {}), **(extra_meta or {})})


def store_new_match(store, game, events: list, seed: bytes, command: dict, names: list,
                    analysis: bool, audit_live: bool, carried_from: tuple[str, dict] | None = None,
                    extra_meta: dict | None = None, table: list | None = None) -> dict:
    """Append a new match's opening batch, with new seat, auditor and organiser tokens (or, for a match that
    continues another or plays it again, ``carried_from`` = (its id, its meta): the credentials of
    ``seats.carried``, the same tokens at the same seats, and the seats' own subscriptions), then the
    ``table`` events (bot seats, the clock) as a batch of their own. Bot seats get no token. The answer
    holds the new tokens, shown only here."""
    table = table or []
    state, snapshots = _fold(store, game, None, events)
    ended = _reveal_if_over(store, game, state, events, seed, snapshots)
    if table and not ended:
        state, more = _fold(store, game, state, table, copy=False)
        snapshots += more
    else:
        table = []
    bots = {e.data["seat"]: e.data["bot"]["bot"] for e in table
            if e.type == "SeatControlled" and e.data["by"] == "bot" and not e.data.get("stand_in")}
    match_id, at = new_match_id(), now()
    specs = [s if isinstance(s, dict) else {"name": s} for s in names]
    if carried_from is None:
        seat_meta, told = seats.credentials(specs, bots)
        auditor_token, organiser_token = new_token(), new_token()
        seat_meta[f"auditor:{token_hash(auditor_token)}"] = "1"
        seat_meta[f"organiser:{token_hash(organiser_token)}"] = "1"
    else:                       # a match that continues another keeps its seats' tokens
        carried = seats.carried(carried_from[1])
        seat_meta = {**carried, **{f"name:{s}": spec["name"] for s, spec in enumerate(specs)},
                     **subscriptions.carry(store.redis, carried_from[0], carried_from[1], match_id)}
        told = [{**t, "claimed": f"claimed:{t['seat']}" in carried}
                for t in seats.told_of(carried, [spec["name"] for spec in specs], bots)]
        auditor_token = organiser_token = None
    created = events[0].data
    meta = {"game": game.id, "variant": created["variant"], "created_at": at,
            "analysis": "1" if analysis else "0", "audit_live": "1" if audit_live else "0",
            "engine_version": created["engine_version"], "cardset_version": created["cardset_version"],
            **seat_meta,
            **(extra_meta or {})}
    if ended:
        meta["ended"] = str(state["version"])
        meta["outcome"] = json.dumps(match_outcome(game, state), ensure_ascii=False)
    meta.update(_clock_meta(store, match_id, game, state, {}, set(), at))
    expect(store.jobs, match_id, state)
    records = seal(events, 0, GENESIS_HASH, at, command=command)
    if table:
        records += seal(table, len(records), records[-1].hash, at, command={"seat": None, "note": "table"})
    recorded = _notices(store, match_id, meta, None, state, records)
    listing.index(store.redis, match_id, meta)          # before the append (service.application.match.listing)
    players.index(store.redis, match_id, meta)
    result = store.append(match_id, 0, GENESIS_HASH, records, meta=meta, secret=seed.hex())
    if result.status != "ok":
        raise RuntimeError(f"new match id {match_id} already taken")
    _stored(store, match_id, state, snapshots)
    _tell(store, match_id, recorded)
    if not ended:
        seats.list_open(store.redis, match_id, told)
    return {"match_id": match_id, "version": result.version, "seats": told,
            "auditor_token": auditor_token, "organiser_token": organiser_token, "audit_live": audit_live}


def new_match_id() -> str:
    """16 URL-safe characters of 12 random bytes, never beginning with "-": a command line (``kifu
    verify ID``) would take such an id for an option."""
    while (match_id := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return match_id


def take_action(store, match_id: str, seat: int, body: dict, meta: dict | None = None,
                by_bot: bool = False) -> tuple[dict, bool]:
    """The answer to the action, and whether this call ended the match. ``by_bot``: the seat's bot
    acting (a person may not act for a seat a bot holds)."""
    command_key = f"{seat}:{body['command_id']}"
    known, seed = (meta.answer_and_secret(command_key) if isinstance(meta, Meta)
                   else store.answer_and_secret(match_id, command_key))
    if known is not None:
        return json.loads(known), False
    m = open_match(store, match_id, meta=meta, shared=True)        # read only: commit folds a copy
    if body["expected_version"] != m.version:
        raise _stale(body["expected_version"], m.version)
    if m.outcome() is not None:
        raise Illegal("match_over", "the match has ended; no more actions", PLATFORM_RULE)
    if m.meta.get("continued_in"):
        raise Illegal("match_continued", "after a dispute this match continues as match "
                       f"{m.meta['continued_in']}; act there", "kifu/dispute")
    if seat not in m.to_act():
        raise Forbidden("not_your_turn", f"seat {seat} is not to act (waiting for {m.to_act()})")
    held = controller(m.state, seat)
    if (held["by"] == "bot") != by_bot:
        raise Conflict("seat_held_by_bot",
                       f"a stand-in bot plays seat {seat} since it missed a deadline; take the seat "
                       f"back first: POST /matches/{match_id}/seats/{seat}/reclaim", TABLE_RULE)
    events = _decide(store, m, seat, body["action"], seed)
    batches = [({"seat": seat, "action": body["action"]}, events), *after_action(m.game, m.state, seat, events)]
    return commit(store, m, batches, seed, command_key, body["command_id"], seat, acted=True)


def commit(store, m, batches: list, seed: bytes | None, command_key: str, command_id: str,
           seat: int | None, acted: bool = False, meta: dict | None = None) -> tuple[dict, bool]:
    """The one way anything is appended to a running match (actions, bots, deadlines, table and
    dispute events): fold the ``(command, events)`` batches onto the loaded match ``m`` and append
    them at its version in one atomic append (revealing the seed in the last batch if they end the
    match), with ``meta`` (fields written with them) and the clock's new ``waiting``; then store
    snapshots and queue what the new position needs. Returns the answer as ``seat`` sees it, and
    whether the match ended. 409 when someone appended first; a repeated ``command_key`` returns the
    first answer. ``acted``: the batches are ``seat``'s own action (remembered for its digest of
    what happened since). A match continued after a dispute keeps no clock and queues nothing."""
    events = [e for _, batch in batches for e in batch]
    state, snapshots = _fold(store, m.game, m.state, events)
    if seed is None and match_outcome(m.game, state) is not None:
        seed = store.secret(m.match_id)
    last = list(batches[-1][1])
    ended = _reveal_if_over(store, m.game, state, last, seed, snapshots)
    batches = [*batches[:-1], (batches[-1][0], last)]
    at = now()
    records, prev = [], m.last_hash
    for command, batch in batches:
        records += seal(batch, m.version + len(records), prev, at, command_id, command=command)
        prev = records[-1].hash
    answer = {"version": m.version + len(records),
              "events": client_items(m.game, records, seat, with_hash=ended)}
    meta_update = {f"acted:{seat}": str(answer["version"])} if acted else {}
    if ended:
        meta_update["ended"] = str(state["version"])
        meta_update["outcome"] = json.dumps(match_outcome(m.game, state), ensure_ascii=False)
    live = not (m.meta.get("continued_in") or (meta or {}).get("continued_in"))
    if live:
        movers = {command["seat"] for command, _ in batches if "action" in command}
        meta_update.update(_clock_meta(store, m.match_id, m.game, state, read_waiting(m.meta), movers, at))
        expect(store.jobs, m.match_id, state)
    meta_update.update(meta or {})
    recorded = _notices(store, m.match_id, ChainMap(meta_update, m.meta), m.state, state, records)
    if ended:                    # its new status in the listing, before the append (service.application.match.listing)
        listing.index(store.redis, m.match_id, ChainMap(meta_update, m.meta))
    result = store.append(m.match_id, m.version, m.last_hash, records, command_key=command_key,
                          answer=json.dumps(answer, ensure_ascii=False), meta=meta_update or None)
    if result.status == "duplicate":
        return json.loads(result.answer), False
    if result.status == "conflict":
        raise _stale(m.version, result.version)
    _stored(store, m.match_id, state, snapshots, dispatching=live)
    if "waiting" in meta_update:
        _call_off(store, m, read_waiting(m.meta), read_waiting(meta_update))
    if ended:
        _left_running(store, m.match_id)
    _tell(store, m.match_id, recorded)
    return answer, ended


def _left_running(store, match_id: str) -> None:
    """The ended match out of the listing's running index, after the append; a write lost here is
    repaired by the listing (service.application.match.listing)."""
    try:
        listing.left_running(store.redis, match_id)
    except Exception:  # noqa: BLE001 - the events are stored; the listing skips and repairs the entry
        log.exception("could not move match %s out of the running index", match_id)


def _notices(store, match_id: str, meta: dict, before: dict | None, after: dict, records: list) -> list:
    """What the coming append is worth telling the seats' players and subscribers, recorded as due jobs
    before it (service.application.notify.notices). A store that does not answer fails the append like
    any write; any other failure here loses a message, never the events."""
    try:
        return notices.expect(store, match_id, meta, before, after, records)
    except UNAVAILABLE:
        raise
    except Exception:  # noqa: BLE001 - a notice must not stop play
        log.exception("could not record the notifications of match %s", match_id)
        return []


def _tell(store, match_id: str, recorded: list) -> None:
    """The notices recorded before the append, queued now (else a worker's sweep queues them)."""
    try:
        notices.tell(store, recorded)
    except Exception:  # noqa: BLE001 - the events are stored; the due jobs run anyway
        log.exception("could not queue the notifications of match %s", match_id)


def _clock_meta(store, match_id: str, game, state: dict, before: dict, movers: set, at: str) -> dict:
    """The meta's new ``waiting`` (service.application.turns.deadlines), each new deadline's job scheduled first: the
    append that follows either stores ``waiting`` with the events or leaves a job that finds
    nothing to do."""
    waiting = waiting_after(game, state, before, movers, at)
    if waiting is None:
        return {}
    schedule_deadlines(store.jobs, match_id, state["match"]["clock"], waiting)
    return {"waiting": json.dumps(waiting, sort_keys=True)}


def _call_off(store, m, before: dict, after: dict) -> None:
    """The deadline jobs of waits this append ended (a seat moved, or its deadline passed): nothing
    left for them to do. Best effort: a job left behind finds the wait gone and stops."""
    try:
        call_off_deadlines(store.jobs, m.match_id, before, after)
    except Exception:  # noqa: BLE001 - the events are stored; the job would only find nothing to do
        log.exception("could not call off the deadlines of %s", m.match_id)


def _stored(store, match_id: str, state: dict, snapshots: list, dispatching: bool = True) -> None:
    """After an append: snapshots, the state cache (``state`` is handed over to it: nothing changes
    it any more), and what the new position needs queued."""
    for snapshot in snapshots:
        store.save_snapshot(match_id, snapshot)
    store.remember(match_id, state, handed_over=True)
    if not dispatching:
        return
    try:
        dispatch(store.jobs, match_id, state)
    except Exception:  # noqa: BLE001 - the events are stored, and the bots' moves were recorded as due
        log.exception("could not dispatch the turn of %s at version %s", match_id, state["version"])


def _decide(store, m, seat: int, action: dict, seed: bytes) -> list:
    """The game's decision. Deciders refuse malformed actions with IllegalAction; should one crash
    on an odd shape anyway, the client still gets a 4xx (and the log the traceback) — except on a
    ``strict`` store (tests), where the crash must surface as the engine bug it is. The log names the
    action's type and the error's, never the action's values nor the error's message (a seat's hidden
    choices: face-down cards, a card in hand)."""
    try:
        return list(play(m.game, m.state, seat, action, seed))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        if store.strict:
            raise
        log.error("decider %s failed on a %.40r action (%s), at:\n%s", m.game.id, action.get("type"),
                  type(e).__name__, "".join(traceback.format_tb(e.__traceback__)).rstrip())
        raise Illegal("illegal_action", f"the action could not be processed "
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
    if match_outcome(game, state) is None or "seed" in state["match"]:
        return False
    reveal = seed_revealed(seed)
    events.append(reveal)
    snapshots += _fold(store, game, state, [reveal], copy=False)[1]
    return True


def _stale(expected: int, current: int) -> Conflict:
    return Conflict("stale_version",
                    f"expected_version {expected} is stale: the match is at version {current}")


def reclaim_seat(store, match_id: str, seat: int) -> dict:
    """A person takes back the seat a stand-in bot has played since a missed deadline. Not tied to
    a version: if the bot moves meanwhile (409 on the append) it is tried again at the new one."""
    for _ in range(5):
        m = open_match(store, match_id)
        if m.outcome() is not None:
            raise Illegal("match_over", "the match has ended", PLATFORM_RULE)
        if not controller(m.state, seat)["stand_in"]:
            raise Conflict("seat_not_held", f"seat {seat} is not held by a stand-in bot", TABLE_RULE)
        reclaimed = Event("SeatControlled", {"seat": seat, "by": "human", "bot": None, "stand_in": False},
                          seat=seat, rule=TABLE_RULE)
        try:
            return commit(store, m, [({"seat": seat, "note": "reclaim"}, [reclaimed])], None, "", "", seat)[0]
        except DomainError as e:
            if e.code != "stale_version":
                raise
    raise Conflict("stale_version", "the match kept moving; try again")
