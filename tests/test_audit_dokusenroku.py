"""The audit routes on 東方独占録 (dice, 2-4 seats): a finished match verifies re-decided from its seed
and re-derives every roll with the stand-alone script; running exports and feeds hide every hand
(showing no card of another seat's hand that /events, the game's own redaction, does not show)."""
import json
import random

import pytest

from tests.dokusenroku.test_api import CARD
from tests.helpers import ApiMatch
from tests.test_audit_export import rederive
from tests.audit_helpers import export_lines


def play(client, variant, names, seed, moves=None):
    rnd = random.Random(seed)
    m = ApiMatch(client, game="dokusenroku", variant=variant, names=names,
                 options={"removed": 40 if variant == "standard" else 25})
    choose = lambda actions: actions[0] if actions[0]["type"] == "draw" else rnd.choice(actions)  # noqa: E731
    if moves is None:
        m.play_to_end(choose=choose, max_actions=2000)
    else:
        for _ in range(moves):
            seat = m.seat_to_act()
            legal = m.legal(seat)
            assert m.post(seat, choose(legal["actions"]), legal["version"]).status_code == 200
    return m


@pytest.mark.parametrize("variant, names", [("standard", ("Reimu", "Marisa", "Sakuya")),
                                            ("constructed", ("Reimu", "Marisa"))])
def test_a_finished_match_verifies_and_re_derives_its_dice(client, tmp_path, variant, names):
    m = play(client, variant, names, 3)
    report = client.get(f"/matches/{m.id}/verify").get_json()
    assert report["ok"] and report["seed_revealed"] and report["redecided"] > 10, report["divergences"]
    lines = export_lines(client, m, {})
    draws = [d for e in lines[1:] for d in e.get("rng", {}).get("draws", [])]
    assert draws
    done = rederive(tmp_path, lines)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(draws)} draws re-derived" in done.stdout


def test_running_exports_and_feeds_show_no_seat_another_seats_hand(client):
    names = ("Reimu", "Marisa", "Sakuya")
    m = play(client, "standard", names, 4, moves=12)
    hands = {s: set(m.info(s)["view"]["players"][s]["hand"]) for s in range(3)}
    for viewer in (None, 0, 1, 2):
        # cards the rules deal face up (each seat's charisma card) are in /events for everyone too
        public = set(CARD.findall(json.dumps(m.get("/events", viewer, limit=1000), ensure_ascii=False)))
        others = set().union(*(h for s, h in hands.items() if s != viewer)) - public
        export = json.dumps(export_lines(client, m, m.headers(viewer)), ensure_ascii=False)
        feed = client.get(f"/matches/{m.id}/stream", headers=m.headers(viewer),
                          query_string={"follow": "false"}).get_data(as_text=True)
        for text in (export, feed):
            shown = set(CARD.findall(text))
            assert not shown & others, viewer
            if viewer is not None:
                assert hands[viewer] <= shown                      # its own cards are there: the check bites


def test_a_seats_fork_keeps_its_own_hand(client):
    m = play(client, "standard", ("Reimu", "Marisa", "Sakuya"), 5, moves=9)
    r = client.post(f"/matches/{m.id}/forks", json={"version": m.info()["version"]}, headers=m.headers(0))
    assert r.status_code == 201, r.get_json()
    fork = r.get_json()
    mine = client.get(f"/matches/{fork['match_id']}", headers={"Authorization": f"Bearer {fork['seats'][0]['token']}"})
    assert mine.get_json()["view"]["players"][0]["hand"] == m.info(0)["view"]["players"][0]["hand"]
