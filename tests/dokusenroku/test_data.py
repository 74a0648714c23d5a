"""The data (board.json, cards.json), its provenance, describe(), the rule ids and RULES.md."""
import re
from pathlib import Path

import pytest

from engine.games.dokusenroku import GAME, rulesdoc
from engine.games.dokusenroku.board import LANDS, RAW as BOARD, SQUARES, toll
from engine.games.dokusenroku.cards import (ABILITIES, CHARACTERS, EFFECTS, RAW as CARDS, SPELLS,
                                            SUPPORTS, parse_vocab)
from engine.games.dokusenroku.rulebook import RULES

ROOT = Path(__file__).resolve().parents[2]


def test_enough_lands_characters_and_spells():
    assert len(LANDS) >= 24 and len(CHARACTERS) >= 40 and len(SPELLS) >= 20
    assert all(len(land.tolls) == 5 and all(len(row) == 5 for row in land.tolls) for land in LANDS.values())
    assert {land.area for land in LANDS.values()} == {"blue", "red", "green", "yellow"}


def test_every_card_and_land_says_where_each_fact_comes_from():
    for group in ("characters", "spells", "charisma"):
        for cid, card in CARDS[group].items():
            assert card["provenance"] and card["note"], cid
            assert set(card["provenance"].values()) <= {"seed", "public", "designed"}
    for lid, land in BOARD["lands"].items():
        assert land["provenance"]["tolls"] == "designed" and land["note"], lid


def test_the_seed_figure_is_kept_and_marked_seed():
    marked = [lid for lid, land in BOARD["lands"].items() if "toll(level 3, chain 4)" in land["provenance"]]
    assert marked and all(toll(lid, 3, 4) == 100 for lid in marked)
    assert {BOARD["lands"][lid]["provenance"]["toll(level 3, chain 4)"] for lid in marked} == {"seed"}


def test_the_seeds_named_cards_are_there():
    names = {s["name"]: s for s in CARDS["spells"].values()}
    for name in ("彗星「ブレイジングスター」", "運命を操る程度の能力", "凍符「パーフェクトフリーズ」"):
        assert names[name]["provenance"]["name"] == "seed" and names[name]["effects"][0]["do"].startswith("move_")
    assert [x["name"] for x in CARDS["charisma"].values()] == ["カリスマ"]
    used = {a["do"] for c in CARDS["characters"].values() for a in c["ability"]}
    assert {"first_strike", "jamming", "third_eye", "fairy"} <= used


def test_the_board_is_two_joined_pieces_forming_one_loop():
    pieces = BOARD["board"]["pieces"]
    assert 2 <= len(pieces) <= 3
    covered = [sq for p in pieces for sq in range(p["squares"][0], p["squares"][1] + 1)]
    assert covered == list(range(len(SQUARES)))
    assert sorted(land.square for land in LANDS.values()) == [i for i, s in enumerate(SQUARES) if s["kind"] == "land"]


def test_unknown_names_fail_when_the_data_loads():
    with pytest.raises(ValueError, match="unknown name"):
        parse_vocab([{"do": "teleport"}], EFFECTS, "S99 effect")
    with pytest.raises(ValueError, match="lacks"):
        parse_vocab([{"do": "assault"}], ABILITIES, "C99 ability")
    with pytest.raises(ValueError, match="unknown area"):
        parse_vocab([{"do": "terrain", "area": "purple", "hp": 10}], ABILITIES, "C99 ability")
    assert parse_vocab([{"do": "atk", "n": 10}], SUPPORTS, "ok") == {"atk": {"n": 10}}


def test_describe_gives_variants_seats_data_and_rules():
    d = GAME.describe()
    assert [(v["id"], v["min_seats"], v["max_seats"]) for v in d["variants"]] == [("standard", 2, 4), ("constructed", 2, 4)]
    assert len(d["cards"]) == len(CHARACTERS) + len(SPELLS) + 1 and all("provenance" in c for c in d["cards"])
    assert set(d["lands"]) == set(LANDS) and len(d["board"]["squares"]) == len(SQUARES)
    assert sorted(d["event_table"]["entries"], key=int) == [str(i) for i in range(2, 13)]
    assert {p["id"] for p in d["presets"]} == {"scarlet", "hakurei", "chireiden", "moriya"}
    assert set(d["rules"]) == set(RULES) and all(r["section"] and r["statement"] for r in d["rules"].values())


def test_every_rule_id_the_code_cites_is_in_the_rulebook():
    cited = set()
    for path in (ROOT / "engine/games/dokusenroku").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r'"((?:setup|end|turn|square|money|land|battle|ability|card|spell|constructed)'
                                r'\.[a-z0-9.-]+)"', text))
    assert cited and cited <= set(RULES), cited - set(RULES)


def test_rules_md_is_rendered_from_the_data():
    """RULES.md must match the data: regenerate with python -m engine.games.dokusenroku.rulesdoc."""
    on_disk = (ROOT / "engine/games/dokusenroku/RULES.md").read_text(encoding="utf-8")
    assert on_disk == rulesdoc.render()
    assert "100 ★" in on_disk and "START" in on_disk
