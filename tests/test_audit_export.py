"""GET /matches/<id>/export (JSON Lines, streamed, redacted for the caller) and tools/rederive.py."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.audit_helpers import auditor, export_lines, hidden_cards, mentions, overlord_after_setup
from tests.helpers import ApiMatch

REDERIVE = Path(__file__).resolve().parents[1] / "tools" / "rederive.py"


def rederive(tmp_path, lines) -> subprocess.CompletedProcess:
    path = tmp_path / "match.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return subprocess.run([sys.executable, "-I", str(REDERIVE), str(path), "-v"], capture_output=True,
                          text=True, timeout=60)


def test_a_header_then_one_event_per_line(client):
    m = ApiMatch(client)
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    header, *events = export_lines(client, m, m.headers(0))
    assert header["format"] == "kifu-export/1" and header["redacted_for"] == "seat 0"
    assert (header["game"], header["variant"], header["seats"]) == ("toy", "standard", ["Reimu", "Marisa"])
    assert header["engine_version"] == "0.1.0" and header["cardset_version"] == "toy-1"
    assert len(header["commitment"]) == 64 and header["version"] == 7 and not header["ended"]
    assert [e["version"] for e in events] == list(range(1, 8))
    assert all("hash" not in e and "rng" not in e for e in events)


def test_the_export_is_a_stream_read_page_by_page(client, monkeypatch):
    from service.application.match import transcript
    monkeypatch.setattr(transcript, "PAGE", 3)
    m = ApiMatch(client)
    m.play_to_end()
    r = client.get(f"/matches/{m.id}/export")
    assert r.is_streamed
    assert [json.loads(x)["version"] for x in r.get_data(as_text=True).splitlines()[1:]] == \
        list(range(1, m.info()["version"] + 1))


def test_a_running_export_never_shows_anyone_the_other_seats_hidden_cards(client):
    m = overlord_after_setup(client)
    hidden = {0: hidden_cards(m, 0), 1: hidden_cards(m, 1)}
    for seat, secret in ((0, hidden[1]), (1, hidden[0]), (None, hidden[0] | hidden[1])):
        text = json.dumps(export_lines(client, m, m.headers(seat)), ensure_ascii=False)
        assert mentions(text, secret) == set(), seat
        if seat is not None:
            assert mentions(text, hidden[seat]) == hidden[seat]           # its own cards are all there
    lines = export_lines(client, m, auditor(m))
    assert lines[0]["redacted_for"] == "auditor" and mentions(json.dumps(lines), hidden[0]) == set()


def test_an_audit_live_auditor_exports_the_truth_mid_match(client):
    m = overlord_after_setup(client, audit_live=True)
    lines = export_lines(client, m, auditor(m))
    assert lines[0]["redacted_for"] is None
    assert mentions(json.dumps(lines, ensure_ascii=False), hidden_cards(m, 1)) == hidden_cards(m, 1)
    assert all("rng" not in e for e in lines[1:])               # the seed stays secret until the end


@pytest.mark.parametrize("variant", ["overlord", "seven-mage"])
def test_a_finished_match_exports_the_truth_and_the_script_re_derives_every_draw(client, tmp_path, variant):
    m = ApiMatch(client, game="threebythree", variant=variant)
    m.play_to_end(choose=random.Random(11).choice)
    lines = export_lines(client, m, m.headers(1))
    assert lines[0]["redacted_for"] is None and lines[0]["ended"]
    draws = [d for e in lines[1:] for d in e.get("rng", {}).get("draws", [])]
    assert any(d["op"] == "shuffle" for d in draws)
    done = rederive(tmp_path, lines)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(draws)} draws re-derived" in done.stdout and "chain of" in done.stdout
    deck = next(e for e in lines[1:] if e["type"] == "DeckShuffled")
    assert f"= DeckShuffled@{deck['version']}.order" in done.stdout


def test_the_script_rejects_a_doctored_shuffle_a_doctored_event_and_a_wrong_seed(client, tmp_path):
    m = ApiMatch(client, game="threebythree", variant="overlord")
    m.play_to_end(choose=random.Random(12).choice)
    lines = export_lines(client, m, {})
    shuffled = next(e for e in lines[1:] if e.get("rng"))
    draw = next(d for d in shuffled["rng"]["draws"] if d["op"] == "shuffle")
    draw["result"] = list(reversed(draw["result"]))
    done = rederive(tmp_path, lines)
    assert done.returncode == 1 and "FAIL: draw shuffle" in done.stdout
    lines = export_lines(client, m, {})
    dealt = next(e for e in lines[1:] if e["type"] == "CardsDealt")
    dealt["data"]["cards"][0] = "001"
    assert "hash chain broken at version" in rederive(tmp_path, lines).stdout
    lines = export_lines(client, m, {})
    lines[0]["commitment"] = "0" * 64
    assert "seed does not match the commitment" in rederive(tmp_path, lines).stdout


def test_the_script_refuses_a_redacted_export(client, tmp_path):
    m = ApiMatch(client)
    done = rederive(tmp_path, export_lines(client, m, m.headers(0)))
    assert done.returncode == 2 and "redacted for seat 0" in done.stderr


def test_export_errors_are_json(client):
    assert client.get("/matches/nope/export").get_json()["error"]["code"] == "match_not_found"
    m = ApiMatch(client)
    r = client.get(f"/matches/{m.id}/export", headers={"Authorization": "Bearer x"})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "bad_token"
