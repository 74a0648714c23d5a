"""Match setup: the deal (001 ch.2 §2, 000 対戦の開始) or an explicit analysis position.

Instance ids are ``<seat>-<nn>`` numbered in the shuffled deck order, so an id says nothing about the
card it stands for.
"""
from engine.core import ConfigError, Emitter
from engine.games.dimension_zero import flow, series, zones
from engine.games.dimension_zero.cards import CARDS, SETS
from engine.games.dimension_zero.decks import PRESETS, SIDEBOARDS, check_deck
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.state import MULLIGAN

OPTION_KEYS = {"decks", "first", "best_of", "sideboards"}
ZONES = ("deck", "hand", "grave", "energy", "smash", "removed")
POSITION_KEYS = {"first", "active", "turn", "players", "units", "bases"}


def validate_options(variant, options, presets=PRESETS):
    unknown = set(options) - OPTION_KEYS
    if unknown:
        raise ConfigError(f"unknown option(s) {sorted(unknown)}; dimension-zero takes: {sorted(OPTION_KEYS)}")
    if "first" in options and (type(options["first"]) is not int or options["first"] not in (0, 1)):
        raise ConfigError("options.first must be 0 or 1")
    if "decks" in options:
        decks = options["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise ConfigError("options.decks must hold two deck lists (card keys), one per seat", rule("deck"))
        for seat, deck in enumerate(decks):
            check_deck(variant, deck, f"options.decks[{seat}]")
    if type(options.get("best_of", 1)) is not int or options.get("best_of", 1) not in (1, 3):
        raise ConfigError("options.best_of must be 1 or 3 (001 ch.2 §6)", rule("match.bo3"))
    if "sideboards" in options:
        if options.get("best_of", 1) != 3:
            raise ConfigError("sideboards are for best_of 3 matches", rule("match.bo3"))
        sides = options["sideboards"]
        if not isinstance(sides, list) or len(sides) != 2:
            raise ConfigError("options.sideboards must hold two lists of 10 card keys", rule("deck.sideboard"))
        decks = options.get("decks") or list(presets[variant].values())[:2]
        for seat in (0, 1):
            series.check_sideboard(variant, decks[seat], sides[seat], f"options.sideboards[{seat}]")


def initial_series(variant, options, presets=PRESETS, sideboards=SIDEBOARDS):
    """The best-of-3 record, or None for a single duel."""
    if options.get("best_of", 1) != 3:
        return None
    decks = options.get("decks") or list(presets[variant].values())[:2]
    sides = options.get("sideboards") or sideboards[variant]
    return {"best_of": 3, "decks": [list(d) for d in decks], "sideboards": [list(x) for x in sides],
            "duels": [], "ready": [False, False]}


def _entry(e):
    return (e, False) if isinstance(e, str) else (e.get("card"), bool(e.get("frozen")))


def validate_position(variant, pos):
    """Any position: zones, squares, damage; the stack is empty and no battle is under way."""
    if not isinstance(pos, dict) or set(pos) - POSITION_KEYS or "players" not in pos:
        raise ConfigError(f"setup must be an object with keys from {sorted(POSITION_KEYS)} (players required)",
                          rule("setup.position"))
    for key in ("first", "active"):
        if type(pos.get(key, 0)) is not int or pos.get(key, 0) not in (0, 1):
            raise ConfigError(f"setup.{key} must be 0 or 1", rule("setup.position"))
    if not isinstance(pos["players"], list) or len(pos["players"]) != 2:
        raise ConfigError("setup.players must list two players", rule("setup.position"))
    for seat, p in enumerate(pos["players"]):
        if not isinstance(p, dict) or set(p) - set(ZONES) - {"plan"}:
            raise ConfigError(f"setup.players[{seat}] takes {ZONES} and plan", rule("setup.position"))
        for zone in ZONES:
            entries = p.get(zone, [])
            if not isinstance(entries, list) or not all(isinstance(e, (str, dict)) for e in entries):
                raise ConfigError(f"setup.players[{seat}].{zone} must list card keys", rule("setup.position"))
            for e in entries:
                k, _ = _entry(e)
                if not isinstance(k, str) or k not in CARDS or CARDS[k]["set"] != SETS[variant]:
                    raise ConfigError(f"setup.players[{seat}].{zone}: unknown card {k!r}", rule("setup.position"))
        if p.get("plan") and not p.get("deck"):
            raise ConfigError(f"setup.players[{seat}]: a plan zone needs a deck", rule("plan.create"))
    for key in ("units", "bases"):
        if not isinstance(pos.get(key, []), list):
            raise ConfigError(f"setup.{key} must be a list", rule("setup.position"))
    if "turn" in pos and (type(pos["turn"]) is not int or pos["turn"] < 1):
        raise ConfigError("setup.turn must be a whole number >= 1", rule("setup.position"))
    taken = set()
    for u in pos.get("units", []):
        if not isinstance(u, dict) or not isinstance(u.get("card"), str) or u["card"] not in CARDS \
                or CARDS[u["card"]]["kind"] != "unit" or type(u.get("owner")) is not int or u["owner"] not in (0, 1) \
                or type(u.get("square")) is not int or u["square"] not in range(9):
            raise ConfigError(f"setup.units: {u!r} needs a unit card, owner 0/1 and square 0-8", rule("setup.position"))
        if (u["owner"], u["square"]) in taken:
            raise ConfigError(f"setup.units: two units of seat {u['owner']} on square {u['square']}",
                              rule("rule.same-unit"))
        taken.add((u["owner"], u["square"]))
        if type(u.get("damage", 0)) is not int or u.get("damage", 0) < 0:
            raise ConfigError("setup.units: damage must be a whole number >= 0", rule("setup.position"))
    if any((1 - s, sq) in taken for s, sq in taken):
        raise ConfigError("setup.units: units of both players on one square (the position starts with no battle)",
                          rule("setup.position"))
    lines = set()
    for b in pos.get("bases", []):
        if not isinstance(b, dict) or not isinstance(b.get("card"), str) or b["card"] not in CARDS \
                or CARDS[b["card"]]["kind"] != "base" or type(b.get("owner")) is not int or b["owner"] not in (0, 1) \
                or type(b.get("line")) is not int or b["line"] not in (0, 1, 2) or (b["owner"], b["line"]) in lines:
            raise ConfigError(f"setup.bases: {b!r} needs a base card, owner 0/1 and a free line 0-2", rule("setup.position"))
        lines.add((b["owner"], b["line"]))


def setup(game, state, config, rng, presets=PRESETS) -> list:
    em = Emitter(game, state)
    if config.position is not None:
        _position(em, config.position)
    else:
        _deal(em, config, rng, presets)
    return em.events


def _deal(em, config, rng, presets):
    decks = config.options.get("decks") or list(presets[config.variant].values())[:2]
    first = config.options.get("first")
    deal(em, config.variant, decks, first, "lot" if first is None else "options", rng, None)


def _position(em, pos):
    players, units, bases, frozen = [], [], [], []
    reveal, private, secret = {}, [{}, {}], {}
    counters = [0, 0]

    def new_id(seat, key):
        cid = f"{seat}-{counters[seat]:02d}"
        counters[seat] += 1
        return cid

    for seat, p in enumerate(pos["players"]):
        zones_out = {}
        for zone in ZONES:
            zones_out[zone] = []
            for e in p.get(zone, []):
                key, is_frozen = _entry(e)
                cid = new_id(seat, key)
                zones_out[zone].append(cid)
                if is_frozen and zone in ("energy", "smash"):
                    frozen.append(cid)
                if zone in ("grave", "energy", "removed"):
                    reveal[cid] = key
                elif zone == "hand":
                    private[seat][cid] = key
                else:
                    secret[cid] = key
        zones_out["plan"] = zones_out["deck"][0] if p.get("plan") and zones_out["deck"] else None
        if zones_out["plan"]:
            reveal[zones_out["plan"]] = secret.pop(zones_out["plan"])
        players.append(zones_out)
    for u in pos.get("units", []):
        cid = new_id(u["owner"], u["card"])
        reveal[cid] = u["card"]
        units.append({"card": cid, "square": u["square"], "damage": u.get("damage", 0)})
        if u.get("frozen"):
            frozen.append(cid)
    for b in pos.get("bases", []):
        cid = new_id(b["owner"], b["card"])
        reveal[cid] = b["card"]
        bases.append({"card": cid, "line": b["line"]})
        if b.get("frozen"):
            frozen.append(cid)
    first = pos.get("first", 0)
    v = em.emit("PositionSet", {"first": first, "players": players, "units": units, "bases": bases,
                                "frozen": sorted(frozen), "reveal": reveal, "private": private, "secret": secret},
                rule("setup.position"))
    active = pos.get("active", first)
    v = em.emit("TurnStarted", {"turn": pos.get("turn", 1), "seat": active}, rule("setup.position"), cause=v)
    flow.main_phase(em, v)


def start_duel(em, first, rng, cause, by="loser"):
    s = em.state["series"]
    v = em.emit("DuelStarted", {"duel": len(s["duels"]) + 1}, rule("match.bo3"), cause=cause)
    deal(em, em.state["variant"], s["decks"], first, by, rng, v)


def deal(em, variant, decks, first, by, rng, cause):
    ids, secret = [], {}
    for seat, deck in enumerate(decks):
        order = rng.shuffled(deck)
        seat_ids = [f"{seat}-{i:02d}" for i in range(len(order))]
        secret.update(dict(zip(seat_ids, order)))
        ids.append(seat_ids)
    v = em.emit("DecksSet", {"decks": ids, "secret": secret}, rule("setup.deal"), cause=cause)
    cause = v if cause is None else cause
    if first is None:
        first = rng.below(2)
    em.emit("FirstPlayerChosen", {"first": first, "by": by}, rule("setup.deal"), cause=v)
    for seat in (0, 1):
        zones.draw(em, seat, 5, "setup.deal", v)
    if MULLIGAN[variant]:
        em.emit("MulliganOffered", {"seat": 1 - first}, rule("setup.mulligan"), cause=v)
    else:
        flow.start_turn(em, first, 1, v)
