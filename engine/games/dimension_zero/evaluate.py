"""A heuristic value of a position for one seat, in (0, 1): what bots score positions with.

Reads only what ``view(state, seat)`` shows that seat, and nothing of it that differs between seats:
the number of cards in each smash zone, deck, hand and energy zone, whether a plan card is open, the
face-up cards on the squares and base squares (their power, damage and smash), the stack and the
battles. Never a card's identity in a hand, a deck or a smash zone (they stay ids in the view).

- **Smash decides the duel** (001 ch.2 §5(1) / 000 ルールエフェクト1, rule ``rule.smash``): a seat with
  7 or more smash cards (instant: 5) loses, so each smash point counts most, and more the nearer it
  brings a seat to the end (001 ゲームのヒント(2)③: near 7 one attack decides).
- **An empty deck loses** (001 ch.2 §5(2) / 000 ルールエフェクト2, ``rule.deck``): a short deck is a
  danger of its own; a deck is drawn one card a turn and smashed from (``turn.smash``).
- **Units on squares smash next turn** (001 ch.2 §3(5), ``turn.smash``): a unit in the centre smashes
  for its smash value, one in the enemy area for one more; units are also what wins battles (001 ch.2
  §4, ``battle.*``), so their number and power count too, and bases (``play.base``) a little.
- **Hand and energy** (001 ch.2 §3(3), ``turn.energy``; ``cost``) are what can still be played and paid.

Everything on the stack counts as if it had resolved (a unit being played stands on its square, a move
has happened, stacked battle damage is dealt), and a battle that has started or would start is fought
out at once by the rules of 001 ch.2 §4 (加速 first, damage at least power destroys, the attacker dies
if both remain, units played into the centre die at the end: ``rule.centre``). So declaring a play is
not scored as a lost card, and moving into an enemy unit is scored by its likely result.
"""
import math

from engine.games.dimension_zero.state import area, card, line, other, owner, plan_card, power, smash_to_win, statics

SCALE = 4.0
W = {"smash": 1.0, "near": 0.6, "threat": 0.35, "unit": 0.3, "power": 0.12, "base": 0.25,
     "hand": 0.2, "energy": 0.3, "plan": 0.15, "deck": 0.6}
USEFUL_ENERGY = 6          # pays for all but the costliest cards (smash cards pay colourless too)
DECK_DANGER = 6            # fewer cards than this in a deck is a race against the draw


def _power_at(state, uid, square):
    """Power of ``uid`` if it stood on ``square`` (state.power, with its own area bonus for that square)."""
    c = card(state, uid)
    p = c["power"]
    seat = owner(uid)
    where = area(seat, square)
    for ab in c["abilities"]:
        if ab["type"] == "static" and ab["do"] == "power_in_area" and where != "own":
            p += ab.get(where, 0)
    for src, ab in statics(state):
        if ab["do"] == "own_units_power" and owner(src) == seat:
            p += ab["amount"]
    for m in state["mods"]:
        if m["card"] == uid and "power" in m:
            p += m["power"]
    return p


def _units(state):
    """The units as they will stand once the stack has resolved: id -> [square, power, damage, centre, arrival].

    ``arrival`` orders the units the stack puts on a square (0 for those already there), so that the later
    one attacks (001 ch.2 §4) without reading the engine's placement counter, which the view does not show.
    """
    units = {u: [d["square"], power(state, u), d["damage"], d["centre"], 0] for u, d in state["units"].items()}
    bases = [0, 0]
    for b in state["bases"]:
        bases[owner(b)] += 1
    arrival = 0
    for item in reversed(state["stack"]):           # the order they resolve in
        kind = item["kind"]
        if kind == "play":
            c = card(state, item["card"])
            if c["kind"] == "unit":
                arrival += 1
                units[item["card"]] = [item["square"], _power_at(state, item["card"], item["square"]), 0,
                                       item.get("centre", False), arrival]
            elif c["kind"] == "base":
                bases[owner(item["card"])] += 1
        elif kind == "move" and item["unit"] in units and units[item["unit"]][0] == item["from"]:
            arrival += 1
            u = units[item["unit"]]
            u[0], u[1], u[4] = item["to"], _power_at(state, item["unit"], item["to"]), arrival
        elif kind == "damage":
            for h in item["hits"]:
                if h["card"] in units:
                    units[h["card"]][2] += h["amount"]
    return units, bases


def _pair(state, square, here, alive):
    """(attacker, defender) of the battle on ``square``: the battle under way there, else the unit that
    arrives last attacks (on a tie, that of the active seat: it is the one that just moved or played)."""
    for b in state["battles"]:
        if b["square"] == square and b["attacker"] in here and b["defender"] in here:
            return b["attacker"], b["defender"]
    ordered = sorted(here, key=lambda u: (alive[u][4], owner(u) == state["active"], u))
    attacker = ordered[-1]
    defender = next(u for u in reversed(ordered) if owner(u) != owner(attacker))
    return attacker, defender


def _reduction(state, square):
    """Battle damage a base takes off units in ``square``'s line (白の城壁: battle.damage, effect.static)."""
    return sum(ab["amount"] for b, d in state["bases"].items() if d["line"] == line(square)
               for ab in card(state, b)["abilities"] if ab["type"] == "static" and ab["do"] == "damage_reduction_line")


def _fight(state, units):
    """Rule effects and battles fought out (001 ch.2 §4): the units left standing."""
    alive = {u: d for u, d in units.items() if d[1] > 0 and d[2] < d[1]}
    dealt = set()
    for b in state["battles"]:
        if b["step"] == "end":
            dealt |= {b["attacker"], b["defender"]}
        else:
            dealt |= set(b.get("dealt", ()))
    for square in range(9):
        here = sorted(u for u, d in alive.items() if d[0] == square)
        if len({owner(u) for u in here}) == 2:
            pair = _pair(state, square, here, alive)
            for step in ("first", "second"):
                dealers = [u for u in pair if u not in dealt and alive[u][2] < alive[u][1]
                           and (step == "second" or "加速" in card(state, u)["keywords"])]
                hits = [(pair[1 - pair.index(u)], alive[u][1]) for u in dealers]
                for target, amount in hits:
                    alive[target][2] += max(0, amount - _reduction(state, square))
                dealt |= set(dealers)
            left = [u for u in pair if alive[u][2] < alive[u][1]]
            if len(left) == 2:
                left = [pair[1]]                      # both remain: the attacker is destroyed
            for u in pair:
                if u not in left or alive[u][3]:
                    del alive[u]                      # destroyed, or played into the centre: gone at the end
        else:
            for u in here:
                if alive[u][3]:
                    del alive[u]                      # played into the centre and no battle: destroyed
    return alive


def _danger(smash, need):
    """How close ``smash`` cards bring a seat to losing: each point, and more for the last few."""
    return W["smash"] * smash + W["near"] * max(0, smash - (need - 4)) ** 2


def _side(state, seat, alive, bases):
    p = state["players"][seat]
    need = smash_to_win(state)
    mine = [d for u, d in alive.items() if owner(u) == seat]
    threat = sum(card(state, u)["smash"] + (area(seat, d[0]) == "enemy")
                 for u, d in alive.items() if owner(u) == seat and area(seat, d[0]) != "own")
    energy = len(p["energy"])
    return (- _danger(len(p["smash"]), need)
            - W["deck"] * max(0, DECK_DANGER - len(p["deck"])) ** 1.5
            + W["threat"] * threat
            + W["unit"] * len(mine) + W["power"] * sum(d[1] for d in mine) / 1000
            + W["base"] * bases[seat]
            + W["hand"] * len(p["hand"])
            + W["energy"] * (min(energy, USEFUL_ENERGY) + 0.2 * max(0, energy - USEFUL_ENERGY))
            + W["plan"] * (plan_card(state, seat) is not None))


def evaluate(state, seat) -> float:
    units, bases = _units(state)
    alive = _fight(state, units)
    score = _side(state, seat, alive, bases) - _side(state, other(seat), alive, bases)
    return 1.0 / (1.0 + math.exp(-score / SCALE))
