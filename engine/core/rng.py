"""Deterministic randomness: the same seed and version give the same draws on any Python.

The rng for a decision taken at match version ``v`` is keyed by HMAC-SHA256(seed, "kifu-rng:v");
its stream is SHA-256 in counter mode over that key, and integers are drawn from it by rejection
sampling. Nothing here uses ``random``, whose algorithms may change between Python versions.
"""
import hashlib
import hmac


def commitment(seed: bytes) -> str:
    """The public commitment to a match seed, published at creation (sha256 hex)."""
    return hashlib.sha256(seed).hexdigest()


class Rng:
    __slots__ = ("_key", "_seed", "_version", "_counter", "_buffer")

    def __init__(self, key: bytes | None, seed: bytes = b"", version: int = 0):
        self._key = key
        self._seed, self._version = seed, version
        self._counter = 0
        self._buffer = b""

    @classmethod
    def for_version(cls, seed: bytes, version: int) -> "Rng":
        """The rng of the decision at ``version``; its key is derived when it is first drawn from
        (most decisions draw nothing, and the HMAC was a tenth of a random game's time)."""
        return cls(None, seed, version)

    def _take(self, n: int) -> bytes:
        if self._key is None:
            self._key = hmac.new(self._seed, b"kifu-rng:%d" % self._version, hashlib.sha256).digest()
        while len(self._buffer) < n:
            self._buffer += hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = int.from_bytes(self._take(8), "big")
            if x < limit:
                return x % n

    def shuffled(self, items) -> list:
        """A Fisher-Yates shuffle of a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)
