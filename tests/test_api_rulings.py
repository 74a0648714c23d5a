"""House rules through the API (issue 36): POST /matches `rulings` picks a choice for a ruling of the
game that players read differently (engine/games/*/rulings.json; each game's README "Rulings"),
recorded in MatchCreated and shown by GET /matches/{id} and the export header; each selectable ruling
under both settings, a behaviour that differs where one action shows it (the engine's tests play every
rule both ways), and the bad shapes refused."""
import pytest

from engine.core import get_game
from engine.games.dokusenroku.cards import PRESETS
from tests.audit_helpers import export_lines
from tests.helpers import ApiMatch
from tests.rulings_helpers import create, made, threebythree, yukari

# every selectable ruling, by game, with its choices (the default first)
SELECTABLE = {
    "threebythree": {"tensha-target": ["own-face-down", "own-face-up", "any-face-up"],
                     "fushi-optional": ["always", "optional"],
                     "housyoku-nyushoku": ["counted", "not-counted"],
                     "mentor-any": ["any", "colour-only"]},
    "dimension-zero": {"pact-pays": ["may-pay", "separate"]},
    "dokusenroku": {"charisma-in-deck": ["besides", "in-deck"], "removal-default": ["guideline", "agreed"]},
}
CHOSEN = [(game, name, choice) for game, rulings in SELECTABLE.items()
          for name, choices in rulings.items() for choice in choices[1:]]


def defaults(game: str) -> dict:
    return {name: choices[0] for name, choices in SELECTABLE[game].items()}


def created_event(m: ApiMatch) -> dict:
    return m.get("/events", None, limit=1)["events"][0]


def test_this_file_names_every_selectable_ruling():
    for game in SELECTABLE:
        assert {n for n, r in get_game(game).rulings.items() if r.selectable} == set(defaults(game))


def test_each_game_describes_its_rulings_and_which_a_match_may_choose(client):
    for game, rulings in SELECTABLE.items():
        described = client.get(f"/games/{game}").get_json()["rulings"]
        assert {r["name"]: sorted(r["choices"]) for r in described if "choices" in r} == \
            {name: sorted(choices) for name, choices in rulings.items()}
        assert {r["name"]: r["default"] for r in described if "choices" in r} == defaults(game)
        assert all(r["id"] == f"{game}/ruling.{r['name']}" and r["text"]["en"] and r["seed"] for r in described)
    assert client.get("/games/shisoroku").get_json()["rulings"] == []


@pytest.mark.parametrize("game", sorted(SELECTABLE))
def test_a_match_that_chooses_nothing_plays_every_default_and_records_no_rulings(client, game):
    m = made(client, game)
    assert m.info()["rulings"] == defaults(game)
    assert export_lines(client, m, {})[0]["rulings"] == defaults(game)
    assert "rulings" not in created_event(m)["data"]        # older records' shape and hashes kept


@pytest.mark.parametrize("game, name, choice", CHOSEN)
def test_a_chosen_house_rule_is_recorded_shown_and_exported(client, game, name, choice):
    m = made(client, game, {name: choice})
    expected = {**defaults(game), name: choice}
    assert m.info()["rulings"] == expected and m.info(0)["rulings"] == expected
    assert created_event(m)["data"]["rulings"] == {name: choice}
    header = export_lines(client, m, m.headers(0))[0]
    assert header["rulings"] == expected and header["options"] == {}


def test_a_match_with_house_rules_verifies(client):
    m = made(client, "threebythree", {"fushi-optional": "optional", "tensha-target": "any-face-up"})
    report = client.get(f"/matches/{m.id}/verify").get_json()
    assert report["ok"], report


@pytest.mark.parametrize("rulings", ["optional", ["fushi-optional"], None, {"fushi-optional": 1},
                                     {"fushi-optional": None}, {"fushi-optional": ""}, {"": "optional"},
                                     {"fushi-optional": "x" * 65}, {f"r{i}": "x" for i in range(17)}])
def test_a_rulings_field_of_the_wrong_shape_is_400_naming_it(client, rulings):
    r = client.post("/matches", json={"game": "threebythree", "variant": "wizard", "rulings": rulings,
                                      "seats": [{"name": "a"}, {"name": "b"}]})
    assert r.status_code == 400 and "rulings" in r.get_json()["error"]["message"], r.get_json()


@pytest.mark.parametrize("game, rulings, named", [
    ("threebythree", {"no-such": "x"}, "unknown ruling 'no-such' for threebythree"),
    ("threebythree", {"sokkou-timing": "before"}, "unknown ruling 'sokkou-timing'"),      # fixed: no choice
    ("threebythree", {"fushi-optional": "sometimes"}, "ruling 'fushi-optional' has no choice 'sometimes'"),
    ("dimension-zero", {"pact-full-area": "own"}, "unknown ruling 'pact-full-area'"),
    ("dokusenroku", {"removal-default": "none"}, "ruling 'removal-default' has no choice 'none'"),
])
def test_an_unknown_ruling_or_choice_is_422_naming_it(client, game, rulings, named):
    r = create(client, game, rulings)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "invalid_config"
    assert named in r.get_json()["error"]["message"]


def test_a_game_without_rulings_takes_none(client):
    r = client.post("/matches", json={"game": "shisoroku", "variant": "standard", "rulings": {"any": "x"},
                                      "seats": [{"name": "a"}, {"name": "b"}]})
    assert r.status_code == 422 and "selectable: none" in r.get_json()["error"]["message"]


# ---- one behaviour each, through the API -----------------------------------------------------------

def grand_copies(m: ApiMatch) -> list:
    return [a for a in m.legal(0)["actions"] if a["type"] == "grand"]


@pytest.mark.parametrize("choice, copies", [(None, [{"type": "grand", "card": "A14", "copy": "A01"}]),
                                            ("own-face-up", [])])
def test_tensha_copies_your_face_down_magic_only_by_default(client, choice, copies):
    """003 l.1047-1049 「他の裏側の魔法…をコピー」 by default; own-face-up (the Q&A l.841-843's premise)
    does not offer the face-down 火炎弾."""
    setup = threebythree(units=[["005", "016"], []], magic=[["A14", "A01"], []], deck=["043", "044", "040", "041"])
    m = made(client, "threebythree", {"tensha-target": choice} if choice else None, setup=setup)
    assert grand_copies(m) == copies


@pytest.mark.parametrize("choice, to_act", [(None, [0]), ("optional", [1])])
def test_fushi_optional_asks_the_owner_only_under_optional(client, choice, to_act):
    """003 l.659-663 不死: a removed のうなし腕力 goes back to the hand, or its owner is asked."""
    setup = threebythree(hands=[["018"], []], units=[[], ["043"]], deck=["040", "041"])
    m = made(client, "threebythree", {"fushi-optional": choice} if choice else None, setup=setup)
    r = m.post(0, {"type": "remove", "spells": [{"target": "043", "with": ["018"]}]})
    assert r.status_code == 200, r.get_json()
    assert m.info()["to_act"] == to_act
    assert ({"type": "undying", "card": "043"} in m.legal(1)["actions"]) == (choice == "optional")


@pytest.mark.parametrize("choice, status", [(None, 200), ("not-counted", 422)])
def test_housyoku_counts_for_nyushoku_unless_not_counted(client, choice, status):
    """003 l.643-647 豊穡, l.813-815: 入植 deploys a cost-3 unit with two territories and a 豊穡 unit."""
    setup = threebythree(hands=[["005"], []], territories=[["040", "041"], []], units=[["012"], []],
                         magic=[["A19"], []], deck=["043", "044"])
    m = made(client, "threebythree", {"housyoku-nyushoku": choice} if choice else None, setup=setup)
    while m.info(0)["view"]["step"] != "territory":
        assert m.post(0, {"type": "pass"}).status_code == 200
    r = m.post(0, {"type": "magic", "card": "A19", "target": "005"})
    assert r.status_code == status, r.get_json()
    if status == 422:
        assert "housyoku-nyushoku: not-counted" in r.get_json()["error"]["message"]


@pytest.mark.parametrize("choice, status", [(None, 200), ("colour-only", 422)])
def test_mentors_point_fills_the_any_part_unless_colour_only(client, choice, status):
    """003 l.489-495: 収穫 needs ① + 草 with one 草 unit on the fields and a 炎 師匠."""
    setup = threebythree(units=[["027"], []], magic=[["A11"], []], deck=["043", "044"], mentors=["001", "012"])
    m = made(client, "threebythree", {"mentor-any": choice} if choice else None, setup=setup, variant="apprentice")
    r = m.post(0, {"type": "magic", "card": "A11"})
    assert r.status_code == status, r.get_json()
    if status == 422:
        assert "mentor-any: colour-only" in r.get_json()["error"]["message"]


@pytest.mark.parametrize("choice, status", [(None, 200), ("separate", 422)])
def test_a_card_removed_for_pact_pays_its_cost_unless_separate(client, choice, status):
    """000 l.601-604 「除外し、同時にコストを支払います」: 八雲 紫's 盟約 removes the 橙 of the energy zone
    that also pays."""
    m = made(client, "dimension-zero", {"pact-pays": choice} if choice else None, setup=yukari())
    me = m.info(0)["view"]["players"][0]
    yukari_card, ran = me["hand"]
    r = m.post(0, {"type": "activate", "card": yukari_card, "ability": 0, "pact": [ran, me["energy"][0]],
                   "pay": me["energy"]})
    assert r.status_code == status, r.get_json()
    if status == 422:
        assert "pact-pays: separate" in r.get_json()["error"]["message"]


@pytest.mark.parametrize("choice, status", [(None, 422), ("in-deck", 201)])
def test_a_constructed_deck_holds_charisma_only_under_in_deck(client, choice, status):
    """002 l.389-399 「これとは別にカリスマカードを1枚用意します」."""
    decks = [PRESETS["scarlet"][:37] + ["X00"] * 3, "hakurei"]
    r = create(client, "dokusenroku", {"charisma-in-deck": choice} if choice else None, options={"decks": decks})
    assert r.status_code == status, r.get_json()
    if status == 422:
        assert "dokusenroku/ruling.charisma-in-deck: besides" in r.get_json()["error"]["message"]


@pytest.mark.parametrize("choice, removed", [(None, 5), ("agreed", 0)])
def test_three_players_remove_the_guideline_unless_only_what_they_agree(client, choice, removed):
    """002 l.437-441 (目安: 3名でのプレイなら5枚)."""
    m = made(client, "dokusenroku", {"removal-default": choice} if choice else None, seats=3)
    assert [p["removed_count"] for p in m.info()["view"]["piles"]] == [removed] * 3
