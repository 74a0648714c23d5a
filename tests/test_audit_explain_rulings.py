"""Explain names the ruling an event depends on (the game's reading of what its rulebook leaves open,
engine/games/*/rulings.json) with the choice this match plays: one game at a time, through
GET /matches/{id}/events/{v}/explain."""
import pytest

from tests.helpers import ApiMatch
from tests.rulings_helpers import made, threebythree, yukari


def explained(client, m: ApiMatch, event_type: str, seat=0) -> dict:
    """The explanation of the last event of ``event_type`` the seat sees."""
    events = m.get("/events", seat, limit=1000)["events"]
    version = [e["version"] for e in events if e["type"] == event_type][-1]
    r = client.get(f"/matches/{m.id}/events/{version}/explain", headers=m.headers(seat))
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def ruling_sentences(body: dict) -> list:
    return [s for s in body["why"] if s.startswith("It depends on the ruling")]


@pytest.mark.parametrize("choice, event_type", [(None, "SpellsResolved"), ("optional", "DecisionOpened")])
def test_threebythree_explain_names_fushi_optional_and_the_matchs_choice(client, choice, event_type):
    """003 l.659-663 (○不死): the unit back in the hand (always), or its owner asked (optional)."""
    setup = threebythree(hands=[["018"], []], units=[[], ["043"]], deck=["040", "041"])
    m = made(client, "threebythree", {"fushi-optional": choice} if choice else None, setup=setup)
    assert m.post(0, {"type": "remove", "spells": [{"target": "043", "with": ["018"]}]}).status_code == 200
    body = explained(client, m, event_type)
    assert [r["id"] for r in body["rule"]["rulings"]] == ["threebythree/ruling.fushi-optional"]
    plays = choice or "always"
    assert body["rule"]["rulings"][0]["choice"] == plays
    (sentence,) = ruling_sentences(body)
    assert sentence.startswith("It depends on the ruling threebythree/ruling.fushi-optional (003 l.659-663")
    assert "Whether a destroyed 不死 unit always returns" in sentence
    assert f"This match plays it as '{plays}': " in sentence
    assert body["why"].index(sentence) == 2                   # after the event and its rule, before the causes


def test_dimension_zero_explain_names_pact_pays_for_the_card_that_paid(client):
    """000 l.601-604 (●盟約): the 橙 removed from the energy zone had paid the cost too (may-pay)."""
    m = made(client, "dimension-zero", setup=yukari())
    me = m.info(0)["view"]["players"][0]
    yukari_card, ran = me["hand"]
    chen = me["energy"][0]
    r = m.post(0, {"type": "activate", "card": yukari_card, "ability": 0, "pact": [ran, chen], "pay": me["energy"]})
    assert r.status_code == 200, r.get_json()
    removed = [e for e in r.get_json()["events"] if e["type"] == "CardMoved" and e["data"].get("card") == chen]
    body = client.get(f"/matches/{m.id}/events/{removed[0]['version']}/explain", headers=m.headers(1)).get_json()
    assert [(x["id"], x["choice"]) for x in body["rule"]["rulings"]] == [("dimension-zero/ruling.pact-pays", "may-pay")]
    (sentence,) = ruling_sentences(body)
    assert "(000 l.600-605 (●盟約)" in sentence and "This match plays it as 'may-pay': " in sentence


def test_dokusenroku_explain_names_removal_default_for_the_cards_removed(client):
    """002 l.437-441 (目安: 3名でのプレイなら5枚): the setup's removal, the guideline in force."""
    m = made(client, "dokusenroku", seats=3)
    body = explained(client, m, "CardsRemoved", seat=None)
    assert [(x["id"], x["choice"]) for x in body["rule"]["rulings"]] == \
        [("dokusenroku/ruling.removal-default", "guideline")]
    (sentence,) = ruling_sentences(body)
    assert "(002 l.423-443" in sentence and "This match plays it as 'guideline': the guideline" in sentence


def test_an_event_no_ruling_decides_names_none(client):
    m = made(client, "dokusenroku", seats=3)
    body = explained(client, m, "MatchCreated", seat=None)
    assert "rulings" not in body["rule"] and ruling_sentences(body) == []
