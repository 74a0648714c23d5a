"""Notifications keep every seat's secrets (issue 17): each seat of a match of every registered game
subscribes a webhook to every event; the match is played by random legal actions with a line of table
talk now and then and a draw offer, the queued jobs run after each step, and every message built
for a seat (its JSON body, the e-mail subject and text) is checked, when it is built, against what
that seat may not know — as the views are (tests/hidden/__init__.py)."""
import random

import pytest

from service.application.notify import messages
from tests.hidden import games, probes
from tests.hidden.channels import Checker
from tests.hidden.table import Table
from tests.jobs import run_jobs
from workers import senders

STEPS = 30


def cases(game):
    return [(f"{v}-{counts[0]}p", (v, counts[0])) for v, counts in games.variants_of(game)[:1]]


@pytest.mark.parametrize("game, variant, seats", games.by_game(cases))
def test_messages_keep_every_seats_secrets(app, client, language, game, variant, seats, monkeypatch):
    rng = random.Random(f"messages-{game.id}-{variant}")
    sent = []
    monkeypatch.setattr(senders, "send", lambda sub, msg: sent.append(msg) or (True, "HTTP 200"))
    table = Table(app, client, game, variant, seats)
    for s in range(seats):
        code, body = table.post(f"/seats/{s}/notifications", s, {"kind": "webhook", "url": f"http://s{s}.example/"})
        assert code == 201, body
    checker, seen, told = Checker(table), 0, set()
    for step in range(STEPS):
        if step % 4 == 1:
            talker = rng.randrange(seats)
            table.post("/chat", talker, {"text": f"step {step}"})
        if step == 3:
            table.post("/draw/offer", rng.randrange(seats), {})
        played = table.step(rng)
        table.sync()
        run_jobs(app)
        for msg in sent[seen:]:
            seat = msg["seat"]
            told.add(msg["event"])
            checker.check(seat, f"message {msg['event']} v{table.version}",
                          {"body": msg, "subject": messages.subject(msg), "text": messages.text(msg)},
                          checker.truth.hidden(table.version, seat))
            probes.count(game.id, "messages checked")
        seen = len(sent)
        if not played:
            break
    assert "your_move" in told or not table.live(), f"{game.id}: no your_move was told"
    assert not checker.leaks, f"{game.id} {variant}: {len(checker.leaks)} leaks:\n" + "\n".join(checker.leaks[:20])
