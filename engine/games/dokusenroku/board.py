"""The board, the land cards and the EVENT table (board.json), checked when they load.

Squares are numbered 0 (START) to 31 in the direction of travel. A land card gives, for each level
1-5, its base value (土地カード ② "( )の中の値"), a toll for each chain 1-5 (④), and the investment that
raises it one level (⑤).
"""
import json
from dataclasses import dataclass
from pathlib import Path

from engine.games.dokusenroku.cards import AREAS, EFFECTS, parse_vocab

SQUARE_KINDS = ("start", "land", "event", "sukima")


@dataclass(frozen=True)
class Land:
    id: str
    name: str
    area: str
    square: int
    values: tuple          # base value by level 1..5
    tolls: tuple           # tolls[level-1][chain-1]
    invest: int


def _load():
    raw = json.loads((Path(__file__).parent / "board.json").read_text(encoding="utf-8"))
    econ = raw["economy"]
    squares = raw["board"]["squares"]
    lands = {}
    for i, sq in enumerate(squares):
        if sq["kind"] not in SQUARE_KINDS:
            raise ValueError(f"square {i}: unknown kind {sq['kind']!r}")
        if sq["kind"] == "land":
            lid = sq["land"]
            c = raw["lands"][lid]
            if lid in lands or c["area"] not in AREAS:
                raise ValueError(f"land {lid}: placed twice or unknown area")
            tolls = tuple(tuple(row) for row in c["tolls"])
            if len(c["values"]) != econ["max_level"] or len(tolls) != econ["max_level"] or \
                    any(len(row) != econ["chain_cap"] for row in tolls):
                raise ValueError(f"land {lid}: needs a value per level and a toll per level and chain")
            lands[lid] = Land(lid, c["name"], c["area"], i, tuple(c["values"]), tolls, c["invest"])
    if set(lands) != set(raw["lands"]) or squares[0]["kind"] != "start":
        raise ValueError("every land card needs exactly one square, and square 0 is START")
    for total, entry in raw["event_table"]["entries"].items():
        for e in entry["effects"]:
            parse_vocab([e], EFFECTS, f"EVENT {total}")
    if sorted(int(t) for t in raw["event_table"]["entries"]) != list(range(2, 13)):
        raise ValueError("the EVENT table needs an entry for every 2d6 total")
    return raw, squares, lands


RAW, SQUARES, LANDS = _load()
ECON = RAW["economy"]
START_MONEY = ECON["start_money"]
MAX_LEVEL = ECON["max_level"]
CHAIN_CAP = ECON["chain_cap"]
HAND_SIZE = ECON["hand_size"]
HAND_LIMIT = ECON["hand_limit"]
LEVEL_HP = ECON["level_hp"]
EVENT_TABLE = {int(k): v for k, v in RAW["event_table"]["entries"].items()}
BOARD_SIZE = len(SQUARES)
LAND_IDS = sorted(LANDS)
AREA_LANDS = {a: [lid for lid in LAND_IDS if LANDS[lid].area == a] for a in AREAS}


def square_kind(square: int) -> str:
    return SQUARES[square]["kind"]


def land_at(square: int):
    return SQUARES[square].get("land")


def lap_bonus(lands_owned: int) -> int:
    """周回ボーナス: 20圓 + 3 × the lands owned by all players."""
    return ECON["lap_bonus"] + ECON["lap_bonus_per_land"] * lands_owned


def toll(land_id: str, level: int, chain: int) -> int:
    return LANDS[land_id].tolls[level - 1][min(chain, CHAIN_CAP) - 1]


def base_value(land_id: str, level: int) -> int:
    return LANDS[land_id].values[level - 1]


def describe_board() -> dict:
    return {"board": RAW["board"], "areas": RAW["areas"], "lands": RAW["lands"],
            "event_table": RAW["event_table"], "economy": ECON}
