"""The read side: what a seat (or a spectator, seat None) may see of a match."""
from service.feed import digest
from service.loading import client_items, match_game, open_match, open_meta


def match_view(store, match_id: str, seat: int | None, meta: dict | None = None) -> dict:
    m = open_match(store, match_id, meta=meta)
    return {"match_id": match_id, "game": m.meta["game"], "variant": m.meta["variant"],
            "version": m.version, "seat": seat, "analysis": m.meta.get("analysis") == "1",
            "to_act": m.to_act(), "outcome": m.outcome(), "view": m.game.view(m.state, seat),
            "since_your_last_action": digest(store, match_id, seat, m.meta)}


def legal_actions(store, match_id: str, seat: int | None, meta: dict | None = None) -> dict:
    m = open_match(store, match_id, meta=meta)
    actions = [] if seat is None else list(m.game.legal_actions(m.state, seat))
    return {"version": m.version, "actions": actions}


def events_page(store, match_id: str, seat: int | None, after: int, limit: int,
                meta: dict | None = None) -> dict:
    """Up to ``limit`` stored events after version ``after``, redacted for the caller.

    Events the caller may not see at all are left out, so a page can hold fewer than ``limit``
    items; ``next_after`` is where the next page starts either way.
    """
    meta = meta or open_meta(store, match_id)
    game = match_game(meta)
    records = store.read(match_id, after, count=limit)
    return {"match_id": match_id, "version": int(meta["version"]), "after": after,
            "next_after": records[-1].version if records else after,
            "events": client_items(game, records, seat, with_hash=bool(meta.get("ended")))}


def state_at(store, match_id: str, seat: int | None, version: int | None,
             meta: dict | None = None) -> dict:
    m = open_match(store, match_id, version, meta)
    return {"match_id": match_id, "version": m.version, "seat": seat,
            "view": m.game.view(m.state, seat)}
