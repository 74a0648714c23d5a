"""The fault suite's measured figures: one line per fault, written to ``.artifacts/faults-report.txt``
and shown at the end of the pytest run (tests/conftest.py), with or without pytest-xdist."""
import time
from pathlib import Path

REPORT = Path(__file__).resolve().parents[2] / ".artifacts" / "faults-report.txt"


class Report:
    def __init__(self):
        self.lines = []

    def add(self, fault: str, measured: str) -> None:
        self.lines.append(f"- {fault}: {measured}")

    def write(self) -> None:
        REPORT.parent.mkdir(exist_ok=True)
        REPORT.write_text(f"fault suite, {time.strftime('%Y-%m-%d %H:%M:%S')}\n" + "\n".join(self.lines) + "\n")
