"""Match setup: the Overlord deal (○初級ルール開始前手順) or an explicit analysis position."""
from engine.core import ConfigError, Emitter
from engine.games.threebythree import flow
from engine.games.threebythree.cards import DECK, MAGIC, MAGIC_DECKS
from engine.games.threebythree.levels import LEVELS
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.state import START_LIFE, UNIT_SLOTS

OVERLORD_DECK = sorted(c for c, card in DECK.items() if card.overlord)
OVERLORD_MAGIC = sorted(m for m, card in MAGIC.items() if card.overlord)
ALL_DECK = sorted(DECK)
MENTORS = sorted(c for c in DECK if c not in OVERLORD_DECK)           # 中級: the 8 removed cards are 師匠
BASIC_MAGIC = sorted(m for m, card in MAGIC.items() if card.basic)      # 転生 入植 透禍の槍 (A17-A22)
POOL_MAGIC = sorted(m for m in MAGIC if m not in BASIC_MAGIC)           # A01-A16
SET_ASIDE = {"deck": MENTORS, "magic": sorted(m for m in MAGIC if m not in OVERLORD_MAGIC)}
ASIDE = {"overlord": SET_ASIDE, "apprentice": {"deck": [], "magic": BASIC_MAGIC},
         "wizard": {"deck": [], "magic": []}, "seven-mage": {"deck": [], "magic": BASIC_MAGIC}}
ASIDE_RULE = {"overlord": "setup.remove", "apprentice": "apprentice.setup", "wizard": "wizard.setup",
              "seven-mage": "seven-mage.setup"}
HAND_SIZE = 6                                                             # 中級/上級: keep 6 of 9
DEALT = 9


def level_deck(variant):
    return OVERLORD_DECK if variant in ("overlord", "apprentice") else ALL_DECK
POSITION_KEYS = {"first", "hands", "territories", "magic", "deck", "units", "life", "discard", "mentors"}


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


def validate_position(position: dict, variant: str = "overlord"):
    """Every card of the level in at most one place (those left out follow in the deck); known ids only."""
    deck_cards = level_deck(variant)
    magic_pool = {"overlord": OVERLORD_MAGIC, "apprentice": POOL_MAGIC, "seven-mage": POOL_MAGIC}.get(variant, sorted(MAGIC))
    chosen = LEVELS[variant].chosen_magic
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
        if card not in deck_cards:
            why = f"is set aside at the {variant} level" if card in DECK else "is not a 3x3Wars deck card"
            raise ConfigError(f"setup.{where}: {card} {why}", rule("setup.remove"))
        if card in places:
            raise ConfigError(f"setup: {card} is in both {places[card]} and {where}", rule("setup.position"))
        places[card] = where
    for seat, units in enumerate(_card_lists(position, "units")):
        if len(units) > UNIT_SLOTS or any(not DECK[u].is_unit for u in units):
            raise ConfigError(f"setup.units[{seat}]: at most 3 unit cards", rule("4.2"))
    magic = _card_lists(position, "magic")
    for seat, cards in enumerate(magic):
        if len(cards) > chosen or len(set(cards)) != len(cards) or any(m not in magic_pool for m in cards):
            raise ConfigError(f"setup.magic[{seat}]: at most {chosen} different magic cards of the {variant} pool {magic_pool}",
                              rule("setup.choose"))
    if set(magic[0]) & set(magic[1]):
        raise ConfigError(f"setup: magic {sorted(set(magic[0]) & set(magic[1]))} given to both seats", rule("setup.position"))
    mentors = _pair(position, "mentors", [None, None])
    if any(m is not None and (variant != "apprentice" or m not in MENTORS) for m in mentors):
        raise ConfigError(f"setup.mentors: 師匠 only at the apprentice level, from {MENTORS}", rule("apprentice.mentor"))
    life = _pair(position, "life", [START_LIFE, START_LIFE])
    if not all(type(x) is int and x > 0 for x in life):
        raise ConfigError("setup.life must be two positive integers")


def setup(game, state, config, rng) -> list:
    em = Emitter(game, state, rng)
    v = em.emit("CardsSetAside", ASIDE[config.variant], rule(ASIDE_RULE[config.variant]))
    if config.position is not None:
        _position(em, config.position, rng, v)
    else:
        DEALS[config.variant](em, config.options, rng, v)
    return em.events


def _first(em, options, rng, cause):
    first = options["first"] if "first" in options else rng.below(2)
    em.emit("FirstPlayerChosen", {"first": first, "by": "options" if "first" in options else "lot"},
            rule("setup.deal"), cause=cause)
    return first


def _deal(em, options, rng, cause):
    first = _first(em, options, rng, cause)
    second = 1 - first
    magic = rng.shuffled(OVERLORD_MAGIC)
    em.emit("MagicDealt", {"to": first, "cards": magic[0:2]}, rule("setup.deal"), cause=cause)
    em.emit("MagicDealt", {"to": second, "cards": magic[2:4]}, rule("setup.deal"), cause=cause)
    deck = rng.shuffled(OVERLORD_DECK)
    em.emit("DeckShuffled", {"order": deck}, rule("setup.deal"), cause=cause)
    em.emit("CardsDealt", {"to": first, "cards": deck[0:8]}, rule("setup.deal"), cause=cause)
    em.emit("CardsDealt", {"to": second, "cards": deck[8:17]}, rule("setup.deal"), cause=cause)


def _apprentice(em, options, rng, v):
    """中級 ◇ゲーム準備 / 開始前手順: a random 魔法山札 and a random 師匠 each, 9 cards each."""
    first = _first(em, options, rng, v)
    decks = rng.shuffled(sorted(MAGIC_DECKS))
    mentors = rng.shuffled(MENTORS)
    for seat in (first, 1 - first):
        em.emit("MentorDrawn", {"to": seat, "card": mentors[seat]}, rule("apprentice.mentor"), cause=v)
        em.emit("MagicDealt", {"to": seat, "cards": MAGIC_DECKS[decks[seat]]}, rule("apprentice.setup"), cause=v)
    _deal_nine(em, OVERLORD_DECK, first, rng, v)


def _wizard(em, options, rng, v):
    """上級: 転生 入植 透禍の槍 to each, 4 of the 16 magic each, 9 of all 48 deck cards each."""
    first = _first(em, options, rng, v)
    pool = rng.shuffled(POOL_MAGIC)
    for i, seat in enumerate((first, 1 - first)):
        basic = [m for m in BASIC_MAGIC if int(m[1:]) % 2 == (1 - i) % 2]       # A17 A19 A21 / A18 A20 A22
        em.emit("MagicDealt", {"to": seat, "cards": pool[4 * i:4 * i + 4] + basic, "basic": basic},
                rule("wizard.setup"), cause=v)
    _deal_nine(em, ALL_DECK, first, rng, v)


def _seven_mage(em, options, rng, v):
    """セブンメイジ戦: two 6-card hands each, keep one; the magic comes after (7 each, keep 3)."""
    first = _first(em, options, rng, v)
    deck = rng.shuffled(ALL_DECK)
    em.emit("DeckShuffled", {"order": deck}, rule("seven-mage.setup"), cause=v)
    for i, seat in enumerate((first, 1 - first)):
        em.emit("HandsOffered", {"to": seat, "hands": [deck[12 * i:12 * i + 6], deck[12 * i + 6:12 * i + 12]]},
                rule("seven-mage.setup"), cause=v)


def _deal_nine(em, cards, first, rng, cause):
    deck = rng.shuffled(cards)
    em.emit("DeckShuffled", {"order": deck}, rule("apprentice.setup"), cause=cause)
    em.emit("CardsDealt", {"to": first, "cards": deck[0:DEALT]}, rule("apprentice.setup"), cause=cause)
    em.emit("CardsDealt", {"to": 1 - first, "cards": deck[DEALT:2 * DEALT]}, rule("apprentice.setup"), cause=cause)


DEALS = {"overlord": _deal, "apprentice": _apprentice, "wizard": _wizard, "seven-mage": _seven_mage}


def _position(em, position, rng, cause):
    placed = set(position["deck"]) | set(position.get("discard", []))
    for key in ("hands", "territories", "units"):
        for cards in position.get(key, [[], []]):
            placed |= set(cards)
    rest = rng.shuffled([c for c in level_deck(em.state["variant"]) if c not in placed])
    data = {"first": position["first"], "hands": position["hands"], "territories": position["territories"],
            "magic": position["magic"], "units": position.get("units", [[], []]),
            "life": position.get("life", [START_LIFE, START_LIFE]), "discard": position.get("discard", []),
            "mentors": position.get("mentors", [None, None]),
            "deck": list(position["deck"]) + rest}
    v = em.emit("PositionSet", data, rule("setup.position"), cause=cause)
    flow.start_turn(em, position["first"], 1, v)
