"""The 東方独占録 glossary (engine/games/dokusenroku/glossary.json, issue 39): one Japanese word per
concept, each the rulebook's own (seed 002, at the line it cites), and each used by the Japanese
narration of every event it lists — over the recorded match (fixtures/narration_ja.json) and seeded
random games — so one concept has one word everywhere."""
import json
from pathlib import Path

import pytest

from engine.core.i18n import Catalog, speaking
from engine.games.dokusenroku.narration import LINES
from engine.games.dokusenroku.rulebook import RULES
from tests.dokusenroku.playout import play_random_game
from tests.dokusenroku.recorded import events_of, fixture, told

GLOSSARY = json.loads((Path(__file__).resolve().parents[2] / "engine" / "games" / "dokusenroku" / "glossary.json")
                      .read_text(encoding="utf-8"))
SEED = next(Path("/work/shared/seeds").glob("002_*.txt"), None)
SEED = SEED.read_text(encoding="utf-8").splitlines() if SEED is not None else []
NAMES = ["霊夢", "魔理沙", "咲夜", "早苗"]
QUOTE = 8                   # characters of the seed in a row a rule's Japanese statement quotes at least


def test_one_word_per_concept_and_every_listed_event_is_narrated():
    ids, words = [c["id"] for c in GLOSSARY], [c["ja"] for c in GLOSSARY]
    assert len(set(ids)) == len(ids) and len(set(words)) == len(words)
    for c in GLOSSARY:
        assert set(c) == {"id", "ja", "en", "seed", "events"} and c["ja"] and c["en"]
        assert set(c["events"]) <= set(LINES.lines), f"{c['id']}: not events the game narrates"


@pytest.mark.skipif(not SEED, reason="the rulebook (shared/seeds/002_*) is not on this machine")
@pytest.mark.parametrize("concept", GLOSSARY, ids=lambda c: c["id"])
def test_each_term_is_the_rulebooks_at_the_line_it_cites(concept):
    section, _, line = concept["seed"].rpartition(" l.")
    assert section and line.isdigit(), f"{concept['id']}: seed is '<section> l.N', not {concept['seed']!r}"
    assert concept["ja"] in SEED[int(line) - 1], f"{concept['ja']} is not at seed 002 l.{line}: {SEED[int(line) - 1]!r}"


def test_each_concept_is_named_in_the_japanese_narration_of_its_events():
    match = fixture()
    events = events_of(match)
    for variant, seats, options in [("constructed", 3, {}), ("standard", 4, {"removed": 10})]:
        events += play_random_game(variant, seats, options, 0, 5000, False)[1]
    lines = told(events, NAMES) + told(events, NAMES, reader=0)
    seen = {kind for _i, kind, _line in lines}
    for c in GLOSSARY:
        for kind in c["events"]:
            told_as = [line for _i, k, line in lines if k == kind]
            assert all(c["ja"] in line for line in told_as), \
                f"{c['id']} ({c['ja']}) missing from {kind}: {[x for x in told_as if c['ja'] not in x][:2]}"
    listed = {kind for c in GLOSSARY for kind in c["events"]}
    assert len(listed & seen) >= len(listed) - 3, f"events never told here: {sorted(listed - seen)}"


def _longest_quote(text: str, source: str) -> int:
    """The length of the longest run of ``text`` found word for word in ``source``."""
    best = 0
    for i in range(len(text)):
        while i + best < len(text) and text[i:i + best + 1] in source:
            best += 1
    return best


@pytest.mark.skipif(not SEED, reason="the rulebook (shared/seeds/002_*) is not on this machine")
def test_each_rules_japanese_statement_follows_the_seed_it_cites():
    """rulebook.py: a rule the seed states is told in Japanese in the seed's own words — its statement
    quotes at least QUOTE characters of the rulebook in a row (kifu's own rules, "(kifu) …", excepted)."""
    source = "".join(SEED).replace(" ", "").replace("\u3000", "")
    catalog = Catalog.of("dokusenroku")
    with speaking("ja"):
        loose = {k: catalog.gettext(statement) for k, (section, statement) in RULES.items()
                 if not section.startswith("(kifu)")}
    loose = {k: ja for k, ja in loose.items() if _longest_quote(ja.replace(" ", ""), source) < QUOTE}
    assert not loose, f"not in the seed's words: {loose}"

