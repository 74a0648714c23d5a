"""The table's moves on a real Redis (issue 17), checked by `kifu verify`: a resignation, a draw by
agreement and a rematch end and start matches as events that verify; a line of table talk reaches
both seats and the export; an altered line is found by verify."""
import json

import pytest

from service.cli import main
from tests.helpers import ApiMatch
from tests.test_workers import rewrite_stream

pytestmark = pytest.mark.redis


def kifu_verify(monkeypatch, capsys, url, match_id) -> dict:
    monkeypatch.setenv("REDIS_URL", url)
    code = main(["verify", match_id])
    report = json.loads(capsys.readouterr().out)
    assert (code == 0) == report["ok"], report
    return report


def test_resign_draw_and_rematch_verify_with_kifu_verify(real_app, real_redis_url, monkeypatch, capsys):
    client = real_app.test_client()
    resigned = ApiMatch(client, game="threebythree", variant="overlord")
    client.post(f"/matches/{resigned.id}/chat", json={"text": "よろしく"}, headers=resigned.headers(0))
    assert client.post(f"/matches/{resigned.id}/resign", headers=resigned.headers(1)).status_code == 200
    drawn = ApiMatch(client, game="threebythree", variant="overlord")
    client.post(f"/matches/{drawn.id}/draw/offer", headers=drawn.headers(0))
    assert client.post(f"/matches/{drawn.id}/draw/accept", headers=drawn.headers(1)).status_code == 200
    again = client.post(f"/matches/{drawn.id}/rematch", headers=drawn.headers(1)).get_json()
    rematch = ApiMatch.held(client, again["match_id"], drawn.tokens)
    client.post(f"/matches/{rematch.id}/resign", headers=rematch.headers(0))
    for m in (resigned, drawn, rematch):
        report = kifu_verify(monkeypatch, capsys, real_redis_url, m.id)
        assert report["ok"] and report["seed_revealed"], report
    for seat in (0, 1, None):
        export = client.get(f"/matches/{resigned.id}/export", headers=resigned.headers(seat)).get_data(as_text=True)
        said = [json.loads(line) for line in export.splitlines()[1:] if '"ChatSaid"' in line]
        assert [e["data"]["text"] for e in said] == ["よろしく"]


def test_an_altered_line_of_table_talk_is_found(real_app, real_redis_url, monkeypatch, capsys):
    client = real_app.test_client()
    m = ApiMatch(client, game="threebythree", variant="overlord")
    said = client.post(f"/matches/{m.id}/chat", json={"text": "good luck"}, headers=m.headers(0)).get_json()
    said_at = said["events"][0]["version"]
    client.post(f"/matches/{m.id}/resign", headers=m.headers(0))
    def alter(version, fields):
        if version == said_at:
            fields[b"data"] = json.dumps({"seat": 0, "text": "I concede"}, separators=(",", ":")).encode()
        return fields
    rewrite_stream(real_app, m.id, alter)
    report = kifu_verify(monkeypatch, capsys, real_redis_url, m.id)
    assert not report["ok"] and report["first_divergence"]["version"] == said_at
