"""The live hub keeps every follower's secrets (issue 35): the web process's one reader fans each
match's new events out to all its followers, so a bug there could hand one seat's events to another.

Per registered game, a match played by random legal actions through the API while a hub
(service.application.match.live) has three followers of every caller — each seat and the spectator —
joined at different versions, reading from the store's sharded channel as in production (here on the
embedded fakeredis): every follower ends with exactly what ``/events`` gives its caller after its
starting version, in order, once, and every event it got is checked against the caller's secrets
(tests/hidden/__init__.py). tests/test_live_streams.py does the same on gunicorn with 216 followers
of 3x3Wars matches."""
import random
import time

import pytest

from service.application.match.live import Hub
from service.application.match.visibility import Caller
from service.http.redis_conn import get_store
from tests.hidden import games, probes
from tests.hidden.channels import Checker
from tests.hidden.table import Table, sse_events
from tests.sse_followers import Sink

STEPS = 24
JOIN_AT = (0, 5, 12)                 # actions played before each follower of a caller joins


def cases(game):
    return [(v, (v, counts[0])) for v, counts in games.variants_of(game)][:1]


def until(probe, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not probe():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


@pytest.mark.parametrize("game, variant, seats", games.by_game(cases))
def test_every_live_follower_gets_its_callers_events_and_no_secret(app, client, language, game, variant, seats):
    table = Table(app, client, game, variant, seats)
    rng = random.Random(f"live-{game.id}-{variant}")
    with app.app_context():
        store = get_store()
        meta = store.meta(table.id)
    hub = Hub(store, 1000, 600)
    followers, played = [], 0
    try:
        for target in JOIN_AT:
            while played < target and table.step(rng):
                played += 1
            for caller in table.truth.callers:
                sink = Sink()
                hub.follow(table.id, table.version, Caller(seat=caller), meta, sink, lambda: None)
                followers.append((caller, table.version, sink))
        table.play(rng, STEPS - played)
        expected = {}
        for caller in table.truth.callers:
            code, r = table.get("/events", caller, after=0, limit=1000)
            expected[caller] = r.get_json()["events"]
        until(lambda: all(sse_events(s.text) and sse_events(s.text)[-1]["version"] == expected[c][-1]["version"]
                          or not [e for e in expected[c] if e["version"] > after]
                          for c, after, s in followers))
    finally:
        hub.stop()
    checker = Checker(table)
    for caller, after, sink in followers:
        told = sse_events(sink.text)
        # the stream adds its command to the caller's own moves only (as before the hub)
        assert all(caller is not None and e["command"].get("seat") == caller for e in told if "command" in e)
        assert [{k: v for k, v in e.items() if k != "command"} for e in told] == \
            [e for e in expected[caller] if e["version"] > after], (caller, after)
        checker.events(caller, f"live hub (from v{after})", told)
        probes.count(game.id, "live followers")
    assert not checker.leaks, f"{game.id} {variant}: {len(checker.leaks)} leaks, first ones:\n" + \
        "\n".join(checker.leaks[:20])
