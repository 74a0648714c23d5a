"""The narrated log (engine/core/narration.py, the ``narrate`` capability): every real game tells its
events itself, every event type a game emits has a line or is a folded internal step, a sentence
is made of the event *as redacted for its reader* and names no card hidden from that reader, and no
sentence shows a raw event type name. The table's and the platform's events are told by the core."""
import pytest

from engine.core import (NOTE_EVENTS, PLATFORM_EVENTS, TABLE_EVENTS, Event, Lines, Reader, apply, can,
                         clone, narrate)
from engine.core.narration import CAMEL, PLATFORM_LINES, TABLE_LINES
from tests.conformance.games import TEST_ONLY, by_game, params, playouts
from tests.hidden.leaks import is_name, printed_names, unquoted


def test_every_table_and_platform_event_has_a_line():
    assert set(TABLE_EVENTS) <= set(TABLE_LINES), f"no line for {sorted(set(TABLE_EVENTS) - set(TABLE_LINES))}"
    told = set(PLATFORM_LINES) | set(TABLE_LINES) | {"MatchCreated"}
    assert set(PLATFORM_EVENTS) | set(NOTE_EVENTS) <= told


@pytest.mark.parametrize("game", by_game(lambda g: g.id not in TEST_ONLY))
def test_every_real_game_narrates_its_events(game):
    assert can(game, "narrate"), f"{game.id} declares no narrate (engine/core/narration.py)"


def test_a_game_without_narration_gets_who_and_what_in_words():
    from tests import plaingame
    line = narrate(plaingame.GAME, Event("NumberAdded", {"n": 2}, seat=1), Reader(1, ["Reimu", "Marisa"]))
    assert line == "Marisa: number added"


def _once(make):
    kept = []
    return lambda: kept[0] if kept else kept.append(make()) or kept[0]


def _sentences(game, events, seats):
    """(version, reader, event type, sentence, state before, redacted event) for every event and reader,
    each told from the event as redacted for that reader with the reader's view before it."""
    state = None
    for v, event in enumerate(events, start=1):
        before = state
        for reader in [*range(seats), None]:
            shown = event if event.type in PLATFORM_EVENTS else game.redact(event, reader)
            if shown is None:
                continue
            view = _once(lambda b=before, s=reader: game.view(b, s) if b is not None else {})
            text = narrate(game, shown, Reader(reader, [f"p{i}" for i in range(seats)], view))
            yield v, reader, event.type, text, before, shown
        state = apply(game, clone(state) if state is not None else None, event)


@pytest.mark.parametrize("game, variant, seats", params(lambda g: can(g, "narrate")))
def test_each_event_is_a_sentence_from_what_its_reader_may_see(game, variant, seats):
    names = printed_names(game)
    for out in playouts(game, variant, seats)[:2]:
        if isinstance(game.narrate, Lines):
            missing = {e.type for e in out.events if e.type not in PLATFORM_EVENTS and not game.narrate.covers(e.type)}
            assert not missing, f"{game.id}: no line and not folded: {sorted(missing)}"
        after = {}
        state = None
        for e in out.events:                       # the states after each version, for the secrets
            state = apply(game, clone(state) if state is not None else None, e)
            after[state["version"]] = state
        for v, reader, kind, text, before, shown in _sentences(game, out.events, seats):
            if text is None:
                continue
            assert isinstance(text, str) and text.strip(), f"{game.id} v{v} {kind}: empty sentence"
            assert not CAMEL.search(text), f"{game.id} v{v} {kind}: a type name in {text!r}"
            if before is None or not can(game, "secrets"):
                continue
            # a card hidden from the reader before and after the event is never named
            hidden = set(game.secrets(before, reader).identities) & set(game.secrets(after[v], reader).identities)
            named = [h for h in hidden if is_name(h, names) and h in text and h in unquoted(text, h, names)]
            assert not named, f"{game.id} v{v} {kind} for seat {reader}: {text!r} names hidden {named}"
