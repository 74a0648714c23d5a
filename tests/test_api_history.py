"""GET /matches/<id>/events and /state: paging, past views, and hidden information."""
import pytest

from tests.helpers import ApiMatch


@pytest.fixture
def finished(client):
    m = ApiMatch(client)
    m.play_to_end(choose=lambda actions: actions[0])     # +1 each move: a long game
    return m


@pytest.fixture
def running(client):
    m = ApiMatch(client)
    for _ in range(3):
        seat = m.seat_to_act()
        assert m.post(seat, {"type": "add", "n": 1}).status_code == 200
    return m


def test_events_default_page_and_item_shape(running):
    page = running.get("/events")
    assert page["after"] == 0 and page["version"] == 13 and page["next_after"] == 13
    assert [e["version"] for e in page["events"]] == list(range(1, 14))
    assert set(page["events"][4]) == {"version", "type", "data", "seat", "rule", "cause", "at", "text", "move"}


def test_events_paging_with_after_and_limit(finished):
    total = finished.info()["version"]
    seen, after = [], 0
    while after < total:
        page = finished.get("/events", after=after, limit=4)
        assert len(page["events"]) <= 4
        seen += [e["version"] for e in page["events"]]
        after = page["next_after"]
    assert seen == list(range(1, total + 1))
    assert finished.get("/events", after=total)["events"] == []


@pytest.mark.parametrize("query, field", [({"limit": 0}, "limit"), ({"limit": 1001}, "limit"),
                                          ({"after": -1}, "after"), ({"after": "x"}, "after"),
                                          ({"page": 2}, "page")])
def test_bad_event_queries_are_400(client, running, query, field):
    r = client.get(f"/matches/{running.id}/events", query_string=query)
    assert r.status_code == 400 and f"{field}:" in r.get_json()["error"]["message"]


def test_hashes_are_hidden_until_the_match_has_an_outcome(running, finished):
    for seat in (None, 0, 1):
        assert all("hash" not in e for e in running.get("/events", seat)["events"])
        assert all(len(e["hash"]) == 64 for e in finished.get("/events", seat)["events"])


def test_state_at_a_version_is_the_view_the_caller_had_then(client):
    m = ApiMatch(client)
    views = {}
    for _ in range(4):
        info = m.info(seat=0)
        views[info["version"]] = info["view"]
        seat = m.seat_to_act()
        assert m.post(seat, {"type": "add", "n": 2}).status_code == 200
    for version, view in views.items():      # snapshots every 5 events: some come from snapshots
        assert m.get("/state", seat=0, version=version) == {
            "match_id": m.id, "version": version, "seat": 0, "view": view}
    now = m.info(seat=1)
    assert m.get("/state", seat=1)["view"] == now["view"]
    assert m.get("/state", version=2)["view"]["players"] == [{"secret": None}, {"secret": None}]


@pytest.mark.parametrize("version, status", [(0, 404), (-3, 404), (99, 404), ("two", 400)])
def test_state_versions_out_of_range(client, running, version, status):
    r = client.get(f"/matches/{running.id}/state", query_string={"version": version})
    assert r.status_code == status, r.get_json()


def test_no_seat_or_spectator_ever_sees_the_other_seats_hidden_card(client, app):
    from service.application.match.loading import open_match
    from service.http.redis_conn import get_store

    def check(m, *_):
        with app.app_context():
            secrets = open_match(get_store(), m.id).state["secrets"]
        for viewer in (None, 0, 1):
            for source in (m.info(viewer)["view"], m.get("/state", viewer)["view"]):
                shown = [p["secret"] for p in source["players"]]
                assert shown == [c if s == viewer else None for s, c in enumerate(secrets)]
            for e in m.get("/events", viewer, limit=1000)["events"]:
                if e["type"] == "CardDealt" and e["data"]["seat"] != viewer:
                    assert e["data"]["card"] is None
                if e["type"] == "CardDealt" and e["data"]["seat"] == viewer:
                    assert e["data"]["card"] in range(1, 10)

    m = ApiMatch(client, options={"target": 12})
    check(m)
    m.play_to_end(choose=lambda actions: actions[0], on_step=check)


def test_the_acting_seats_answer_is_redacted_for_it_too(client):
    m = ApiMatch(client, setup={"first": 0, "total": 0, "secrets": [1, 2]})
    events = m.post(0, {"type": "add", "n": 1}).get_json()["events"]
    dealt = [e for e in events if e["type"] == "CardDealt"]
    assert dealt and all(e["data"]["seat"] == 0 and e["data"]["card"] for e in dealt)
    position = m.get("/events", seat=1)["events"][1]
    assert position["type"] == "PositionSet" and position["data"]["secrets"] == [None, 2]
