"""The rng: HMAC-SHA256(seed, version) keyed, SHA-256 counter stream — the same on every Python."""
import hashlib
import hmac

from engine.core import Rng, commitment


def test_draws_follow_from_seed_and_version_alone():
    a, b = Rng.for_version(b"seed", 7), Rng.for_version(b"seed", 7)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert Rng.for_version(b"seed", 8).shuffled(range(40)) != Rng.for_version(b"seed", 7).shuffled(range(40))


def test_stream_is_the_documented_construction():
    """Anyone can re-derive a draw with hashlib alone (what an auditor's script does)."""
    key = hmac.new(b"seed", b"kifu-rng:3", hashlib.sha256).digest()
    first_block = hashlib.sha256(key + (0).to_bytes(8, "big")).digest()
    x = int.from_bytes(first_block[:8], "big")
    assert Rng.for_version(b"seed", 3).below(1 << 32) == x % (1 << 32)


def test_below_is_uniform_enough_and_in_range():
    rng = Rng(b"k")
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_shuffle_is_a_permutation_and_leaves_input_alone():
    items = list(range(40))
    out = Rng(b"k").shuffled(items)
    assert sorted(out) == items and out != items and items == list(range(40))


def test_commitment_is_sha256_of_the_seed():
    assert commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_many_draws_run_through_the_blocks_in_order():
    """Draw after draw, block after block: 8 bytes each, in the order of the stream."""
    key = hmac.new(b"seed", b"kifu-rng:9", hashlib.sha256).digest()
    stream = b"".join(hashlib.sha256(key + k.to_bytes(8, "big")).digest() for k in range(4))
    words = [int.from_bytes(stream[i:i + 8], "big") for i in range(0, len(stream), 8)]
    rng = Rng.for_version(b"seed", 9)
    assert [rng.below(1 << 63) for _ in range(16)] == [w % (1 << 63) for w in words]
