"""The event store, run unchanged on the embedded fakeredis and on a real Redis server."""
import threading

import fakeredis
import pytest
import redis

from engine.core import GENESIS_HASH, Event, MatchConfig, create_events, fold
from service.application.match import acting, creating
from service.application.storage.records import seal
from service.application.storage.store import EventStore, key
from tests import toygame
from engine.audit.verify import verify

GAME = toygame.GAME
TOY = {"game": "toy", "variant": "standard", "seats": [{"name": "A"}, {"name": "B"}],
       "options": {}, "setup": None}


@pytest.fixture(params=["fakeredis", pytest.param("real-redis", marks=pytest.mark.redis)])
def store(request):
    if request.param == "fakeredis":
        connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    else:
        connection = redis.Redis.from_url(request.getfixturevalue("real_redis_url"))
    yield EventStore(connection, snapshot_every=5)
    connection.close()


def new_match(store, match_id: str) -> list:
    events = create_events(GAME, MatchConfig("toy", "standard", ["A", "B"]), b"seed" * 8)
    records = seal(events, 0, GENESIS_HASH, "t0")
    assert store.append(match_id, 0, GENESIS_HASH, records, meta={"game": "toy"}).status == "ok"
    return records


def note(i: int) -> Event:
    return Event("TurnPassed", {"seat": i % 2}, rule="toy/4")


def test_append_writes_the_batch_at_versions_and_only_keys_of_the_match(store):
    records = new_match(store, "m1")
    assert [r.version for r in store.read("m1")] == [1, 2, 3, 4]
    assert store.read("m1") == records
    raw = store.redis.xrange(key("m1", "events"), "1-0", "1-0")[0]
    assert raw[0] == b"1-0" and set(raw[1]) == {f.encode() for f in
                                                 ("type", "data", "seat", "rule", "cause", "schema",
                                                  "command_id", "at", "hash")}
    meta = store.meta("m1")
    assert meta["version"] == "4" and meta["last_hash"] == records[-1].hash and meta["game"] == "toy"
    assert store.redis.exists("kifu:feed") == 0      # no global key: the append stays in one Cluster slot
    assert set(store.redis.keys("kifu:{m1}:*")) == {key("m1", p).encode() for p in ("events", "meta")}


def test_a_stale_expected_version_appends_nothing(store):
    records = new_match(store, "m2")
    batch = seal([note(1), note(2)], 3, records[2].hash, "t1")
    result = store.append("m2", 3, records[2].hash, batch)
    assert (result.status, result.version) == ("conflict", 4)
    assert store.redis.xlen(key("m2", "events")) == 4


def test_a_known_command_id_returns_the_stored_answer_and_appends_nothing(store):
    records = new_match(store, "m3")
    batch = seal([note(1)], 4, records[-1].hash, "t1", "c1")
    assert store.append("m3", 4, records[-1].hash, batch, command_key="0:c1", answer='{"a":1}').status == "ok"
    again = seal([note(2)], 5, batch[-1].hash, "t2", "c1")
    result = store.append("m3", 5, batch[-1].hash, again, command_key="0:c1", answer='{"a":2}')
    assert (result.status, result.answer) == ("duplicate", '{"a":1}')
    assert store.stored_answer("m3", "0:c1") == '{"a":1}' and store.stored_answer("m3", "1:c1") is None
    assert store.redis.xlen(key("m3", "events")) == 5


def test_racing_appends_exactly_one_batch_wins(store):
    records = new_match(store, "m4")
    results, barrier = [], threading.Barrier(16)

    def racer(i):
        batch = seal([note(i), note(i + 1), note(i + 2)], 4, records[-1].hash, "t", f"c{i}")
        barrier.wait()
        results.append(store.append("m4", 4, records[-1].hash, batch, command_key=f"{i}:c{i}"))

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status for r in results) == ["conflict"] * 15 + ["ok"]
    assert [r.version for r in store.read("m4")] == list(range(1, 8))
    assert verify(store, "m4")["ok"]


def test_a_chain_that_does_not_end_where_the_caller_says_is_refused(store):
    from service.application.storage.store import ChainBroken
    new_match(store, "m5")
    with pytest.raises(ChainBroken):
        store.append("m5", 4, "f" * 64, seal([note(1)], 4, "f" * 64, "t"))
    assert store.redis.xlen(key("m5", "events")) == 4


def play_toy(store, moves: int) -> str:
    """A toy match created and played ``moves`` moves through the service's write side."""
    match_id = creating.create_match(store, TOY).match_id
    for i in range(moves):
        state = store.load(GAME, match_id, int(store.meta(match_id)["version"]))
        acting.take_action(store, match_id, GAME.to_act(state)[0], {
            "expected_version": state["version"], "command_id": f"c{i}",
            "action": {"type": "add", "n": 1}})
    return match_id


def test_snapshots_are_taken_every_n_versions(store):
    match_id = play_toy(store, 5)           # versions 1..19, snapshot_every=5
    assert [s["version"] for s in store.snapshots(match_id)] == [5, 10, 15]
    for snapshot in store.snapshots(match_id):
        replayed = fold(GAME, [r.event for r in store.read(match_id, 0, snapshot["version"])])
        assert snapshot["state"] == replayed


def test_loading_starts_from_the_newest_snapshot_at_or_below(store):
    match_id = play_toy(store, 4)           # versions 1..16, snapshots at 5, 10, 15
    marked = {**store.snapshots(match_id, 10, newest_only=True)[0]["state"], "marker": "snap 10"}
    store.redis.zremrangebyscore(key(match_id, "snap"), 10, 10)
    store.save_snapshot(match_id, marked)
    assert store.load(GAME, match_id, 10)["marker"] == "snap 10"
    later = store.load(GAME, match_id, 14)
    assert later["marker"] == "snap 10" and later["version"] == 14       # snapshot + folded tail
    assert {k: v for k, v in later.items() if k != "marker"} == fold(
        GAME, [r.event for r in store.read(match_id, 0, 14)])
    assert "marker" not in store.load(GAME, match_id, 9)                  # from the one at 5


def test_the_hash_chain_and_every_snapshot_verify(store):
    match_id = play_toy(store, 6)
    report = verify(store, match_id)
    assert report == {"ok": True, "match_id": match_id, "version": 22, "snapshots_checked": 4,
                      "seed_revealed": False, "redecided": 0, "first_divergence": None,
                      "divergences": []}


@pytest.mark.redis
def test_with_wait_replicas_an_append_no_replica_confirms_is_refused_and_never_answered_from_the_store(
        real_redis_url):
    from service.application.errors import Unavailable
    connection = redis.Redis.from_url(real_redis_url)
    store = EventStore(connection, wait_replicas=1, wait_ms=20)      # a lone server: no replica ever confirms
    events = create_events(GAME, MatchConfig("toy", "standard", ["A", "B"]), b"seed" * 8)
    records = seal(events, 0, GENESIS_HASH, "t0")
    with pytest.raises(Unavailable) as refused:
        store.append("w1", 0, GENESIS_HASH, records, command_key="0:c1", answer='{"a":1}')
    assert refused.value.code == "not_replicated"
    assert store.meta("w1")["version"] == "4"                        # it stands on the primary, unconfirmed
    with pytest.raises(Unavailable):                                  # so a resend is not answered from it either
        store.stored_answer("w1", "0:c1")
    with pytest.raises(Unavailable):
        store.append("w1", 0, GENESIS_HASH, records, command_key="0:c1", answer='{"a":1}')
    assert EventStore(connection).stored_answer("w1", "0:c1") == '{"a":1}'
    connection.close()
