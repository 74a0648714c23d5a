"""An Rng that writes down every draw a decider makes, with what the draw needed (``n``, the items
of a shuffle) and what came out, so that anyone holding the seed can re-derive it (tools/rederive.py).

Only the decider's own calls are recorded: the ``below`` calls a shuffle or a die makes inside are
part of that shuffle or roll.
"""
from engine.core import Rng


class RecordingRng(Rng):
    def __init__(self, key: bytes | None, seed: bytes = b"", version: int = 0):
        super().__init__(key, seed, version)
        self.draws: list[dict] = []
        self._depth = 0

    def _record(self, draw: dict, run):
        self._depth += 1
        try:
            result = run()
        finally:
            self._depth -= 1
        if self._depth == 0:
            self.draws.append({**draw, "result": result})
        return result

    def below(self, n: int) -> int:
        return self._record({"op": "below", "n": n}, lambda: super(RecordingRng, self).below(n))

    def shuffled(self, items) -> list:
        items = list(items)
        return self._record({"op": "shuffle", "items": items},
                            lambda: super(RecordingRng, self).shuffled(items))

    def die(self, sides: int = 6) -> int:
        return self._record({"op": "die", "sides": sides}, lambda: super(RecordingRng, self).die(sides))
