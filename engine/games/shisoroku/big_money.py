"""Big Money for 東方祀爭録: the deckbuilder's standard baseline strategy (as Dominion simulators —
Geronimoo's DominionSim, dominiate — define it), a bot seat and a simulation player.

The cards, by their role in the seed's basic supply (004 基本カード): お賽銭 is Copper (1 coin), 奉納米
Silver (2), 御神酒 Gold (3), 御神札 Platinum (5, optional pile); 博麗神社 the 1-VP Estate, 霧の湖 the 3-VP
Duchy, 紅魔館 the 6-VP Province, あまねき信仰 the 10-VP Colony (optional pile). kifu's costs differ from
Dominion's (紅魔館 8, 御神酒 6, 奉納米 3, 霧の湖 5, 博麗神社 2), so the priority is by coins in hand:

- 10-VP pile at 11+ (when in the game), 6-VP 紅魔館 at 8+, Platinum at 9–10 while many 紅魔館 remain;
- late in the game (few 紅魔館 left) a 霧の湖 at 5–7, and with very few left a 博麗神社 at 2–4;
- Gold (御神酒) at 6–7, Silver (奉納米) at 3–5; nothing below 3 (no Copper, no curse).

"Big Money + X" (``{"bot": "big-money", "kingdom": "<card id>", "copies": n}``) also buys up to
``copies`` (default 1) of one kingdom card X whenever it can afford X and would otherwise buy
Silver or Gold, and plays every X it draws (actions first, then every treasure at once). A decision
an X asks for takes the first listed answer (a deliberately simple player: the baseline, not a
strong one). Reads only the seat's own cards and the public supply.
"""
from engine.core import ConfigError
from engine.core.i18n import Catalog
from engine.games.shisoroku.cards import CARDS

_, ngettext = Catalog.of("shisoroku").functions()

NAME = "big-money"
RULE = "kifu/bots"
PROVINCE, DUCHY, ESTATE = "saidan", "hokora", "hakurei"
COLONY, PLATINUM, GOLD, SILVER = "amaneki", "goshinsatsu", "omiki", "hounoumai"
DUCHY_WHEN = 4        # 紅魔館 left at or below which a 霧の湖 is bought at 5-7
ESTATE_WHEN = 2       # ... and a 博麗神社 at 2-4
PLATINUM_WHILE = 5    # a 御神札 at 9-10 only while more 紅魔館 than this remain


def check(config: dict) -> dict:
    """The config made explicit; ConfigError naming what is wrong."""
    if config.get("budget") is not None:
        raise ConfigError(_("bot %(bot)s takes no budget (it does not search)", bot=NAME), rule=RULE)
    kingdom, copies = config.get("kingdom"), config.get("copies", 1)
    if kingdom is not None and (not isinstance(kingdom, str) or kingdom not in CARDS
                                or not CARDS[kingdom].is_("action") or CARDS[kingdom].section != "kingdom"):
        raise ConfigError(_("%(bot)s: kingdom must be an action card id of the kingdom, not %(kingdom)s", bot=NAME,
                            kingdom=repr(kingdom)[:40]), rule=RULE)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 10:
        raise ConfigError(_("%(bot)s: copies is 1..10, not %(copies)s", bot=NAME, copies=repr(copies)[:40]), rule=RULE)
    return {"bot": NAME, "budget": None, **({"kingdom": kingdom, "copies": copies} if kingdom else {})}


def owned(state: dict, seat: int, card: str) -> int:
    p = state["players"][seat]
    return sum(zone.count(card) for zone in (p["deck"], p["hand"], p["discard"], p["play"]))


def want(state: dict, seat: int, config: dict, coins: int) -> str | None:
    """The card Big Money buys with ``coins`` (None: nothing worth a buy)."""
    supply = state["supply"]
    left = lambda c: supply.get(c, 0)      # noqa: E731
    provinces = left(PROVINCE)
    x = config.get("kingdom")
    order = []
    if coins >= CARDS[COLONY].cost:
        order.append(COLONY)
    if coins >= CARDS[PLATINUM].cost and provinces > PLATINUM_WHILE:
        order.append(PLATINUM)
    if coins >= CARDS[PROVINCE].cost:
        order.append(PROVINCE)
    if provinces <= DUCHY_WHEN and coins >= CARDS[DUCHY].cost:
        order.append(DUCHY)
    if x and coins >= CARDS[x].cost and owned(state, seat, x) < config.get("copies", 1):
        order.append(x)
    if coins >= CARDS[GOLD].cost:
        order.append(GOLD)
    if provinces <= ESTATE_WHEN and coins < CARDS[SILVER].cost + 2 and coins >= CARDS[ESTATE].cost:
        order.append(ESTATE)
    if coins >= CARDS[SILVER].cost:
        order.append(SILVER)
    return next((c for c in order if left(c) > 0), None)


def choose(game, state: dict, seat: int, rng, config: dict) -> dict:
    """The first listed answer to a pending decision; else the first action card (X) in hand while
    an action may be played, every treasure, the card ``want`` names, the end of the turn. Reads
    the state rather than building ``legal_actions`` (the bot's share of a Big Money game): each
    move is one legal.py lists (tests/shisoroku/test_big_money.py checks it against the list)."""
    if state["pending"] is not None:
        return game.legal_actions(state, seat)[0]
    hand = state["players"][seat]["hand"]
    if state["phase"] == "action" and state["actions"] > 0:
        for c in hand:
            if CARDS[c].is_("action"):
                return {"type": "play", "card": c}
    if not state["bought"]:
        for c in hand:
            if CARDS[c].is_("treasure"):
                return {"type": "play_treasures"}
    if state["buys"] > 0:
        card = want(state, seat, config, state["coins"])
        if card is not None:                # want's base cost and pile checks make it a listed buy
            return {"type": "buy", "card": card}
    return {"type": "end_turn"}
