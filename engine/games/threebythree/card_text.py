"""Each 3x3Wars card's text, told from its data (cards.json): a unit's colour, cost and traits (each
trait with its rule from rulebook.py), a magic card's requirement, condition, effects (one phrase per
effect name of magic.py's vocabulary), traits and grand magic. Served as ``text`` in describe(); the
card's ``provenance`` says which facts are designed (the web client marks those)."""
from engine.games.threebythree.cards import GRAND_MAGIC, RAW
from engine.games.threebythree.rulebook import RULES

CONDITIONS = {"main_phase": "Only in your main phase.",
              "discard_3_units": "Condition: discard 3 different unit cards from your hand."}

EFFECTS = {
    "damage": lambda e: f"Deal {e['amount']} damage to the opponent.",
    "draw": lambda e: f"Draw {e['count']} card{'s' if e['count'] != 1 else ''}.",
    "discard": lambda e: f"Then discard {e['count']} card{'s' if e['count'] != 1 else ''}.",
    "destroy_unit": lambda e: "Destroy an opposing unit" + (f" of cost {e['max_cost']} or less" if e.get("max_cost") else "")
                              + ("; you lose life equal to its cost" if e.get("user_loses_cost") else "") + ".",
    "destroy_all": lambda e: f"Destroy every unit of cost {e['max_cost']} or less.",
    "return_unit": lambda e: f"Return an opposing unit of cost {e['max_cost']} or less to its owner's hand.",
    "territory_bonus": lambda e: f"+{e['amount']} territory this turn.",
    "increase_power": lambda e: f"Your units get +{e['amount']} power this turn.",
    "decrease_power": lambda e: f"Opposing units get −{e['amount']} power this turn.",
    "increase_unit": lambda e: f"One of your units gets +{e['amount']} power (増加).",
    "enhance_units": lambda e: f"Enhance {e['count']} of your units by +{e['amount']}.",
    "no_block": lambda e: "An opposing unit does not defend this turn.",
    "expose_magic": lambda e: "Turn one of the opponent's face-down magic cards face up.",
    "territory_from_deck": lambda e: "The deck's top card becomes one of your territories.",
    "random_discard": lambda e: "The opponent discards a card at random.",
    "extra_deploy": lambda e: "Deploy one more unit (cost up to your territories).",
}
MANIFEST = {"pierce_walls": "While face up, your 透過 attacks are not blocked by 双壁."}
KINDS = {"tuning": "card.調律", "spellbreaker": "card.呪文砕き"}


def _rule(rule_id: str) -> str:
    return RULES[rule_id][1] if rule_id in RULES else ""


def _trait(name: str) -> str:
    said = _rule(f"trait.{name}") or _rule(f"magic.{name}") or RAW["trait_text"].get(name, {}).get("text", "")
    return f"{name}: {said}" if said else name


def _requirement(req: dict) -> str:
    total = sum(req.values())
    if not total:
        return "No requirement."
    coloured = [f"{n} {c}" for c, n in req.items() if c != "any"]
    return f"Needs {total} unit{'s' if total != 1 else ''} on the fields" + \
        (f" ({', '.join(coloured)} among them)." if coloured else ".")


def deck_text(card: dict) -> str:
    if card["kind"] in KINDS:
        return _rule(KINDS[card["kind"]])
    parts = [f"Unit · {card['colour']} · cost {card['cost']}."]
    parts += [_trait(t) for t in card["traits"]]
    return " ".join(p if p.endswith(".") else p + "." for p in parts)


def magic_text(card: dict) -> str:
    attribute = card.get("attribute")
    parts = [f"Magic of {attribute}." if attribute else "Magic."]
    parts.append(_requirement(card.get("requirement") or {}))
    if card.get("condition"):
        parts.append(CONDITIONS.get(card["condition"], card["condition"]))
    parts += [EFFECTS[e["do"]](e) for e in card["effects"]]
    if card.get("manifest"):
        parts.append(f"顕在: {MANIFEST.get(card['manifest'], card['manifest'])}")
    parts += [_trait(t) for t in card.get("traits", []) if t != "顕在"]
    grand = card.get("grand_magic")
    if grand:
        parts.append(f"Grand magic {grand}: {GRAND_MAGIC.get(grand, {}).get('text', '')}")
    return " ".join(p if p.endswith(".") else p + "." for p in parts)


def text(card: dict) -> str:
    return magic_text(card) if card["type"] == "magic" else deck_text(card)
