"""cards.json keeps every fact of shared/cards/threebythree.json, marks what it adds, and designs fairly."""
import json
from pathlib import Path

import pytest

from engine.games.threebythree.cards import DECK, MAGIC, RAW

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "cards" / "threebythree.json"
DRAWBACKS = {"強化不可", "ブロック不可"}


def test_all_70_cards_with_provenance_for_every_fact():
    assert sorted(DECK) == ["%03d" % i for i in range(1, 49)]
    assert sorted(MAGIC) == ["A%02d" % i for i in range(1, 23)]
    for cid, card in {**RAW["deck"], **RAW["magic"]}.items():
        assert set(card["provenance"].values()) <= {"seed", "inferred", "designed"}, cid
        assert "name" in card["provenance"], cid
        if "designed" in card["provenance"].values() or "inferred" in card["provenance"].values():
            assert card.get("note"), f"{cid} says nothing about what is designed or inferred"


@pytest.mark.skipif(not SHARED.exists(), reason="shared/ is not beside the repository")
def test_every_known_fact_is_kept():
    known = json.loads(SHARED.read_text(encoding="utf-8"))
    for cid, fact in known["deck_cards"].items():
        card = RAW["deck"][cid]
        if fact["name"]:
            assert card["name"] == fact["name"] and card["provenance"]["name"] != "designed", cid
        if fact["colour"]:
            assert card["colour"] == fact["colour"], cid
        assert card["overlord"] == fact["in_overlord_deck"], cid
        if fact["name"] in known["names"]:
            facts = known["names"][fact["name"]]
            if facts["cost"] is not None:
                assert card["cost"] == facts["cost"], cid
            low, high = facts.get("cost_range", [None, None])
            assert (low is None or card["cost"] >= low) and (high is None or card["cost"] <= high), cid
            assert set(facts["traits"]) <= set(card["traits"]), cid
    for mid, fact in known["magic"].items():
        if fact["name"]:
            assert RAW["magic"][mid]["name"] == fact["name"], mid
        assert RAW["magic"][mid]["overlord"] == fact["in_overlord_pool"], mid


def test_no_designed_unit_is_strictly_better_than_a_stated_one_of_its_cost():
    stated = [c for c in RAW["deck"].values() if c["kind"] == "unit" and c["provenance"]["cost"] != "designed"]
    for cid, card in RAW["deck"].items():
        if card["kind"] != "unit" or "designed" not in card["provenance"].values():
            continue
        for other in stated:
            if other["cost"] != card["cost"] or other is card:
                continue
            mine, theirs = set(card["traits"]), set(other["traits"])
            better = (mine - DRAWBACKS >= theirs - DRAWBACKS and mine & DRAWBACKS <= theirs & DRAWBACKS
                      and mine != theirs)
            assert not better, f"designed {cid} {card['name']} beats {other['name']} at cost {card['cost']}"
