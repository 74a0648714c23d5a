"""The event store on a real local Redis Cluster (3 primaries, each with a replica), the queues on a
plain Redis of their own, a real ``kifu worker`` between them (the Procfile's line): the API, bot
seats, the lobby and a simulation through it, every match verified; then a primary holding a
match is killed with SIGKILL mid-play and, with ``STORE_WAIT_REPLICAS=1``, no acknowledged action
is lost.

The module starts its own cluster and queue server (tools/local_cluster.py: ports picked free, data
in a temporary directory) and ends every process it started by PID."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster
from redis.crc import key_slot as cluster_client_slot

from service import create_app
from service.application.match.live import Hub
from service.application.match.visibility import Caller
from service.application.storage.connections import TopologyError, connect, is_cluster
from service.application.storage.store import EventStore, key
from tests.helpers import ApiMatch, api_key_headers, bearer
from tests.receivers import WebhookReceiver
from tests.sse_followers import Sink
from tools.local_cluster import LocalCluster, LocalServer

pytestmark = pytest.mark.cluster
KIFU = str(Path(sys.executable).with_name("kifu"))
OVERLORD = {"game": "threebythree", "variant": "overlord"}


@pytest.fixture(scope="module")
def cluster():
    try:
        made = LocalCluster(primaries=3, replicas=1, node_timeout_ms=1000)
    except FileNotFoundError:
        if os.environ.get("KIFU_SKIP_REDIS") == "1":
            pytest.skip("no redis-server / redis-cli")
        raise
    yield made
    made.stop()


@pytest.fixture(scope="module")
def queue_server():
    server = LocalServer()
    yield server
    server.stop()


def app_for(cluster, queue_server, **config):
    return create_app({"TESTING": True, "STORE_URL": cluster.url, "QUEUE_URL": queue_server.url(),
                       "SNAPSHOT_EVERY": 10, **config})


class Worker:
    """``kifu worker`` on the queue Redis, opening the store from KIFU_STORE_URL: the Procfile's line,
    its supervisor sweeping the due jobs and one rq worker per queue."""

    def __init__(self, cluster, queue_server, **env):
        self.proc = subprocess.Popen(
            [KIFU, "worker", "--url", queue_server.url(), "--quiet", "high", "default", "low"],
            env={**os.environ, "KIFU_STORE_URL": cluster.url, "KIFU_QUEUE_URL": queue_server.url(),
                 "KIFU_BOT_WATCHDOG_SECONDS": "2", **env},
            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait(10)


@pytest.fixture
def worker(cluster, queue_server):
    started = []
    yield lambda **env: started.append(Worker(cluster, queue_server, **env)) or started[-1]
    for w in started:
        w.stop()


def until(done, timeout=30.0, step=0.05):
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(step)


def verified(client, match_id):
    r = client.get(f"/matches/{match_id}/verify")
    assert r.status_code == 200, r.get_json()
    return r.get_json()["ok"]


def test_a_cluster_store_needs_its_own_queue_redis(cluster):
    assert is_cluster(cluster.url) and is_cluster("redis://h:1/0?cluster=1") and not is_cluster("redis://h:1/0")
    with pytest.raises(TopologyError, match="KIFU_QUEUE_URL"):
        create_app({"TESTING": True, "STORE_URL": cluster.url})
    assert isinstance(connect(cluster.url), RedisCluster)


def test_the_live_hub_follows_matches_on_every_primary(cluster, queue_server):
    """Issue 35: the sharded channel of each match (SSUBSCRIBE through each slot's node) wakes the
    hub, which reads many matches' events in one cluster pipeline."""
    app = app_for(cluster, queue_server)
    client, store = app.test_client(), app.extensions["kifu_store"]
    hub = Hub(store, 1000, 60)
    matches = [ApiMatch(client, "threebythree", "overlord") for _ in range(8)]
    slots = {cluster_client_slot(key(m.id, "events").encode()) // 5462 for m in matches}
    assert len(slots) >= 2, "the matches should lie on more than one primary"
    sinks = [Sink() for _ in matches]
    for m, sink in zip(matches, sinks):
        hub.follow(m.id, 0, Caller(seat=1), store.meta(m.id), sink, lambda: None)
    try:
        until(lambda: all(s.text.count("event: match-event") == 8 for s in sinks))
        for m in matches:
            legal = m.legal(0)
            assert m.post(0, legal["actions"][0], legal["version"]).status_code == 200
        until(lambda: all("id: 9\n" in s.text for s in sinks))
    finally:
        hub.stop()
    assert all(s.closed and s.text.endswith('event: caught-up\ndata: {"version": 9}\n\n') for s in sinks)


def test_matches_bots_lobby_and_a_simulation_on_a_cluster(cluster, queue_server, worker):
    app = app_for(cluster, queue_server)
    client = app.test_client()
    worker()
    matches = []
    # Matches spread over the primaries: every append names keys of one slot only.
    while len({cluster.primary_for(key(m.id, "events")) for m in matches}) < 3:
        assert len(matches) < 40
        matches.append(ApiMatch(client, **OVERLORD))
    matches[0].play_to_end()
    phase = time.monotonic()

    # A person against a bot: the worker (on the queue Redis) plays the bot's seat on the cluster.
    r = client.post("/matches", json={**OVERLORD, "seats": [{"name": "Reimu"}, {"name": "Owl", "bot": "random"}]})
    assert r.status_code == 201, r.get_json()
    vs_bot = ApiMatch.held(client, r.get_json()["match_id"], [r.get_json()["seats"][0]["token"], None])
    while (info := vs_bot.info())["outcome"] is None:
        if 0 not in info["to_act"]:
            until(lambda: 0 in vs_bot.info()["to_act"] or vs_bot.info()["outcome"] is not None)
            continue
        legal = vs_bot.legal(0)
        assert vs_bot.post(0, legal["actions"][0], legal["version"]).status_code == 200

    # Two bots to the end, nobody but the worker acting.
    print(f"person vs bot: {time.monotonic() - phase:.1f} s")
    phase = time.monotonic()
    r = client.post("/matches", json={**OVERLORD, "seats": [{"name": "A", "bot": "random"},
                                                            {"name": "B", "bot": "random"}]})
    assert r.status_code == 201, r.get_json()
    bots = ApiMatch.held(client, r.get_json()["match_id"], [None, None])
    until(lambda: bots.info()["outcome"] is not None, timeout=60, step=0.2)
    print(f"bot vs bot: {time.monotonic() - phase:.1f} s, {bots.info()['version']} versions")

    # The lobby's cross-match reads: the open-seats index and my matches, no KEYS, no cross-slot command.
    r = client.post("/matches", json={**OVERLORD, "seats": [{"name": "Me"}, {"name": "?", "join": "open"}]})
    lobby = r.get_json()
    assert any(s["match_id"] == lobby["match_id"] for s in client.get("/open-seats").get_json()["open_seats"])
    claimed = client.post(f"/matches/{lobby['match_id']}/seats/1/claim", json={}).get_json()
    assert all(s["match_id"] != lobby["match_id"] for s in client.get("/open-seats").get_json()["open_seats"])
    mine = client.post("/my-matches", json={"seats": [
        {"match_id": lobby["match_id"], "token": claimed["token"]},
        {"match_id": vs_bot.id, "token": vs_bot.tokens[0]}]}).get_json()
    assert {m["match_id"] for m in mine["matches"]} == {lobby["match_id"], vs_bot.id} and not mine["unknown"]

    # A small simulation: chunk jobs on the queue Redis, game records in the store (one slot per run).
    r = client.post("/simulations", json={**OVERLORD, "seats": [{"bot": "random"}, {"bot": "random"}],
                                          "games": 10, "seed": "cluster"}, headers=api_key_headers(client.application))
    assert r.status_code == 202, r.get_json()
    sim = r.get_json()["id"]
    until(lambda: client.get(f"/jobs/{sim}").get_json()["status"] == "finished", timeout=60)
    assert client.get(f"/jobs/{sim}").get_json()["results"]["games"] == 10

    for m in [*matches, vs_bot, bots]:
        assert verified(client, m.id)
    queue = redis.Redis.from_url(queue_server.url())
    assert not [k for k in queue.scan_iter("kifu:*")]          # the queue Redis holds jobs only


def play(client, m, acknowledged, moves, seat_tokens):
    """``moves`` actions, each resent with the same command id while the store is unavailable (503);
    every 200 is an acknowledged action: ``(command_id, version)`` appended to ``acknowledged``."""
    for _ in range(moves):
        info = retrying(lambda: client.get(f"/matches/{m}"))
        if info["outcome"] is not None:
            return
        seat = info["to_act"][0]
        legal = retrying(lambda: client.get(f"/matches/{m}/legal-actions", headers=bearer(seat_tokens[seat])))
        command_id = f"c{len(acknowledged)}"
        body = {"action": legal["actions"][0], "expected_version": legal["version"], "command_id": command_id}
        answer = retrying(lambda: client.post(f"/matches/{m}/actions", json=body,
                                              headers=bearer(seat_tokens[seat])))
        acknowledged.append((seat, command_id, answer["version"]))


def retrying(call, timeout=30.0):
    end = time.monotonic() + timeout
    while True:
        r = call()
        if r.status_code != 503:
            assert r.status_code == 200, r.get_json()
            return r.get_json()
        assert time.monotonic() < end, f"still unavailable: {r.get_json()}"
        time.sleep(0.1)


def test_a_primary_killed_mid_play_loses_no_acknowledged_action(cluster, queue_server):
    app = app_for(cluster, queue_server, STORE_WAIT_REPLICAS=1, STORE_WAIT_MS=500)
    client = app.test_client()
    made = [client.post("/matches", json={**OVERLORD, "seats": [{"name": "A"}, {"name": "B"}]}).get_json()
            for _ in range(2)]
    games = {m["match_id"]: [s["token"] for s in m["seats"]] for m in made}
    acknowledged = {m: [] for m in games}
    for m, tokens in games.items():
        play(client, m, acknowledged[m], 10, tokens)
    victim_match = made[0]["match_id"]
    victim = cluster.primary_for(key(victim_match, "events"))
    before = cluster.primaries()

    cluster.kill(victim)                               # right after an acknowledged append, no grace
    killed = time.monotonic()
    # Until the replica is promoted the append fails (connection refused, CLUSTERDOWN); once it is,
    # the new primary has no replica of its own, so WAIT 1 cannot be met: still 503, never a 200
    # that a second failure could take back.
    tokens = games[victim_match]
    info = retrying(lambda: client.get(f"/matches/{victim_match}"))
    seat = info["to_act"][0]
    legal = retrying(lambda: client.get(f"/matches/{victim_match}/legal-actions", headers=bearer(tokens[seat])))
    pending = {"action": legal["actions"][0], "expected_version": legal["version"], "command_id": "pending"}
    r = client.post(f"/matches/{victim_match}/actions", json=pending, headers=bearer(tokens[seat]))
    assert r.status_code == 503 and r.get_json()["error"]["code"] in ("store_unavailable", "not_replicated")
    cluster.wait_ok(timeout=30)
    promoted = time.monotonic() - killed
    after = cluster.primaries()
    assert victim not in after and len(after) == 3 and set(after) != set(before)
    assert cluster.primary_for(key(victim_match, "events")) != victim
    r = client.post(f"/matches/{victim_match}/actions", json=pending, headers=bearer(tokens[seat]))
    assert r.status_code == 503 and r.get_json()["error"]["code"] == "not_replicated"

    cluster.restart(victim)                            # the old primary rejoins as the new one's replica
    cluster.wait_ok(timeout=30, expect_primaries=3, expect_replicas=1)
    assert victim not in cluster.primaries()
    answer = retrying(lambda: client.post(f"/matches/{victim_match}/actions", json=pending,
                                          headers=bearer(tokens[seat])))
    acknowledged[victim_match].append((seat, "pending", answer["version"]))   # the same command: stood once

    store = EventStore(connect(cluster.url))
    for m, tokens in games.items():
        play(client, m, acknowledged[m], 1000, tokens)  # to the end
        records = store.read(m)
        assert [r.version for r in records] == list(range(1, len(records) + 1))
        by_version = {r.version: r for r in records}
        for seat, command_id, version in acknowledged[m]:
            assert by_version[version].command_id == command_id
            assert store.stored_answer(m, f"{seat}:{command_id}") is not None
        assert client.get(f"/matches/{m}").get_json()["outcome"] is not None
        assert verified(client, m)
    print(f"failover of {victim}: replica promoted after {promoted:.1f} s")


def test_players_table_moves_and_notifications_on_a_cluster(cluster, queue_server, worker, monkeypatch):
    """Issue 17's cross-match keys on the cluster: player keys, sign-in codes, a player's match list,
    subscriptions and delivery logs each in their own slot (single-key writes after the append), the
    table moves through the one append path, a webhook delivered by the worker; issue 33's revocation
    of a key's line and the sign-in counters."""
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", "loopback")  # the receiver listens on loopback (tests only)
    hooks = WebhookReceiver()
    try:
        client = app_for(cluster, queue_server).test_client()
        worker(KIFU_WEBHOOK_PRIVATE="loopback", KIFU_NOTIFY_RETRIES="1")
        reimu = client.post("/players", json={"name": "Reimu"}).get_json()
        marisa = client.post("/players", json={"name": "Marisa"}).get_json()
        code = client.post("/players/me/sign-in-codes", headers=bearer(reimu["key"])).get_json()["code"]
        phone = client.post("/players/sign-in", json={"code": code, "label": "phone"}).get_json()
        secret = client.post("/players/me/notifications", json={"kind": "webhook", "url": hooks.url + "/marisa"},
                             headers=bearer(marisa["key"])).get_json()["secret"]
        made = client.post("/matches", headers=bearer(reimu["key"]), json={**OVERLORD, "seats": [
            {"name": "Reimu", "player": True}, {"name": "Marisa", "join": "open"}]}).get_json()
        m = made["match_id"]
        assert client.post(f"/matches/{m}/seats/1/claim", json={"player": True},
                           headers=bearer(marisa["key"])).status_code == 200
        assert client.post(f"/matches/{m}/chat", json={"text": "よろしく"}, headers=bearer(phone["key"])).status_code == 200
        assert client.post(f"/matches/{m}/draw/offer", headers=bearer(reimu["key"])).status_code == 200
        assert client.post(f"/matches/{m}/draw/accept", headers=bearer(marisa["key"])).status_code == 200
        listed = client.get("/players/me/matches", headers=bearer(phone["key"])).get_json()["matches"]
        assert [(x["match_id"], x["status"]) for x in listed] == [(m, "ended")]
        rematch = client.post(f"/matches/{m}/rematch", headers=bearer(phone["key"]))
        assert rematch.status_code == 201, rematch.get_json()
        until(lambda: {"chat", "match_ended"} <= {x["event"] for x in hooks.accepted("/marisa", secret)}, timeout=30)
        assert client.get(f"/matches/{m}").get_json()["outcome"]["reason"] == "draw_agreed"
        assert verified(client, m) and verified(client, rematch.get_json()["match_id"])
        # Issue 33's scripts, each on one key's slot: a key made from the phone's code, the phone
        # revoked with its line, the sign-in and code counters.
        code = client.post("/players/me/sign-in-codes", headers=bearer(phone["key"])).get_json()["code"]
        tablet = client.post("/players/sign-in", json={"code": code}).get_json()
        assert client.get("/players/me", headers=bearer(tablet["key"])).status_code == 200
        assert client.delete(f"/players/me/keys/{phone['key_id']}", headers=bearer(tablet["key"])).status_code == 403
        assert client.delete(f"/players/me/keys/{phone['key_id']}", headers=bearer(reimu["key"])).status_code == 204
        assert client.get("/players/me", headers=bearer(tablet["key"])).status_code == 403
        store = client.application.extensions["kifu_redis"]
        for counter in ("signin:127.0.0.1", f"signin-codes:{reimu['player_id']}"):
            assert store.ttl(f"kifu:rate:{{{counter}}}") > 0
    finally:
        hooks.stop()
