"""The Dimension Zero position as a plain JSON-ready dict, and the facts derived from it.

Cards are instances with opaque ids ``"<owner>-<nn>"`` (``cards`` maps id -> card key). The battle
space is squares 0..8 = row*3 + column: row 0 is seat 0's own area (seat 1's enemy area), row 1
the centre area, row 2 seat 1's own area; column 0 is seat 0's left line. Base squares are one per
line per player (``bases``: id -> line).
"""
from engine.games.dimension_zero.cards import CARDS, cost_total

SMASH_TO_WIN = {"first-century": 7, "touhou": 7, "touhou-instant": 5}
MULLIGAN = {"first-century": False, "touhou": True, "touhou-instant": True}


DUEL_KEYS = ("phase", "turn", "active", "first", "cards", "players", "units", "bases", "frozen", "seq", "stack",
             "stack_n", "battles", "priority", "passes", "triggers", "pending", "mods")


def initial_state(variant: str, series=None) -> dict:
    """``series``: None for a single duel, else the best-of-3 record (decks, sideboards, duels, ready)."""
    return {
        "variant": variant,
        "series": series,
        "phase": "setup",       # setup -> mulligan -> energy / main / smash / end -> over
        "turn": 0, "active": None, "first": None,
        "cards": {},            # instance id -> card key
        "players": [new_player(), new_player()],
        "units": {},            # id -> {"square", "seq", "damage", "centre": played into the centre (rule 7)}
        "bases": {},            # id -> {"line", "seq"}: base squares, one per line per player
        "frozen": {},           # id -> True for frozen cards on squares, energy and smash zones
        "seq": 0,               # placement counter: a later-placed unit has a higher seq
        "stack": [], "stack_n": 0,
        "battles": [],          # nested battles, the current one last; each keeps the stack it put on hold
        "priority": None, "passes": 0,
        "triggers": [],         # triggered abilities waiting for the next priority
        "pending": None,        # a decision a seat must answer before play goes on
        "mods": [],             # until-end-of-turn effects
        "outcome": None,
    }


def new_player() -> dict:
    return {"deck": [], "plan": None, "hand": [], "grave": [], "energy": [], "smash": [], "removed": [],
            "mulligan": None}


def owner(cid: str) -> int:
    return int(cid[0])


def other(seat: int) -> int:
    return 1 - seat


def card(state, cid) -> dict:
    return CARDS[state["cards"][cid]]


# --- geometry (001 ch.1 §4 ゲームマットの見方) ---

def home_row(seat: int) -> int:
    return 0 if seat == 0 else 2


def area(seat: int, square: int) -> str:
    row = square // 3
    return "own" if row == home_row(seat) else "centre" if row == 1 else "enemy"


def line(square: int) -> int:
    return square % 3


def adjacent(square: int) -> list:
    r, c = divmod(square, 3)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < 3 and 0 <= c + dc < 3:
            out.append((r + dr) * 3 + c + dc)
    return sorted(out)


def units_on(state, square) -> list:
    return sorted((u for u, d in state["units"].items() if d["square"] == square), key=lambda u: state["units"][u]["seq"])


def squares(state) -> dict:
    """``units_on`` of every square holding a unit, in one pass over the units."""
    on = {}
    for u, d in state["units"].items():
        on.setdefault(d["square"], []).append(u)
    for units in on.values():
        units.sort(key=lambda u: state["units"][u]["seq"])
    return on


def own_unit_on(state, seat, square) -> str | None:
    for u in units_on(state, square):
        if owner(u) == seat:
            return u
    return None


def location(state, cid) -> str:
    """The zone a card is in: square, base, stack, deck, hand, grave, energy, smash, removed."""
    if cid in state["units"]:
        return "square"
    seat = owner(cid)
    if cid in state["bases"]:
        return "base"
    p = state["players"][seat]
    for zone in ("hand", "grave", "energy", "smash", "removed", "deck"):
        if cid in p[zone]:
            return zone
    return "stack"


def plan_card(state, seat) -> str | None:
    """The plan zone: the deck's top card while it is face up (001 ch.2 §3(4)②)."""
    p = state["players"][seat]
    return p["plan"] if p["plan"] is not None and p["deck"] and p["deck"][0] == p["plan"] else None


def stacked_sources(state) -> set:
    """The cards whose abilities wait on the stack (the current one and those a battle put on hold)."""
    items = list(state["stack"]) + [i for b in state["battles"] for i in b["waiting"]]
    return {i["source"] for i in items if i.get("source")}


def visible(state, cid, seat) -> bool:
    """Face-up cards are public; a hand is its owner's, but a card whose ● ability was activated from
    hand (盟約) is shown while that ability is on the stack; the deck and smash zone are seen by nobody.
    This is the one predicate behind ``secrets``, the views and decide's id resolution."""
    zone = location(state, cid)
    if zone == "hand":
        return seat == owner(cid) or cid in stacked_sources(state)
    if zone == "deck":
        return plan_card(state, owner(cid)) == cid
    return zone != "smash"


# --- continuous effects (★, zone effects, until-end-of-turn mods) ---

def statics(state):
    """(card id, ability) for every ★ ability on a square or base square, and zone effects in their zone."""
    for u in state["units"]:
        for ab in card(state, u)["abilities"]:
            if ab["type"] == "static":
                yield u, ab
    for b in state["bases"]:
        for ab in card(state, b)["abilities"]:
            if ab["type"] == "static":
                yield b, ab
    for seat in (0, 1):
        pc = plan_card(state, seat)
        if pc is not None:
            for ab in card(state, pc)["abilities"]:
                if ab["type"] == "zone" and ab["zone"] == "plan":
                    yield pc, ab


def power(state, uid) -> int:
    c = card(state, uid)
    p = c["power"]
    seat = owner(uid)
    sq = state["units"][uid]["square"] if uid in state["units"] else None
    for src, ab in statics(state):
        if ab["do"] == "power_in_area" and src == uid and sq is not None:
            p += ab.get(area(seat, sq), 0) if area(seat, sq) != "own" else 0
        elif ab["do"] == "own_units_power" and owner(src) == seat:
            p += ab["amount"]
    for m in state["mods"]:
        if m["card"] == uid and "power" in m:
            p += m["power"]
    return p


def has_keyword(state, uid, kw) -> bool:
    return kw in card(state, uid)["keywords"]


def untargetable_by(state, uid, seat) -> bool:
    """★相手のカードの対象にならない (博麗 霊夢, ミスディレクション): prohibition beats permission (001 ch.3 §1(2))."""
    if seat == owner(uid):
        return False
    if uid in state["units"] and any(src == uid and ab["do"] == "untargetable_by_opponent" for src, ab in statics(state)):
        return True
    return any(m["card"] == uid and m.get("untargetable") for m in state["mods"])


def unit_cost(state, uid) -> int:
    """The unit's play cost as a number, lowered by the opponent's 橙 (000 デッキ構築のヒント(5))."""
    total = cost_total(card(state, uid)["cost"])
    for src, ab in statics(state):
        if ab["do"] == "opponent_unit_cost" and src in state["units"] and owner(src) != owner(uid):
            total += ab["amount"]
    return max(0, total)


def damage_reduction(state, uid) -> int:
    sq = state["units"][uid]["square"]
    total = 0
    for b, d in state["bases"].items():
        if d["line"] == line(sq):
            total += sum(ab["amount"] for ab in card(state, b)["abilities"]
                         if ab["type"] == "static" and ab["do"] == "damage_reduction_line")
    return total


def own_base_on(state, seat, ln) -> str | None:
    for b, d in state["bases"].items():
        if owner(b) == seat and d["line"] == ln:
            return b
    return None


def released_area_squares(state, seat) -> list:
    """Squares a unit may be played onto as if own area, entering released (細波の入江の魔女)."""
    out = []
    for src, ab in statics(state):
        if ab["do"] == "area_as_own_released" and owner(src) == seat and src in state["units"]:
            row = state["units"][src]["square"] // 3
            out += [row * 3 + c for c in range(3)]
    return sorted(set(out))


def in_battle(state) -> bool:
    return bool(state["battles"])


def battle_units(state) -> set:
    out = set()
    for b in state["battles"]:
        out |= {b["attacker"], b["defender"]}
    return out


def smash_to_win(state) -> int:
    return SMASH_TO_WIN[state["variant"]]
