"""A same-run baseline from an earlier commit: its ``engine`` package (``git archive``) in a temporary
directory, on which a bench runs one of its own measurements in a child process, interleaved with
the current engine's so that other work on the machine slows both alike.

BASELINE is main before issue 22's performance work; ``--baseline REF`` in the benches picks
another commit. Without git (or the commit) the benches print their figures without it.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "c4195af"


def checkout(ref: str) -> Path | None:
    """A directory holding ``engine`` as it was at ``ref`` (None if git cannot give it)."""
    where = Path(tempfile.mkdtemp(prefix=f"kifu-baseline-{ref}-"))
    archive = subprocess.run(["git", "archive", ref, "engine"], cwd=ROOT, capture_output=True)
    if archive.returncode != 0:
        shutil.rmtree(where, ignore_errors=True)
        return None
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
    return where


def measure(where: Path | None, script: str, args: list) -> dict:
    """Run ``bench/<script> --measure ...`` on the engine in ``where`` (None: this checkout's) and
    return the JSON object its last line prints."""
    env = {**os.environ, "PYTHONPATH": str(where or ROOT)}
    run = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--measure", *map(str, args)],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{script} --measure {args} failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


ROUNDS = 2


def best_of(where: Path, script: str, args: list) -> tuple[float, float]:
    """The best rate of ``ROUNDS`` child runs each of the current engine and of the baseline checked
    out at ``where``, run alternately: ``(now, then)``."""
    current, base = [], []
    for _ in range(ROUNDS):
        current.append(measure(None, script, args)["rate"])
        base.append(measure(where, script, args)["rate"])
    return max(current), max(base)


def cleanup(where: Path | None) -> None:
    if where is not None:
        shutil.rmtree(where, ignore_errors=True)
