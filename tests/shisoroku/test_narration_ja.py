"""The 東方祀爭録 log in Japanese (issue 39; engine/games/shisoroku/narration.py, its catalog
locale/ja/LC_MESSAGES/shisoroku.po): the recorded match of fixtures/narration_ja.json is told again
line by line, its phases in the rulebook's words (ゲームの進行とフェイズ l.36-39, アクションフェイズ l.42,
購入フェイズ l.51, クリーンアップフェイズ l.71), and no event type the game emits is told in Japanese
with an English word left in."""
import random
import re

import pytest

from engine.core import Event, MatchConfig, Reader, clone
from engine.core.i18n import speaking
from engine.games.shisoroku.cards import CARDS, KINGDOM
from tests.engine_table import EngineTable
from tests.shisoroku.narrated_match import events, fixture, narration
from tests.shisoroku.table import GAME, Table, position
from tests.shisoroku.test_glossary import GLOSSARY

NAMES = ["霊夢", "魔理沙", "咲夜"]
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


# ---- nothing left in English ---------------------------------------------------------------------

HANDMADE = [      # events a few random games may not reach, as decide emits them (before redaction)
    Event("CardStays", {"seat": 0, "card": "star"}),
    Event("CardsDiscarded", {"seat": 1, "cards": ["osaisen", "hakurei"], "from": "hand"}),
    Event("CardsDiscarded", {"seat": 0, "cards": ["osaisen", "hakurei"], "from": "deck"}),
    Event("CardsLookedAt", {"seat": 1, "cards": ["osaisen", "omiki", "hakurei"], "from": "deck"}),
    Event("CardsPutInHand", {"seat": 0, "cards": ["osaisen"], "from": "looking"}),
    Event("CardsPutOnDeck", {"seat": 1, "cards": ["omiki", "osaisen"], "from": "revealed"}),
    Event("CardsPutOnDeck", {"seat": 0, "cards": ["hakurei"], "from": "hand", "revealed": True}),
    Event("GainReplaced", {"seat": 0, "card": "minus", "by": "fuumajin", "instead": "hounoumai"}),
    Event("NothingGained", {"seat": 0, "card": "minus", "reason": "pile empty"}),
    Event("NothingGained", {"seat": 0, "card": None, "reason": "no card fits"}),
    Event("CardGained", {"seat": 0, "card": "hounoumai", "from": "trash", "to": "hand"}),
    Event("Decided", {"seat": 0, "kind": "mode", "closes": 1, "answer": ["cards", "coins"]}),
    Event("GameEnded", {"reasons": ["3-piles", "10vp-pile"], "scores": [5, 5], "turns": [3, 3], "winners": [0, 1],
                        "winner": None, "shared": True, "by": "shared win"}),
]


def _random_tables():
    """Random games over the whole kingdom, ten cards at a time, played to their end: (table, the
    states met with the seat to act in each)."""
    pool = sorted(KINGDOM)
    for i in range(0, len(pool), 10):
        kingdom = (pool[i:i + 10] + pool[:10])[:10]
        table = EngineTable(GAME, MatchConfig("shisoroku", "standard", NAMES[:2], {"kingdom": kingdom}), b"ja%d" % i)
        rng = random.Random(i)
        met = []
        while GAME.outcome(table.state) is None:
            seat = rng.choice(GAME.to_act(table.state))
            met.append((clone(table.state), seat))
            table.act(seat, rng.choice(GAME.legal_actions(table.state, seat)))
        yield table, met


def _random_games():
    for table, _met in _random_tables():
        yield from table.events


def random_states():
    """The states random games meet, each with a seat to act (test_choices walks their steps)."""
    for _table, met in _random_tables():
        yield from met


def _analysis_start():
    return Table(position(dict(hand=["osaisen"] * 5, deck=["omiki"]), dict(hand=["hakurei"] * 5, deck=[]))).events


def english_words(text: str) -> list:
    for card in sorted((c.name for c in CARDS.values()), key=len, reverse=True):
        text = text.replace(card, "")
    return re.findall(r"[A-Za-z]+", text)


def test_no_event_the_game_emits_is_told_in_japanese_with_an_english_word():
    told, left = set(), []
    with speaking("ja"):
        for e in [*_random_games(), *fixture_events(), *HANDMADE, *_analysis_start()]:
            if not GAME.narrate.covers(e.type):
                continue
            for seat in (0, 1, None):
                shown = GAME.redact(e, seat)
                text = GAME.narrate(shown, Reader(seat, NAMES)) if shown is not None else None
                if text is None:
                    continue
                told.add(e.type)
                if english_words(text):
                    left.append((e.type, text))
    assert told == set(GAME.narrate.lines), sorted(set(GAME.narrate.lines) - told)
    assert not left, left[:5]


def fixture_events():
    return events(fixture())


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
        for table, _met in _random_tables():
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
