"""The language of each request (issue 39; service/http/language.py): ?lang= (en or ja, anything else
400 invalid_language) before the signed-in player's preference before Accept-Language before English;
the answer says which (Content-Language) and that it depends on Accept-Language (Vary). The texts a
request gets — narration, explain, errors — are in it, and so is each live follower's stream, whatever
the language of the match's other followers."""
import time

import pytest

from engine.core.i18n import speaking
from service.application.match.live import Hub
from service.application.match.visibility import Caller
from service.application.notify import messages
from service.http.redis_conn import get_store
from tests.helpers import ApiMatch, bearer
from tests.hidden.table import sse_events
from tests.sse_followers import Sink

BEGINS = {"en": "The match begins: ", "ja": "対局開始："}


def first_text(client, m, **query):
    r = client.get(f"/matches/{m.id}/events", query_string=query, headers=query.pop("headers", {}))
    return r, r.get_json()["events"][0]["text"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lang_names_the_language_of_the_texts_and_the_answer_says_it(client, lang):
    m = ApiMatch(client)
    r, text = first_text(client, m, lang=lang)
    assert r.status_code == 200 and text.startswith(BEGINS[lang]), text
    assert r.headers["Content-Language"] == lang and "Accept-Language" in r.headers["Vary"]


@pytest.mark.parametrize("given", ["fr", "JA", "ja-JP", ""])
def test_any_other_lang_is_a_400_naming_the_languages(client, given):
    r = client.get("/games", query_string={"lang": given})
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["code"] == "invalid_language" and "en, ja" in error["message"]
    assert r.headers["Content-Language"] == "en"


@pytest.mark.parametrize("header, lang", [("ja-JP,ja;q=0.9,en;q=0.5", "ja"), ("ja", "ja"), ("fr-FR, en;q=0.3", "en"),
                                          ("de", "en"), ("en-GB,ja;q=0.8", "en"), (None, "en")])
def test_without_lang_the_best_match_of_accept_language(client, header, lang):
    m = ApiMatch(client)
    r, text = first_text(client, m, headers={"Accept-Language": header} if header else {})
    assert r.headers["Content-Language"] == lang and text.startswith(BEGINS[lang])


def test_a_signed_in_player_s_preference_before_accept_language_and_lang_before_both(client):
    player = client.post("/players", json={"name": "Reimu"}).get_json()
    key = bearer(player["key"])
    assert client.get("/players/me", headers=key).get_json()["language"] is None
    r = client.patch("/players/me", json={"language": "ja"}, headers=key)
    assert r.status_code == 200 and r.get_json()["language"] == "ja"
    assert client.get("/players/me", headers=key).get_json()["language"] == "ja"
    made = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": [
        {"name": "Reimu", "player": True}, {"name": "Marisa"}]}, headers=key).get_json()
    english = {**key, "Accept-Language": "en-US"}
    r = client.get(f"/matches/{made['match_id']}/events", headers=english)
    assert r.headers["Content-Language"] == "ja" and r.get_json()["events"][0]["text"].startswith(BEGINS["ja"])
    r = client.get(f"/matches/{made['match_id']}/events", headers=english, query_string={"lang": "en"})
    assert r.headers["Content-Language"] == "en"
    assert client.get("/games", headers={"Authorization": "Bearer a-seat-token", "Accept-Language": "ja"}) \
        .headers["Content-Language"] == "ja"                       # a token that is no player key: the browser's
    assert client.patch("/players/me", json={"language": None}, headers=key).get_json()["language"] is None
    assert client.get("/games", headers=english).headers["Content-Language"] == "en"


@pytest.mark.parametrize("body", [{"language": "fr"}, {"language": 3}, {"lang": "ja"}])
def test_a_preference_is_a_language_kifu_speaks(client, body):
    player = client.post("/players", json={"name": "Reimu"}).get_json()
    r = client.patch("/players/me", json=body, headers=bearer(player["key"]))
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith(next(iter(body)))


def test_an_error_message_is_in_the_request_s_language_and_its_code_stays(client):
    m = ApiMatch(client)
    answers = {lang: client.post(f"/matches/{m.id}/draw/accept", json={}, headers=m.headers(0),
                                 query_string={"lang": lang}) for lang in ("en", "ja")}
    en, ja = (answers[lang].get_json()["error"] for lang in ("en", "ja"))
    assert answers["ja"].status_code == answers["en"].status_code == 422
    assert en["code"] == ja["code"] and en["rule"] == ja["rule"]
    assert en["message"] == "no draw offer is open" and ja["message"] == "引き分けの申し出はありません"


def test_explain_says_why_in_the_caller_s_language(client):
    m = ApiMatch(client)
    why = {lang: client.get(f"/matches/{m.id}/events/1/explain", query_string={"lang": lang}).get_json()["why"]
           for lang in ("en", "ja")}
    assert why["en"][0].startswith("Version 1: The match begins: ")
    assert why["ja"][0].startswith("バージョン 1：対局開始：")
    assert any(s.startswith("ルール（kifu/match、kifu：対局の始まりと終わり）：") for s in why["ja"]), why["ja"]


def test_two_followers_of_one_match_each_get_its_own_language(app, client):
    m = ApiMatch(client)
    with app.app_context():
        store = get_store()
        meta = store.meta(m.id)
    hub = Hub(store, 1000, 600)
    sinks = {lang: Sink() for lang in ("en", "ja")}
    try:
        for lang, sink in sinks.items():
            hub.follow(m.id, 0, Caller(seat=None), meta, sink, lambda: None, lang)
        for _ in range(3):
            seat = m.info()["to_act"][0]
            assert m.post(seat, {"type": "add", "n": 1}).status_code == 200
        version = m.info()["version"]
        end = time.monotonic() + 20
        while not all(sse_events(s.text) and sse_events(s.text)[-1]["version"] == version for s in sinks.values()):
            assert time.monotonic() < end, "timed out"
            time.sleep(0.01)
    finally:
        hub.stop()
    for lang, sink in sinks.items():
        served = client.get(f"/matches/{m.id}/events", query_string={"lang": lang}).get_json()["events"]
        assert [e["text"] for e in sse_events(sink.text)] == [e["text"] for e in served]
        assert sse_events(sink.text)[0]["text"].startswith(BEGINS[lang])
    streamed = client.get(f"/matches/{m.id}/stream", query_string={"follow": "false", "lang": "ja"})
    assert sse_events(streamed.get_data(as_text=True))[0]["text"].startswith(BEGINS["ja"])


def test_a_message_is_rendered_in_its_language():
    facts = {"match_id": "m1", "game": "toy", "variant": "standard", "seats": ["霊夢", "Marisa"]}
    detail = {"version": 4, "outcome": {"winner": 0, "reason": "resign", "resigned": [1]}}
    msg = messages.message("dlv_1", "match_ended", "2030-01-01T09:00:00.000Z", facts, 0, detail,
                           "https://kifu.example", "u", "ja")
    assert msg["lang"] == "ja" and msg["subject"] == "kifu: 対局終了 — toy standard、霊夢 対 Marisa"
    assert "対局が終わりました：Marisa が投了。" in msg["text"]
    with speaking("ja"):                 # the message's language, not the one spoken where it is rendered
        english = messages.message("dlv_1", "match_ended", "2030-01-01T09:00:00.000Z", facts, 0, detail,
                                   "https://kifu.example", "u")
    assert english["lang"] == "en" and "The match is over: Marisa resigned." in messages.text(english)


def test_the_profile_shows_the_language_to_its_owner_only(client):
    reimu = client.post("/players", json={"name": "Reimu"}).get_json()
    marisa = client.post("/players", json={"name": "Marisa"}).get_json()
    client.patch("/players/me", json={"language": "ja"}, headers=bearer(reimu["key"]))
    path = f"/players/{reimu['player_id']}"
    assert client.get(path, headers=bearer(reimu["key"])).get_json()["language"] == "ja"
    assert "language" not in client.get(path).get_json()
    assert "language" not in client.get(path, headers=bearer(marisa["key"])).get_json()


def test_the_engine_s_own_words_in_each_language():
    """engine/core/narration.py: the joiners of a list, a seat without a name, the table, a count's
    plural (a message of its own per number, never words glued together)."""
    from engine.core import Event, Reader
    from engine.core.narration import TABLE_LINES, listing
    clock = TABLE_LINES["ClockSet"]
    one = Event("ClockSet", {"minutes": 1, "on_timeout": "pass"})
    five = Event("ClockSet", {"minutes": 5, "on_timeout": "forfeit"})
    assert listing(["A", "B", "C"]) == "A, B and C" and Reader(None, []).who(2) == "seat 2"
    assert clock(one.data, one, Reader()) == "Each move has a deadline of 1 minute; when it passes, the seat passes"
    assert clock(five.data, five, Reader()).startswith("Each move has a deadline of 5 minutes")
    with speaking("ja"):
        assert listing(["A", "B", "C"]) == "A、BとC" and listing(["A", "B"]) == "AとB" and listing(["A"]) == "A"
        assert Reader(None, []).who(2) == "席 2" and Reader(None, []).who(None) == "卓"
        assert clock(five.data, five, Reader()) == "一手ごとの期限は 5 分。過ぎるとその席の不戦敗"


def test_a_refusal_that_names_values_says_them_in_the_request_s_language(client):
    """marshmallow's validators word a refusal with its values (service/http/validators.py): the
    sentence is the request's language, the values (a length, a bound, the API's own choices) stay
    as they are, and the English is marshmallow's, word for word."""
    key = bearer(client.post("/players", json={"name": "Reimu"}).get_json()["key"])
    seats = [{"name": "Reimu", "settings": {"pass": "always"}}, {"name": "Marisa"}]
    asked = {
        "length": lambda q: client.post("/players", json={"name": ""}, query_string=q),
        "range": lambda q: client.get("/matches", query_string={**q, "limit": 0}),
        "one_of": lambda q: client.patch("/players/me", json={"language": "fr"}, headers=key, query_string=q),
        "schema_s_own": lambda q: client.post("/matches", json={"game": "toy", "variant": "standard",
                                                                "seats": seats}, query_string=q),
        "strict_bool": lambda q: client.post("/matches", json={"game": "toy", "variant": "standard", "seats": [
            {"name": "Reimu", "settings": {"confirm": 1}}, {"name": "Marisa"}]}, query_string=q)}
    said = {
        "en": {"length": "name: Length must be between 1 and 64.",
               "range": "limit: Must be greater than or equal to 1 and less than or equal to 500.",
               "one_of": "language: Must be one of: en, ja.",
               "schema_s_own": "seats.0.settings.pass: 'always' is not one of manual, only-choice, unless-respond",
               "strict_bool": "seats.0.settings.confirm: true or false"},
        "ja": {"length": "name: 長さは 1 以上 64 以下でなければなりません。",
               "range": "limit: 1 以上 500 以下でなければなりません。",
               "one_of": "language: 次のいずれかでなければなりません：en, ja。",
               "schema_s_own": "seats.0.settings.pass: 'always' は manual, only-choice, unless-respond のどれでもありません",
               "strict_bool": "seats.0.settings.confirm: true か false です"}}
    for lang, expected in said.items():
        for what, message in expected.items():
            r = asked[what]({"lang": lang})
            assert r.status_code == 400 and r.headers["Content-Language"] == lang, (lang, what, r.get_json())
            assert r.get_json()["error"] == {"code": "invalid_request", "message": message, "rule": None}, (lang, what)


def test_every_validator_the_schemas_use_is_a_translated_one():
    """A marshmallow validator taken from marshmallow.validate would word its refusal in English
    whatever the request's language: every one a request schema holds (its fields, a list's items, a
    mapping's keys and values) comes from service/http/validators.py."""
    import importlib
    from pathlib import Path

    import marshmallow
    from marshmallow import fields

    http = Path(__file__).resolve().parents[1] / "service" / "http"
    modules = [importlib.import_module(f"service.http.{p.stem}") for p in sorted(http.glob("*schemas.py"))]
    schemas = {obj for module in modules for obj in vars(module).values()
               if isinstance(obj, type) and issubclass(obj, marshmallow.Schema)}

    def walk(field):
        yield field
        for inner in (getattr(field, "inner", None), getattr(field, "key_field", None),
                      getattr(field, "value_field", None), *getattr(field, "tuple_fields", ())):
            if isinstance(inner, fields.Field):
                yield from walk(inner)

    used = [(schema.__name__, name, validator) for schema in schemas
            for name, declared in schema._declared_fields.items() for field in walk(declared)
            for validator in field.validators if isinstance(validator, marshmallow.validate.Validator)]
    assert len(modules) >= 6 and len(used) > 50
    assert {type(v).__name__ for _s, _n, v in used} == {"Length", "Range", "OneOf"}
    wrong = [(s, n, type(v).__module__) for s, n, v in used if type(v).__module__ != "service.http.validators"]
    assert not wrong, wrong
