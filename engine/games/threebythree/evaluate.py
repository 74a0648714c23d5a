"""A heuristic value of a position for one seat, in (0, 1): what bots score positions with.

Reads only what ``view(state, seat)`` shows either seat: life, the units on the field and their
power, how many cards each seat holds in hand and as territories, how many magic cards are still
unused, and the spells on the table. Life decides the game (◇勝利条件); the units on the field
are the life each side can take next battle; hand and territories are what can still be deployed
and paid for. Spells waiting in a counter window (2.3) count as if they will take effect unless
the chain so far counters them, so declaring a good removal does not look like a loss of cards.
"""
import math

from engine.games.threebythree.state import other, power

WEIGHTS = {"life": 1.0, "power": 0.8, "units": 1.5, "hand": 1.0, "territories": 1.2, "magic": 0.5}
USEFUL_TERRITORIES = 5     # enough to deploy all but the costliest units; more add little
SCALE = 8.0


def _side(state, seat):
    p = state["players"][seat]
    return {"life": p["life"], "power": sum(power(state, u) for u in p["units"]), "units": len(p["units"]),
            "hand": len(p["hand"]), "territories": _territories(len(p["territories"])),
            "magic": sum(1 for m in p["magic"] if m["state"] != "side")}


def _territories(n):
    return min(n, USEFUL_TERRITORIES) + 0.1 * max(0, n - USEFUL_TERRITORIES)


def _count_pending(state, sides):
    """Spells on the table: their cards back in the casters' hands, their effect as if it happened."""
    pending = state["pending"]
    if not pending:
        return
    caster = pending["seat"]
    for spell in pending["spells"]:
        sides[caster]["hand"] += len(spell["with"])
        for link in spell["chain"]:
            sides[link["seat"]]["hand"] += len(link["with"])
        countered = spell["countered"] if spell["countered"] is not None else len(spell["chain"]) % 2 == 1
        if countered:
            continue
        target = spell["target"]
        if pending["kind"] == "remove":
            owner = sides[other(caster)]
            owner["units"] -= 1
            owner["power"] -= power(state, target)
        else:
            sides[caster]["power"] += 2 * len(spell["with"])


def evaluate(state, seat) -> float:
    sides = {s: _side(state, s) for s in (0, 1)}
    _count_pending(state, sides)
    mine, theirs = sides[seat], sides[other(seat)]
    score = sum(w * (mine[k] - theirs[k]) for k, w in WEIGHTS.items())
    return 1.0 / (1.0 + math.exp(-score / SCALE))
