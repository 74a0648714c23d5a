"""Given / when / then helpers for 東方独占録 rule tests: a table of events folded in memory.

Dice come from the match rng, keyed by the seed and the state's version. ``Table.act`` takes an
optional ``dice`` test: it then tries seeds until the decision's first roll (Moved, EventRolled) is
the one wanted, so a test can say "given a roll of 3+4" without a hidden hook in the engine.
"""
from engine.core import MatchConfig, get_game, play
from tests.engine_table import EngineTable
from engine.games.dokusenroku.setup import standard_deck

GAME = get_game("dokusenroku")
SEED = b"kifu-dokusenroku-test"

# squares (board.json): 0 START, 4/12/20/28 スキマ, 8/16/24 EVENT; blue L01-L06 on 1 2 3 5 6 7,
# red L07-L12 on 9 10 11 13 14 15, green L13-L18 on 17 18 19 21 22 23, yellow L19-L24 on 25 26 27 29 30 31
SQUARE = {"L01": 1, "L02": 2, "L03": 3, "L04": 5, "L05": 6, "L06": 7, "L07": 9, "L08": 10, "L09": 11,
          "L10": 13, "L11": 14, "L12": 15, "L13": 17, "L14": 18, "L15": 19, "L16": 21, "L17": 22,
          "L18": 23, "L19": 25, "L20": 26, "L21": 27, "L22": 29, "L23": 30, "L24": 31}


def position(order=(0, 1), money=None, at=None, hands=None, lands=None, decks=None, graveyards=None, removed=None):
    n = len(order)
    pos = {"order": list(order), "money": list(money or [40] * n), "at": list(at or [0] * n),
           "hands": [list(h) for h in (hands or [[] for _ in range(n)])],
           "lands": {k: dict(v) for k, v in (lands or {}).items()},
           "decks": None}
    if graveyards is not None:
        pos["graveyards"] = [list(g) for g in graveyards]
    if removed is not None:
        pos["removed"] = [list(r) for r in removed]
    if decks is None:           # standard: every card not placed elsewhere, in card order
        used = {c for h in pos["hands"] for c in h} | {v["character"] for v in pos["lands"].values()}
        used |= {c for g in pos.get("graveyards", []) + pos.get("removed", []) for c in g}
        decks = [[c for c in standard_deck() if c not in used]]
    pos["decks"] = [list(d) for d in decks]
    return pos


def owned(owner, character, level=1):
    return {"owner": owner, "level": level, "character": character}


class Table(EngineTable):
    def __init__(self, pos=None, variant="standard", seats=None, options=None, seed=SEED, rulings=None):
        self.seed = seed
        n = seats or (len(pos["order"]) if pos else 2)
        super().__init__(GAME, MatchConfig("dokusenroku", variant, ["p%d" % i for i in range(n)], options or {}, pos,
                                           rulings=rulings or {}), seed)

    def act(self, seat, action, dice=None, seed=None):
        """When ``seat`` takes ``action``: the events it produced. ``dice``: wanted 2d6 (e.g. [3, 4])."""
        if dice is None:
            return self.record(play(GAME, self.state, seat, action, seed or self.seed))
        return self.record(self._with_dice(seat, action, list(dice)))

    def _with_dice(self, seat, action, dice):
        for k in range(5000):
            new = play(GAME, self.state, seat, action, b"dice-%d" % k)
            rolled = next((e.data["dice"] for e in new if e.type in ("Moved", "EventRolled")), None)
            if rolled == dice or (rolled is not None and len(dice) == 1 and sum(rolled) == dice[0]):
                return new
        raise AssertionError(f"no seed rolls {dice}")


    def walk(self, seat, square_from, square_to):
        """Seat rolls from where it stands to ``square_to`` (the dice are chosen to land there)."""
        steps = (square_to - square_from) % 32
        return self.act(seat, {"type": "roll"}, dice=[steps])

    @property
    def step(self):
        return self.state["step"]

    @property
    def to_act(self):
        return GAME.to_act(self.state)

    def player(self, seat):
        return self.state["players"][seat]

    def money(self):
        return [p["money"] for p in self.state["players"]]

    def hand(self, seat):
        return self.state["players"][seat]["hand"]

    def land(self, lid):
        return self.state["lands"].get(lid, {"owner": None, "level": 1, "character": None})

    def graveyard(self, pile=0):
        return self.state["piles"][pile]["graveyard"]

    def view(self, seat):
        return GAME.view(self.state, seat)


def types(events):
    return [e.type for e in events]


def of_type(events, type_):
    return [e for e in events if e.type == type_]


def one(events, type_):
    found = of_type(events, type_)
    assert len(found) == 1, f"expected one {type_}, got {types(events)}"
    return found[0]
