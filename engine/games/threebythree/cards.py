"""3x3Wars card data (cards.json), checked when it loads.

Every card keeps the provenance of each fact (seed / inferred / designed): see cards.json.
"""
import json
from dataclasses import dataclass
from pathlib import Path

COLOURS = ("炎", "水", "草", "天")
KINDS = ("unit", "tuning", "spellbreaker")
PROVENANCE = ("seed", "public", "inferred", "designed", "unknown")
TUNING_VALUES = (1, 2, 3)          # 変幻: 調律 counts as cost 1, 2 or 3, chosen by its user


@dataclass(frozen=True)
class DeckCard:
    id: str
    name: str
    kind: str
    colour: str | None
    cost: int | None
    traits: frozenset
    overlord: bool

    @property
    def is_unit(self) -> bool:
        return self.kind == "unit"


@dataclass(frozen=True)
class MagicCard:
    id: str
    name: str
    attribute: str | None
    requirement: dict | None       # {"any": n, <colour>: n, ...}
    condition: str | None
    effects: tuple | None
    overlord: bool
    traits: frozenset = frozenset()
    grand: str | None = None
    basic: bool = False
    manifest: str | None = None


def _load():
    raw = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))
    deck, magic = {}, {}
    for cid, c in raw["deck"].items():
        if c["kind"] not in KINDS or (c["colour"] is not None and c["colour"] not in COLOURS):
            raise ValueError(f"card {cid}: bad kind or colour")
        if c["kind"] == "unit" and not isinstance(c["cost"], int):
            raise ValueError(f"unit {cid} has no cost")
        if any(v not in PROVENANCE for v in c["provenance"].values()):
            raise ValueError(f"card {cid}: unknown provenance")
        deck[cid] = DeckCard(cid, c["name"], c["kind"], c["colour"], c["cost"], frozenset(c["traits"]), c["overlord"])
    for mid, m in raw["magic"].items():
        effects = tuple(m["effects"]) if m["effects"] is not None else None
        if effects is None:
            raise ValueError(f"magic {mid} has no effect")
        magic[mid] = MagicCard(mid, m["name"], m["attribute"], m["requirement"], m["condition"], effects,
                               m["overlord"], frozenset(m.get("traits", [])), m.get("grand_magic"), m.get("basic", False),
                               m.get("manifest"))
    return raw, deck, magic


RAW, DECK, MAGIC = _load()
CARDSET_VERSION = RAW["cardset_version"]
MAGIC_DECKS = RAW["magic_decks"]                 # 中級 魔法山札
GRAND_MAGIC = RAW["grand_magic"]                 # 大魔術 by name


def card_list() -> list:
    """The public card list for GET /games/threebythree (every fact with its provenance)."""
    return ([{"id": k, "type": "deck", **v} for k, v in RAW["deck"].items()]
            + [{"id": k, "type": "magic", **v} for k, v in RAW["magic"].items()])
