"""GET /matches/<id>/stream (server-sent events, resumable) and the play-by-post digest."""
import json
import threading
import time

import pytest

from tests.audit_helpers import hidden_cards, mentions, overlord_after_setup
from tests.helpers import ApiMatch


def messages(text: str) -> list[dict]:
    out = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "data" in fields:
            out.append({"id": fields.get("id"), "event": fields.get("event"), "data": json.loads(fields["data"])})
    return out


def backlog(client, m, headers=None, **query):
    r = client.get(f"/matches/{m.id}/stream", headers=headers or {}, query_string={"follow": "false", **query})
    assert r.status_code == 200 and r.mimetype == "text/event-stream"
    return messages(r.get_data(as_text=True))


def test_the_backlog_is_one_message_per_event_then_caught_up(client):
    m = ApiMatch(client)
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    got = backlog(client, m)
    assert [x["id"] for x in got[:-1]] == [str(v) for v in range(1, 8)]
    assert {x["event"] for x in got[:-1]} == {"match-event"} and got[-1] == {
        "id": None, "event": "caught-up", "data": {"version": 7}}


def test_last_event_id_resumes_after_that_version(client):
    m = ApiMatch(client)
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    assert [x["id"] for x in backlog(client, m, {"Last-Event-ID": "5"})[:-1]] == ["6", "7"]
    assert [x["id"] for x in backlog(client, m, after=6)[:-1]] == ["7"]
    r = client.get(f"/matches/{m.id}/stream", query_string={"after": -1})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "invalid_request"


def test_the_feed_is_redacted_for_each_caller(client):
    m = overlord_after_setup(client)
    hidden = {0: hidden_cards(m, 0), 1: hidden_cards(m, 1)}
    for seat, secret in ((0, hidden[1]), (1, hidden[0]), (None, hidden[0] | hidden[1])):
        text = json.dumps(backlog(client, m, m.headers(seat)), ensure_ascii=False)
        assert mentions(text, secret) == set(), seat
        assert '"hash"' not in text


def test_a_finished_match_streams_the_truth_and_ends(client):
    m = ApiMatch(client)
    m.play_to_end()
    r = client.get(f"/matches/{m.id}/stream")                     # follow, but the match is over
    got = messages(r.get_data(as_text=True))
    assert got[-1]["event"] == "caught-up" and all("hash" in x["data"] for x in got[:-1])


def test_the_digest_holds_what_happened_since_your_last_action(client):
    m = ApiMatch(client)
    first = m.seat_to_act()
    m.post(first, {"type": "add", "n": 1})                        # 5..7
    m.post(1 - first, {"type": "add", "n": 2})                    # 8..10
    digest = m.info(first)["since_your_last_action"]
    assert digest["after"] == 7 and digest["count"] == 3 and digest["complete"]
    assert [e["type"] for e in digest["events"]] == ["Added", "CardDealt", "TurnPassed"]
    assert digest["events"][1]["data"]["card"] is None            # the other seat's new card stays hidden
    assert m.info(1 - first)["since_your_last_action"]["count"] == 0
    assert m.info()["since_your_last_action"] is None


@pytest.mark.redis
def test_a_follower_on_real_redis_gets_each_new_event_as_it_is_appended(audit_app):
    client = audit_app.test_client()
    m = ApiMatch(client)
    seat = m.seat_to_act()
    response = audit_app.test_client().get(f"/matches/{m.id}/stream", headers={"Last-Event-ID": "4"},
                                          buffered=False)
    chunks, got_three = [], threading.Event()

    def read():
        for chunk in response.response:
            chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
            if len(messages("".join(chunks))) >= 3:
                got_three.set()
                return
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert m.post(seat, {"type": "add", "n": 1}).status_code == 200
    assert got_three.wait(20), chunks
    response.close()
    assert [x["id"] for x in messages("".join(chunks))[:3]] == ["5", "6", "7"]


def test_a_follower_on_real_redis_waits_a_minute_and_gets_the_move_made_half_way(audit_app):
    """Issue 16: redis-py's 5 s socket timeout ended the feed's 15 s blocking read in TimeoutError
    (the page fell back to polling); the stream stays open 60 s and delivers a move made at 30 s.
    The stream is read here (the thread that opened it); the move is posted from a timer thread."""
    client = audit_app.test_client()
    m = ApiMatch(client)
    seat = m.seat_to_act()
    start = m.info()["version"]
    response = audit_app.test_client().get(f"/matches/{m.id}/stream", headers={"Last-Event-ID": str(start)},
                                          buffered=False)
    opened, chunks, posted, arrived = time.monotonic(), [], [], None
    timer = threading.Timer(30, lambda: posted.append(m.post(seat, {"type": "add", "n": 1}).status_code))
    timer.start()
    for chunk in response.response:
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if arrived is None and messages("".join(chunks)):
            arrived = time.monotonic() - opened
        if time.monotonic() - opened >= 60:
            break
    lasted = time.monotonic() - opened
    response.close()
    timer.join()
    assert lasted >= 60, f"the stream ended after {lasted:.1f} s: {''.join(chunks)}"
    assert posted == [200] and arrived is not None and 30 <= arrived < 45, (arrived, "".join(chunks))
    assert messages("".join(chunks))[0]["id"] == str(start + 1)
