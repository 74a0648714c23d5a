"""The toy game without the optional determinize hook: what a game that cannot host searching
bots looks like (random and greedy still play it; ismcts is refused)."""
from tests.toygame import ToyGame

PlainToy = type("PlainToy", (), {k: v for k, v in vars(ToyGame).items()
                                 if k not in ("determinize", "__dict__", "__weakref__")})
PlainToy.id = "toy-plain"
PlainToy.title = "Toy counting game without determinize (tests only)"
GAME = PlainToy()
