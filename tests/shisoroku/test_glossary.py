"""The 東方祀爭録 glossary (issue 39; engine/games/shisoroku/glossary.json): each concept's Japanese term
is the rulebook's — it is in the seed line the concept cites (``quote``, checked against seed 004 itself
where the seeds are at hand: shared/seeds/004_*.txt, or $KIFU_SEEDS) — one concept one word, and the
Japanese narration of the recorded match (fixtures/narration_ja.json) says the term in every line of an
event type the concept lists."""
import json
import os
import re
from pathlib import Path

import pytest

from engine.core.narration import Lines
from tests.shisoroku.narrated_match import fixture
from tests.shisoroku.table import GAME

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = json.loads((ROOT / "engine/games/shisoroku/glossary.json").read_text())
SEEDS = [Path(p) for p in (os.environ.get("KIFU_SEEDS"), "/work/shared/seeds", ROOT / "shared/seeds") if p]


def seed_lines() -> list | None:
    for d in SEEDS:
        found = sorted(d.glob("004_*.txt")) if d.is_dir() else []
        if found:
            return found[0].read_text().splitlines()
    return None


def forms(concept) -> list:
    """The words the narration uses for the concept (a verb as it is conjugated: 引いた)."""
    return concept.get("forms") or [concept["ja"]]


def test_one_concept_one_word_each_cited_from_the_seed():
    ids = [c["id"] for c in GLOSSARY]
    assert len(ids) == len(set(ids))
    words = [c["ja"] for c in GLOSSARY]
    assert len(words) == len(set(words)), "two concepts share a Japanese word"
    for c in GLOSSARY:
        assert re.fullmatch(r"\S.* l\.\d+", c["seed"]), c
        assert c["ja"] in c["quote"], f"{c['id']}: {c['ja']} is not in its quote"
        assert set(c["events"]) <= set(GAME.narrate.lines), c["id"]
    assert isinstance(GAME.narrate, Lines)


def test_each_term_is_in_the_seed_line_it_cites():
    lines = seed_lines()
    if lines is None:
        pytest.skip("seed 004 not at hand (set KIFU_SEEDS to shared/seeds)")
    for c in GLOSSARY:
        n = int(c["seed"].rsplit("l.", 1)[1])
        assert lines[n - 1].strip().lstrip("•").strip() == c["quote"], f"{c['id']}: l.{n} reads {lines[n - 1]!r}"


def test_the_narration_names_each_concept_in_the_events_it_lists():
    """Over the recorded match: every line of a listed event type says the term; every concept with
    events is said at least once (the ones the match has)."""
    lines = [(line["event"], line["ja"]) for line in fixture()["lines"]]
    present = {t for t, _s in lines}
    said = set()
    for c in GLOSSARY:
        for t, s in lines:
            if t in c["events"]:
                assert any(f in s for f in forms(c)), f"{c['id']} ({c['ja']}) not in {t}: {s}"
                said.add(c["id"])
    wanted = {c["id"] for c in GLOSSARY if set(c["events"]) & present}
    assert said == wanted
    assert len(wanted) >= 20, sorted({c["id"] for c in GLOSSARY} - wanted)
