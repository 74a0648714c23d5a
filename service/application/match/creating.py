"""A new match: its opening batch (the game's setup, then the table: bot seats, the clock), with new
seat, auditor and organiser tokens, or the credentials a continuation or a rematch carries over.
Appended through the same reactions as every commit (``match.reactions``)."""
import json
import secrets

from engine.bots import check_config
from engine.core import GENESIS_HASH, TABLE_RULE, Event, Game, MatchConfig, create_events, get_game, match_outcome
from service.application.identity.auth import new_token, token_hash
from service.application.match import reactions
from service.application.match.committing import Committed, clock_meta, fold, reveal_if_over, stored
from service.application.notify import subscriptions
from service.application.ratings import rules
from service.application.storage.records import now, seal
from service.application.table import seats
from service.application.turns.deadlines import clock_config


def create_match(store, body: dict, extra_meta: dict | None = None) -> Committed:
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
                         audit_live=audit_live, rulings=body.get("rulings") or {}, rated=rated)
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


def store_new_match(store, game: Game, events: list, seed: bytes, command: dict, names: list,
                    analysis: bool, audit_live: bool, carried_from: tuple[str, dict] | None = None,
                    extra_meta: dict | None = None, table: list | None = None, by: str = "created") -> Committed:
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
    result = store.append(match_id, 0, GENESIS_HASH, records, meta=meta, secret=seed.hex())
    if result.status != "ok":
        raise RuntimeError(f"new match id {match_id} already taken")
    stored(store, match_id, state, snapshots)
    reactions.follow(store, done, prepared)
    return done


def new_match_id() -> str:
    """16 URL-safe characters of 12 random bytes, never beginning with "-": a command line (``kifu
    verify ID``) would take such an id for an option."""
    while (match_id := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return match_id


