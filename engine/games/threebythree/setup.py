"""Match setup: the Overlord deal (○初級ルール開始前手順) or an explicit analysis position."""
from engine.core import ConfigError, Emitter
from engine.games.threebythree import flow
from engine.games.threebythree.cards import DECK, MAGIC
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.state import START_LIFE, UNIT_SLOTS

OVERLORD_DECK = sorted(c for c, card in DECK.items() if card.overlord)
OVERLORD_MAGIC = sorted(m for m, card in MAGIC.items() if card.overlord)
SET_ASIDE = {"deck": sorted(c for c in DECK if c not in OVERLORD_DECK),
             "magic": sorted(m for m in MAGIC if m not in OVERLORD_MAGIC)}
POSITION_KEYS = {"first", "hands", "territories", "magic", "deck", "units", "life", "discard"}


def validate_options(options: dict):
    unknown = set(options) - {"first"}
    if unknown:
        raise ConfigError(f"unknown option(s) {sorted(unknown)}; threebythree takes: first")
    if "first" in options and options["first"] not in (0, 1):
        raise ConfigError("options.first must be 0 or 1")


def _pair(position, key, default=None):
    value = position.get(key, default)
    if not (isinstance(value, list) and len(value) == 2):
        raise ConfigError(f"setup.{key} must be a list of two entries, one per seat")
    return value


def _card_lists(position, key):
    value = _pair(position, key, [[], []])
    for seat_cards in value:
        if not isinstance(seat_cards, list) or not all(isinstance(c, str) for c in seat_cards):
            raise ConfigError(f"setup.{key} must hold two lists of card ids")
    return value


def validate_position(position: dict):
    """Every card of the level in at most one place (those left out follow in the deck); known ids only."""
    if not isinstance(position, dict):
        raise ConfigError("setup must be an object")
    unknown = set(position) - POSITION_KEYS
    missing = {"first", "hands", "territories", "magic", "deck"} - set(position)
    if unknown or missing:
        raise ConfigError(f"setup: unknown keys {sorted(unknown)}, missing keys {sorted(missing)}")
    if position["first"] not in (0, 1):
        raise ConfigError("setup.first must be 0 or 1")
    places = {}
    deck = position["deck"]
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise ConfigError("setup.deck must be a list of card ids")
    located = [("deck", c) for c in deck] + [("discard", c) for c in position.get("discard", [])]
    for key in ("hands", "territories", "units"):
        for seat, cards in enumerate(_card_lists(position, key)):
            located += [(f"{key}[{seat}]", c) for c in cards]
    for where, card in located:
        if card not in OVERLORD_DECK:
            why = "is set aside at the Overlord level" if card in DECK else "is not a 3x3Wars deck card"
            raise ConfigError(f"setup.{where}: {card} {why}", rule("setup.remove"))
        if card in places:
            raise ConfigError(f"setup: {card} is in both {places[card]} and {where}", rule("setup.position"))
        places[card] = where
    for seat, units in enumerate(_card_lists(position, "units")):
        if len(units) > UNIT_SLOTS or any(not DECK[u].is_unit for u in units):
            raise ConfigError(f"setup.units[{seat}]: at most 3 unit cards", rule("4.2"))
    magic = _card_lists(position, "magic")
    for seat, cards in enumerate(magic):
        if len(cards) > 1 or any(m not in OVERLORD_MAGIC for m in cards):
            raise ConfigError(f"setup.magic[{seat}]: at most one magic card of the Overlord pool {OVERLORD_MAGIC}",
                              rule("setup.choose"))
    if magic[0] and magic[0] == magic[1]:
        raise ConfigError(f"setup: magic {magic[0][0]} given to both seats", rule("setup.position"))
    life = _pair(position, "life", [START_LIFE, START_LIFE])
    if not all(type(x) is int and x > 0 for x in life):
        raise ConfigError("setup.life must be two positive integers")


def setup(game, state, config, rng) -> list:
    em = Emitter(game, state)
    v = em.emit("CardsSetAside", SET_ASIDE, rule("setup.remove"))
    if config.position is not None:
        _position(em, config.position, rng, v)
    else:
        _deal(em, config.options, rng, v)
    return em.events


def _deal(em, options, rng, cause):
    first = options["first"] if "first" in options else rng.below(2)
    em.emit("FirstPlayerChosen", {"first": first, "by": "options" if "first" in options else "lot"},
            rule("setup.deal"), cause=cause)
    second = 1 - first
    magic = rng.shuffled(OVERLORD_MAGIC)
    em.emit("MagicDealt", {"to": first, "cards": magic[0:2]}, rule("setup.deal"), cause=cause)
    em.emit("MagicDealt", {"to": second, "cards": magic[2:4]}, rule("setup.deal"), cause=cause)
    deck = rng.shuffled(OVERLORD_DECK)
    em.emit("DeckShuffled", {"order": deck}, rule("setup.deal"), cause=cause)
    em.emit("CardsDealt", {"to": first, "cards": deck[0:8]}, rule("setup.deal"), cause=cause)
    em.emit("CardsDealt", {"to": second, "cards": deck[8:17]}, rule("setup.deal"), cause=cause)


def _position(em, position, rng, cause):
    placed = set(position["deck"]) | set(position.get("discard", []))
    for key in ("hands", "territories", "units"):
        for cards in position.get(key, [[], []]):
            placed |= set(cards)
    rest = rng.shuffled([c for c in OVERLORD_DECK if c not in placed])
    data = {"first": position["first"], "hands": position["hands"], "territories": position["territories"],
            "magic": position["magic"], "units": position.get("units", [[], []]),
            "life": position.get("life", [START_LIFE, START_LIFE]), "discard": position.get("discard", []),
            "deck": list(position["deck"]) + rest}
    v = em.emit("PositionSet", data, rule("setup.position"), cause=cause)
    flow.start_turn(em, position["first"], 1, v)
