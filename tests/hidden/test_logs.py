"""Nothing secret in the logs (issue 33): a 3x3Wars match, whose seats choose face-down territories,
played over gunicorn as the Procfile starts it (real Redis, the access log on stdout, the error log
and the service's JSON records on stderr), every move built step by step both ways — ``POST
legal-actions {"partial"}`` and the deprecated ``GET legal-actions?partial=`` — beside the other
credentials the service hands out (seat, organiser and auditor tokens, invite codes, a player's keys,
a sign-in code, a webhook's secret and unsubscribe token, an API key), each also sent where a client
might wrongly put it: in a query string, and in a request line gunicorn cannot parse. Every line of
every log is then scanned for every seat's secrets at every version (``truth.Truth``: what some
caller may not be told) and for every credential: none may be there. (The service writes few JSON
records in a game without faults — here the warning of KIFU_WEBHOOK_PRIVATE=loopback at start; what
it writes in one is redacted as tests/test_logs.py checks.)"""
import json
import os
import random
import re
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
from urllib.parse import quote, unquote

import pytest
import redis

from service import create_app
from service.http.redis_conn import get_store
from tests.hidden import games
from tests.hidden.leaks import is_name
from tests.hidden.truth import Truth
from tests.plugin_stack import ROOT, command, free_port, issue_api_key, procfile, request

pytestmark = pytest.mark.redis
GAME, VARIANT = "threebythree", "overlord"


class Web:
    """The Procfile's web line on a free port, its stdout (the access log) and stderr (gunicorn's
    error log and the service's JSON records) kept in files until ``stop``."""

    def __init__(self, redis_url: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if k not in ("KIFU_STORE_URL", "KIFU_QUEUE_URL")}
        # KIFU_WEBHOOK_PRIVATE=loopback: each worker's warning at start is a JSON record the scan reads too
        env.update(REDIS_URL=redis_url, PYTHONPATH=str(ROOT), KIFU_LOG_FORMAT="json", KIFU_WEBHOOK_PRIVATE="loopback")
        self.out, self.err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        # gunicorn's own access log turned on (the Procfile's is off: the app's line per request stands
        # for it), so that its lines, which carry the raw request line, are scanned too
        self.proc = subprocess.Popen(command(procfile()["web"], self.port, redis_url) + ["--access-logfile", "-"],
                                     cwd=ROOT, env=env,
                                     start_new_session=True, stdout=self.out, stderr=self.err)
        end = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, f"gunicorn exited {self.proc.returncode}: {self.logs()[1][-2000:]}"
            try:
                if request(self.url, "GET", "/games")[0] == 200:
                    return
            except (urllib.error.URLError, ConnectionError):
                pass
            assert time.monotonic() < end, "gunicorn did not answer"
            time.sleep(0.2)

    def call(self, method: str, path: str, body=None, token=None, want: int | None = 200):
        status, answer = request(self.url, method, path, body, token)
        assert want is None or status == want, (method, path, status, answer)
        return answer

    def raw(self, line: str) -> None:
        """A request line gunicorn cannot parse (it writes one it refuses to its error log)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as s:
            s.sendall(f"{line}\r\nHost: x\r\n\r\n".encode())
            assert s.recv(1000).startswith(b"HTTP/1.1 400")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(30)

    def logs(self) -> tuple[str, str]:
        out = []
        for f in (self.out, self.err):
            f.seek(0)
            out.append(f.read().decode("utf-8", "replace"))
        return out[0], out[1]


@pytest.fixture
def web(real_redis_url):
    w = Web(real_redis_url)
    try:
        yield w
    finally:
        w.stop()
        w.out.close()
        w.err.close()


def credentials(web: Web, redis_url: str) -> tuple[dict, dict]:
    """A 3x3Wars match with both seats taken by invite (one bound to a player) and every other kind
    of credential made through the API; (the match: id and seat tokens, every credential by name)."""
    held = {}
    player = web.call("POST", "/players", {"name": "Reimu", "label": "desk"}, want=201)
    held["player key"] = player["key"]
    created = web.call("POST", "/matches", {"game": GAME, "variant": VARIANT, "seats": [
        {"name": "p0", "join": "invite"}, {"name": "p1", "join": "invite"}]}, want=201)
    mid = created["match_id"]
    held.update({"organiser token": created["organiser_token"], "auditor token": created["auditor_token"]})
    first = {s["seat"]: s["invite"] for s in created["seats"]}
    again = web.call("POST", f"/matches/{mid}/seats/1/invite", {}, created["organiser_token"])["invite"]
    held.update({"invite 0": first[0], "invite 1 (first)": first[1], "invite 1": again})
    tokens = [web.call("POST", f"/matches/{mid}/seats/0/claim", {"invite": first[0], "player": True},
                       player["key"])["token"],
              web.call("POST", f"/matches/{mid}/seats/1/claim", {"invite": again})["token"]]
    held.update({"seat token 0": tokens[0], "seat token 1": tokens[1]})
    code = web.call("POST", "/players/me/sign-in-codes", None, player["key"], want=201)["code"]
    held.update({"sign-in code": code, "sign-in code typed": code.replace("-", "")})
    held["second device key"] = web.call("POST", "/players/sign-in", {"code": code, "label": "phone"}, want=201)["key"]
    sub = web.call("POST", "/players/me/notifications", {"kind": "webhook", "url": "https://example.org/kifu"},
                   player["key"], want=201)
    held["webhook secret"] = sub["secret"]
    client = redis.Redis.from_url(redis_url)
    stored = json.loads(client.hget(f"kifu:player:{{{player['player_id']}}}:subs", sub["id"]))
    client.close()
    held["unsubscribe token"] = stored["unsubscribe"]
    held["API key"] = issue_api_key(redis_url)
    web.call("POST", "/simulations", {"game": GAME, "variant": VARIANT, "games": 1, "seed": 1,
                                      "seats": [{"bot": "random"}, {"bot": "random"}]}, held["API key"], want=202)
    return {"id": mid, "tokens": tokens}, held


def misplaced(web: Web, match: dict, held: dict) -> None:
    """Each credential where a client might wrongly put it: a query string (a route that reads its
    query refuses a parameter it does not know, one that reads none answers) and a request line
    gunicorn cannot parse; and as the header it belongs in."""
    mid = match["id"]
    for name, secret in held.items():
        web.call("GET", f"/matches/{mid}?token={quote(secret)}", want=None)
        web.call("GET", f"/matches/{mid}/events?after=0&access_token={quote(secret)}", want=400)
        web.call("GET", f"/matches/{mid}/legal-actions?partial=%7B%7D&key={quote(secret)}", token=held["seat token 0"],
                 want=400)
        web.raw(f"GET /games?invite={quote(secret)}")
        web.call("GET", f"/matches/{mid}", token=secret, want=None)
    web.call("POST", f"/unsubscribe/{held['unsubscribe token']}", want=200)


def play(web: Web, match: dict, rnd: random.Random, max_moves: int = 200) -> tuple[int, list]:
    """The match to its end, each move built a step at a time, every step asked both ways (the
    answers must agree); (moves made, the request URIs of the deprecated GETs)."""
    mid, tokens, uris = match["id"], match["tokens"], []
    for moves in range(max_moves):
        info = web.call("GET", f"/matches/{mid}", token=tokens[0])
        if info["outcome"] is not None:
            return moves, uris
        seat = rnd.choice(info["to_act"])
        partial = {}
        while True:
            answer = web.call("POST", f"/matches/{mid}/legal-actions", {"partial": partial}, tokens[seat])
            uri = f"/matches/{mid}/legal-actions?partial={quote(json.dumps(partial))}"
            assert web.call("GET", uri, token=tokens[seat]) == answer
            uris.append(uri)
            option = rnd.choice(answer["step"]["options"])
            if option["done"]:
                break
            partial = option["action"]
        web.call("POST", f"/matches/{mid}/actions", {"action": option["action"], "expected_version": answer["version"],
                                                     "command_id": f"move-{moves}"}, tokens[seat])
    raise AssertionError(f"no outcome after {max_moves} moves")


def the_truth(redis_url: str, match_id: str) -> Truth:
    app = create_app({"TESTING": True, "REDIS_URL": redis_url})
    truth = Truth(next(g for g in games.GAMES if g.id == GAME), 2)
    with app.app_context():
        truth.fold_records(get_store().read(match_id, 0))
    return truth


def leaks_in(line: str, secrets: frozenset, names: frozenset, held: dict) -> list:
    """What of ``secrets`` (card ids as whole words, printed names anywhere) and of ``held`` (the
    credentials, anywhere) a log line holds, read as written and URL-decoded; a JSON record's
    timestamp left out (its milliseconds could read as a card id)."""
    try:
        record = json.loads(line)
        if isinstance(record, dict):
            line = json.dumps({k: v for k, v in record.items() if k != "ts"}, ensure_ascii=False)
    except ValueError:
        pass
    texts = {line, unquote(line), unquote(unquote(line))}
    found = [f"{name} {secret!r}" for name, secret in held.items() if any(secret in t for t in texts)]
    for s in secrets:
        pattern = re.escape(s) if is_name(s, names) else rf"(?<![0-9A-Za-z]){re.escape(s)}(?![0-9A-Za-z])"
        found += [f"secret {s!r}" for t in texts if re.search(pattern, t)][:1]
    return found


def test_no_log_line_holds_a_seat_s_secret_or_a_credential(web, real_redis_url):
    match, held = credentials(web, real_redis_url)
    misplaced(web, match, held)
    moves, uris = play(web, match, random.Random(33))
    for token in match["tokens"]:                       # the record read as each seat, once ended
        web.call("GET", f"/matches/{match['id']}/events?after=0&limit=1000", token=token)
    web.stop()
    access, errors = web.logs()
    truth = the_truth(real_redis_url, match["id"])
    secrets = truth.ever()
    # the scan can fail: the secrets are there in what the deprecated GETs sent, and a credential in a query
    assert moves >= 4 and secrets and any(leaks_in(f'"GET {uri} HTTP/1.1" 200', secrets, truth.names, {})
                                          for uri in uris)
    assert leaks_in(f"GET /games?invite={quote(held['API key'])}", secrets, truth.names, held)
    # the logs were written: each request's line (the deprecated GET's partial cut), the refused request lines
    lines = [json.loads(line) for line in access.splitlines()]             # gunicorn's access log: JSON lines
    assert sum(r["request"].endswith("/legal-actions?partial=… HTTP/1.1") and r["status"] == 200
               for r in lines) == len(uris), access[-3000:]
    assert sum(r["request"] == f"POST /matches/{match['id']}/legal-actions HTTP/1.1" and r["status"] == 200
               for r in lines) == len(uris)
    assert "Invalid request from ip=127.0.0.1" in errors and "GET /games?…" in errors, errors[-3000:]
    records = [json.loads(line) for line in errors.splitlines() if line.startswith("{")]
    assert records and all(r["logger"].startswith(("service", "gunicorn")) for r in records), errors[-3000:]
    served = [r for r in records if r["logger"] == "service.http.requests"]      # the app's line per request
    assert sum(r["route"] == "/matches/<match_id>/legal-actions" and r["method"] == "GET" for r in served) >= len(uris)
    leaks = [f"{where} line {n}: {hit}" for where, text in (("access log", access), ("error log", errors))
             for n, line in enumerate(text.splitlines(), 1) for hit in leaks_in(line, secrets, truth.names, held)]
    assert leaks == [], "\n".join(leaks[:40])
