"""Deterministic randomness: the same seed and version give the same draws on any Python.

The rng for a decision taken at match version ``v`` is keyed by HMAC-SHA256(seed, "kifu-rng:v");
its stream is SHA-256 in counter mode over that key (block k = SHA-256(key || k as 8 bytes
big-endian)), and integers are drawn from it 8 bytes (big-endian) at a time by rejection
sampling. Nothing here uses ``random``, whose algorithms may change between Python versions.
"""
import hashlib
import hmac
import struct

_WORDS = struct.Struct(">4Q")      # one SHA-256 block = four 8-byte draws
_TOP = 1 << 64


def commitment(seed: bytes) -> str:
    """The public commitment to a match seed, published at creation (sha256 hex)."""
    return hashlib.sha256(seed).hexdigest()


class Rng:
    __slots__ = ("_key", "_seed", "_version", "_counter", "_words")

    def __init__(self, key: bytes | None, seed: bytes = b"", version: int = 0):
        self._key = key
        self._seed, self._version = seed, version
        self._counter = 0
        self._words: list[int] = []      # the current block's draws not yet taken, last first

    @classmethod
    def for_version(cls, seed: bytes, version: int) -> "Rng":
        """The rng of the decision at ``version``; its key is derived when it is first drawn from
        (most decisions draw nothing, and the HMAC was a tenth of a random game's time)."""
        return cls(None, seed, version)

    def _next(self) -> int:
        """The stream's next 8 bytes as a big-endian integer."""
        if not self._words:
            self._refill()
        return self._words.pop()

    def _refill(self) -> None:
        if self._key is None:
            self._key = hmac.digest(self._seed, b"kifu-rng:%d" % self._version, "sha256")
        block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        self._words.extend(reversed(_WORDS.unpack(block)))

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _TOP - _TOP % n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def shuffled(self, items) -> list:
        """A Fisher-Yates shuffle of a copy of ``items`` (``below(i + 1)`` for i from the last index
        down to 1, written out: shuffles are most of the draws)."""
        out = list(items)
        words = self._words
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _TOP - _TOP % n
            while True:
                if not words:
                    self._refill()
                x = words.pop()
                if x < limit:
                    break
            j = x % n
            out[i], out[j] = out[j], out[i]
        return out

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)
