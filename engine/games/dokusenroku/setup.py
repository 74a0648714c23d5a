"""Match setup (ゲームの準備 Ⅰ-Ⅳ, 追加ルール デッキ構築) or an explicit analysis position.

Options: ``end`` (the reading of the end, flow.END_RULES: ``deck-out`` by default, ``empty-draw``),
``decks`` (constructed only: one entry per seat, a preset id or a list of 40 card ids; omitted
-> the presets in order), ``removed`` (the deck-size adjustment: cards removed unseen from each deck
after shuffling; constructed default 0 / 5 / 10 for 2 / 3 / 4 players, standard default 0).
"""
from collections import Counter

from engine.core import ConfigError, Emitter
from engine.games.dokusenroku import flow
from engine.games.dokusenroku.board import BOARD_SIZE, HAND_SIZE, LAND_IDS, MAX_LEVEL, START_MONEY
from engine.games.dokusenroku.cards import (CHARACTERS, CHARISMA_ID, DECK_CARDS, PRESET_ORDER, PRESETS,
                                            SPELLS, card_of)
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.rulings import RULINGS, choice_in
from engine.games.dokusenroku.state import DEFAULT_REMOVAL

DECK_SIZE = 40
MAX_COPIES = 3
COPY_LETTERS = "abcd"     # a card's copies; カリスマ: "a" is the one given, b-d copies in a deck (charisma-in-deck)
SEAT_LETTERS = "abcd"
POSITION_KEYS = {"order", "money", "at", "hands", "lands", "decks", "graveyards", "removed"}


# ---- card instances ----------------------------------------------------------------------------

def standard_deck() -> list:
    return [c + "a" for c in DECK_CARDS]


def constructed_deck(seat: int, cards: list) -> list:
    seen = Counter({CHARISMA_ID: 1})          # copy "a" of カリスマ is the one given besides the deck
    out = []
    for c in sorted(cards):
        out.append(f"{seat}:{c}{COPY_LETTERS[seen[c]]}")
        seen[c] += 1
    return out


def charisma_instance(variant: str, seat: int) -> str:
    return CHARISMA_ID + SEAT_LETTERS[seat] if variant == "standard" else f"{seat}:{CHARISMA_ID}a"


def deck_lists(variant: str, seats: int, options: dict) -> list:
    """The card instances of each pile before shuffling."""
    if variant == "standard":
        return [standard_deck()]
    chosen = options.get("decks") or PRESET_ORDER[:seats]
    return [constructed_deck(s, PRESETS[d] if isinstance(d, str) else d) for s, d in enumerate(chosen)]


# ---- validation --------------------------------------------------------------------------------

def removal(variant: str, seats: int, options: dict, rulings: dict | None = None) -> int:
    """Cards removed from each deck: options.removed, else the guideline (0 / 5 / 10 in constructed),
    or none when the match reads the number as only what the players agree (ruling removal-default)."""
    if "removed" in options or choice_in(rulings, "removal-default") == "guideline":
        return options.get("removed", DEFAULT_REMOVAL[variant][seats])
    return 0


def validate_options(variant: str, seats: int, options: dict, rulings: dict | None = None):
    known = {"removed", "end"} | ({"decks"} if variant == "constructed" else set())
    unknown = set(options) - known
    if unknown:
        raise ConfigError(f"unknown option(s) {sorted(unknown)}; dokusenroku/{variant} takes: {sorted(known)}")
    if options.get("end", flow.DECK_OUT) not in flow.END_RULES:
        raise ConfigError(f"options.end must be one of {list(flow.END_RULES)}", rule("end.deck-out"))
    if "decks" in options:
        decks = options["decks"]
        if not isinstance(decks, list) or len(decks) != seats:
            raise ConfigError("options.decks needs one entry per seat", rule("constructed.deck"))
        for seat, d in enumerate(decks):
            _validate_deck(seat, d, choice_in(rulings, "charisma-in-deck") == "in-deck")
    per_pile = seats if variant == "standard" else 1
    size = len(DECK_CARDS) if variant == "standard" else DECK_SIZE
    most = size - HAND_SIZE * per_pile - 1
    r = options.get("removed", 0)
    if type(r) is not int or not 0 <= r <= most:
        raise ConfigError(f"options.removed must be an integer from 0 to {most} (a deck must keep a card "
                          f"after the deal)", rule("constructed.adjust"))


def _validate_deck(seat, deck, charisma_ok=False):
    if isinstance(deck, str):
        if deck not in PRESETS:
            raise ConfigError(f"options.decks[{seat}]: unknown preset {deck!r}; presets: {sorted(PRESETS)}",
                              rule("constructed.deck"))
        return
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise ConfigError(f"options.decks[{seat}] must be a preset id or a list of card ids", rule("constructed.deck"))
    if len(deck) != DECK_SIZE:
        raise ConfigError(f"options.decks[{seat}] holds {len(deck)} cards; a deck is exactly {DECK_SIZE}",
                          rule("constructed.deck"))
    bad = sorted({c for c in deck if c not in CHARACTERS and c not in SPELLS and not (charisma_ok and c == CHARISMA_ID)})
    if bad:
        why = (f" (the カリスマ card is added besides the deck: ruling {RULINGS['charisma-in-deck'].id}: besides)"
               if CHARISMA_ID in bad else "")
        raise ConfigError(f"options.decks[{seat}]: not deck cards: {bad}{why}", rule("constructed.deck"))
    over = sorted(c for c, n in Counter(deck).items() if n > MAX_COPIES)
    if over:
        raise ConfigError(f"options.decks[{seat}]: more than {MAX_COPIES} copies of {over}", rule("constructed.deck"))


def _instance_ok(variant, seats, inst, charisma_ok=False) -> bool:
    if not isinstance(inst, str):
        return False
    if variant == "standard":
        cid, letter = inst[:-1], inst[-1:]
        if cid == CHARISMA_ID:
            return letter in SEAT_LETTERS[:seats]
        return (cid in CHARACTERS or cid in SPELLS) and letter == "a"
    seat, _, rest = inst.partition(":")
    if not seat.isdigit() or int(seat) >= seats or len(rest) != 4:
        return False
    cid, letter = rest[:3], rest[3]
    if cid == CHARISMA_ID:
        return letter == "a" or (charisma_ok and letter in COPY_LETTERS)
    return (cid in CHARACTERS or cid in SPELLS) and letter in COPY_LETTERS[:MAX_COPIES]


def validate_position(variant: str, seats: int, pos: dict, removed: int, charisma_ok=False):
    if not isinstance(pos, dict):
        raise ConfigError("setup must be an object")
    unknown, missing = set(pos) - POSITION_KEYS, {"order", "hands", "decks"} - set(pos)
    if unknown or missing:
        raise ConfigError(f"setup: unknown keys {sorted(unknown)}, missing keys {sorted(missing)}")
    if sorted(pos["order"]) != list(range(seats)):
        raise ConfigError("setup.order must list every seat once", rule("setup.order"))
    piles = 1 if variant == "standard" else seats
    for key, n, kind in (("money", seats, int), ("at", seats, int)):
        value = pos.get(key, [0] * n)
        if not isinstance(value, list) or len(value) != n or any(type(v) is not kind or v < 0 for v in value):
            raise ConfigError(f"setup.{key} must be a list of {n} non-negative integers")
    if any(a >= BOARD_SIZE for a in pos.get("at", [])):
        raise ConfigError(f"setup.at: squares are 0..{BOARD_SIZE - 1}")
    placed = []
    for key, n in (("hands", seats), ("decks", piles), ("graveyards", piles), ("removed", piles)):
        value = pos.get(key, [[] for _ in range(n)])
        if not isinstance(value, list) or len(value) != n or not all(isinstance(v, list) for v in value):
            raise ConfigError(f"setup.{key} must hold {n} lists of card instances")
        placed += [(key, c) for cards in value for c in cards]
        if key == "removed" and any(len(v) != removed for v in value):
            raise ConfigError(f"setup.removed must hold {removed} card(s) per pile (options.removed)",
                              rule("constructed.adjust"))
    lands = pos.get("lands", {})
    if not isinstance(lands, dict):
        raise ConfigError("setup.lands must map land ids to {owner, level, character}")
    for lid, land in lands.items():
        if lid not in LAND_IDS or not isinstance(land, dict) or set(land) - {"owner", "level", "character"}:
            raise ConfigError(f"setup.lands: bad entry {lid!r}")
        owner, level, char = land.get("owner"), land.get("level", 1), land.get("character")
        if owner not in range(seats) or type(level) is not int or not 1 <= level <= MAX_LEVEL:
            raise ConfigError(f"setup.lands.{lid}: owner must be a seat and level 1..{MAX_LEVEL}", rule("land.level"))
        if not isinstance(char, str) or card_of(char) not in CHARACTERS:
            raise ConfigError(f"setup.lands.{lid}: an owned land holds a character card", rule("square.empty"))
        placed.append((f"lands.{lid}", char))
    seen = {}
    for where, inst in placed:
        if not _instance_ok(variant, seats, inst, charisma_ok):
            raise ConfigError(f"setup.{where}: {inst!r} is not a card instance of dokusenroku/{variant} "
                              f"(e.g. 'C03a' in standard, '1:C03b' in constructed)", rule("setup.position"))
        if inst in seen:
            raise ConfigError(f"setup: {inst} is in both {seen[inst]} and {where}", rule("setup.position"))
        seen[inst] = where


# ---- setup events ------------------------------------------------------------------------------

def setup(game, state, config, rng, pin_end=True) -> list:
    """The setup events; the end rule (options.end, default deck-out) is named in ``TurnOrderSet`` /
    ``PositionSet``. ``pin_end=False`` is card set kifu.1's setup, which named none (so: empty-draw)."""
    em = Emitter(game, state)
    end = {"end": config.options.get("end", flow.DECK_OUT)} if pin_end else {}
    if config.position is not None:
        _position(em, config.position, end)
    else:
        _deal(em, config, rng, end)
    return em.events


def _deal(em, config, rng, end):
    variant, seats = config.variant, len(config.seats)
    adjust = removal(variant, seats, config.options, config.rulings)
    for pile, cards in enumerate(deck_lists(variant, seats, config.options)):
        order = rng.shuffled(cards)
        v = em.emit("DeckShuffled", {"pile": pile, "order": order}, rule("setup.deck"))
        if adjust:
            em.emit("CardsRemoved", {"pile": pile, "cards": order[:adjust]}, rule("constructed.adjust"), cause=v)
    em.emit("FundsGiven", {"amount": START_MONEY}, rule("setup.money"))
    for seat in range(seats):
        pile = 0 if variant == "standard" else seat
        em.emit("CardsDealt", {"seat": seat, "pile": pile, "cards": em.state["piles"][pile]["deck"][:HAND_SIZE]},
                rule("setup.hand"))
        em.emit("CharismaGiven", {"seat": seat, "card": charisma_instance(variant, seat)}, rule("setup.hand"))
    v = _roll_for_order(em, seats, rng, end)
    flow.start_turn(em, em.state["order"][0], 1, v)


def _roll_for_order(em, seats, rng, end):
    """Ⅳ: everyone rolls 2d6; the highest starts; the players tied for highest roll again."""
    rolling, rnd = list(range(seats)), 1
    while True:
        rolls = [{"seat": s, "dice": [rng.die(6), rng.die(6)]} for s in rolling]
        em.emit("OrderRolled", {"round": rnd, "rolls": rolls}, rule("setup.order"))
        best = max(sum(r["dice"]) for r in rolls)
        rolling = [r["seat"] for r in rolls if sum(r["dice"]) == best]
        if len(rolling) == 1:
            break
        rnd += 1
    first = rolling[0]
    return em.emit("TurnOrderSet", {"order": [(first + i) % seats for i in range(seats)], **end}, rule("setup.order"))


def _position(em, pos, end):
    seats = len(em.state["players"])
    piles = len(em.state["piles"])
    data = {"order": list(pos["order"]), "money": list(pos.get("money", [START_MONEY] * seats)),
            "at": list(pos.get("at", [0] * seats)), "hands": [list(h) for h in pos["hands"]],
            "lands": {lid: {"owner": land["owner"], "level": land.get("level", 1), "character": land["character"]}
                      for lid, land in sorted(pos.get("lands", {}).items())},
            "decks": [list(d) for d in pos["decks"]],
            "graveyards": [list(g) for g in pos.get("graveyards", [[] for _ in range(piles)])],
            "removed": [list(r) for r in pos.get("removed", [[] for _ in range(piles)])], **end}
    v = em.emit("PositionSet", data, rule("setup.position"))
    flow.start_turn(em, data["order"][0], 1, v)
