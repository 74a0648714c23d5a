"""東方独占録 card data (cards.json), checked when it loads.

Card behaviour is data: a character's ``ability`` and ``support`` and a spell's ``effects`` are lists
of ``{"do": name, ...params}`` in the small vocabularies below. battle.py handles every ability and
support name, effects.py has exactly one handler per effect name; a name outside these vocabularies
(or a missing parameter) fails here, when the game loads.

Card instances (what zones hold) are the card id plus a copy letter, prefixed by the owning seat in
``constructed``: ``"C03a"`` in the shared standard deck, ``"1:C03b"`` in seat 1's constructed deck.
"""
import json
from dataclasses import dataclass
from pathlib import Path

AREAS = ("blue", "red", "green", "yellow")
TARGETS = ("none", "other", "own_land", "other_land")
PROVENANCE = ("seed", "public", "inferred", "designed")

# name -> required parameters
ABILITIES = {"first_strike": (), "jamming": (), "third_eye": (), "fairy": ("atk",), "assault": ("atk",),
             "guard": ("hp",), "terrain": ("area", "hp"), "breaker": (), "resurrect": (), "bounty": ("amount",)}
SUPPORTS = {"atk": ("n",), "hp": ("n",), "first_strike": (), "jamming": (), "breaker": ()}
EFFECTS = {"move_plus": ("n",), "move_choose": ("min", "max"), "move_fixed": ("n",), "level_up": (),
           "level_down": ("levels",), "burn": ("amount",), "fine": ("amount",), "draw": ("count",),
           "all_draw": ("count",), "search": (), "discard_random": ("count",), "tribute": ("amount",),
           "take": ("amount",), "gain": ("amount",), "gain_per_land": ("amount",), "recover": (),
           "toll_half": ()}
MOVEMENT_EFFECTS = ("move_plus", "move_choose", "move_fixed")


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    title: str
    cost: int
    attack: int
    hp: int
    ability: dict          # name -> params (a character has each ability at most once)
    support: dict


@dataclass(frozen=True)
class Spell:
    id: str
    name: str
    cost: int
    target: str
    effects: tuple         # ({"do": ..., ...}, ...)
    free: bool


@dataclass(frozen=True)
class Charisma:
    id: str
    name: str
    cost: int
    support: dict


def parse_vocab(entries, vocab, where) -> dict:
    out = {}
    for e in entries:
        name = e.get("do")
        if name not in vocab:
            raise ValueError(f"{where}: unknown name {name!r} (known: {sorted(vocab)})")
        missing = [p for p in vocab[name] if p not in e]
        if missing or name in out:
            raise ValueError(f"{where}: {name} is repeated or lacks {missing}")
        if name == "terrain" and e["area"] not in AREAS:
            raise ValueError(f"{where}: unknown area {e['area']!r}")
        out[name] = {k: v for k, v in e.items() if k != "do"}
    return out


def _check_provenance(cid, card):
    if any(v not in PROVENANCE for v in card["provenance"].values()):
        raise ValueError(f"card {cid}: unknown provenance")


def _load():
    raw = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))
    chars, spells, charisma = {}, {}, {}
    for cid, c in raw["characters"].items():
        _check_provenance(cid, c)
        chars[cid] = Character(cid, c["name"], c["title"], c["cost"], c["attack"], c["hp"],
                               parse_vocab(c["ability"], ABILITIES, f"{cid} ability"),
                               parse_vocab(c["support"], SUPPORTS, f"{cid} support"))
    for sid, s in raw["spells"].items():
        _check_provenance(sid, s)
        if s["target"] not in TARGETS:
            raise ValueError(f"{sid}: unknown target {s['target']!r}")
        for e in s["effects"]:
            parse_vocab([e], EFFECTS, f"{sid} effect")
        spells[sid] = Spell(sid, s["name"], s["cost"], s["target"], tuple(s["effects"]), s["free"])
    for xid, x in raw["charisma"].items():
        _check_provenance(xid, x)
        charisma[xid] = Charisma(xid, x["name"], x["cost"], parse_vocab(x["support"], SUPPORTS, f"{xid} support"))
    if len(charisma) != 1:
        raise ValueError("exactly one カリスマ card")
    for pid, p in raw["presets"].items():
        if sum(p["cards"].values()) != 40 or max(p["cards"].values()) > 3:
            raise ValueError(f"preset {pid} breaks the deck-construction limits")
        if any(c not in chars and c not in spells for c in p["cards"]):
            raise ValueError(f"preset {pid} names an unknown card")
    return raw, chars, spells, charisma


RAW, CHARACTERS, SPELLS, CHARISMA = _load()
CARDSET_VERSION = RAW["cardset_version"]
CHARISMA_ID = next(iter(CHARISMA))
DECK_CARDS = sorted(CHARACTERS) + sorted(SPELLS)          # what a deck may hold (not カリスマ)
PRESETS = {pid: [c for c, n in sorted(p["cards"].items()) for _ in range(n)] for pid, p in RAW["presets"].items()}
PRESET_ORDER = list(RAW["presets"])                        # seat i gets PRESET_ORDER[i] by default
MIN_CHARACTER_COST = min(c.cost for c in CHARACTERS.values())


def card_of(instance: str) -> str:
    """``"1:C03b"`` -> ``"C03"``."""
    return instance[-4:-1]


def card_name(instance: str) -> str:
    """A card instance by its printed name (the instance itself where no card has that id)."""
    cid = card_of(instance)
    card = CHARACTERS.get(cid) or SPELLS.get(cid) or CHARISMA.get(cid)
    return card.name if card is not None else instance


def owner_pile(instance: str) -> int:
    """The pile (deck and graveyard) a card instance belongs to: its seat in constructed, 0 in standard."""
    return int(instance.split(":")[0]) if ":" in instance else 0


def is_character(instance: str) -> bool:
    return card_of(instance) in CHARACTERS


def is_spell(instance: str) -> bool:
    return card_of(instance) in SPELLS


def cost_of(instance: str) -> int:
    cid = card_of(instance)
    card = CHARACTERS.get(cid) or SPELLS.get(cid) or CHARISMA[cid]
    return card.cost


def support_of(instance: str) -> dict:
    cid = card_of(instance)
    return CHARISMA[cid].support if cid in CHARISMA else CHARACTERS[cid].support


def can_support(instance: str) -> bool:
    cid = card_of(instance)
    return cid in CHARACTERS or cid in CHARISMA


def card_list() -> list:
    """The public card list for describe(): every fact with its provenance."""
    return ([{"id": k, "type": "character", **v} for k, v in RAW["characters"].items()]
            + [{"id": k, "type": "spell", **v} for k, v in RAW["spells"].items()]
            + [{"id": k, "type": "charisma", **v} for k, v in RAW["charisma"].items()])


def preset_list() -> list:
    return [{"id": k, "name": v["name"], "cards": v["cards"], "provenance": v["provenance"]}
            for k, v in RAW["presets"].items()]
