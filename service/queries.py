"""The read side: what a seat (or a spectator, seat None) may see of a match."""
from engine.core import get_game
from service.auth import token_hash
from service.loading import MATCH_ID, client_items, open_match, open_meta
from service.seats import is_unclaimed, seat_names


def match_view(store, match_id: str, seat: int | None, meta: dict | None = None) -> dict:
    m = open_match(store, match_id, meta=meta)
    seats = [{"seat": i, "name": name, "unclaimed": is_unclaimed(m.meta, i)}
             for i, name in enumerate(seat_names(m.meta))]
    return {"match_id": match_id, "game": m.meta["game"], "variant": m.meta["variant"],
            "version": m.version, "seat": seat, "analysis": m.meta.get("analysis") == "1",
            "seats": seats, "to_act": m.to_act(), "outcome": m.outcome(),
            "view": m.game.view(m.state, seat)}


def my_matches(store, held: list[dict]) -> dict:
    """The matches of the seats a client holds (match id + token each): the ones waiting for the
    client first, then unfinished ones, newest activity first. Entries naming no match, or a
    token of no seat there, come back under ``unknown`` with the error each would get."""
    matches, unknown, seen = [], [], set()
    for entry in held:
        match_id, token = entry["match_id"], entry["token"]
        if (match_id, token) in seen:
            continue
        seen.add((match_id, token))
        meta = store.meta(match_id) if MATCH_ID.fullmatch(match_id) else None
        seat = None if meta is None else meta.get(f"token:{token_hash(token)}")
        if meta is None or "version" not in meta or seat is None:
            code, message = (("match_not_found", f"no match {match_id!r}") if not meta else
                             ("bad_token", "this token holds no seat in this match"))
            unknown.append({"match_id": match_id, "error": {"code": code, "message": message,
                                                            "rule": None}})
            continue
        m, seat = open_match(store, match_id, meta=meta), int(seat)
        to_act, outcome = m.to_act(), m.outcome()
        matches.append({"match_id": match_id, "game": meta["game"], "variant": meta["variant"],
                        "seat": seat, "seats": seat_names(meta), "version": m.version,
                        "to_act": to_act, "your_move": seat in to_act and outcome is None,
                        "outcome": outcome, "updated_at": store.last_at(match_id) or ""})
    matches.sort(key=lambda x: x["updated_at"], reverse=True)
    matches.sort(key=lambda x: (not x["your_move"], x["outcome"] is not None))
    return {"matches": matches, "unknown": unknown}


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
    game = get_game(meta["game"])
    records = store.read(match_id, after, count=limit)
    return {"match_id": match_id, "version": int(meta["version"]), "after": after,
            "next_after": records[-1].version if records else after,
            "events": client_items(game, records, seat, with_hash=bool(meta.get("ended")))}


def state_at(store, match_id: str, seat: int | None, version: int | None,
             meta: dict | None = None) -> dict:
    m = open_match(store, match_id, version, meta)
    return {"match_id": match_id, "version": m.version, "seat": seat,
            "view": m.game.view(m.state, seat)}
