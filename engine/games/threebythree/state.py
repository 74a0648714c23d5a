"""The 3x3Wars position as a plain JSON-ready dict, and the facts derived from it.

Zones hold card ids (the printed numbers, "007", "A11"). ``deck`` lists the common deck from the top.
"""
from engine.games.threebythree.cards import DECK, MAGIC
from engine.games.threebythree.levels import LEVELS

START_LIFE = 30
UNIT_SLOTS = 3
STEPS = ("removal", "enhance", "battle", "territory", "strategy", "end")


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
        "respond": None,           # a magic waiting for the opponent's answer (★不許火)
        "decision": None,          # a choice an effect asks for: {"kind", "seat", "resume", ...}
        "removed": [],             # cards removed from the game (除外)
        "leftovers": [],           # setup: cards not chosen, to go under the deck
        "outcome": None,
    }


def new_player() -> dict:
    return {"life": START_LIFE, "hand": [], "territories": [], "units": [],
            "magic": [],           # [{"card": "A11", "state": "down" | "up" | "side"}]
            "offered_magic": [], "offered_hands": [], "mentor": None, "mulligans": 0, "ready": False}


def new_turn_flags() -> dict:
    return {"magic": [], "territory": False, "strategy": False, "bonus": 0, "targeted": [],
            "grand": [], "unbounded": [], "manifest": [], "negated": []}


def level(state):
    return LEVELS[state["variant"]]


def other(seat: int) -> int:
    return 1 - seat


def has_trait(state: dict, card_id: str, trait: str) -> bool:
    """A trait counts only where the level uses it (初級/中級: five traits; 上級: all)."""
    return trait in DECK[card_id].traits and trait in LEVELS[state["variant"]].traits


def pierces(state: dict, card_id: str) -> bool:
    return has_trait(state, card_id, "透過") or state["mods"].get(card_id, {}).get("pierce", False)


def power(state: dict, card_id: str) -> int:
    """(cost) + (enhancement, increase and other modifiers), never below 0 (3.0 パワーの算出方法)."""
    m = state["mods"].get(card_id)
    base = DECK[card_id].cost + (2 if has_trait(state, card_id, "膨張") else 0)     # 膨張: +2 as 増加
    if not m:
        return base
    return max(0, base + m.get("enh", 0) + m.get("inc", 0) - m.get("dec", 0))


def territory_limit(state: dict, seat: int, leaving=(), strategy_step=True, rich=True) -> int:
    """Territories plus modifiers: 豊穡 of units that stay (unless ``rich`` is False), and this turn's
    strategy-step bonus (収穫)."""
    bonus = state["flags"]["bonus"] if state["active"] == seat and strategy_step else 0
    if rich:
        bonus += sum(1 for u in state["players"][seat]["units"] if u not in leaving and has_trait(state, u, "豊穡"))
    return len(state["players"][seat]["territories"]) + bonus


def magic_available(state: dict, seat: int) -> bool:
    """Public: could this seat still use a magic or grand magic this turn?"""
    if state["phase"] != "turns" or state["active"] != seat:
        return False
    lv, flags = level(state), state["flags"]
    cards = state["players"][seat]["magic"]
    if lv.grand_magic and seat not in flags["grand"] and any(m["state"] != "side" for m in cards):
        return True
    if not lv.magic_each_once and flags["magic"]:
        return False
    return any(m["card"] not in flags["magic"] and (m["state"] != "side" or "残響" in MAGIC[m["card"]].traits)
               for m in cards)


def may_negate(state: dict, seat: int) -> bool:
    """Public: could this seat use ★不許火 now, as far as the table can see? Grand magic is used at
    this level, the seat has used none this turn, and it holds a magic not sideways (which of them
    is 炎 may be hidden). No hand card is needed: 大魔術には必要魔力が存在しない (003 l.582)."""
    return (level(state).grand_magic and seat not in state["flags"]["grand"]
            and any(m["state"] != "side" for m in state["players"][seat]["magic"]))


def unit_ids(state: dict) -> list:
    return state["players"][0]["units"] + state["players"][1]["units"]


def magic_card(card_id: str):
    return MAGIC[card_id]
