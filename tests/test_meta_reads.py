"""The play routes read a match's meta field by field (service/application/match/loading.py ``Meta``):
the hash grows with every token, claim, dispute and player binding, and reading it whole on each
request cost the action path (issue 22). Matches bound to players, or with subscriptions, are read
the same way (issue 17's notices and player index look seat by seat)."""
import threading

import fakeredis
import pytest
import redis

from service import create_app
from tests.helpers import ApiMatch, bearer
from tests.jobs import run_jobs


@pytest.fixture
def whole_reads(app, monkeypatch):
    """How often the event store read a meta hash whole (HGETALL), by match id."""
    store = app.extensions["kifu_store"]
    counted = []
    whole = store.meta

    def meta(match_id):
        counted.append(match_id)
        return whole(match_id)
    monkeypatch.setattr(store, "meta", meta)
    return counted


def play_a_few(m, moves=4):
    for _ in range(moves):
        assert m.post(m.seat_to_act(), {"type": "add", "n": 1}).status_code == 200
        assert m.client.get(f"/matches/{m.id}", headers=m.headers(0)).status_code == 200
        assert m.client.get(f"/matches/{m.id}/legal-actions", headers=m.headers(1)).status_code == 200


def test_playing_reads_no_meta_whole(app, client, whole_reads):
    m = ApiMatch(client)
    whole_reads.clear()
    play_a_few(m)
    assert whole_reads == []


def test_playing_with_players_and_subscriptions_reads_no_meta_whole(app, client, whole_reads):
    keys = [client.post("/players", json={"name": n}).get_json()["key"] for n in ("Reimu", "Marisa")]
    made = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": [
        {"name": "Reimu", "player": True}, {"name": "Marisa", "join": "open"}]}, headers=bearer(keys[0])).get_json()
    client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"player": True}, headers=bearer(keys[1]))
    for key in keys:
        client.post("/players/me/notifications", json={"kind": "webhook", "url": "https://example.org/k"},
                    headers=bearer(key))
    m = ApiMatch.held(client, made["match_id"], keys)
    run_jobs(app)
    whole_reads.clear()
    play_a_few(m)
    assert whole_reads == []


@pytest.fixture
def round_trips(monkeypatch):
    """Every round trip to Redis from the test's thread: a command, or a pipeline (the commands it
    sends at once). (Another thread of the process, such as the job thread of an embedded server
    an earlier test served, makes its own.)"""
    sent, mine = [], threading.get_ident()
    command, execute = redis.Redis.execute_command, redis.client.Pipeline.execute

    def one(self, *args, **options):
        if threading.get_ident() == mine:
            sent.append([args[0]])
        return command(self, *args, **options)

    def pipelined(self, *args, **options):
        if threading.get_ident() == mine:
            sent.append([c[0][0] for c in self.command_stack])
        return execute(self, *args, **options)
    monkeypatch.setattr(redis.Redis, "execute_command", one)
    monkeypatch.setattr(redis.client.Pipeline, "execute", pipelined)
    return sent


def test_an_action_is_two_round_trips_and_a_read_one(round_trips):
    """Issue 22: the meta, the command's stored answers and the secret in one pipeline, then the
    append; the listing's index is written only when something listed changes (catalog). (A
    snapshot, every SNAPSHOT_EVERY events, is one write more.)"""
    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "SNAPSHOT_EVERY": 1000})
    m = ApiMatch(app.test_client(), game="threebythree", variant="overlord")
    for _ in range(3):
        seat = m.seat_to_act()
        legal = m.legal(seat)
        round_trips.clear()
        assert m.post(seat, legal["actions"][0], legal["version"]).status_code == 200
        assert round_trips == [["HMGET", "HMGET", "GET"], ["EVALSHA"]]
        round_trips.clear()
        m.info()
        m.legal(seat)
        assert round_trips == [["HMGET"], ["HMGET"]]
