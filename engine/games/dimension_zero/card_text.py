"""Each ディメンション・ゼロ card's text, told from its data (cards.json): kind, timing, costs, power and
smash, race and keywords, then each ability with its mark (★ static, ◆ trigger, ● activated, ○
strategy, ☆ play, the plan zone's, 隊列召喚) and one phrase per effect name of effects.py's
vocabulary. Served as ``text`` in describe(); ``provenance`` says which facts are designed."""
COLOURS = {"W": "white", "G": "green", "R": "red", "K": "black", "U": "blue", "X": "any colour"}
KINDS = {"unit": "Unit", "base": "Base", "strategy": "Strategy"}
TIMINGS = {"normal": "normal timing", "quick": "quick", "battle": "battle timing"}
WHEN = {"enters": "When this enters a square", "leaves_to_grave": "When this goes to the graveyard",
        "end_of_your_turn": "At the end of your turn"}
TARGETS = {"unit": "a unit", "enemy_unit": "an enemy unit", "own_unit": "a unit of yours",
           "other_unit": "another unit"}
CONDITIONS = {"attacked_before_first_damage": "only when this is attacked, before the first damage",
              "frozen_on_square": "if this is frozen on a square"}
ZONES = {"square": "on a square", "graveyard": "from the graveyard", "hand": "from the hand"}


def cost(c: dict | None) -> str:
    if not c:
        return "free"
    return " + ".join(f"{n} {COLOURS.get(k, k)}" for k, n in c.items())


def _target(a) -> str:
    return TARGETS.get(a.get("target"), "it") if a.get("target") else "it"


EFFECTS = {
    "damage": lambda e, a: f"deal {e['amount']} damage to {_target(a)}",
    "power": lambda e, a: f"{_target(a)} gets {e['amount']:+} power until the end of the turn",
    "draw": lambda e, a: f"draw {e['n']} card{'s' if e['n'] != 1 else ''}",
    "freeze": lambda e, a: f"freeze {_target(a)}",
    "untargetable": lambda e, a: f"{_target(a)} cannot be targeted this turn",
    "random_discard_opponent": lambda e, a: "the opponent discards a card at random",
    "move_self_adjacent": lambda e, a: "move this to an empty adjacent square",
    "put_unit": lambda e, a: f"you may put a {' or '.join(e.get('races', []))} unit of cost {e.get('max_cost')} or less "
                             f"from your hand onto a square",
    "energy_from_deck": lambda e, a: "put your deck's top card into your energy zone",
    "damage_equal_power": lambda e, a: f"deal damage equal to this unit's power to {_target(a)}",
    "destroy_or_power": lambda e, a: f"destroy {_target(a)} if its cost is {e['max_cost']} or less, "
                                     f"else it gets {e['amount']:+} power",
    "redirect_to_smash": lambda e, a: f"if {_target(a)} would go to the graveyard this turn, it goes to its "
                                      f"owner's smash zone instead",
    "move_onto_source": lambda e, a: f"you may move {_target(a)} onto this unit's square",
    "place_self_base": lambda e, a: "put this onto an empty base square of yours",
    "destroy_if_cost": lambda e, a: f"destroy {_target(a)} if its cost is {e['max_cost']} or less",
    "place_self_unit": lambda e, a: "put this onto an empty square of your area",
}
STATICS = {
    "power_in_area": lambda a: f"In the centre this has +{a['centre']} power; in the enemy area +{a['enemy']}",
    "area_as_own_released": lambda a: "Units may be played onto the squares of this unit's row as if they were "
                                      "your own area, and enter released",
    "damage_reduction_line": lambda a: f"Damage to units in this line is reduced by {a['amount']}",
    "untargetable_by_opponent": lambda a: "This cannot be targeted by your opponent's effects",
    "opponent_unit_cost": lambda a: f"Your opponent's units cost {abs(a['amount'])} less for effects that read it",
    "own_units_power": lambda a: f"Your units get +{a['amount']} power",
    "free_battle_if_opponent_smash": lambda a: f"If your opponent has {a['at_least']} or more smash cards, "
                                                f"play this at battle timing for free",
}


def ability(a: dict) -> str:
    kind = a["type"]
    effects = "; ".join(EFFECTS[e["do"]](e, a) for e in a.get("effects", []))
    if kind == "static":
        return f"★ {STATICS[a['do']](a)}."
    if kind == "zone":
        return f"In the plan zone: {STATICS[a['do']](a)}."
    if kind == "play":
        return f"☆ {STATICS[a['do']](a)}."
    if kind == "formation":
        return f"隊列召喚 ({a['kind']}): for {cost(a.get('cost'))}, may enter the centre square of a line " \
               f"where your unit stands in your own area."
    if kind == "strategy":
        return f"○ {effects[:1].upper() + effects[1:]}."
    if kind == "trigger":
        cond = f", {CONDITIONS[a['condition']]}" if a.get("condition") else ""
        return f"◆ {WHEN.get(a.get('when'), 'When triggered')}{cond}: {effects}."
    if kind == "activated":
        c = a.get("cost") or {}
        paid = cost(c.get("energy")) + (", freeze this" if c.get("freeze_self") else "")
        where = ZONES.get(a.get("zone"), "")
        pact = f" 盟約 with {' and '.join(a['pact'])}." if a.get("pact") else ""
        cond = f" ({CONDITIONS[a['condition']]})" if a.get("condition") else ""
        return f"● {paid}, {TIMINGS.get(a.get('timing'), '')}, {where}{cond}: {effects}.{pact}"
    return effects


def text(card: dict) -> str:
    facts = [f"{KINDS.get(card['kind'], card['kind'])} · {TIMINGS.get(card['timing'], card['timing'])} · "
             f"cost {cost(card.get('cost'))}"]
    if card.get("move"):
        facts.append(f"move {cost(card['move'])}")
    if card.get("power") is not None:
        facts.append(f"power {card['power']}")
    if card.get("smash"):
        facts.append(f"smash {card['smash']}")
    if card.get("race"):
        facts.append(card["race"])
    head = " · ".join(facts) + "."
    keywords = [f"{k}." for k in card.get("keywords") or []]
    return " ".join([head, *keywords, *(ability(a) for a in card.get("abilities") or [])])
