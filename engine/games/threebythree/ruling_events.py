"""Which rulings (rulings.json) an event depends on, beyond those that decide the rule it cites:
explain names them (engine/audit/platform_rules.rule_text). Reads only what the event shows the table,
and the state before it where given (the service's explain passes it)."""
from engine.games.threebythree.cards import MAGIC
from engine.games.threebythree.magic import requirement_met
from engine.games.threebythree.state import has_trait, level

SETTLEMENT = frozenset(m for m, card in MAGIC.items() if any(e["do"] == "extra_deploy" for e in card.effects))


def event_rulings(state, event) -> list:
    d, out = event.data, []
    if event.type == "SpellsResolved" and d.get("to_hand"):
        out.append("fushi-optional")                 # 不死 units of a removal went back to the hand
    elif event.type == "UnitDeployed" and d.get("by") in SETTLEMENT:
        if state is None or any(has_trait(state, u, "豊穡") for u in state["players"][d["seat"]]["units"]):
            out.append("housyoku-nyushoku")          # 入植's limit, with a 豊穡 unit on the field
    elif event.type == "UnitDeployed" and state is not None and state["step"] == "enhance":
        out.append("sokkou-timing")                  # a 速攻 unit deployed before the battle
    elif event.type == "MagicUsed" and state is not None and level(state).mentor:
        seat, card = d["seat"], d["card"]
        if requirement_met(state, seat, card, "any") != requirement_met(state, seat, card, "colour-only"):
            out.append("mentor-any")                 # the 師匠's point decided the requirement
    return out
