"""The rules interpreter: a stack of work (frames) run until the game needs a decision.

A frame is a small JSON dict ``{"op": name, ...}``; ``OPS[name]`` carries it out by emitting events
and pushing more frames. When a rule needs a choice, ``ask`` emits DecisionRequested holding the
question, the frame to resume with the answer (``then``) and the rest of the stack, and the run
stops: the answer arrives later as an action of the seat(s) asked (never blocking inside the rules).

Convention for order (seed 廃棄時効果 / 購入時効果と獲得時効果): a rule pushes what comes *after* an
event before it emits the event, so the event's own triggers (pushed on top) resolve first.
"""
from engine.core import Emitter
from engine.games.shisoroku.rulebook import rule

OPS = {}


def op(name):
    def register(fn):
        if name in OPS:
            raise ValueError(f"op {name} defined twice")
        OPS[name] = fn
        return fn
    return register


class Run:
    def __init__(self, game, state, rng):
        self.em = Emitter(game, state)
        self.rng = rng
        self.stack = list(self.em.state["stack"])
        self.waiting = False

    @property
    def state(self) -> dict:
        return self.em.state

    def emit(self, type_, data, rule_id, seat=None, cause=None) -> int:
        return self.em.emit(type_, data, rule(rule_id), seat, cause)

    def push(self, frame):
        self.stack.append(frame)

    def ask(self, seats, kind, then, cause, rule_id, **question):
        """Wait for ``seats`` (several only where the rules make the choice simultaneous)."""
        data = {"seats": list(seats), "kind": kind, **question, "rule": rule_id, "then": then,
                "stack": list(self.stack)}
        self.emit("DecisionRequested", data, rule_id, cause=cause)
        self.stack = []
        self.waiting = True

    def loop(self):
        stack = self.stack
        while stack:
            frame = stack.pop()
            OPS[frame["op"]](self, frame)
            if self.waiting:
                return
            stack = self.stack


# ---- the deck: drawing, looking, revealing (seed 「+Xカードを引く」 l.85-88) -------------------

def shuffle(run, seat, cause, rule_id="draw.reshuffle") -> bool:
    """The discard pile, shuffled, becomes the deck (only ever called with an empty deck)."""
    p = run.state["players"][seat]
    if not p["discard"]:
        return False
    run.emit("DeckShuffled", {"seat": seat, "order": run.rng.shuffled(p["discard"])}, rule_id, cause=cause)
    return True


def from_deck(run, seat, n, event, cause, rule_id, extra=None) -> list:
    """Take up to ``n`` cards from the top of the deck with ``event`` (CardsDrawn, CardsLookedAt...).

    What the deck holds is taken first; only if that is not enough is the discard pile shuffled
    for the rest (no shuffle when the deck holds exactly enough: l.87); still short, take what
    there is (l.86). Returns the cards taken.
    """
    if n <= 0:
        return []
    p = run.state["players"][seat]
    first = p["deck"][:n]
    if first:
        run.emit(event, {"seat": seat, "cards": first, **(extra or {})}, rule_id, cause=cause)
    if len(first) == n or not shuffle(run, seat, cause):
        return first
    rest = run.state["players"][seat]["deck"][:n - len(first)]
    if rest:
        run.emit(event, {"seat": seat, "cards": rest, **(extra or {})}, rule_id, cause=cause)
    return first + rest


def draw(run, seat, n, cause, rule_id="draw") -> list:
    return from_deck(run, seat, n, "CardsDrawn", cause, rule_id)


def fx_frames(run, seat, by, card, fxs, cause, immune=()):
    """Push the effects ``fxs`` (resolved top to bottom: seed アクションフェイズ l.45) for ``seat``."""
    for fx in reversed(fxs):
        run.push({"op": "fx", "fx": fx, "seat": seat, "by": by, "card": card, "cause": cause,
                  "immune": list(immune)})
