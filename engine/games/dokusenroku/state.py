"""The 東方独占録 position as a plain JSON-ready dict, and the facts derived from it.

``piles`` holds decks and graveyards: one shared pile in ``standard``, one per seat in
``constructed`` (追加ルール: 山札・墓地が各プレイヤーにある). Decks list cards from the top; ``removed``
holds the cards the deck-size adjustment took out unseen.

``step`` says what the match waits for (``to_act`` in __init__.py):
main (Ⅰ-Ⅳ before the roll), land / own / other (the square reached), event, choose (a pending
choice: level_up, recover, search), defend and invader_support (a battle), sell (a debt), refill
(bankruptcy), discard (hand limit).
"""
from engine.games.dokusenroku.board import AREA_LANDS, LANDS, MAX_LEVEL, base_value, lap_bonus, toll
from engine.games.dokusenroku.cards import CHARACTERS, card_of

DEFAULT_REMOVAL = {"standard": {2: 0, 3: 0, 4: 0}, "constructed": {2: 0, 3: 5, 4: 10}}


def initial_state(variant: str, seats: int, removal: int) -> dict:
    piles = 1 if variant == "standard" else seats
    return {
        "variant": variant,
        "removal": removal,
        "phase": "setup",          # setup -> play -> over
        "turn": 0,
        "order": [],
        "active": None,
        "step": None,
        "flags": new_turn_flags(),
        "players": [{"money": 0, "at": 0, "hand": [], "move": None} for _ in range(seats)],
        "lands": {},               # owned lands only: an unowned land is level 1 with no character
        "piles": [{"deck": [], "graveyard": [], "removed": []} for _ in range(piles)],
        "battle": None,
        "debt": None,
        "pending": None,
        "outcome": None,
    }


def new_turn_flags() -> dict:
    # stage: 0 = nothing done yet (Ⅰ draw possible), 1 = drawn or a spell used (Ⅱ), 2 = invested (Ⅲ)
    return {"stage": 0, "spell": False, "toll_half": False}


def pile_index(state: dict, seat: int) -> int:
    return 0 if state["variant"] == "standard" else seat


def deck_of(state: dict, seat: int) -> list:
    return state["piles"][pile_index(state, seat)]["deck"]


def graveyard_of(state: dict, seat: int) -> list:
    return state["piles"][pile_index(state, seat)]["graveyard"]


def next_seat(state: dict, seat: int) -> int:
    order = state["order"]
    return order[(order.index(seat) + 1) % len(order)]


def seats_from(state: dict, seat: int) -> list:
    """Every seat in turn order, starting with ``seat``."""
    order = state["order"]
    i = order.index(seat)
    return order[i:] + order[:i]


def land(state: dict, land_id: str) -> dict:
    """A land's owner, level and character (a fresh default for an unowned land)."""
    return state["lands"].get(land_id) or {"owner": None, "level": 1, "character": None}


def owned_lands(state: dict, seat: int) -> list:
    return sorted(lid for lid, land in state["lands"].items() if land["owner"] == seat)


def lands_owned_total(state: dict) -> int:
    return len(state["lands"])


def current_lap_bonus(state: dict) -> int:
    return lap_bonus(lands_owned_total(state))


def chain(state: dict, land_id: str) -> int:
    """土地 Ⅱ: the owner's lands in this land's area (the toll table caps it at 5)."""
    lands = state["lands"]
    owner = lands[land_id]["owner"]
    return sum(1 for lid in AREA_LANDS[LANDS[land_id].area] if lid in lands and lands[lid]["owner"] == owner)


def current_toll(state: dict, land_id: str) -> int:
    return toll(land_id, state["lands"][land_id]["level"], chain(state, land_id))


def land_value(state: dict, land_id: str) -> int:
    """A land's worth in total assets (and its sale price): base value at its level + current toll."""
    return base_value(land_id, state["lands"][land_id]["level"]) + current_toll(state, land_id)


def assets(state: dict, seat: int) -> int:
    return state["players"][seat]["money"] + sum(land_value(state, lid) for lid in owned_lands(state, seat))


def investable(state: dict, seat: int) -> list:
    return [lid for lid in owned_lands(state, seat) if state["lands"][lid]["level"] < MAX_LEVEL]


def hand_characters(state: dict, seat: int) -> list:
    return [c for c in state["players"][seat]["hand"] if card_of(c) in CHARACTERS]


def placed_characters(state: dict) -> list:
    """(owner, card instance) for every character on a land, in land order."""
    return [(land["owner"], land["character"]) for _, land in sorted(state["lands"].items())]
