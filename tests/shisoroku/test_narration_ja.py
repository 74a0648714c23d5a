"""The 東方祀爭録 log in Japanese (issue 39; engine/games/shisoroku/narration.py, its catalog
locale/ja/LC_MESSAGES/shisoroku.po): the recorded match of fixtures/narration_ja.json is told again
line by line, its phases in the rulebook's words (ゲームの進行とフェイズ l.36-39, アクションフェイズ l.42,
購入フェイズ l.51, クリーンアップフェイズ l.71), and no card hidden from its reader named in Japanese. No event
type told in Japanese with an English word left in: tests/test_glossaries.py."""
import pytest

from engine.core import Reader
from engine.core.i18n import speaking
from engine.games.shisoroku.cards import CARDS
from tests.shisoroku.narrated_match import GLOSSARY, NAMES, events, fixture, narration, random_tables
from tests.shisoroku.table import GAME

PHASES = {"TurnStarted": "action-phase", "PhaseStarted": "buy-phase", "CleanedUp": "cleanup-phase"}


@pytest.fixture(scope="module")
def recorded():
    match = fixture()
    played = events(match)
    return match, played


def test_the_recorded_match_is_told_in_japanese_line_by_line_as_kept(recorded):
    match, played = recorded
    told = narration("ja", match, played)
    kept = [(line["event"], line["ja"]) for line in match["lines"]]
    assert len(kept) > 500 and played[-1].type == "GameEnded"
    for i, (got, want) in enumerate(zip(told, kept)):
        assert got == want, f"line {i}: {got} != {want}"
    assert len(told) == len(kept)


def test_each_phase_is_named_as_the_rulebook_names_it(recorded):
    """l.34-40: every turn runs the action, buy and clean-up phases; the log names each by the seed's
    heading (l.42 アクションフェイズ, l.51 購入フェイズ, l.71 クリーンアップフェイズ), once per turn."""
    match, _played = recorded
    lines = [(line["event"], line["ja"]) for line in match["lines"]]
    turns = sum(1 for t, _s in lines if t == "TurnStarted")
    terms = {c["id"]: c for c in GLOSSARY}
    for event, concept in PHASES.items():
        term = terms[concept]["ja"]
        assert terms[concept]["quote"] == term                    # the section's own heading
        told = [s for t, s in lines if t == event]
        assert len(told) == turns and all(term in s for s in told), event
    assert any(s.startswith("1ターン目：霊夢のターン") for t, s in lines if t == "TurnStarted")


def test_the_english_log_of_the_match_is_a_line_for_each_japanese_one(recorded):
    match, played = recorded
    english = narration("en", match, played)
    assert [t for t, _s in english] == [line["event"] for line in match["lines"]]
    assert english[0][1].startswith("The kingdom (as chosen): 咒詛「魔彩光の上海人形」, ")
    assert ("CleanedUp", "霊夢 cleans up, お賽銭 on top of the discard pile") in english


def _card_ids(value):
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return set().union(set(), *map(_card_ids, items))


def test_the_japanese_log_names_no_card_hidden_from_its_reader():
    """公開情報と非公開情報 l.191-204 in Japanese too: over random games, a sentence told to a reader names
    only cards of the event as redacted for that reader (another seat's draws, looks and hand cards
    are counted, never named); the redaction does hide cards from some readers."""
    from tests.hidden.leaks import unquoted
    names = frozenset(c.name for c in CARDS.values())
    named, hid = [], 0
    with speaking("ja"):
        for table, _met in random_tables():
            for e in table.events:
                if not GAME.narrate.covers(e.type):
                    continue
                for seat in (0, 1, None):
                    shown = GAME.redact(e, seat)
                    text = GAME.narrate(shown, Reader(seat, NAMES)) if shown is not None else None
                    if not text:
                        continue
                    allowed = {CARDS[c].name for c in _card_ids(shown.data)}
                    hid += len(_card_ids(e.data)) > len(_card_ids(shown.data))
                    said = {n for n in names if n in text and n in unquoted(text, n, names)}
                    named += [(e.type, seat, text, sorted(said - allowed))] if said - allowed else []
    assert hid > 100
    assert not named, named[:3]


def test_the_match_played_in_japanese_stores_the_same_events(recorded):
    """The language is the reader's only: the recorded match played under Japanese gives the same
    events, byte for byte (the hash chain does not depend on it)."""
    from engine.core import canonical_json
    match, played = recorded
    with speaking("ja"):
        again = events(match)
    assert [canonical_json(e.to_dict()) for e in again] == [canonical_json(e.to_dict()) for e in played]
