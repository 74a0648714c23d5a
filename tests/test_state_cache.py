"""The per-process state cache (service/application/storage/state_cache.py): the play routes read the kept
state itself, anyone else gets a copy, and a strict cache (the tests') catches a reader that writes
to a state it was handed."""
import fakeredis
import pytest

from service import create_app
from service.application.match import acting, committing
from service.application.storage import state_cache
from service.application.storage.state_cache import StateCache
from tests.helpers import ApiMatch


def state(version: int) -> dict:
    return {"version": version, "players": [{"hand": ["a", "b"]}], "match": {"seats": ["x", "y"]}}


def test_a_reader_is_handed_the_kept_state_at_its_version_and_anyone_else_a_copy():
    cache = StateCache(strict=True)
    kept = state(7)
    cache.remember("m", kept, handed_over=True)
    assert cache.shared("m", 7) is kept
    assert cache.shared("m", 8) is None and cache.shared("m", 6) is None    # a fold from 7, or a snapshot
    copy = cache.base("m", 8)
    assert copy == kept and copy is not kept and copy["players"][0]["hand"] is not kept["players"][0]["hand"]
    nine = state(9)
    cache.remember("m", nine)                         # not handed over: a copy is kept
    assert cache.shared("m", 9) == nine and cache.shared("m", 9) is not nine


def test_a_later_state_is_kept_an_earlier_one_is_not():
    cache = StateCache()
    cache.remember("m", state(9), handed_over=True)
    cache.remember("m", state(8), handed_over=True)
    assert cache.shared("m", 9)["version"] == 9 and cache.shared("m", 8) is None


def test_a_strict_cache_refuses_a_state_a_reader_changed():
    cache = StateCache(strict=True)
    cache.remember("m", state(7), handed_over=True)
    cache.shared("m", 7)["players"][0]["hand"].append("c")         # a view that sorts or adds in place
    with pytest.raises(AssertionError, match="match m at version 7 was changed"):
        cache.shared("m", 7)
    lenient = StateCache()
    lenient.remember("m", state(7), handed_over=True)
    lenient.shared("m", 7)["players"][0]["hand"].append("c")
    assert lenient.shared("m", 7)["players"][0]["hand"] == ["a", "b", "c"]      # production does not look


def test_the_play_routes_read_the_kept_state_without_copying_it(monkeypatch):
    """Issue 22: a match's view and its legal actions read the cached state itself; an action copies it
    once, the decision's working copy, folded as decided (engine.core.step) and committed as it is
    (one copy an action, five before issue 22; a snapshot, every SNAPSHOT_EVERY events, is one more)."""
    copies = []

    def counted(s):
        copies.append(s["version"])
        return original(s)
    original = state_cache.clone
    monkeypatch.setattr(state_cache, "clone", counted)
    monkeypatch.setattr(committing, "clone", counted)
    monkeypatch.setattr(acting, "clone", counted)
    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "SNAPSHOT_EVERY": 1000})
    m = ApiMatch(app.test_client())
    for _ in range(3):
        seat = m.seat_to_act()
        m.info()
        legal = m.legal(seat)
        copies.clear()
        assert m.post(seat, legal["actions"][0], legal["version"]).status_code == 200
        m.info()
        m.legal(m.seat_to_act())
        assert copies == [legal["version"]]
