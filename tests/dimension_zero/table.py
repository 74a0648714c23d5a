"""Given / when / then helpers for Dimension Zero rule tests: a table of events folded in memory.

``Table(pos)`` starts an analysis match from a position written with card keys (setup.py); ``t.id``
finds the instance id the setup gave a card.
"""
from engine.core import MatchConfig, get_game
from tests.engine_table import EngineTable
from engine.games.dimension_zero.state import power

GAME = get_game("dimension-zero")
SEED = b"kifu-dz-test"
FILLER = {"first-century": "dz-black-ghost", "touhou": "th-koakuma", "touhou-instant": "th-koakuma"}


def player(deck=None, hand=(), grave=(), energy=(), smash=(), removed=(), plan=False, variant="first-century"):
    return {"deck": list(deck) if deck is not None else [FILLER[variant]] * 10, "hand": list(hand),
            "grave": list(grave), "energy": list(energy), "smash": list(smash), "removed": list(removed),
            "plan": plan}


def unit(key, owner, square, damage=0, frozen=False):
    return {"card": key, "owner": owner, "square": square, "damage": damage, "frozen": frozen}


class Table(EngineTable):
    def __init__(self, players=None, units=(), bases=(), variant="first-century", first=0, active=None, options=None,
                 seed=SEED, position=True, rulings=None, game=GAME):
        self.seed = seed
        self.variant = variant
        pos = None
        if position:
            pos = {"first": first, "players": players or [player(variant=variant), player(variant=variant)],
                   "units": list(units), "bases": list(bases)}
            if active is not None:
                pos["active"] = active
        super().__init__(game, MatchConfig("dimension-zero", variant, ["a", "b"], options or {}, pos,
                                           rulings=rulings or {}), seed)

    def passes(self, n=2):
        """The priority holder passes, n times in a row; the events of all of them."""
        out = []
        for _ in range(n):
            (seat,) = self.to_act
            out += self.act(seat, {"type": "pass"})
        return out

    def id(self, seat, key, zone=None, nth=0):
        found = [c for c, k in sorted(self.state["cards"].items()) if k == key and c.startswith(f"{seat}-")]
        if zone is not None:
            from engine.games.dimension_zero.state import location
            found = [c for c in found if location(self.state, c) == zone]
        return found[nth]

    def pay(self, seat, cost):
        from engine.games.dimension_zero.costs import find_payment
        return find_payment(self.state, seat, cost)

    @property
    def to_act(self):
        return self.game.to_act(self.state)

    def power(self, cid):
        return power(self.state, cid)

    def square(self, cid):
        u = self.state["units"].get(cid)
        return None if u is None else u["square"]

    def damage(self, cid):
        return self.state["units"][cid]["damage"]

    @property
    def battle(self):
        return self.state["battles"][-1] if self.state["battles"] else None

    def where(self, cid):
        from engine.games.dimension_zero.state import location
        return location(self.state, cid)


def types(events):
    return [e.type for e in events]


def of_type(events, type_):
    return [e for e in events if e.type == type_]
