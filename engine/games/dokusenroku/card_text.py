"""Each 東方独占録 card's text, told from its data (cards.json): a character's cost, attack and HP, its
abilities (each with its rule from rulebook.py and its numbers) and what it gives as a support; a
spell's cost, target and effect (its ``text`` in cards.json, designed by kifu like its numbers); the
カリスマ card's support. Served as ``text`` in describe(); ``provenance`` says which facts are designed."""
from engine.games.dokusenroku.rulebook import RULES

NAMES = {"first_strike": "先制攻撃", "jamming": "妨害", "third_eye": "第三の目", "fairy": "妖精", "assault": "強襲",
         "guard": "堅守", "terrain": "地の利", "breaker": "結界破り", "resurrect": "リザレクション", "bounty": "略奪"}
TARGETS = {"none": "", "other": "Targets another player.", "own_land": "Targets one of your lands.",
           "other_land": "Targets another player's land."}
NUMBERS = {"fairy": lambda a: f" (+{a['atk']} attack each)", "assault": lambda a: f" (+{a['atk']} attack)",
           "guard": lambda a: f" (+{a['hp']} HP)", "terrain": lambda a: f" ({a['area']} lands, +{a['hp']} HP)",
           "bounty": lambda a: f" ({a['amount']}圓)"}


def _ability(a: dict) -> str:
    do = a["do"]
    statement = RULES.get(f"ability.{do.replace('_', '-')}", ("", ""))[1]
    return f"【{NAMES.get(do, do)}】{NUMBERS.get(do, lambda _: '')(a)}: {statement}"


def _support(s: dict) -> str:
    if s["do"] == "atk":
        return f"+{s['n']} attack"
    if s["do"] == "hp":
        return f"+{s['n']} HP"
    return f"【{NAMES.get(s['do'], s['do'])}】"


def text(card: dict) -> str:
    if card["type"] == "spell":
        target = TARGETS.get(card.get("target"), "")
        return f"Spell · cost {card['cost']}圓. {target + ' ' if target else ''}{card.get('text', '')}"
    support = ", ".join(_support(s) for s in card.get("support") or []) or "nothing"
    if card["type"] == "charisma":
        return f"Support only · cost {card['cost']}圓. As a support: {support}."
    abilities = " ".join(_ability(a) for a in card.get("ability") or [])
    return f"Character · cost {card['cost']}圓 · attack {card['attack']} · HP {card['hp']}. " \
           f"{abilities + ' ' if abilities else ''}As a support: {support}."
