"""GET /matches/<id>/verify and engine.audit.verify: re-decided from the revealed seed; tampering found
at exactly the altered version, even when the chain has been recomputed to hide it."""
import json
import random

import pytest

from engine.core import GENESIS_HASH, chain_hash
from engine.core import chained
from service.application.storage.records import StoredEvent
from tests.helpers import ApiMatch
from tests.test_workers import rewrite_stream


def verify(client, m):
    r = client.get(f"/matches/{m.id}/verify")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


@pytest.mark.parametrize("variant", ["overlord", "apprentice", "wizard", "seven-mage"])
def test_an_untouched_threebythree_match_verifies_re_decided_from_its_seed(client, variant):
    m = ApiMatch(client, game="threebythree", variant=variant)
    m.play_to_end(choose=random.Random(variant).choice)
    report = verify(client, m)
    assert report["ok"] and report["seed_revealed"] and report["divergences"] == []
    assert report["redecided"] > 10 and report["status"] == "finished"


def test_a_running_match_verifies_without_re_deciding(client):
    m = ApiMatch(client)
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    report = verify(client, m)
    assert report["ok"] and not report["seed_revealed"] and report["redecided"] == 0


def deck_event_version(client, m) -> int:
    events = client.get(f"/matches/{m.id}/events", query_string={"limit": 50}).get_json()["events"]
    return next(e["version"] for e in events if e["type"] == "CardsDealt")


def swap_a_card(fields):
    data = json.loads(fields[b"data"])
    data["cards"][0] = "047" if data["cards"][0] != "047" else "046"
    fields[b"data"] = json.dumps(data).encode()
    return fields


def test_changing_a_card_id_in_redis_fails_verify_at_that_version_only(app, client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    m.play_to_end(choose=random.Random(5).choice)
    v = deck_event_version(client, m)
    rewrite_stream(app, m.id, lambda version, f: swap_a_card(f) if version == v else f)
    report = verify(client, m)
    assert not report["ok"]
    assert report["divergences"] == [{"version": v, "reason": "hash chain broken: event or hash altered"}]


def test_a_forger_who_recomputes_the_chain_is_caught_by_re_deciding(app, client):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    m.play_to_end(choose=random.Random(6).choice)
    v = deck_event_version(client, m)
    prev = {"hash": GENESIS_HASH}

    def forge(version, fields):
        if version == v:
            fields = swap_a_card(fields)
        record = StoredEvent.from_entry(f"{version}-0", {k.decode(): x.decode() for k, x in fields.items()})
        fields[b"hash"] = chain_hash(prev["hash"], version, chained(record.event, record.command)).encode()
        prev["hash"] = fields[b"hash"].decode()
        return fields
    rewrite_stream(app, m.id, forge)
    with app.app_context():
        from service.http.redis_conn import get_redis
        from service.application.storage.store import key
        get_redis().hset(key(m.id, "meta"), "last_hash", prev["hash"])
    report = verify(client, m)
    assert [d["version"] for d in report["divergences"]] == [v]
    assert report["divergences"][0]["reason"].startswith("re-decided from the revealed seed")


def test_a_changed_command_is_caught_too(app, client):
    m = ApiMatch(client)
    m.play_to_end(choose=lambda actions: actions[0])

    def change(version, fields):
        if version == 5:
            fields[b"command"] = json.dumps({"seat": 0, "action": {"type": "add", "n": 3}}).encode()
        return fields
    rewrite_stream(app, m.id, change)
    assert verify(client, m)["first_divergence"]["version"] == 5


def test_long_matches_are_verified_by_a_job(app, client):
    app.config["VERIFY_INLINE_MAX"] = 3
    m = ApiMatch(client)
    m.play_to_end()
    report = client.get(f"/matches/{m.id}/verify").get_json()        # the embedded queue runs it at once
    assert report["job_id"] == f"verify-{m.id}-v{m.info()['version']}"
    assert report["status"] == "finished" and report["ok"] and report["redecided"] > 0
    assert client.get(f"/matches/{m.id}/verify").get_json() == report   # the job is not run again


def test_verify_of_an_unknown_match_is_404(client):
    r = client.get("/matches/nope/verify")
    assert r.status_code == 404 and r.get_json()["error"]["code"] == "match_not_found"


def test_a_match_that_moves_while_it_is_verified_verifies(app, client):
    """verify reads the meta, then the stream and the snapshots: what is appended meanwhile is
    neither read nor taken for a stream and meta that disagree (or a snapshot beyond the end)."""
    from engine.audit.verify import verify as verify_match
    from service.http.redis_conn import get_store
    m = ApiMatch(client)
    with app.app_context():
        store = get_store()
        read = store.read

        def read_while_someone_moves(match_id, after=0, until=None, count=None):
            if after == 0 and m.info()["outcome"] is None:
                assert m.post(m.seat_to_act(), {"type": "add", "n": 1}).status_code == 200
            return read(match_id, after, until, count)
        store.read = read_while_someone_moves
        for _ in range(6):                         # past a snapshot (every 5 versions here)
            report = verify_match(store, m.id)
            assert report["ok"], report["divergences"]


def test_events_beyond_the_meta_version_are_a_divergence(app, client):
    m = ApiMatch(client)
    version = m.info()["version"]
    with app.app_context():
        from service.application.storage.store import key
        from service.http.redis_conn import get_redis
        get_redis().xadd(key(m.id, "events"), {"type": "Stray", "data": "{}"}, id=f"{version + 1}-0")
    report = verify(client, m)
    assert report["divergences"] == [{"version": version + 1,
                                      "reason": "the stream holds events beyond the meta's version"}]
