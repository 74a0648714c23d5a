"""The games' glossaries (engine/games/<game>/glossary.json, issue 39) and their Japanese narration, one
conformance check over the four games:

- one concept, one Japanese word; each entry well formed, its events ones the game narrates;
- each word is the rulebook's own, printed on the seed line the entry cites (tests/seeds.py; skipped
  where the seeds are not on this machine);
- each concept's word is in the Japanese line of every event the entry lists, for each seat and a
  spectator, over the recorded match (tests/<game>/fixtures/narration_ja.json) and seeded random
  matches, and every event an entry lists is met there (the check is not vacuous);
- no English word is left in the Japanese of any event type the game narrates.

What differs between the games is data, one ``Glossed`` each (below): the seed documents it cites,
how its matches are played and told, how an entry selects an event (3x3Wars "Type:field=value",
Dimension Zero's ``when``, 東方祀爭録's ``forms`` and ``quote``) and what in a line is not English."""
import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from engine.core import Lines, Reader
from engine.core.i18n import speaking
from engine.games.dimension_zero import GAME as DIMENSION_ZERO
from engine.games.dokusenroku import GAME as DOKUSENROKU
from engine.games.shisoroku import GAME as SHISOROKU
from engine.games.threebythree import GAME as THREEBYTHREE
from tests import seeds
from tests.dimension_zero import narration_match as dz
from tests.dokusenroku import recorded as dk
from tests.shisoroku import narrated_match as ss
from tests.threebythree import japanese as tt

ROOT = Path(__file__).resolve().parents[1]
READERS = (0, 1, None)                 # each seat of a duel and a spectator
KEYS = frozenset({"id", "ja", "en", "seed", "events"})
CITED = re.compile(r"^(?:(?P<doc>\d{3}) )?(?P<section>\S.*?) l\.(?P<line>\d+)$")
LATIN = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True)
class Glossed:
    """One game's glossary and narration, as the checks below read them."""
    id: str                            # the package: engine/games/<id>/glossary.json
    game: object
    seeds: tuple                       # the seed documents its entries cite; with two, a citation names its own
    recorded: Callable                 # () -> the recorded match's events (fixtures/narration_ja.json)
    random: Callable                   # () -> [events] of seeded random matches (and rare events made by hand)
    told: Callable                     # (events, readers) -> {reader: [(the event an entry selects on, its
                                       #                                  Japanese line)]}
    selects: Callable = lambda entry, selector, event: event.type == selector
    kind: Callable = lambda selector: selector                    # the event type a selector names
    keys: frozenset = frozenset()      # what each entry has besides KEYS
    optional: frozenset = frozenset()  # what an entry may have besides
    every_entry_lists_events: bool = False
    markup: tuple = ()                 # marks on a seed line the words are read past
    latin: Callable = LATIN.findall    # line -> its words in Latin letters, what is printed so (card ids) aside
    allowed: frozenset = frozenset()   # Latin words the rulebook prints in Japanese
    untold: frozenset = frozenset()    # event types the matches need not reach (a test of their own tells them)


def _each(told):
    """(events, readers) -> {reader: lines} of a narration told reader by reader."""
    return lambda events, readers: {reader: told(events, reader) for reader in readers}


def _3x3_recorded():
    return tt.replayed(json.loads(tt.FIXTURE.read_text(encoding="utf-8")))


def _3x3_told(events, reader):
    return [(shown, line) for _v, _type, shown, line in tt.told(events, reader)]


def _dz_told(events, readers):
    told = dz.told_to(events, readers, ["霊夢", "魔理沙"], "ja")          # the view before each event: fold once
    return {reader: [(e, text) for _v, e, text in lines] for reader, lines in told.items()}


def _dz_when(entry, selector, event) -> bool:
    """Dimension Zero: an event of the type whose data holds each ``when`` path ("item.kind") at its value
    ("*": the field is there, non-empty)."""
    return event.type == selector and all(
        bool(_at(event.data, path)) if want == "*" else _at(event.data, path) == want
        for path, want in (entry.get("when") or {}).items())


def _at(data, path):
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def _dk_told(events, reader):
    return [(events[i], line) for i, _type, line in dk.told(events, ["霊夢", "魔理沙", "咲夜", "早苗"], reader=reader)]


def _ss_told(events, reader):
    out = []
    with speaking("ja"):
        for e in events:
            shown = SHISOROKU.redact(e, reader) if SHISOROKU.narrate.covers(e.type) else None
            text = SHISOROKU.narrate(shown, Reader(reader, ss.NAMES)) if shown is not None else None
            if text is not None:
                out.append((shown, text))
    return out


DOKUSENROKU_CARD = re.compile(r"\b(?:\d:)?[CSX]\d\d[a-d]\b")

GAMES = [
    Glossed("threebythree", THREEBYTHREE, ("003",), _3x3_recorded, tt.random_matches, _each(_3x3_told),
            selects=lambda entry, selector, event: tt.selects(selector, event),
            kind=lambda selector: selector.partition(":")[0],      # "Type", "Type:field", "Type:field=value"
            every_entry_lists_events=True,
            markup=("**",),                                        # 003: **bold** marks
            allowed=frozenset({"P"})),                             # 透過P, 双壁P as 003 l.261 prints them
    Glossed("dimension_zero", DIMENSION_ZERO, ("000", "001"), dz.recorded_events, dz.random_matches, _dz_told,
            selects=_dz_when, optional=frozenset({"when"}),
            allowed=frozenset({"kifu"}),                           # 「kifu による設計」
            untold=frozenset({"PositionSet", "TriggerDropped"})),  # test_narration_ja.py test_rare_lines_in_japanese
    Glossed("dokusenroku", DOKUSENROKU, ("002",), lambda: dk.events_of(dk.fixture()), dk.random_matches,
            _each(_dk_told),
            latin=lambda line: LATIN.findall(DOKUSENROKU_CARD.sub("", line)),
            allowed=frozenset({"START", "EVENT"})),                # the squares as printed (STARTマス, EVENTマス)
    Glossed("shisoroku", SHISOROKU, ("004",), lambda: ss.events(ss.fixture()),
            lambda: [*(table.events for table, _met in ss.random_tables()), ss.HANDMADE, ss.analysis_start()],
            _each(_ss_told), keys=frozenset({"quote"}), optional=frozenset({"forms"}),
            latin=ss.english_words),                               # card names aside
]
BY_GAME = [pytest.param(g, id=g.id) for g in GAMES]


@functools.lru_cache(maxsize=None)
def glossary(game_id) -> list:
    return json.loads((ROOT / "engine" / "games" / game_id / "glossary.json").read_text(encoding="utf-8"))


def japanese(g: Glossed) -> list:
    """(recorded?, reader, event, line) of every line of the recorded and the random matches, as each
    reader reads it, in Japanese (told once a session, for the two checks that read it)."""
    if g.id not in _TOLD:
        matches = [(True, g.recorded()), *((False, events) for events in g.random())]
        _TOLD[g.id] = [(recorded, reader, event, line) for recorded, events in matches
                       for reader, lines in g.told(events, READERS).items() for event, line in lines]
    return _TOLD[g.id]


_TOLD = {}


def forms(entry) -> list:
    """The words the narration uses for the concept (a verb as it is conjugated: 引いた)."""
    return entry.get("forms") or [entry["ja"]]


@pytest.mark.parametrize("g", BY_GAME)
def test_one_concept_one_word_each_entry_citing_the_seed_and_the_games_events(g):
    entries = glossary(g.id)
    ids = [c["id"] for c in entries]
    assert len(ids) == len(set(ids)), f"a concept listed twice: {sorted({i for i in ids if ids.count(i) > 1})}"
    words = [c["ja"] for c in entries]
    assert len(words) == len(set(words)), \
        f"two concepts with one Japanese word: {sorted({w for w in words if words.count(w) > 1})}"
    assert isinstance(g.game.narrate, Lines)
    for c in entries:
        keys = KEYS | g.keys
        assert keys <= set(c) <= keys | g.optional, f"{c.get('id')}: keys {sorted(c)}"
        assert c["ja"] and c["en"] and isinstance(c["ja"], str) and isinstance(c["en"], str), c
        assert isinstance(c["events"], list) and (c["events"] or not g.every_entry_lists_events), \
            f"{c['id']}: lists no event"
        for selector in c["events"]:
            assert g.game.narrate.lines.get(g.kind(selector)), f"{c['id']}: {selector} is no narrated event"
        cited = CITED.match(c["seed"])
        assert cited and int(cited["line"]) >= 1, f"{c['id']}: the seed is cited as '<section> l.N', not {c['seed']!r}"
        doc = cited["doc"] or (g.seeds[0] if len(g.seeds) == 1 else None)
        assert doc in g.seeds, f"{c['id']}: cites no seed of {'/'.join(g.seeds)}: {c['seed']!r}"
        if "quote" in c:
            assert c["ja"] in c["quote"], f"{c['id']}: {c['ja']} is not in its quote"
        if "forms" in c:
            assert c["forms"] and all(isinstance(f, str) and f for f in c["forms"]), c
        if "when" in c:
            assert isinstance(c["when"], dict) and c["when"] and c["events"], c


@pytest.mark.parametrize("g", BY_GAME)
def test_each_word_is_the_rulebooks_at_the_line_it_cites(g):
    """Each term as printed, on the line cited (markup such as 003's **bold** aside); where the entry
    quotes the line (``quote``), the line is that quote, its bullet aside."""
    texts = {doc: seeds.seed_lines(doc) for doc in g.seeds}
    if any(lines is None for lines in texts.values()):
        pytest.skip(f"the seed documents ({', '.join(f'shared/seeds/{d}_*.txt' for d in g.seeds)}) are not "
                    "on this machine (tests/seeds.py)")
    wrong = []
    for c in glossary(g.id):
        cited = CITED.match(c["seed"])
        doc, n = cited["doc"] or g.seeds[0], int(cited["line"])
        lines = texts[doc]
        if n > len(lines):
            wrong.append(f"{c['id']}: {doc} has no l.{n}")
            continue
        line = lines[n - 1]
        for mark in g.markup:
            line = line.replace(mark, "")
        if c["ja"] not in line:
            wrong.append(f"{c['id']}: {c['ja']} is not at {doc} l.{n} ({cited['section']}): {line!r}")
        if "quote" in c and lines[n - 1].strip().lstrip("•").strip() != c["quote"]:
            wrong.append(f"{c['id']}: l.{n} reads {lines[n - 1]!r}, not its quote {c['quote']!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("g", BY_GAME)
def test_each_concepts_word_is_in_the_japanese_narration_of_the_events_it_lists(g):
    by_kind = {}
    for c in glossary(g.id):
        for selector in c["events"]:
            by_kind.setdefault(g.kind(selector), []).append((c, selector))
    missing, met = [], set()
    for _recorded, reader, event, line in japanese(g):
        for c, selector in by_kind.get(event.type, ()):
            if g.selects(c, selector, event):
                met.add((c["id"], selector))
                if not any(word in line for word in forms(c)):
                    missing.append(f"{c['id']}: {c['ja']} not in the line of {selector} (reader {reader}): {line}")
    assert not missing, f"{len(missing)} lines, e.g.\n" + "\n".join(missing[:5])
    unmet = {(c["id"], s) for c in glossary(g.id) for s in c["events"]} - met
    assert not unmet, f"never checked over a match: {sorted(unmet)}"


@pytest.mark.parametrize("g", BY_GAME)
def test_no_english_word_in_the_japanese_of_any_event_type(g):
    """Every event type the game narrates is told, for each seat and a spectator, with card names and
    ids, numbers and seat names only in Latin letters besides the words the rulebook prints so."""
    left, told = [], set()
    for _recorded, reader, event, line in japanese(g):
        told.add(event.type)
        words = [w for w in g.latin(line) if w not in g.allowed]
        if words:
            left.append(f"{event.type} (reader {reader}): English left in {line!r}: {words}")
    assert not left, f"{len(left)} lines, e.g.\n" + "\n".join(left[:5])
    narrated = set(g.game.narrate.lines)
    assert told <= narrated, f"told without a line of the game's: {sorted(told - narrated)}"
    assert narrated - g.untold <= told, f"never told: {sorted(narrated - g.untold - told)}"
