"""Rules versions: a match keeps the rules it was created with after a rule changes; `kifu replay`
prints the ruling diff under the current rules without touching the match."""
import json
from dataclasses import replace

import fakeredis
import pytest

from engine.audit import rulesets
from engine.core import ENGINE_VERSION, Emitter, IllegalAction, clone, registry
from service import create_app
from service.cli import main
from service.cli.replay import replay_report
from service.http.redis_conn import get_store
from tests import toygame
from tests.helpers import ApiMatch


class BonusToy(toygame.ToyGame):
    """toy-2, a deliberately changed rule: adding 3 adds a bonus point (toy/1.bonus)."""

    facts = replace(toygame.ToyGame.facts, cardset_version="toy-2")

    def decide(self, state, seat, action, rng):
        events = super().decide(clone(state), seat, action, rng)     # toy-1's answer, asked on a copy
        if action.get("n") != 3 or events[0].type != "Added":
            return events
        em = Emitter(self, state)
        total = state["total"] + 4
        added = em.emit("Added", {"n": 3, "bonus": 1, "total": total}, "toy/1.bonus", seat=seat)
        if total >= state["target"]:
            em.emit("GameWon", {"winner": seat}, "toy/2", cause=added)
        else:
            em.emit("CardDealt", {"seat": seat, "card": rng.die(9)}, "toy/3", cause=added)
            em.emit("TurnPassed", {"seat": 1 - seat}, "toy/4", cause=added)
        return em.events


@pytest.fixture
def rules_changed():
    """Yields a function that makes BonusToy the current toy, keeping toy-1 (or not)."""
    def change(keep_old=True):
        registry.register(BonusToy())
        if keep_old:
            rulesets.keep(toygame.GAME, ENGINE_VERSION, "toy-1")
    yield change
    registry.register(toygame.GAME)
    rulesets.forget("toy", ENGINE_VERSION, "toy-1")


def play_threes(m, moves=2):
    for _ in range(moves):
        assert m.post(m.seat_to_act(), {"type": "add", "n": 3}).status_code == 200


def test_an_old_match_keeps_its_rules_and_a_new_one_gets_the_changed_rule(client, rules_changed):
    old = ApiMatch(client, options={"target": 30})
    play_threes(old)
    rules_changed()
    play_threes(old)
    assert old.info()["view"]["total"] == 12                        # 4 x 3, toy-1 rules
    new = ApiMatch(client, options={"target": 30})
    play_threes(new)
    assert new.info()["view"]["total"] == 8                         # 2 x (3 + 1), toy-2 rules
    created = client.get(f"/matches/{new.id}/events", query_string={"limit": 1}).get_json()["events"][0]
    assert created["data"]["cardset_version"] == "toy-2"
    assert client.get(f"/matches/{old.id}/verify").get_json()["ok"]


def test_a_match_whose_rules_are_not_kept_says_which_it_needs(client, rules_changed):
    old = ApiMatch(client)
    rules_changed(keep_old=False)
    r = client.get(f"/matches/{old.id}")
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "rules_version_gone"
    assert "card set toy-1" in r.get_json()["error"]["message"]


def test_replay_under_the_current_rules_prints_the_ruling_diff_and_changes_nothing(app, client, rules_changed):
    old = ApiMatch(client, options={"target": 30})
    old.post(old.seat_to_act(), {"type": "add", "n": 1})           # 5..7: the same under both rules
    play_threes(old)                                               # 8..10, 11..13: differ
    before = client.get(f"/matches/{old.id}/events", query_string={"limit": 100}).get_json()
    rules_changed()
    with app.app_context():
        report = replay_report(get_store(), old.id, "current")
        pinned = replay_report(get_store(), old.id, "pinned")
    assert report["pinned"] == f"engine {ENGINE_VERSION} / card set toy-1"
    assert report["replayed_with"] == f"engine {ENGINE_VERSION} / card set toy-2"
    assert [d["version"] for d in report["differences"]] == [8, 11]
    first = report["differences"][0]
    assert first["command"]["action"] == {"type": "add", "n": 3}
    assert first["stored"][0]["data"] == {"n": 3, "total": 4}
    assert first["now"][0]["data"] == {"n": 3, "bonus": 1, "total": 5} and first["now"][0]["rule"] == "toy/1.bonus"
    assert pinned["differences"] == [] and pinned["redecided"] == 4
    assert client.get(f"/matches/{old.id}/events", query_string={"limit": 100}).get_json() == before


def test_replay_reports_commands_the_current_rules_refuse():
    class StrictToy(toygame.ToyGame):
        facts = replace(toygame.ToyGame.facts, cardset_version="toy-strict")

        def decide(self, state, seat, action, rng):
            if action.get("n") == 2:
                raise IllegalAction("toy/1.strict", "2 may no longer be added")
            return super().decide(state, seat, action, rng)

    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer()})
    m = ApiMatch(app.test_client())
    m.post(m.seat_to_act(), {"type": "add", "n": 2})
    registry.register(StrictToy())
    try:
        with app.app_context():
            report = replay_report(get_store(), m.id, "current")
    finally:
        registry.register(toygame.GAME)
    assert [d["version"] for d in report["differences"]] == [5]
    assert report["differences"][0]["error"].startswith("the rules refuse the command: toy/1.strict")


@pytest.mark.redis
def test_kifu_replay_on_a_real_redis(audit_app, monkeypatch, capsys, audit_redis_url, rules_changed):
    m = ApiMatch(audit_app.test_client(), options={"target": 30})
    play_threes(m, 1)
    rules_changed()
    monkeypatch.setenv("REDIS_URL", audit_redis_url)
    assert main(["replay", m.id, "--engine", "current"]) == 1
    out = capsys.readouterr().out
    assert "pinned to engine" in out and "1 ruled differently" in out and "+ Added" in out
    assert main(["replay", m.id, "--engine", "pinned", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["differences"] == []
    assert main(["replay", "no-such-match"]) == 2
