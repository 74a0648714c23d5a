"""Given / when / then helpers for 3x3Wars rule tests: a table of events folded in memory."""
from engine.core import MatchConfig, get_game
from tests.engine_table import EngineTable

GAME = get_game("threebythree")
SEED = b"kifu-test-seed"


def position(first=0, hands=([], []), territories=([], []), units=([], []), magic=([], []), deck=(), life=None,
             discard=(), mentors=None):
    pos = {"first": first, "hands": [list(h) for h in hands], "territories": [list(t) for t in territories],
           "units": [list(u) for u in units], "magic": [list(m) for m in magic], "deck": list(deck),
           "discard": list(discard)}
    if life is not None:
        pos["life"] = list(life)
    if mentors is not None:
        pos["mentors"] = list(mentors)
    return pos


class Table(EngineTable):
    def __init__(self, pos=None, options=None, seed=SEED, variant="overlord", rulings=None):
        super().__init__(GAME, MatchConfig("threebythree", variant, ["a", "b"], options or {}, pos,
                                           rulings=rulings or {}), seed)

    def passes(self, seat, until_step):
        """The seat passes step after step until ``until_step`` waits for it."""
        while self.state["step"] != until_step:
            assert GAME.to_act(self.state) == [seat], f"{seat} is not to act at {self.state['step']}"
            self.act(seat, {"type": "pass"})

    def next_turn(self):
        """Everyone passes until the other seat's turn has started."""
        active = self.state["active"]
        while self.state["active"] == active and self.state["outcome"] is None:
            self.act(self.to_act[0], {"type": "pass"})

    @property
    def step(self):
        return self.state["step"]

    @property
    def to_act(self):
        return GAME.to_act(self.state)

    def player(self, seat):
        return self.state["players"][seat]

    def life(self):
        return [p["life"] for p in self.state["players"]]

    def power(self, card):
        from engine.games.threebythree.state import power
        return power(self.state, card)


def types(events):
    return [e.type for e in events]


def of_type(events, type_):
    return [e for e in events if e.type == type_]
