"""The narrated log over the API (issue 21): each event's ``text`` and ``move`` on /events, the stream
and the digest; the table's events told by the core; explain's ``why`` in sentences."""
from engine.core.narration import duration
from service.http.redis_conn import get_store
from tests.helpers import ApiMatch
from tests.hidden.table import sse_events


def played(client, n=3) -> ApiMatch:
    m = ApiMatch(client)
    for _ in range(n):
        assert m.post(m.seat_to_act(), {"type": "add", "n": 1}).status_code == 200
    return m


def test_each_event_names_the_command_it_belongs_to(app, client):
    m = played(client)
    events = m.get("/events", 0)["events"]
    with app.app_context():
        records = {r.version: r for r in get_store().read(m.id, 0)}
    starts = [v for v, r in records.items() if r.command is not None]
    assert len(starts) == 4                                 # the setup and three actions
    for e in events:
        start = max(s for s in starts if s <= e["version"])
        assert e["move"] == {"version": start, "seat": records[start].command.get("seat")}
    assert {e["move"]["seat"] for e in events if e["move"]["version"] > 1} == {0, 1}
    # a page that starts inside a batch finds the batch's first event all the same
    inside = next(e["version"] for e in events if e["move"]["version"] < e["version"])
    page = m.get("/events", 0, after=inside - 1)["events"]
    assert page[0]["move"] == next(e for e in events if e["version"] == inside)["move"]


def test_the_stream_and_the_digest_are_told_as_the_events_page(client):
    m = played(client)
    page = m.get("/events", 1)["events"]
    r = client.get(f"/matches/{m.id}/stream", query_string={"follow": "false"}, headers=m.headers(1))
    streamed = sse_events(r.get_data(as_text=True))
    assert [(e["version"], e["text"], e["move"]) for e in streamed] == [(e["version"], e["text"], e["move"]) for e in page]
    waiting = 1 - page[-1]["move"]["seat"]                 # the seat that did not move last has news
    told = {e["version"]: e["text"] for e in m.get("/events", waiting)["events"]}
    digest = m.info(waiting)["since_your_last_action"]["events"]
    assert digest and all(e["text"] == told[e["version"]] for e in digest)


def test_the_table_is_told_by_the_core(client):
    r = client.post("/matches", json={"game": "toy", "variant": "standard",
                                      "seats": [{"name": "Reimu"}, {"name": "Owl", "bot": "random"}],
                                      "deadline": {"minutes": 60, "on_timeout": "pass"}})
    assert r.status_code == 201, r.get_json()
    created = r.get_json()
    m = ApiMatch.held(client, created["match_id"], [created["seats"][0]["token"], None])
    texts = {e["type"]: e["text"] for e in m.get("/events", 0)["events"]}
    assert texts["MatchCreated"].startswith("The match begins: Toy counting game") and "Reimu vs Bot (random)" in texts["MatchCreated"]
    assert texts["SeatControlled"] == "Seat 2 is played by a bot (random)"
    assert texts["ClockSet"] == "Each move has a deadline of 1 hour; when it passes, the seat passes"
    assert [duration(m) for m in (1440, 4320, 1800, 45, 61)] == \
        ["1 day", "3 days", "1 day and 6 hours", "45 minutes", "1 hour and 1 minute"]


def test_why_is_told_in_sentences(client):
    m = played(client, 2)
    events = m.get("/events", 0)["events"]
    caused = next(e for e in events if e["cause"] is not None and e["text"])
    why = m.get(f"/events/{caused['version']}/explain", 0)
    assert why["why"][0] == f"Version {caused['version']}: {caused['text']}."
    assert why["rule"]["statement"] and why["rule"]["statement"].rstrip(".") in why["why"][1]
    assert f"version {caused['cause']}" in why["why"][2]
    assert why["why"][-1].startswith("It belongs to") and f"version {caused['move']['version']}" in why["why"][-1]


def test_why_names_a_table_move_as_the_seats_own(client):
    m = played(client, 1)
    assert client.post(f"/matches/{m.id}/resign", headers=m.headers(1)).status_code == 200
    resigned = next(e for e in m.get("/events", 0)["events"] if e["type"] == "SeatResigned")
    why = m.get(f"/events/{resigned['version']}/explain", 0)
    assert why["command"]["kind"] == "table" and why["command"]["seat"] == 1
    assert why["why"][-1].startswith("It belongs to Marisa's move at the table at version"), why["why"]
