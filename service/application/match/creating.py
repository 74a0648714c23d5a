"""A new match: its opening batch (the game's setup, then the table: bot seats, the clock), with new
seat, auditor and organiser tokens, or the credentials a continuation or a rematch carries over.
Appended through the same reactions as every commit (``match.reactions``)."""
import json
import logging
import secrets

from engine.bots import check_config
from engine.core import GENESIS_HASH, TABLE_RULE, Event, Game, MatchConfig, create_events, get_game, match_outcome
from service.application.identity.auth import new_token, token_hash
from service.application.errors import NotConfirmed, Unavailable
from service.application.match import listing, reactions
from service.application.match.committing import Committed, clock_meta, fold, repeated, reveal_if_over, stored
from service.application.notify import subscriptions
from service.application.storage.connections import UNAVAILABLE
from service.application.ratings import rules
from service.application.storage.records import now, seal
from service.application.table import seats
from service.application.table.settings import at_creation
from service.application.turns.deadlines import clock_config
from service.i18n import _

log = logging.getLogger(__name__)


CREATED = "create"       # the commands hash's field of a planned creation's sealed answer


def create_match(store, body: dict, extra_meta: dict | None = None, match_id: str | None = None,
                 sealer=None) -> Committed:
    """A new match as ``body`` says. ``match_id`` and ``sealer``: the id an Idempotency-Key planned
    for it, and what seals its answer (``seal(bytes) -> str``, ``unseal(str) -> bytes``), kept with the
    append in the match's own ``commands`` hash so that a retry can recover it
    (service.application.idempotency)."""
    game = get_game(body["game"])
    names = [seat["name"] for seat in body["seats"]]
    variant = game.check_seats(MatchConfig(game.id, body["variant"], names))
    bots = {s: check_config(game, seat) for s, seat in enumerate(body["seats"]) if seat.get("bot")}
    clock = clock_config(game, body.get("deadline"))
    audit_live = body.get("audit_live", False)
    if audit_live:
        seats.check_live_audit(body["seats"])
    rated = body.get("rated", False)
    if rated:
        rules.check_rated(body, extra_meta or {})
    config = MatchConfig(game.id, variant.id, names, body["options"], position=body["setup"],
                         audit_live=audit_live, rulings=body.get("rulings") or {}, rated=rated,
                         settings=at_creation(body["seats"]))
    seed = secrets.token_bytes(32)
    events = create_events(game, config, seed)
    command = {"create": {} if config.position is None else {"position": config.position}}
    table = [Event("SeatControlled", {"seat": s, "by": "bot", "bot": bot, "stand_in": False},
                   rule=TABLE_RULE) for s, bot in bots.items()]
    if clock is not None:
        table.append(Event("ClockSet", clock, rule=TABLE_RULE))
    return store_new_match(store, game, events, seed, command, body["seats"], config.position is not None,
                           audit_live, table=table,
                           extra_meta={**({"private": "1"} if body.get("private") else {}), **(extra_meta or {})},
                           match_id=match_id, sealer=sealer)


def store_new_match(store, game: Game, events: list, seed: bytes, command: dict, names: list,
                    analysis: bool, audit_live: bool, carried_from: tuple[str, dict] | None = None,
                    extra_meta: dict | None = None, table: list | None = None, by: str = "created",
                    match_id: str | None = None, sealer=None) -> Committed:
    """Append a new match's opening batch, with new seat, auditor and organiser tokens (or, for a match that
    continues another or plays it again, ``carried_from`` = (its id, its meta): the credentials of
    ``seats.carried``, the same tokens at the same seats, and the seats' own subscriptions), then the
    ``table`` events (bot seats, the clock) as a batch of their own. Bot seats get no token. What was
    committed; its ``answer`` holds the new tokens, shown only here. ``by``: created, fork,
    continuation, rematch."""
    table = table or []
    state, snapshots = fold(store, game, None, events)
    ended = reveal_if_over(store, game, state, events, seed, snapshots)
    if table and not ended:
        state, more = fold(store, game, state, table, copy=False)
        snapshots += more
    else:
        table = []
    bots = {e.data["seat"]: e.data["bot"]["bot"] for e in table
            if e.type == "SeatControlled" and e.data["by"] == "bot" and not e.data.get("stand_in")}
    match_id, at = match_id or new_match_id(), now()
    specs = [s if isinstance(s, dict) else {"name": s} for s in names]
    if carried_from is None:
        seat_meta, told = seats.credentials(specs, bots)
        auditor_token, organiser_token = new_token(), new_token()
        seat_meta[f"auditor:{token_hash(auditor_token)}"] = "1"
        seat_meta[f"organiser:{token_hash(organiser_token)}"] = "1"
    else:                       # a match that continues another keeps its seats' tokens
        carried = seats.carried(carried_from[1])
        seat_meta = {**carried, **{f"name:{s}": spec["name"] for s, spec in enumerate(specs)},
                     **{f"bot:{s}": bot for s, bot in bots.items()},
                     **subscriptions.carry(store, carried_from[0], carried_from[1], match_id)}
        told = [{**t, "claimed": f"claimed:{t['seat']}" in carried}
                for t in seats.told_of(carried, [spec["name"] for spec in specs], bots)]
        auditor_token = organiser_token = None
    created = events[0].data
    meta = {"game": game.id, "variant": created["variant"], "created_at": at,
            "analysis": "1" if analysis else "0", "audit_live": "1" if audit_live else "0",
            "engine_version": created["engine_version"], "cardset_version": created["cardset_version"],
            **({"rated": "1"} if created.get("rated") else {}),      # a rematch of a rated match is rated
            **seat_meta,
            **(extra_meta or {})}
    if ended:
        meta["ended"] = str(state["version"])
        meta["outcome"] = json.dumps(match_outcome(game, state), ensure_ascii=False)
    meta.update(clock_meta(game, state, {}, set(), at))
    records = seal(events, 0, GENESIS_HASH, at, command=command)
    if table:
        records += seal(table, len(records), records[-1].hash, at, command={"seat": None, "note": "table"})
    answer = {"match_id": match_id, "version": len(records), "seats": told,
              "auditor_token": auditor_token, "organiser_token": organiser_token, "audit_live": audit_live}
    done = Committed(match_id, game, None, state, tuple(records), meta, {}, by, ended=ended, answer=answer)
    prepared = reactions.prepare(store, done)
    try:
        result = store.append(match_id, 0, GENESIS_HASH, records, meta=meta, secret=seed.hex(),
                              **({} if sealer is None else
                                 {"command_key": CREATED, "answer": sealer.seal(json.dumps(answer).encode())}))
    except Unavailable as e:
        if e.code == "not_replicated":
            raise _refused(store, done, e) from e
        raise
    if result.status == "duplicate" and sealer is not None:    # the planned match was made by a request before
        return repeated(match_id, json.loads(sealer.unseal(result.answer)))
    if result.status != "ok":
        raise RuntimeError(f"new match id {match_id} already taken")
    try:
        stored(store, match_id, state, snapshots)
    except UNAVAILABLE as e:     # the match stands: its creator must have the answer (its tokens)
        log.warning("new match %s: snapshots not kept (%s); loads fold from its first event", match_id, e)
    reactions.follow(store, done, prepared)
    return done


def _refused(store, done: Committed, error: Unavailable) -> NotConfirmed:
    """A new match appended but not confirmed by the replicas in time: its creator is answered 503, so
    it is taken out of the listing (the listing reaction put it there before the append) — nothing
    lists as running a match whose tokens nobody got. A retry with the same Idempotency-Key that finds
    it on the replicas lists it again (``confirm``). Its due jobs stand: its bots play, its deadlines
    fall due."""
    try:
        listing.unlist(store, done.match_id, done.meta)
    except UNAVAILABLE as e:
        log.warning("new match %s not replicated, and not unlisted either (%s)", done.match_id, e)
    return NotConfirmed(error.code, _("%(detail)s (the new match %(match_id)s is not listed; send the request again "
                                      "with the same Idempotency-Key to have it once a replica confirms it)",
                                      detail=error.message, match_id=done.match_id),
                        done.match_id, done.answer)


def stored_answer(store, match_id: str) -> str | None:
    """The sealed answer a planned creation kept with its append (None: no such match yet), once on the
    replicas (503 ``not_replicated`` while they lack it)."""
    return store.stored_answer(match_id, CREATED)


def confirm(store, match_id: str) -> None:
    """A new match refused as not replicated, asked for again (an Idempotency-Key's retry): once the
    replicas confirm it (503 ``not_replicated`` until then), it is listed as any new match is."""
    store.confirm_replicated(match_id)
    meta = store.meta(match_id)
    listing.index(store, match_id, meta)
    if not meta.get("ended"):
        seats.list_open(store, match_id, meta)


def new_match_id() -> str:
    """16 URL-safe characters of 12 random bytes, never beginning with "-": a command line (``kifu
    verify ID``) would take such an id for an option."""
    while (match_id := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return match_id


