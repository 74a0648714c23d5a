"""The suite's closing summary: how many probes ran per game."""
from tests.hidden import probes


def pytest_terminal_summary(terminalreporter):
    lines = probes.summary()
    if lines:
        terminalreporter.section("hidden-information probes per game")
        for line in lines:
            terminalreporter.write_line(line)
