"""Matches stored before issue 22 (decoding, loading and JSON changes) still read, load and verify.

tests/fixtures/stored_before_issue22.json.gz holds the raw Redis keys of five matches stored by the
code of commit c4195af: an ended 3x3Wars, 東方祀爭録, Dimension Zero and 東方独占録 game between random
bots (snapshots every 50 versions) and a running 3x3Wars Wizard match with Japanese seat names and
its command answers. Each test restores them into a fresh fakeredis as they were stored.
"""
import gzip
import json
from pathlib import Path

import fakeredis
import pytest

from engine.audit.verify import verify
from engine.core import GENESIS_HASH, canonical_json, chain_hash, chained, fold
from service.application.match.acting import take_action
from service.application.match.loading import open_match
from service.application.storage.store import EventStore, key

FIXTURE = Path(__file__).parent / "fixtures" / "stored_before_issue22.json.gz"
STORED = json.loads(gzip.decompress(FIXTURE.read_bytes()))["matches"]


@pytest.fixture
def store():
    r = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    for m in STORED:
        mid = m["id"]
        for entry_id, fields in m["events"]:
            r.xadd(key(mid, "events"), fields, id=entry_id)
        r.hset(key(mid, "meta"), mapping=m["meta"])
        r.set(key(mid, "secret"), m["secret"])
        if m["snap"]:
            r.zadd(key(mid, "snap"), dict(m["snap"]))
        if m["commands"]:
            r.hset(key(mid, "commands"), mapping=m["commands"])
    return EventStore(r, snapshot_every=50, strict=True)


@pytest.mark.parametrize("m", STORED, ids=[f"{m['meta']['game']}-{m['meta'].get('ended', 'running')}" for m in STORED])
def test_a_match_stored_before_verifies_and_its_chain_recomputes_byte_for_byte(store, m):
    report = verify(store, m["id"])
    assert report["ok"] and report["first_divergence"] is None, report
    assert report["version"] == len(m["events"])
    assert report["seed_revealed"] == ("ended" in m["meta"])
    assert report["snapshots_checked"] == len(m["snap"])
    prev = GENESIS_HASH
    for record in store.read(m["id"]):
        stored = dict(m["events"][record.version - 1][1])
        assert record.event.to_dict()["data"] == json.loads(stored["data"])
        assert canonical_json(record.event.data).decode("utf-8") == stored["data"]
        prev = chain_hash(prev, record.version, chained(record.event, record.command))
        assert prev == stored["hash"] == record.hash
    assert prev == m["meta"]["last_hash"]


@pytest.mark.parametrize("m", STORED[:4], ids=[m["meta"]["game"] for m in STORED[:4]])
def test_the_state_at_every_version_is_the_fold_of_the_stored_events(store, m):
    records = store.read(m["id"])
    game = open_match(store, m["id"]).game
    state = None
    for record in records:
        state = fold(game, [record.event], state)
        if record.version % 7 == 0 or record.version == len(records):
            loaded = open_match(store, m["id"], record.version).state
            assert canonical_json(loaded) == canonical_json(state), record.version


def test_a_match_stored_before_goes_on_and_still_verifies(store):
    m = STORED[-1]
    known = json.loads(m["commands"]["0:c11"])      # a repeated command gets its first answer
    assert take_action(store, m["id"], 0, {"command_id": "c11", "expected_version": 0, "action": {}}).answer == known
    for n in range(6):
        now = open_match(store, m["id"])
        seat = now.to_act()[0]
        action = now.game.legal_actions(now.state, seat)[0]
        take_action(store, m["id"], seat, {"action": action, "expected_version": now.version, "command_id": f"new{n}"})
    report = verify(store, m["id"])
    assert report["ok"] and report["version"] > len(m["events"]), report


@pytest.mark.parametrize("text", [
    '{"card":"007","limit":4,"seat":0}', '{"a":123456789012345678901234567890}', '[-9223372036854775809]',
    '[18446744073709551615,-9223372036854775808]', '[NaN,Infinity,-Infinity]', '"\\ud800"', '{"a":1,"a":2}',
    '[1e400]', '[1e16,0.1,-0.0,2.5e-07]', '{"名前":"霊夢","x":"\\u0000\\u001f\\u2028"}', '{"a": [1, 2], "b": {"c": null}}',
    '[true,false,null,"",[],{}]', '-0'])
def test_load_json_reads_exactly_what_the_standard_library_reads(text):
    from service.application.storage.records import load_json
    expected = json.loads(text)
    for raw in (text, text.encode("utf-8")):
        got = load_json(raw)
        assert json.dumps(got) == json.dumps(expected) and type(got) is type(expected)
