"""Match setup (ゲームの準備, 初期デッキ, ゲームの進行とフェイズ l.32-33), or an explicit analysis position.

options (all optional):
    kingdom      10 different kingdom card ids (default: 10 drawn at random from the pool)
    start_deck   "hakurei" (7 お賽銭 + 3 博麗神社, default) or "chirei" (7 お賽銭 + 3 地霊 cards)
    goshinsatsu  true to lay out the 御神札 pile (Platinum), default false
    amaneki      true to lay out the 神々が恋した幻想郷 pile (10 VP), default false
    first        the first seat (default: by lot)
"""
from engine.core import ConfigError
from engine.core.i18n import Catalog
from engine.games.shisoroku.cards import (CARDS, COLONY, COPPER, CURSE, DUCHY, ESTATE, GOLD, KINGDOM, PLATINUM, PRIZES,
                                          PROVINCE, SILVER, START_DECKS)
from engine.games.shisoroku.rulebook import rule
from engine.games.shisoroku.turn import start_turn
from engine.games.shisoroku.run import Run
from engine.games.shisoroku.state import WATCHED

_, ngettext = Catalog.of("shisoroku").functions()

OPTIONS = {"kingdom", "start_deck", "goshinsatsu", "amaneki", "first"}
POSITION_KEYS = {"kingdom", "first", "players", "supply", "trash", "prizes"}
ZONES = ("hand", "deck", "discard")

# ゲームの準備 l.11-19: pile sizes by number of players
BY_PLAYERS = {
    COPPER: {2: 46, 3: 39, 4: 32},
    SILVER: {2: 40, 3: 40, 4: 40},
    GOLD: {2: 30, 3: 30, 4: 30},
    PLATINUM: {2: 12, 3: 12, 4: 12},
    "victory": {2: 8, 3: 12, 4: 12},             # 勝利点 (and キャラクターカード 勝利点)
    CURSE: {2: 10, 3: 20, 4: 30},
}
KINGDOM_PILE = 10                                 # キャラクターカード それ以外 (*1: 妬符 20)


def pile_size(card_id: str, players: int) -> int:
    card = CARDS[card_id]
    if isinstance(card.pile, int):
        return card.pile
    if card_id in BY_PLAYERS:
        return BY_PLAYERS[card_id][players]
    if card.is_("victory"):
        return BY_PLAYERS["victory"][players]
    return KINGDOM_PILE


def supply_piles(kingdom, players, goshinsatsu=False, amaneki=False) -> dict:
    piles = [COPPER, SILVER, GOLD] + ([PLATINUM] if goshinsatsu else []) + [ESTATE, DUCHY, PROVINCE] \
        + ([COLONY] if amaneki else []) + [CURSE] + list(kingdom)
    return {c: pile_size(c, players) for c in piles}


def validate_options(options: dict, seats: int):
    if not isinstance(options, dict):
        raise ConfigError(_("options must be an object"))
    unknown = set(options) - OPTIONS
    if unknown:
        raise ConfigError(_("unknown option(s) %(unknown)s; shisoroku takes: %(known)s", unknown=sorted(unknown),
                            known=sorted(OPTIONS)))
    if "kingdom" in options:
        k = options["kingdom"]
        if not (isinstance(k, list) and len(k) == 10 and len(set(map(str, k))) == 10 and all(c in KINGDOM for c in k)):
            raise ConfigError(_("options.kingdom must be 10 different kingdom card ids of %(ids)s", ids=list(KINGDOM)),
                              rule("setup.kingdom"))
    if options.get("start_deck", "hakurei") not in START_DECKS:
        raise ConfigError(_("options.start_deck must be one of %(decks)s", decks=sorted(START_DECKS)),
                          rule("setup.start-deck"))
    for key in ("goshinsatsu", "amaneki"):
        if not isinstance(options.get(key, False), bool):
            raise ConfigError(_("options.%(key)s must be true or false", key=key), rule("setup.optional"))
    if "first" in options and (type(options["first"]) is not int or not 0 <= options["first"] < seats):
        raise ConfigError(_("options.first must be a seat number 0..%(last)s", last=seats - 1), rule("setup.first"))


def validate_position(position, seats: int):
    if not isinstance(position, dict) or set(position) - POSITION_KEYS or "players" not in position:
        raise ConfigError(_("setup needs players and may have %(keys)s", keys=sorted(POSITION_KEYS)), rule("kifu.position"))
    players = position["players"]
    if not isinstance(players, list) or len(players) != seats:
        raise ConfigError(_("setup.players must hold one entry per seat (%(seats)s)", seats=seats), rule("kifu.position"))
    for i, p in enumerate(players):
        if not isinstance(p, dict) or set(p) - set(ZONES):
            raise ConfigError(_("setup.players[%(i)s] may hold %(zones)s", i=i, zones=list(ZONES)), rule("kifu.position"))
        for zone in ZONES:
            _card_ids(p.get(zone, []), f"setup.players[{i}].{zone}")
    _card_ids(position.get("trash", []), "setup.trash")
    _card_ids(position.get("prizes", []), "setup.prizes")
    supply = position.get("supply", {})
    if not isinstance(supply, dict) or any(c not in CARDS or type(n) is not int or n < 0 for c, n in supply.items()):
        raise ConfigError(_("setup.supply maps pile card ids to counts"), rule("kifu.position"))
    if "first" in position and (type(position["first"]) is not int or not 0 <= position["first"] < seats):
        raise ConfigError(_("setup.first must be a seat number"), rule("kifu.position"))


def _card_ids(value, where):
    if not isinstance(value, list) or any(c not in CARDS for c in value):
        raise ConfigError(_("%(where)s must be a list of card ids", where=where), rule("kifu.position"))


def setup(game, state, config, rng) -> list:
    run = Run(game, state, rng)
    options, seats = config.options, len(config.seats)
    if "kingdom" in options:
        kingdom, by = list(options["kingdom"]), "options"
    elif config.position is not None and "kingdom" in config.position:
        kingdom, by = list(config.position["kingdom"]), "setup"
    else:
        kingdom, by = rng.shuffled(KINGDOM)[:10], "lot"
    v = run.emit("KingdomChosen", {"kingdom": kingdom, "by": by}, "setup.kingdom", cause=state["version"])
    supply = supply_piles(kingdom, seats, options.get("goshinsatsu", False), options.get("amaneki", False))
    prizes = [p for k in kingdom for p in PRIZES.get(k, [])]
    start_deck = options.get("start_deck", "hakurei")
    if config.position is not None:
        _position(run, config.position, kingdom, supply, prizes, start_deck, v)
    else:
        _deal(run, options, seats, supply, prizes, start_deck, v)
    run.loop()
    return run.em.events


def _in_game(supply, prizes, held) -> dict:
    counts = {c: n for c, n in supply.items() if c in WATCHED}
    for c in list(prizes) + list(held):
        if c in WATCHED:
            counts[c] = counts.get(c, 0) + 1
    return counts


def _deal(run, options, seats, supply, prizes, start_deck, cause):
    deck = START_DECKS[start_deck]
    v = run.emit("SupplyLaidOut", {"supply": supply, "prizes": prizes, "start_deck": start_deck,
                                   "in_game": _in_game(supply, prizes, deck * seats)},
                 "setup.supply", cause=cause)
    first = options["first"] if "first" in options else run.rng.below(seats)
    run.emit("FirstPlayerChosen", {"first": first, "by": "options" if "first" in options else "lot"},
             "setup.first", cause=v)
    for seat in range(seats):
        run.emit("StartingDeckDealt", {"seat": seat, "cards": list(deck), "deck": start_deck}, "setup.start-deck",
                 cause=v)
        run.emit("DeckShuffled", {"seat": seat, "order": run.rng.shuffled(deck)}, "setup.deal", cause=v)
        run.emit("CardsDrawn", {"seat": seat, "cards": run.state["players"][seat]["deck"][:5]}, "setup.deal", cause=v)
    start_turn(run, first, v)


def _position(run, position, kingdom, supply, prizes, start_deck, cause):
    supply = {**supply, **position.get("supply", {})}
    prizes = [p for p in prizes if p in position.get("prizes", prizes)]
    players = [{z: list(p.get(z, [])) for z in ZONES} for p in position["players"]]
    trash = list(position.get("trash", []))
    held = [c for p in players for z in ZONES for c in p[z]] + trash
    first = position.get("first", 0)
    v = run.emit("PositionSet", {"kingdom": kingdom, "supply": supply, "prizes": prizes, "start_deck": start_deck,
                                 "in_game": _in_game(supply, prizes, held), "first": first, "trash": trash,
                                 "players": players}, "kifu.position", cause=cause)
    start_turn(run, first, v)
