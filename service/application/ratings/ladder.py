"""What the ratings show: a player's public profile (ratings per game and variant with deviation and
games, the history a chart draws, recent results), a leaderboard paged by cursor over a copy of the
board (so its pages hold every entry once, however the figures move meanwhile), a rated match's
change, and the rating of a match's seats for filtering the listing."""
import base64
import binascii
import secrets

from engine.core import list_games
from service.application.errors import Invalid, NotFound
from service.application.ratings import model
from service.application.ratings.live import model_of
from service.application.storage import players as player_records
from service.application.storage import ratings as stored
from service.i18n import _

RECENT = 20
HISTORY = 200


def variants() -> list[tuple[str, str]]:
    return [(g.id, v) for g in list_games() for v in g.facts.variants]


def label(who: str, names: dict | None = None) -> str:
    """A rated name for people: a player's name, a bot's config (``greedy``, ``ismcts/iterations=200``)."""
    kind, _, ident = who.partition(":")
    if kind == "bot":
        return ident
    return (names or {}).get(who) or ident


def shown(figure: dict) -> dict:
    return {"rating": round(figure["rating"]), "deviation": round(figure["deviation"]), "games": figure["games"],
            "provisional": model.provisional(figure), "model": figure["model"]}


def profile(store, player_id: str) -> dict:
    name = player_records.name(store, player_id) if player_id else None
    if not name:
        raise NotFound("player_not_found", _("no player %(player_id)s", player_id=repr(player_id)))
    who = f"player:{player_id}"
    pairs = variants()
    ratings, recent = [], []
    for (game, variant), figure in zip(pairs, stored.figures_across(store, pairs, who)):
        if figure is None:
            continue
        ids = stored.history(store, game, variant, who, HISTORY)
        records = [r for r in stored.ends(store, game, variant, ids) if r and r.get("change")]
        history = []
        for r in records:
            mine = next(c for c in r["change"] if c["who"] == who)
            history.append({"match_id": r["end"]["match_id"], "ended_at": r["end"]["ended_at"],
                            "rating": round(mine["after"]["rating"]), "deviation": round(mine["after"]["deviation"])})
        ratings.append({"game": game, "variant": variant, **shown(figure), "history": history})
        recent += [result(r, who) for r in records[-RECENT:]]
    others = sorted({w for r in recent for w in r.pop("_others")})
    names = player_names(store, others)
    for r in recent:
        r["opponents"] = [{"id": w, "name": label(w, names)} for w in r["opponents"]]
    recent.sort(key=lambda r: (r["ended_at"], r["match_id"]), reverse=True)
    return {"player_id": player_id, "name": name, "ratings": ratings, "recent": recent[:RECENT]}


def result(record: dict, who: str) -> dict:
    end, change = record["end"], record["change"]
    seat = end["seats"].index(who)
    mine = change[seat]
    place = model.placings(end["results"])[seat]
    outcome = "draw" if len(set(end["results"])) == 1 else ("win" if place == 1 else "loss")
    return {"match_id": end["match_id"], "game": end["game"], "variant": end["variant"], "ended_at": end["ended_at"],
            "seat": seat, "result": outcome, "place": place,
            "rating_before": round(mine["before"]["rating"]), "rating_after": round(mine["after"]["rating"]),
            "opponents": [w for w in end["seats"] if w != who], "_others": [w for w in end["seats"] if w != who]}


def encode_cursor(snapshot: str, offset: int) -> str:
    return base64.urlsafe_b64encode(f"{snapshot}:{offset}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[str, int]:
    try:
        snapshot, offset = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().split(":")
        if not snapshot.isalnum() or int(offset) < 0:
            raise ValueError
        return snapshot, int(offset)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise Invalid("invalid_request", _("cursor: not a cursor this service gave out")) from None


def leaderboard(store, game: str, variant: str, cursor: str | None = None, limit: int = 50) -> dict:
    """Best first. The first page copies the board (``as_of``: the ratings' seq it is a copy of);
    ``next_cursor`` pages through that copy, so a leaderboard read while matches end holds every rated
    player once, in the order of the copy (a copy is kept 10 minutes: a cursor
    of an expired one is 400 cursor_expired, and the client starts again)."""
    if (game, variant) not in set(variants()):
        raise NotFound("variant_not_found", _("no game and variant %(game)s/%(variant)s", game=game, variant=variant))
    if cursor is None:
        snapshot, offset = secrets.token_hex(8), 0
        as_of = stored.board_snapshot(store, game, variant, snapshot)
    else:
        snapshot, offset = decode_cursor(cursor)
        if not stored.snapshot_kept(store, game, variant, snapshot):
            raise Invalid("cursor_expired", _("cursor: this leaderboard's pages are kept 10 minutes; start again "
                                              "without a cursor"))
        as_of = None
    page = stored.board_page(store, game, variant, snapshot, offset, limit)
    who = [w for w, _score in page]
    figures = stored.figures(store, game, variant, who)
    names = player_names(store, who)
    entries = [{"rank": offset + i + 1, "id": w, "kind": w.partition(":")[0], "name": label(w, names),
                "rating": round(score), **{k: v for k, v in shown(f or model.start(model_of(game, variant))).items()
                                           if k not in ("rating",)}}
               for i, ((w, score), f) in enumerate(zip(page, figures))]
    total = stored.board_size(store, game, variant, snapshot)
    more = offset + len(page) < total
    return {"game": game, "variant": variant, "as_of": as_of, "entries": entries, "total": total,
            "next_cursor": encode_cursor(snapshot, offset + len(page)) if more else None}


def player_names(store, who: list) -> dict:
    return {w: player_records.name(store, w.partition(":")[2]) for w in who if w.startswith("player:")}


def match_view(store, match_id: str, meta) -> dict:
    """What a match's view says of its rating: rated, and each seat's change once it has ended and counted."""
    return {"rated": True, "ratings": match_change(store, match_id, meta)} if meta.get("rated") else {"rated": False}


def match_change(store, match_id: str, meta) -> list | None:
    """A rated match's change once it has ended: per seat, who, the rating before and after (None: not
    rated, not ended, or not counted)."""
    if not (meta.get("rated") and meta.get("ended")):
        return None
    record = stored.ends(store, meta["game"], meta["variant"], [match_id])[0]
    if not record or not record.get("change"):
        return None
    return [{"seat": s, "id": c["who"], "rating_before": round(c["before"]["rating"]),
             "rating_after": round(c["after"]["rating"]), "deviation": round(c["after"]["deviation"])}
            for s, c in enumerate(record["change"])]


def seat_ratings(store, game: str, variant: str, who: list) -> list:
    """The shown rating of each seat's holder (None for a seat nobody rated holds)."""
    it = iter(stored.figures(store, game, variant, [w for w in who if w]))
    start = model.start(model_of(game, variant))
    return [(shown(next(it) or start)["rating"] if w else None) for w in who]


def with_ratings(store, items: list, low: int | None = None, high: int | None = None) -> list:
    """Listed matches or open seats with what the ratings say of them: ``rated``, each seat holder's
    rating (``seat_ratings``: a signed-in player's in the match's game and variant, None for a seat no
    player holds) and ``rating``, their mean (None: no player seated); only those whose rating lies
    within ``low`` .. ``high`` when either is given."""
    fields = ["rated"] + [f"player:{s}" for s in range(16)]
    for item, values in zip(items, store.metas_fields([i["match_id"] for i in items], fields)):
        meta = dict(zip(fields, values))
        who = [f"player:{meta[f'player:{s}']}" if meta.get(f"player:{s}") else None for s in range(len(item["seats"]))]
        item["rated"] = meta.get("rated") == "1"
        item["seat_ratings"] = seat_ratings(store, item["game"], item["variant"], who)
        known = [r for r in item["seat_ratings"] if r is not None]
        item["rating"] = round(sum(known) / len(known)) if known else None
    if low is None and high is None:
        return items
    return [i for i in items if i["rating"] is not None and (low is None or i["rating"] >= low)
            and (high is None or i["rating"] <= high)]
