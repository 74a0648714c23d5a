"""POST /my-matches: the matches of the seats a client holds, the ones waiting for it first."""
from service.application.identity import player_keys
from service.application.identity.auth import token_hash
from service.application.match.loading import MATCH_ID, open_match
from service.application.match.queries import deadline
from service.application.table.seats import seat_names


def my_matches(store, held: list[dict]) -> dict:
    """Each (match id, token) pair summarized for its seat: waiting for the client first, then
    unfinished matches, newest activity first; ``due`` is when the seat's move falls due where a
    deadline is set. A player's key stands for the seat bound to its player. Pairs naming no match,
    or a token of no seat there, come back under ``unknown`` with the error each would get."""
    matches, unknown, seen = [], [], set()
    player_seat = player_keys.seat_finder(store)
    for entry in held:
        match_id, token = entry["match_id"], entry["token"]
        if (match_id, token) in seen:
            continue
        seen.add((match_id, token))
        meta = store.meta(match_id) if MATCH_ID.fullmatch(match_id) else None
        seat = None if meta is None else meta.get(f"token:{token_hash(token)}")
        if meta is not None and seat is None:
            seat = player_seat(meta, token_hash(token))
        if meta is None or "version" not in meta or seat is None:
            code, message = (("match_not_found", f"no match {match_id!r}") if not meta else
                             ("bad_token", "this token holds no seat in this match"))
            unknown.append({"match_id": match_id, "error": {"code": code, "message": message,
                                                            "rule": None}})
            continue
        matches.append(summary(store, open_match(store, match_id, meta=meta), int(seat)))
    matches.sort(key=lambda x: x["updated_at"], reverse=True)
    matches.sort(key=lambda x: (not x["your_move"], x["outcome"] is not None))
    return {"matches": matches, "unknown": unknown}


def summary(store, m, seat: int) -> dict:
    to_act, outcome, clock = m.to_act(), m.outcome(), deadline(m)
    return {"match_id": m.match_id, "game": m.meta["game"], "variant": m.meta["variant"],
            "seat": seat, "seats": seat_names(m.meta), "version": m.version, "to_act": to_act,
            "your_move": seat in to_act and outcome is None, "outcome": outcome,
            "updated_at": store.last_at(m.match_id) or "",
            "due": next((w["due"] for w in clock["waiting"] if w["seat"] == seat), None) if clock else None}
