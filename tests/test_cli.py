"""The kifu command: `kifu serve` answers HTTP on the embedded store; `kifu verify` needs REDIS_URL."""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
from urllib.parse import quote

import pytest

from service.cli import main
from tests.helpers import api_key_headers


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=None if body is None else json.dumps(body),
                 headers={"Content-Type": "application/json", **(headers or {})})
    r = conn.getresponse()
    answer = (r.status, json.loads(r.read()))
    conn.close()
    return answer


def test_serve_prints_its_url_and_serves_the_api_without_redis():
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/ \(store: embedded fakeredis", line)
        assert found, line
        port = int(found.group(1))
        status, games = request(port, "GET", "/games")
        assert status == 200 and "threebythree" in {g["id"] for g in games["games"]}
        status, created = request(port, "POST", "/matches", {
            "game": "threebythree", "variant": "overlord", "seats": [{"name": "a"}, {"name": "b"}]})
        assert status == 201
        status, legal = request(port, "GET", f"/matches/{created['match_id']}/legal-actions",
                                headers={"Authorization": f"Bearer {created['seats'][0]['token']}"})
        assert status == 200 and legal["version"] == created["version"]
        status, _ = request(port, "POST", "/unsubscribe/tok3n-0f-an-unsubscribe-link")
        assert status == 404
        token = created["seats"][0]["token"]
        partial = quote(json.dumps({"type": "choose", "territories": legal["actions"][0]["territories"][:1]}))
        status, _ = request(port, "GET", f"/matches/{created['match_id']}/legal-actions?partial={partial}",
                            headers={"Authorization": f"Bearer {token}"})
        assert status == 200                                  # the deprecated form still answers
        status, _ = request(port, "GET", f"/games?access_token={token}")
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:   # a request line it cannot parse
            raw.sendall(f"GET /games?invite={token} HTTP/1.1 junk\r\n\r\n".encode())
            assert b" 400 " in raw.recv(1000)
    finally:
        proc.terminate()
        err = proc.communicate(timeout=10)[1]
    # the request log names each request, never the secret an unsubscribe link carries, the partial
    # move of the deprecated GET, nor a token a client put in a query string
    assert "POST /unsubscribe/… HTTP/1.1" in err and "tok3n" not in err, err[-2000:]
    assert "legal-actions?partial=… HTTP/1.1" in err and "/games?… HTTP/1.1" in err, err[-2000:]
    card = legal["actions"][0]["territories"][0]
    assert token not in err and not re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", err), err[-2000:]


def test_verify_needs_redis_url(monkeypatch, capsys):
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert main(["verify", "abc"]) == 2
    assert "REDIS_URL" in capsys.readouterr().err


@pytest.mark.redis
def test_verify_reports_on_a_real_redis(monkeypatch, capsys, real_redis_url):
    monkeypatch.setenv("REDIS_URL", real_redis_url)
    assert main(["verify", "no-such-match"]) == 1
    assert json.loads(capsys.readouterr().out)["first_divergence"]["reason"] == "no such match"


def test_a_new_match_id_never_begins_with_a_dash_which_kifu_verify_would_take_for_an_option(monkeypatch):
    from service.application.match import creating
    drawn = iter(["-dashed-first---", "then-a-good-one"])

    class Secrets:
        token_urlsafe = staticmethod(lambda n: next(drawn))
    monkeypatch.setattr(creating, "secrets", Secrets)
    assert creating.new_match_id() == "then-a-good-one"


@pytest.mark.redis
def test_verify_takes_an_older_id_beginning_with_a_dash_after_two_dashes(monkeypatch, capsys, real_redis_url):
    monkeypatch.setenv("REDIS_URL", real_redis_url)
    assert main(["verify", "--", "-old-dashed-id"]) == 1
    assert json.loads(capsys.readouterr().out)["match_id"] == "-old-dashed-id"


def test_simulate_prints_the_same_results_as_the_api_and_a_progress_bar(app, client, capsys):
    from tests.jobs import run_jobs
    assert main(["simulate", "threebythree", "overlord", "--seat", "ismcts:iterations=4", "--seat", "random",
                 "--games", "12", "--seed", "cli"]) == 0
    captured = capsys.readouterr()
    printed = json.loads(captured.out)
    assert "12/12 games" in captured.err and "[" + "#" * 30 + "]" in captured.err
    r = client.post("/simulations", json={"game": "threebythree", "variant": "overlord", "games": 12, "seed": "cli",
                                          "seats": [{"bot": "ismcts", "budget": {"iterations": 4}}, {"bot": "random"}]},
                    headers=api_key_headers(app))
    run_jobs(app)
    assert client.get(f"/jobs/{r.get_json()['id']}").get_json()["results"] == printed["results"]


def test_simulate_refuses_a_bad_bot_clearly(capsys):
    assert main(["simulate", "toy-plain", "standard", "--seat", "ismcts", "--seat", "random", "--games", "2"]) == 2
    assert "determinize" in capsys.readouterr().err


@pytest.mark.parametrize("text, config", [
    ("random", {"bot": "random"}),
    ("ismcts:iterations=16", {"bot": "ismcts", "budget": {"iterations": 16}}),
    ("big-money:kingdom=youmu,copies=2", {"bot": "big-money", "kingdom": "youmu", "copies": 2})])
def test_simulate_reads_a_bot_and_its_settings(text, config):
    from service.cli.simulate import parse_bot
    assert parse_bot(text) == config


def test_simulate_plays_a_game_s_own_bot(capsys):
    assert main(["simulate", "shisoroku", "standard", "--seat", "big-money", "--seat", "random",
                 "--games", "4", "--seed", "1"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert results["games"] == 4 and results["seats"][0]["wins"] >= 3


@pytest.mark.parametrize("module, says", [("tests.no_such_module", "cannot be imported"),
                                          ("tests.helpers", "defines no GAME")])
def test_a_kifu_games_module_that_cannot_serve_is_one_line_not_a_traceback(monkeypatch, capsys, module, says):
    monkeypatch.setenv("KIFU_GAMES", module)
    assert main(["verify", "abc"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and says in err and module in err, err
