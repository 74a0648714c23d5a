"""The suite's closing summary (how many probes ran per game), match seeds that repeat, and the
``language`` the tests that read sentences run in: each of them runs in every language (issue 39)."""
import random
import secrets

import pytest

from engine.core.i18n import LANGUAGES, speaking
from service.application.match import creating, forks
from tests.hidden import probes


def pytest_terminal_summary(terminalreporter):
    lines = probes.summary()
    if lines:
        terminalreporter.section("hidden-information probes per game")
        for line in lines:
            terminalreporter.write_line(line)


class _SeededSecrets:
    """``secrets`` as the service's match creation and forks see it, with seeds (``token_bytes``) drawn from
    a generator seeded by the test's name, so a failing position comes back on every run; tokens
    and ids (``token_urlsafe``) stay random."""

    def __init__(self, name: str):
        self._rng = random.Random(name)

    def token_bytes(self, n: int = 32) -> bytes:
        return self._rng.randbytes(n)

    def token_urlsafe(self, n: int = 32) -> str:
        return secrets.token_urlsafe(n)


@pytest.fixture(autouse=True)
def repeatable_seeds(request, monkeypatch):
    seeded = _SeededSecrets(request.node.nodeid)
    monkeypatch.setattr(creating, "secrets", seeded)
    monkeypatch.setattr(forks, "secrets", seeded)


@pytest.fixture(params=LANGUAGES)
def language(request, client):
    """The test's language: every request of its client asks for it (Accept-Language), and what the
    test narrates itself is told in it."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = request.param
    with speaking(request.param):
        yield request.param
