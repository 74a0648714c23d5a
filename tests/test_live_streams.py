"""Live pages at scale (issue 35), on gunicorn as the Procfile starts it (its worker class hands the
stream's connections to one socket thread per process) and on a redis-server of the test's own
(AOF, every write on disk before its reply, on a free port), so that it can be killed and started
again mid-stream.

- 216 followers: 50 3x3Wars matches × (seat 0, seat 1, two spectators), and 16 more on one of them
  (8 per seat); moves posted in every match; every follower gets exactly the events its caller may
  see, in order, none missing and none twice — the same as ``/events`` answers that caller — and
  none of them carries a card hidden from it (the hidden-information suite's check, tests/hidden);
  keep-alive comments while a stream is quiet.
- Redis killed and started again mid-stream: followers keep their connections, the web process's
  reader subscribes again, and the moves made after it reach every follower, again exactly once.
- A follower that reconnects with ``Last-Event-ID`` resumes after it.
- 404 for a match that does not exist, 403 for a token that does not fit, before any stream.
- SIGTERM with 40 streams open: each ends at once with a ``caught-up`` message (the page then
  reconnects), and gunicorn exits within 10 s.
The caps on open streams (429 with Retry-After) are checked in-process at the end.
"""
import os
import random
import signal
import subprocess
import tempfile
import time

import fakeredis
import pytest
import redis

from service import create_app
from service.application.storage.store import EventStore
from tests.faults.deployment import RedisServer
from tests.helpers import bearer
from tests.hidden.channels import Checker
from tests.hidden.truth import Truth
from engine.core import registry
from tests.plugin_stack import ROOT, command, free_port, procfile, request, until
from tests.sse_followers import Followers

pytestmark = pytest.mark.streams

MATCHES = 50
CROWD = 8                   # more followers of each seat on the first match
GAME, VARIANT = "threebythree", "overlord"


class Web:
    """gunicorn from the Procfile's web line on ``redis_url``; stopped by its PID."""

    def __init__(self, redis_url: str, **env):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environ = {**os.environ, "REDIS_URL": redis_url, "PYTHONPATH": str(ROOT), "KIFU_SSE_KEEPALIVE_MS": "1000",
                   "KIFU_STREAMS_PER_ADDRESS": "0", "KIFU_STREAMS_PER_TOKEN": "0", **env}
        for name in ("KIFU_STORE_URL", "KIFU_QUEUE_URL"):
            environ.pop(name, None)
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(command(procfile()["web"], self.port, redis_url) + ["--log-level", "warning"],
                                     cwd=ROOT, env=environ, start_new_session=True, stdout=subprocess.DEVNULL,
                                     stderr=self.log)
        until(self._served, timeout=30)

    def _served(self) -> bool:
        assert self.proc.poll() is None, self.output()
        try:
            return request(self.url, "GET", "/readyz", timeout=2)[0] == 200
        except OSError:
            return False

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-3000:]

    def post(self, path: str, body: dict, token: str | None = None) -> dict:
        status, answer = request(self.url, "POST", path, body, token)
        assert status in (200, 201), (path, status, answer)
        return answer

    def get(self, path: str, token: str | None = None) -> dict:
        status, answer = request(self.url, "GET", path, token=token)
        assert status == 200, (path, status, answer)
        return answer

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture(scope="module")
def deployment():
    server = RedisServer(free_port(), dict(os.environ))
    web = None
    try:
        web = Web(server.url)
        yield server, web
    finally:
        if web is not None:
            web.stop()
        server.stop()


def new_match(web: Web) -> dict:
    return web.post("/matches", {"game": GAME, "variant": VARIANT, "seats": [{"name": "Reimu"}, {"name": "Marisa"}]})


def move(web: Web, match: dict, rng: random.Random) -> bool:
    """One random legal action of a seat to act; False when none can."""
    for seat in rng.sample([0, 1], 2):
        token = match["seats"][seat]["token"]
        legal = web.get(f"/matches/{match['match_id']}/legal-actions", token)
        if legal["actions"]:
            web.post(f"/matches/{match['match_id']}/actions",
                     {"action": rng.choice(legal["actions"]), "expected_version": legal["version"],
                      "command_id": f"c{legal['version']}-{seat}"}, token)
            return True
    return False


def callers(match: dict) -> list:
    """(caller, token) of the four followers of a match: both seats and two spectators."""
    return [(0, match["seats"][0]["token"]), (1, match["seats"][1]["token"]), (None, None), (None, None)]


def newest(web: Web, followed: list) -> dict:
    """(match id, token) -> the version of the newest event its caller may see."""
    found = {}
    for m, _, token, _ in followed:
        if (m["match_id"], token) not in found:
            events = web.get(f"/matches/{m['match_id']}/events?after=0&limit=1000", token)["events"]
            found[m["match_id"], token] = events[-1]["version"]
    return found


def all_at(followed: list, versions: dict) -> bool:
    return all(s.last_id == versions[m["match_id"], token] for m, _, token, s in followed)


def check_streams(web: Web, store: EventStore, followed: list) -> None:
    """Each follower has what ``/events`` gives its caller, in order, once, and nothing hidden from it."""
    game = registry.get_game(GAME)
    truths = {}
    for match, caller, token, stream in followed:
        expected = web.get(f"/matches/{match['match_id']}/events?after=0&limit=1000", token)["events"]
        assert stream.versions() == [e["version"] for e in expected], (match["match_id"], caller)
        # the stream (as always) adds the command to the caller's own moves, and to no one else's
        assert all(e["command"]["seat"] == caller for _, e, _ in stream.events if "command" in e)
        told = [{k: x for k, x in e.items() if k != "command"} for _, e, _ in stream.events]
        differ = [(e["version"], {k: (e.get(k), x.get(k)) for k in e.keys() | x.keys() if e.get(k) != x.get(k)})
                  for e, x in zip(told, expected) if e != x]
        assert not differ, (caller, differ[:3])
        if match["match_id"] not in truths:
            truth = Truth(game, 2)
            truth.fold_records(store.read(match["match_id"]))
            truths[match["match_id"]] = Checker(type("Table", (), {"game": game, "truth": truth})())
        truths[match["match_id"]].events(caller, "/stream (gunicorn, live)", [e for _, e, _ in stream.events])
    leaks = [line for checker in truths.values() for line in checker.leaks]
    assert not leaks, "\n".join(leaks[:20])


def test_two_hundred_followers_get_their_seats_events_once_in_order_through_a_redis_restart(deployment):
    server, web = deployment
    rng = random.Random("live-streams")
    store = EventStore(redis.Redis.from_url(server.url))
    matches = [new_match(web) for _ in range(MATCHES)]
    followers = Followers("127.0.0.1", web.port)
    try:
        followed = [(m, caller, token, followers.open(f"/matches/{m['match_id']}/stream", token))
                    for m in matches for caller, token in callers(m)]
        crowd = matches[0]
        followed += [(crowd, seat, crowd["seats"][seat]["token"],
                      followers.open(f"/matches/{crowd['match_id']}/stream", crowd["seats"][seat]["token"]))
                     for seat in (0, 1) for _ in range(CROWD)]
        assert len(followed) >= 200
        target = newest(web, followed)
        followers.until(lambda: all_at(followed, target), 60, "the setup")
        assert all(s.status == 200 and s.headers["content-type"].startswith("text/event-stream") for *_, s in followed)

        for _ in range(2):                               # both setups chosen in every match
            for m in matches:
                move(web, m, rng)
        target = newest(web, followed)
        followers.until(lambda: all_at(followed, target), 60, "the first moves")

        server.kill()                                    # Redis goes away mid-stream, and comes back
        quiet = [s.comments for *_, s in followed]
        time.sleep(2.5)
        assert all(s.comments > n for n, (*_, s) in zip(quiet, followed)), "no keep-alive while Redis was away"
        server.start()
        until(lambda: request(web.url, "GET", "/readyz", timeout=2)[0] == 200, timeout=30)
        for _ in range(2):
            for m in matches:
                move(web, m, rng)
        target = newest(web, followed)
        followers.until(lambda: all_at(followed, target), 60, "the moves after the restart")
        assert not [s for *_, s in followed if s.closed], "a stream ended"
        assert all(s.comments >= 1 for *_, s in followed), "no keep-alive comment in a quiet second"
        check_streams(web, store, followed)

        # a follower that reconnects with Last-Event-ID resumes after it
        m, caller, token, first = followed[0]
        followers.close(first)
        move(web, m, rng)
        move(web, m, rng)
        again = followers.open(f"/matches/{m['match_id']}/stream", token, last_id=first.last_id)
        whole = web.get(f"/matches/{m['match_id']}/events?after=0&limit=1000", token)["events"]
        followers.until(lambda: again.last_id == whole[-1]["version"], 30, "the resumed stream")
        assert first.versions() + again.versions() == [e["version"] for e in whole]
    finally:
        followers.stop()
        store.redis.close()


def test_an_unknown_match_is_404_and_a_token_that_does_not_fit_403(deployment):
    _, web = deployment
    match = new_match(web)
    followers = Followers("127.0.0.1", web.port)
    try:
        unknown = followers.open("/matches/no-such-match/stream")
        wrong = followers.open(f"/matches/{match['match_id']}/stream", "not-a-token-of-this-match")
        followers.until(lambda: unknown.closed and wrong.closed or unknown.body and wrong.body, 10, "the answers")
        assert unknown.status == 404 and unknown.json_body()["error"]["code"] == "match_not_found"
        assert wrong.status == 403 and wrong.json_body()["error"]["code"] == "bad_token"
    finally:
        followers.stop()


def test_sigterm_ends_every_open_stream_at_once_and_gunicorn_exits_within_10_s(deployment):
    server, _ = deployment
    web = Web(server.url)
    followers = Followers("127.0.0.1", web.port)
    try:
        match = new_match(web)
        streams = [followers.open(f"/matches/{match['match_id']}/stream", token)
                   for _ in range(10) for _, token in callers(match)]
        followers.until(lambda: all(s.events for s in streams), 30, "the streams")
        started = time.monotonic()
        web.proc.send_signal(signal.SIGTERM)
        web.proc.wait(10)
        took = time.monotonic() - started
        assert took <= 10, took
        followers.until(lambda: all(s.closed for s in streams), 5, "the streams' end")
        assert all(s.caught_up == 8 for s in streams), [s.caught_up for s in streams]
    finally:
        followers.stop()
        web.stop()


def test_open_streams_are_capped_per_address_and_per_token_with_retry_after():
    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(),
                      "STREAMS_PER_ADDRESS": 3, "STREAMS_PER_TOKEN": 2})
    client = app.test_client()
    match = client.post("/matches", json={"game": GAME, "variant": VARIANT,
                                          "seats": [{"name": "Reimu"}, {"name": "Marisa"}]}).get_json()
    path, token = f"/matches/{match['match_id']}/stream", match["seats"][0]["token"]
    held = [client.get(path, headers=bearer(token), buffered=False) for _ in range(2)]
    assert [r.status_code for r in held] == [200, 200]
    third = client.get(path, headers=bearer(token))
    assert third.status_code == 429 and third.get_json()["error"]["code"] == "too_many_streams"
    assert int(third.headers["Retry-After"]) > 0 and "per token" in third.get_json()["error"]["message"]
    held.append(client.get(path, buffered=False))                     # a spectator: the address's third
    assert held[-1].status_code == 200
    fourth = client.get(path, headers=bearer(match["seats"][1]["token"]))
    assert fourth.status_code == 429 and "per client address" in fourth.get_json()["error"]["message"]
    held.pop().close()                                                # a page closed: its place is free again
    assert client.get(path, headers=bearer(match["seats"][1]["token"]),
                      query_string={"follow": "false"}).status_code == 200
    for r in reversed(held):                                          # (the test client's contexts: last first)
        r.close()
