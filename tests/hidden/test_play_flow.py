"""Issue 38's new fields and moves keep every seat's secrets: that a pass was made by a seat's settings
(which tells that passing was its only move, so something of its hand) is shown to that seat alone while
the match runs, on every channel that tells moves: /events, the stream, the export, explain."""
import json
import random

from tests.helpers import ApiMatch

AUTOMATIC = {"en": "(automatic)", "ja": "（自動）"}      # what the narrated log adds to an automatic move


def _reads(client, m, seat, version):
    """Everything the seat reads of the match's moves, as one text."""
    h = m.headers(seat)
    texts = [client.get(f"/matches/{m.id}/events", headers=h, query_string={"limit": 1000}).get_data(as_text=True),
             client.get(f"/matches/{m.id}/stream", headers=h, query_string={"follow": "false"}).get_data(as_text=True),
             client.get(f"/matches/{m.id}/export", headers=h).get_data(as_text=True),
             client.get(f"/matches/{m.id}/events/{version}/explain", headers=h).get_data(as_text=True),
             client.get(f"/matches/{m.id}", headers=h).get_data(as_text=True)]
    return "\n".join(texts)


def test_an_automatic_pass_is_told_as_automatic_to_its_own_seat_only_while_the_match_runs(client, language):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    r = client.put(f"/matches/{m.id}/seats/0/settings", json={"pass": "only-choice"}, headers=m.headers(0))
    assert r.status_code == 200
    rnd, auto = random.Random(2), None
    for _ in range(300):
        own = m.get("/events", 0, limit=1000)["events"]
        auto = next((e for e in own if e.get("auto")), None)
        info = m.info()
        if auto or info["outcome"] is not None:
            break
        seat = info["to_act"][0]
        legal = m.legal(seat)
        m.post(seat, rnd.choice(legal["actions"]), legal["version"])
    assert auto is not None and m.info()["outcome"] is None
    theirs = _reads(client, m, 1, auto["version"]) + _reads(client, m, None, auto["version"])
    automatic = AUTOMATIC[language]
    for marker in (automatic, '"auto":{', '"auto": {', '"setting":{"pass"', '"setting": {"pass"'):
        assert marker not in theirs, marker
    mine = _reads(client, m, 0, auto["version"])
    assert automatic in mine
    view = json.loads(client.get(f"/matches/{m.id}", headers=m.headers(1)).get_data(as_text=True))
    assert view["settings"]["recorded"] is False                 # seat 1 sees its own settings, not seat 0's
