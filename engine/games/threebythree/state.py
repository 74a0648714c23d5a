"""The 3x3Wars position as a plain JSON-ready dict, and the facts derived from it.

Zones hold card ids (the printed numbers, "007", "A11"). ``deck`` lists the common deck from the top.
"""
from engine.games.threebythree.cards import DECK, MAGIC

START_LIFE = 30
UNIT_SLOTS = 3
STEPS = ("removal", "enhance", "battle", "territory", "strategy", "end")

# Traits the Overlord level uses (初級専用ルール ○ユニットの特性); every other trait text is ignored.
OVERLORD_TRAITS = frozenset({"透過", "透化", "ブロック不可", "双壁", "強化不可"})


def initial_state(variant: str) -> dict:
    return {
        "variant": variant,
        "phase": "setup",          # setup -> turns -> over
        "first": None,
        "turn": 0,
        "active": None,
        "step": None,              # one of STEPS or "counter" while a counter window is open
        "deck": [],
        "discard": [],
        "players": [new_player(), new_player()],
        "flags": new_turn_flags(),
        "mods": {},                # unit id -> {"enh": n, "pierce": bool, "inc": n, "dec": n}
        "pending": None,           # spells being declared / countered
        "outcome": None,
    }


def new_player() -> dict:
    return {"life": START_LIFE, "hand": [], "territories": [], "units": [],
            "magic": [],           # [{"card": "A11", "state": "down" | "up" | "side"}]
            "offered_magic": [], "ready": False}


def new_turn_flags() -> dict:
    return {"magic": [], "territory": False, "strategy": False, "bonus": 0, "targeted": []}


def other(seat: int) -> int:
    return 1 - seat


def has_trait(state: dict, card_id: str, trait: str) -> bool:
    if trait not in OVERLORD_TRAITS:
        return False
    return trait in DECK[card_id].traits


def pierces(state: dict, card_id: str) -> bool:
    return has_trait(state, card_id, "透過") or state["mods"].get(card_id, {}).get("pierce", False)


def power(state: dict, card_id: str) -> int:
    """(cost) + (enhancement, increase and other modifiers), never below 0 (3.0 パワーの算出方法)."""
    m = state["mods"].get(card_id)
    base = DECK[card_id].cost
    if not m:
        return base
    return max(0, base + m.get("enh", 0) + m.get("inc", 0) - m.get("dec", 0))


def territory_limit(state: dict, seat: int) -> int:
    """Territories plus this turn's strategy-step modifiers (e.g. 収穫)."""
    bonus = state["flags"]["bonus"] if state["active"] == seat else 0
    return len(state["players"][seat]["territories"]) + bonus


def magic_available(state: dict, seat: int) -> bool:
    """Public: could this seat still use a magic this turn (Overlord: once per turn, twice per card)?"""
    if state["phase"] != "turns" or state["active"] != seat or state["flags"]["magic"]:
        return False
    return any(m["state"] != "side" for m in state["players"][seat]["magic"])


def unit_ids(state: dict) -> list:
    return state["players"][0]["units"] + state["players"][1]["units"]


def magic_card(card_id: str):
    return MAGIC[card_id]
