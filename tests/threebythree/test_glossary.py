"""The 3x3Wars glossary (engine/games/threebythree/glossary.json, issue 39): one concept, one Japanese word,
the manual's own (seed 003, at the line each entry cites), and that word in the Japanese narration of every
event the entry lists — over the recorded match (fixtures/narration_ja.json) and seeded random matches of
every level."""
import functools
import re
from pathlib import Path

import pytest

from tests.threebythree.japanese import FIXTURE, GLOSSARY, random_matches, replayed, selects, told
from tests.threebythree.table import GAME

SEED = next(Path("/work/shared/seeds").glob("003_*.txt")) if Path("/work/shared/seeds").is_dir() else None
CITED = re.compile(r"^(?P<section>.+) l\.(?P<line>\d+)$")


@functools.lru_cache(maxsize=None)
def matches() -> tuple:
    import json
    return (replayed(json.loads(FIXTURE.read_text(encoding="utf-8"))), *random_matches())


def test_each_concept_has_one_word_and_names_the_games_events():
    ids = [c["id"] for c in GLOSSARY]
    assert len(ids) == len(set(ids)), "a concept listed twice"
    words = [c["ja"] for c in GLOSSARY]
    assert len(words) == len(set(words)), "two concepts with one Japanese word"
    for c in GLOSSARY:
        assert set(c) == {"id", "ja", "en", "seed", "events"} and c["ja"] and c["en"] and c["events"], c
        for selector in c["events"]:
            assert GAME.narrate.lines.get(selector.partition(":")[0]), f"{c['id']}: {selector} is no narrated event"


@pytest.mark.skipif(SEED is None, reason="the seed documents are not on this machine")
def test_every_word_is_the_manuals_at_the_line_it_cites():
    """003: each term as printed, at the cited line (the manual's **bold** marks aside)."""
    lines = SEED.read_text(encoding="utf-8").split("\n")
    for c in GLOSSARY:
        cited = CITED.match(c["seed"])
        assert cited, f"{c['id']}: the seed is cited as '<section> l.N', not {c['seed']!r}"
        line = lines[int(cited["line"]) - 1].replace("**", "")
        assert c["ja"] in line, f"{c['id']}: {c['ja']} is not at 003 l.{cited['line']}: {line!r}"


def test_each_concepts_word_is_in_the_japanese_narration_of_the_events_it_lists():
    seen = set()
    for events in matches():
        for reader in (0, 1, None):
            for _v, _type, event, line in told(events, reader):
                for c in GLOSSARY:
                    if any(selects(s, event) for s in c["events"]):
                        assert c["ja"] in line, f"{c['id']}: {c['ja']} not in the line of {event.type}: {line}"
                        seen.add(c["id"])
    unseen = {c["id"] for c in GLOSSARY} - seen
    assert not unseen, f"never checked over a match: {sorted(unseen)}"
