"""The Dimension Zero glossary (engine/games/dimension_zero/glossary.json, issue 39): one Japanese word
per concept, each the rulebook's own — found on the seed line it cites (000 東方零次元, 001 ディメンション・
ゼロ) — and used by the Japanese narration: over the recorded match (fixtures/narration_ja.json), every
event a concept lists (of its types, matching its ``when``) is told with the concept's word, and each
listed event occurs in the match."""
import json
import re
from pathlib import Path

import pytest

from tests.dimension_zero import narration_match as recorded

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = json.loads((ROOT / "engine/games/dimension_zero/glossary.json").read_text())
SEED_DIRS = (Path("/work/shared/seeds"), ROOT / "shared" / "seeds")
SEEDS = {p.name[:3]: p for d in SEED_DIRS if d.is_dir() for p in d.glob("00[01]_*.txt")}
CITE = re.compile(r"^(000|001) (.+) l\.(\d+)$")


def _at(data, path):
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def names_it(concept, event) -> bool:
    """Whether ``event`` is one the concept's word must appear in ("*": the field is there, non-empty)."""
    if event.type not in concept["events"]:
        return False
    return all(bool(_at(event.data, k)) if v == "*" else _at(event.data, k) == v
               for k, v in (concept.get("when") or {}).items())


def test_one_word_per_concept():
    ids = [c["id"] for c in GLOSSARY]
    assert len(ids) == len(set(ids))
    words = [c["ja"] for c in GLOSSARY]
    assert len(words) == len(set(words)), "two concepts share a Japanese word"
    for c in GLOSSARY:
        assert set(c) <= {"id", "ja", "en", "seed", "events", "when"} and c["ja"] and c["en"], c


@pytest.mark.parametrize("concept", GLOSSARY, ids=lambda c: c["id"])
def test_each_term_is_on_the_seed_line_it_cites(concept):
    if not SEEDS:
        pytest.skip("the rulebooks (shared/seeds) are not on this machine")
    seed, section, line = CITE.match(concept["seed"]).groups()
    text = SEEDS[seed].read_text().split("\n")
    assert concept["ja"] in text[int(line) - 1], f"{concept['id']}: {concept['ja']} not on {seed} l.{line} ({section})"


@pytest.fixture(scope="module")
def told_ja():
    fixture = json.loads(recorded.FIXTURE.read_text())
    events = recorded.recorded_events()
    return recorded.told(events, fixture["reader"], fixture["names"], "ja")


@pytest.mark.parametrize("concept", [c for c in GLOSSARY if c["events"]], ids=lambda c: c["id"])
def test_the_japanese_narration_names_each_concept_with_its_word(concept, told_ja):
    naming = [(v, text) for v, e, text in told_ja if names_it(concept, e)]
    assert naming, f"{concept['id']}: the recorded match has no {concept['events']} {concept.get('when') or ''}"
    without = [(v, text) for v, text in naming if concept["ja"] not in text]
    assert not without, f"{concept['id']} ({concept['ja']}) missing from: {without[:3]}"
