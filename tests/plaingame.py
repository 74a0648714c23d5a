"""The toy game without the optional determinize hook: what a game that cannot host searching
bots looks like (random and greedy still play it; ismcts is refused)."""
from dataclasses import replace

from tests.toygame import ToyGame


class PlainToy(ToyGame):
    facts = replace(ToyGame.facts, id="toy-plain", title="Toy counting game without determinize (tests only)",
                    capabilities=frozenset())
    determinize = None         # not declared, so not there (tests/conformance: declared iff present)


GAME = PlainToy()
