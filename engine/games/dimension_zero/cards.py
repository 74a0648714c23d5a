"""Dimension Zero / 東方零次元 card data (cards.json), checked when it loads.

Each card keeps the provenance of every field (seed / public / inferred / designed). Effect names
are checked against the effect vocabulary in effects.py when that module loads.
"""
import json
import re
from pathlib import Path

COLOURS = ("R", "K", "U", "W", "G")
KINDS = ("unit", "base", "strategy")
TIMINGS = ("normal", "quick", "battle")
PROVENANCE = ("seed", "public", "inferred", "designed")
FIELDS = ("name", "colours", "timing", "cost", "move", "power", "smash", "race", "keywords", "abilities")
KEYWORDS = ("速攻", "加速")
SETS = {"first-century": "dz", "touhou": "th", "touhou-instant": "th"}


def _check_cost(key, cost):
    if cost is None:
        return
    if not isinstance(cost, dict) or any(k not in COLOURS + ("X",) or type(v) is not int or v < 0
                                         for k, v in cost.items()):
        raise ValueError(f"card {key}: bad cost {cost}")


def _load():
    raw = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))
    cards = {}
    for key, c in raw["cards"].items():
        if c["kind"] not in KINDS or c["timing"] not in TIMINGS or c["set"] not in SETS.values():
            raise ValueError(f"card {key}: bad kind, timing or set")
        if not c["colours"] or any(col not in COLOURS for col in c["colours"]):
            raise ValueError(f"card {key}: bad colours")
        _check_cost(key, c["cost"])
        _check_cost(key, c.get("move"))
        if c["kind"] == "unit" and not (isinstance(c.get("power"), int) and isinstance(c.get("smash"), int)
                                        and c.get("move")):
            raise ValueError(f"unit {key} needs power, smash and a move cost")
        if any(k not in KEYWORDS for k in c.get("keywords", [])):
            raise ValueError(f"card {key}: unknown keyword")
        prov = dict(c["provenance"])
        default = prov.pop("*", None)
        full = {f: prov.get(f, default) for f in FIELDS}
        if any(v not in PROVENANCE for v in full.values()) or set(prov) - set(FIELDS):
            raise ValueError(f"card {key}: provenance must name {FIELDS} with {PROVENANCE}")
        cards[key] = {"key": key, "set": c["set"], "name": c["name"], "game_name": game_name(c["name"]),
                      "kind": c["kind"], "colours": list(c["colours"]), "timing": c["timing"],
                      "cost": dict(c["cost"]), "move": c.get("move"), "power": c.get("power"),
                      "smash": c.get("smash"), "race": c.get("race"), "keywords": list(c.get("keywords", [])),
                      "abilities": list(c["abilities"]), "provenance": full, "note": c.get("note", "")}
    return raw, cards


def game_name(name: str) -> str:
    """000 カード名について: in play a name is read without its 〈〉 part."""
    return re.sub(r"〈[^〉]*〉", "", name)


def races(card) -> list:
    return card["race"].split("/") if card.get("race") else []


RAW, CARDS = _load()
CARDSET_VERSION = RAW["cardset_version"]


def cost_total(cost: dict) -> int:
    return sum(cost.values())


def card_list() -> list:
    """The public card list (every field with its provenance)."""
    return [{"key": k, **{f: c[f] for f in ("set", "name", "kind", "colours", "timing", "cost", "move", "power",
                                            "smash", "race", "keywords", "abilities", "provenance", "note")}}
            for k, c in CARDS.items()]
