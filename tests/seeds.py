"""The seed documents — the rulebooks, shared/seeds/NNN_*.txt — where this machine has them: $KIFU_SEEDS,
/work/shared/seeds or the checkout's shared/seeds (the first that holds the document). Tests that read
them skip when ``seed_lines`` gives None."""
import functools
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED_DIRS = [Path(p) for p in (os.environ.get("KIFU_SEEDS"), "/work/shared/seeds", ROOT / "shared" / "seeds") if p]


@functools.lru_cache(maxsize=None)
def seed_lines(number: str) -> tuple | None:
    """The lines of seed document ``number`` ("003"), line N at index N - 1; None if it is not at hand."""
    for d in SEED_DIRS:
        found = sorted(d.glob(f"{number}_*.txt")) if d.is_dir() else []
        if found:
            return tuple(found[0].read_text(encoding="utf-8").splitlines())
    return None
