"""The narrated log keeps every caller's secrets (issue 21): each sentence a channel serves is made of
the event *as redacted for that caller*, never of the stored event.

Every channel that serves narrated events — /events, /stream, since_your_last_action (the digest)
and explain (event and causes) — is already read by ``test_channels`` and its ``text`` checked there
against the caller's secrets like any other string. This test pins the stronger rule behind it, per
registered game: a channel's ``text`` for an event equals the game's narration of the event as
``redact`` shows it to that caller (with the caller's view before it), and where the redaction hid
something, that sentence differs from the one its owner reads ("Owl draws a card").
"""
import random

import pytest

from engine.core import PLATFORM_EVENTS, Event, Reader, apply, clone, get_game, narrate
from tests.hidden import games
from tests.hidden.table import Table, sse_events

STEPS = 30


def cases(game):
    return [(v, (v, counts[0])) for v, counts in games.variants_of(game)][:2]


def _told(game, record, caller, states, names):
    event = record.event if record.event.type in PLATFORM_EVENTS else game.redact(record.event, caller)
    if event is None:
        return None
    before = states.get(record.version - 1)
    view = (lambda: game.view(before, caller)) if before is not None else (lambda: {})
    return narrate(game, event, Reader(caller, names, view))


@pytest.mark.parametrize("game, variant, seats", games.by_game(cases))
def test_every_channel_tells_what_the_caller_may_see(app, client, language, game, variant, seats):
    table = Table(app, client, game, variant, seats)
    rng, states = random.Random(f"narration-{game.id}-{variant}"), {}
    for _ in range(STEPS):
        if not table.step(rng):
            break
    with app.app_context():
        records = table.store().read(table.id, 0)
    state = None
    for r in records:
        state = apply(game, clone(state) if state is not None else None, r.event)
        states[r.version] = state
    names = [f"p{i}" for i in range(seats)]
    by_version = {r.version: r for r in records}
    hidden_told = 0
    for caller in table.truth.callers:
        served = {"/events": table.get("/events", caller, after=0, limit=1000)[1].get_json()["events"],
                  "/stream": sse_events(table.get("/stream", caller, follow="false")[1].get_data(as_text=True))}
        digest = table.get("", caller)[1].get_json()["since_your_last_action"]
        served["digest"] = digest["events"] if digest else []
        v = table.version
        explained = table.get(f"/events/{v}/explain", caller)[1].get_json()
        served["explain"] = [explained["event"], *[c for c in explained["causes"] if not c.get("hidden")]]
        for channel, items in served.items():
            assert channel == "digest" or items, f"{game.id}: {channel} served nothing to {caller}"
            for item in items:
                assert "text" in item and "move" in item, f"{game.id} {channel}: no narration in {item}"
                record = by_version[item["version"]]
                want = _told(game, record, caller, states, names)
                assert item["text"] == want, f"{game.id} {channel} v{item['version']} for {caller}: " \
                                             f"{item['text']!r}, the redacted event tells {want!r}"
                full = narrate(game, record.event, Reader(None, names, lambda: {}))
                hidden_told += channel == "/events" and record.event.type not in PLATFORM_EVENTS \
                    and game.redact(record.event, caller) != record.event and want != full
    secret_kinds = any(game.secrets(s, c).identities for s in states.values() for c in table.truth.callers)
    assert hidden_told or not secret_kinds, f"{game.id}: no event was ever told differently for lack of a card"


def test_a_hidden_draw_is_told_as_hidden():
    """3x3Wars: the other seat reads "<name> draws a card"; the drawer reads the card's name."""
    game = get_game("threebythree")
    drawn = Event("CardDrawn", {"seat": 1, "card": "017"}, rule="threebythree/1.1")
    names = ["霊夢", "Owl"]
    assert narrate(game, game.redact(drawn, 0), Reader(0, names)) == "Owl draws a card"
    assert narrate(game, game.redact(drawn, 1), Reader(1, names)) == "Owl draws 黒妖犬"
