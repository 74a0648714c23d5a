"""The progress bar of ``kifu simulate`` and ``kifu export`` (stderr, redrawn in place)."""
import sys
import time


def progress_bar(done: int, total: int, started: float, out=None, unit: str = "games") -> None:
    out = out or sys.stderr
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}  {rate:,.1f} {unit}/s")
    if done == total:
        out.write("\n")
    out.flush()
