"""東方祀爭録 card data (cards.json), checked when it loads.

Simple cards are pure data: a list of effects (``{"do": name, ...}``) played by one routine. The
effect names are checked against the vocabulary's handlers in ``effects.py`` at import time.
"""
import json
import sys
from dataclasses import dataclass
from pathlib import Path

TYPES = ("treasure", "victory", "curse", "action", "attack", "reaction", "duration", "shelter", "prize")
PROVENANCE = ("seed", "public", "inferred", "designed")
PILES = ("copper", "treasure", "optional", "victory", "optional-victory", "curse", "kingdom", "prize", "none")
SECTIONS = ("basic", "shelters", "kingdom", "prizes")
STATICS = ("unaffected_by_attacks", "costs_2_less")
REACTIONS = {"attack": "unaffected", "trashed": "discard_self_gain", "would_gain": "gain_instead",
             "buy_victory": "trash_self"}
TREASURE_EFFECTS = ("coins", "coins_per_action")     # what a treasure may do when played


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    section: str
    types: frozenset
    cost: int
    pile: object                 # one of PILES or a pile size
    play: list                   # effects when played (JSON data; never changed)
    on_buy: list
    on_gain: list
    on_trash: list
    reaction: dict | None
    static: frozenset
    vp: int
    vp_per_cards: int

    def is_(self, kind: str) -> bool:
        """Seed 2つの種類を持つカード: a card is of a type if any of its types is that type."""
        return kind in self.types


def _card(cid, raw, section) -> Card:
    types = raw["types"]
    if not types or any(t not in TYPES for t in types):
        raise ValueError(f"card {cid}: bad types {types}")
    if not isinstance(raw["cost"], int) or raw["cost"] < 0:
        raise ValueError(f"card {cid}: bad cost")
    pile = raw["pile"]
    if not (pile in PILES or (isinstance(pile, int) and pile > 0)):
        raise ValueError(f"card {cid}: bad pile {pile!r}")
    if any(v not in PROVENANCE for v in raw["provenance"].values()):
        raise ValueError(f"card {cid}: unknown provenance")
    facts = {"name", "plays_as", "cost"} | {k for k in ("play", "on_buy", "on_gain", "on_trash", "reaction",
                                                         "static", "vp", "vp_per_cards", "prizes") if k in raw}
    if not facts <= set(raw["provenance"]):
        raise ValueError(f"card {cid}: no provenance for {sorted(facts - set(raw['provenance']))}")
    reaction = raw.get("reaction")
    if reaction is not None and REACTIONS.get(reaction["when"]) != reaction["effect"]:
        raise ValueError(f"card {cid}: unknown reaction {reaction}")
    static = frozenset(raw.get("static", ()))
    if static - set(STATICS):
        raise ValueError(f"card {cid}: unknown static ability {sorted(static - set(STATICS))}")
    if "treasure" in types and any(e["do"] not in TREASURE_EFFECTS for e in raw.get("play", [])):
        raise ValueError(f"card {cid}: a treasure may only add coins when played")
    return Card(cid, raw["name"], section, frozenset(types), raw["cost"], pile, raw.get("play", []),
                raw.get("on_buy", []), raw.get("on_gain", []), raw.get("on_trash", []), reaction, static,
                raw.get("vp", 0), raw.get("vp_per_cards", 0))


def _interned(value):
    """Card data with every string interned: states hold the same string objects, which keeps the
    core's marshal copies of a state small and fast."""
    if isinstance(value, str):
        return sys.intern(value)
    if isinstance(value, list):
        return [_interned(v) for v in value]
    if isinstance(value, dict):
        return {sys.intern(k): _interned(v) for k, v in value.items()}
    return value


def _load():
    raw = _interned(json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8")))
    cards = {}
    for section in SECTIONS:
        for cid, c in raw[section].items():
            if cid in cards or not cid.isascii():
                raise ValueError(f"card id {cid!r} repeated or not ASCII")
            cards[cid] = _card(cid, c, section)
    for cid, c in raw["kingdom"].items():
        for prize in c.get("prizes", []):
            if cards.get(prize) is None or cards[prize].section != "prizes":
                raise ValueError(f"card {cid}: unknown prize {prize}")
    for deck_id, deck in raw["start_decks"].items():
        if sum(deck["cards"].values()) != 10 or any(c not in cards for c in deck["cards"]):
            raise ValueError(f"starting deck {deck_id} must be 10 known cards")
    return raw, cards


RAW, CARDS = _load()
CARDSET_VERSION = RAW["cardset_version"]
CARD_ID = {cid: cid for cid in CARDS}           # any equal string -> the interned id
KINGDOM = [cid for cid, c in CARDS.items() if c.section == "kingdom"]
START_DECKS = {k: [cid for cid, n in v["cards"].items() for _ in range(n)] for k, v in RAW["start_decks"].items()}
PRIZES = {cid: RAW["kingdom"][cid]["prizes"] for cid in KINGDOM if "prizes" in RAW["kingdom"][cid]}

# the cards the rules text refers to by role
COPPER, SILVER, GOLD, PLATINUM = "osaisen", "hounoumai", "omiki", "goshinsatsu"
ESTATE, DUCHY, PROVINCE, COLONY, CURSE = "hakurei", "hokora", "saidan", "amaneki", "minus"


def card_list() -> list:
    """The public card list for GET /games/shisoroku: every card with its facts and provenance."""
    out = []
    for section in SECTIONS:
        for cid, c in RAW[section].items():
            out.append({"id": cid, "section": section, **c})
    return out


def effect_lists():
    """Every effect list in the data, with where it comes from (for the load-time vocabulary check)."""
    for cid, c in CARDS.items():
        for where in ("play", "on_buy", "on_gain", "on_trash"):
            yield f"{cid}.{where}", getattr(c, where)
