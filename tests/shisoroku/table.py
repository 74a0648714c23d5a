"""Given / when / then helpers for 東方祀爭録 rule tests: a table of events folded in memory."""
from engine.core import MatchConfig, get_game
from tests.engine_table import EngineTable

GAME = get_game("shisoroku")
SEED = b"kifu-shisoroku-test"
KINGDOM = ["misdirection", "youmu", "keine", "satori", "utsuho", "koishi", "gensoufubi", "sumizome",
           "greeneyed", "rin"]


def kingdom_with(*cards):
    """A 10-card kingdom holding ``cards`` (filled up from a fixed list)."""
    fill = [c for c in ("painflow", "sairan", "merlin", "fuumajin", "youmu", "keine", "utsuho", "koishi",
                        "gensoufubi", "demarcation", "nitori", "mokou") if c not in cards]
    return list(cards) + fill[:10 - len(cards)]


def position(*players, first=0, kingdom=None, supply=None, trash=None, prizes=None):
    """Each player as dict(hand=[...], deck=[...top first], discard=[...top last])."""
    pos = {"first": first, "players": [dict(p) for p in players]}
    if kingdom is not None:
        pos["kingdom"] = list(kingdom)
    if supply:
        pos["supply"] = dict(supply)
    if trash:
        pos["trash"] = list(trash)
    if prizes is not None:
        pos["prizes"] = list(prizes)
    return pos


class Table(EngineTable):
    def __init__(self, pos=None, options=None, seats=None, seed=SEED):
        self.seed = seed
        n = seats or (len(pos["players"]) if pos else 2)
        opts = dict(options or {})
        if pos is not None and "kingdom" not in opts and "kingdom" not in pos:
            opts["kingdom"] = KINGDOM
        super().__init__(GAME, MatchConfig("shisoroku", "standard", [f"p{i}" for i in range(n)], opts, pos), seed)

    def choose(self, seat, **answer):
        return self.act(seat, {"type": "choose", **answer})

    @property
    def to_act(self):
        return GAME.to_act(self.state)

    @property
    def pending(self):
        return self.state["pending"]

    def player(self, seat):
        return self.state["players"][seat]

    def hand(self, seat):
        return self.state["players"][seat]["hand"]


def types(events):
    return [e.type for e in events]


def of_type(events, type_):
    return [e for e in events if e.type == type_]
