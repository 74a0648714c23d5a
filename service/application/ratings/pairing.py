"""Quick pairing: "find me an opponent near my rating for this game". A signed-in player joins the queue
of a game and variant; the first other player waiting within ``band`` points (KIFU_PAIRING_BAND) of
their rating, the nearest first, is paired with them in a new rated match (both seats bound to the
players, so each opens it with their own key; play by post: a deadline, forfeit on a miss). One who has
waited ``bot_wait`` seconds (KIFU_PAIRING_BOT_WAIT_SECONDS) alone is offered the bot rated nearest to
them (a generic bot when none is rated yet), and may take it. A player may join with the settings its
seat is to take (engine/core/seat_settings.py; kept with its ticket): the new match records them in
its MatchCreated, in force from the first move."""
from dataclasses import dataclass

from service.application import clock
from service.application.errors import Conflict, NotFound
from service.application.identity.players import seat_binding
from service.application.match.creating import create_match
from service.application.ratings import ladder
from service.application.storage import players as player_records
from service.application.storage import ratings as stored
from service.i18n import _

DEADLINE = {"minutes": 3 * 24 * 60, "on_timeout": "forfeit", "stand_in": None}
FALLBACK_BOT = "bot:greedy"


@dataclass(frozen=True)
class Rules:
    band: int = 200
    bot_wait: int = 60

    @classmethod
    def from_settings(cls, configured) -> "Rules":
        return cls(configured["PAIRING_BAND"], configured["PAIRING_BOT_WAIT_SECONDS"])


def _check(game: str, variant: str) -> None:
    if (game, variant) not in set(ladder.variants()):
        raise NotFound("variant_not_found", _("no game and variant %(game)s/%(variant)s", game=game, variant=variant))


def _rating(store, game: str, variant: str, who: str) -> float:
    figure = stored.figures(store, game, variant, [who])[0]
    return figure["rating"] if figure else 1500.0


def join(store, game: str, variant: str, player_id: str, rules: Rules, now=None, settings: dict | None = None) -> dict:
    """Pair the player with the nearest waiting player within the band, or put them in the queue (a
    player already waiting is looked at again); the ticket as ``status``. ``settings``: its seat's
    (None: as it joined before, if it did)."""
    _check(game, variant)
    ticket = stored.pairing_ticket(store, game, variant, player_id)
    if settings is None and ticket and ticket["status"] == "waiting":
        settings = ticket.get("settings")
    if ticket and ticket["status"] == "paired":
        return status(store, game, variant, player_id, rules, now)
    if ticket and not stored.pairing_take(store, game, variant, player_id):
        return status(store, game, variant, player_id, rules, now)       # paired meanwhile by another
    rating = _rating(store, game, variant, f"player:{player_id}")
    near = sorted(stored.pairing_waiting(store, game, variant, rating - rules.band, rating + rules.band),
                  key=lambda w: (abs(w[1] - rating), w[0]))
    for other, _near_rating in near:
        if other != player_id and stored.pairing_take(store, game, variant, other):
            theirs = (stored.pairing_ticket(store, game, variant, other) or {}).get("settings")
            match_id = _start(store, game, variant, [other, player_id], [theirs, settings])
            paired = {"status": "paired", "match_id": match_id}
            stored.pairing_set(store, game, variant, other, {**paired, "seat": 0})
            stored.pairing_set(store, game, variant, player_id, {**paired, "seat": 1})
            return status(store, game, variant, player_id, rules, now)
    since = ticket["since"] if ticket else clock.iso(now or clock.now())
    stored.pairing_wait(store, game, variant, player_id, rating,
                        {"status": "waiting", "since": since, "rating": rating,
                         **({} if settings is None else {"settings": settings})})
    return status(store, game, variant, player_id, rules, now)


def status(store, game: str, variant: str, player_id: str, rules: Rules, now=None) -> dict:
    """The player's ticket: waiting (how long; the bot offered once they have waited ``bot_wait``),
    paired (the match and seat), or none."""
    _check(game, variant)
    ticket = stored.pairing_ticket(store, game, variant, player_id)
    if ticket is None:
        return {"game": game, "variant": variant, "status": "none"}
    out = {"game": game, "variant": variant, **{k: v for k, v in ticket.items() if k != "settings"}}
    if ticket["status"] == "waiting":
        out["rating"] = round(ticket["rating"])
        waited = (now or clock.now()) - clock.parse(ticket["since"])
        out["waited_seconds"] = int(waited.total_seconds())
        out["bot_offer"] = None
        if waited.total_seconds() >= rules.bot_wait:
            bot = nearest_bot(store, game, variant, ticket["rating"])
            out["bot_offer"] = {"bot": ladder.label(bot), "rating": round(_rating(store, game, variant, bot))}
    return out


def nearest_bot(store, game: str, variant: str, rating: float) -> str:
    """The bot rated nearest to ``rating`` in the game and variant (greedy while none is rated)."""
    bots = [(w, f["rating"]) for w, f in stored.all_figures(store, game, variant).items() if w.startswith("bot:")]
    return min(bots, key=lambda b: (abs(b[1] - rating), b[0]))[0] if bots else FALLBACK_BOT


def take_bot(store, game: str, variant: str, player_id: str, rules: Rules, now=None) -> dict:
    """A waiting player takes the bot offered: a rated match against it (409 before the wait is over,
    or when not waiting)."""
    ticket = status(store, game, variant, player_id, rules, now)
    if ticket["status"] != "waiting":
        raise Conflict("not_waiting", _("no waiting ticket: join the queue first (POST /pairing/{game}/{variant})"))
    if ticket["bot_offer"] is None:
        raise Conflict("no_bot_offer_yet", _("a bot is offered after %(bot_wait)s s alone in the queue; you have "
                                             "waited %(waited_seconds)s s",
                                             bot_wait=rules.bot_wait, waited_seconds=ticket['waited_seconds']))
    if not stored.pairing_take(store, game, variant, player_id):
        return status(store, game, variant, player_id, rules, now)       # paired meanwhile by a player
    bot = nearest_bot(store, game, variant, ticket["rating"])
    own = (stored.pairing_ticket(store, game, variant, player_id) or {}).get("settings")
    match_id = _start(store, game, variant, [player_id], [own], bot)
    stored.pairing_set(store, game, variant, player_id, {"status": "paired", "match_id": match_id, "seat": 0})
    return status(store, game, variant, player_id, rules, now)


def leave(store, game: str, variant: str, player_id: str) -> None:
    _check(game, variant)
    stored.pairing_leave(store, game, variant, player_id)


def bot_config(who: str) -> dict:
    """``bot:ismcts/iterations=200`` -> {"bot": "ismcts", "budget": {"iterations": 200}}."""
    name, *budget = who.partition(":")[2].split("/")
    return {"bot": name, **({"budget": {k: int(v) for k, v in (b.split("=") for b in budget)}} if budget else {})}


def _start(store, game: str, variant: str, players: list, settings: list, bot: str | None = None) -> str:
    """A rated match of ``players`` (and ``bot``), each seat with the ``settings`` its player joined with
    (None: none)."""
    seats = [{"name": player_records.name(store, p) or p, **({} if own is None else {"settings": own})}
             for p, own in zip(players, settings)]
    if bot is not None:
        seats.append({"name": ladder.label(bot), **bot_config(bot)})
    bound = {k: v for s, p in enumerate(players) for k, v in seat_binding(store, s, p).items()}
    created = create_match(store, {"game": game, "variant": variant, "seats": seats, "options": {}, "setup": None,
                                   "audit_live": False, "deadline": dict(DEADLINE), "rated": True}, bound)
    return created.match_id
