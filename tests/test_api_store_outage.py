"""Redis stops (issue 16): every route of openapi.yaml that needs the store answers 503
``store_unavailable`` with Retry-After — clients can tell "try again" from a bug — and those that
do not (health, games, the page, its assets, the spec, finished export files, metrics) still answer;
a live feed or export already streaming ends with a message saying so; once Redis is back the same
app serves again. `kifu` against an unreachable Redis says so in one line (no traceback)."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading

import pytest
import yaml

from service import create_app
from service.application.datasets import exports
from service.cli import main
from service.http.redis_conn import get_store
from tests.api_world import build
from tests.helpers import bearer
from tests.plugin_stack import ROOT, command, free_port, procfile
from tools.local_cluster import LocalServer

pytestmark = pytest.mark.redis
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text("utf-8"))
WITHOUT_STORE = {("/healthz", "get"), ("/games", "get"), ("/games/{game}", "get"), ("/", "get"),
                 ("/web/{asset}", "get"), ("/openapi.yaml", "get"), ("/exports/{export_id}/{table}/{name}", "get"),
                 ("/metrics", "get"), ("/i18n/{lang}.json", "get")}
TOY = {"game": "toy", "variant": "standard", "seats": [{"bot": "random"}, {"bot": "random"}], "games": 2, "seed": 1}


@pytest.fixture(scope="module")
def server():
    s = LocalServer()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def served(server):
    """An app on the server, its world built, then the server stopped (kill -9) for the tests."""
    app = create_app({"TESTING": True, "REDIS_URL": server.url(0), "SSE_KEEPALIVE_MS": 200})
    client = app.test_client()
    world = build(client, moves=1)
    with app.app_context():
        exports.run(get_store(), world.export)          # a finished export: its files are on disk
    stop(server)
    return app, client, world


_held = {}        # port -> a socket bound to it, not listening: connections are refused, and no other
#                   test's server (pytest-xdist runs them side by side) can take the port meanwhile


def stop(server: LocalServer) -> None:
    proc = server.procs[server.port]
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    holder = socket.socket()
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    holder.bind(("127.0.0.1", server.port))
    _held[server.port] = holder


def start(server: LocalServer) -> None:
    _held.pop(server.port).close()
    server._spawn(server.port)
    server._wait_ping([server.port])


def operations():
    for path, item in SPEC["paths"].items():
        for method in item:
            if method in ("get", "post"):
                yield path, method


def request_for(world, path: str, method: str) -> dict:
    """A request that would succeed with the store up: real ids, tokens and bodies."""
    m = world.ended
    values = {"match_id": m.id, "version": "1", "dispute": str(world.dispute), "seat": "0", "game": "toy",
              "asset": "app.js", "job_id": world.simulation, "export_id": world.export, "table": "matches",
              "name": "part-00000.jsonl", "key_id": world.player["key_id"], "sub_id": world.subscription,
              "token": "an-unsubscribe-token", "player_id": world.player["player_id"], "variant": "standard",
              "lang": "ja"}
    url = re.sub(r"{(\w+)}", lambda found: values[found.group(1)], path)
    token = m.created["auditor_token"] if path.endswith("/ruling") else m.tokens[0]
    bodies = {"/matches": {"game": "toy", "variant": "standard", "seats": [{"name": "a"}, {"name": "b"}]},
              "/matches/{match_id}/actions": {"action": {"type": "add", "n": 1}, "expected_version": 5,
                                              "command_id": "c1"},
              "/matches/{match_id}/disputes": {"version": 2, "reason": "again"},
              "/matches/{match_id}/disputes/{dispute}/ruling": {"decision": "stands"},
              "/matches/{match_id}/forks": {"version": 4}, "/simulations": TOY, "/exports": {"game": "toy"},
              "/matches/{match_id}/seats/{seat}/claim": {"invite": "code"},
              "/my-matches": {"seats": [{"match_id": m.id, "token": m.tokens[0]}]},
              "/matches/{match_id}/chat": {"text": "gg"}, "/players": {"name": "Marisa"},
              "/players/sign-in": {"code": "ABCD-EFGH-JKLM"},
              "/players/me/seats": {"match_id": m.id, "token": m.tokens[0]},
              "/players/me/notifications": {"kind": "webhook", "url": "https://example.org/kifu"},
              "/matches/{match_id}/seats/{seat}/notifications": {"kind": "webhook", "url": "https://example.org/kifu"}}
    if path in ("/simulations", "/exports"):
        headers = world.api_key
    elif path.startswith("/players/me"):
        headers = bearer(world.player["key"])
    else:
        headers = bearer(token)
    return {"path": url, "method": method.upper(), "headers": headers,
            **({"json": bodies.get(path, {})} if method == "post" else {})}


def test_every_route_answers_503_with_retry_after_or_does_not_need_the_store(served):
    app, client, world = served
    walked = []
    for path, method in operations():
        r = client.open(**request_for(world, path, method))
        walked.append((path, method))
        if (path, method) in WITHOUT_STORE:
            assert r.status_code == 200, (path, method, r.status_code, r.get_data()[:300])
        elif path == "/readyz":
            assert r.status_code == 503 and r.headers["Retry-After"] and not r.get_json()["checks"]["store"]["ok"]
        else:
            body = r.get_json()
            assert r.status_code == 503, (path, method, r.status_code, body)
            assert r.headers["Retry-After"] == "2" and body["error"]["code"] == "store_unavailable", (path, body)
    assert len(walked) == len(set(walked)) >= 30
    assert WITHOUT_STORE <= set(walked) | {("/metrics", "get")}


def test_kifu_commands_against_an_unreachable_redis_say_so_in_one_line(served, server, monkeypatch, capsys):
    monkeypatch.setenv("REDIS_URL", server.url(0))
    for argv in (["verify", "abc"], ["verify", "abc", "--enqueue"], ["replay", "abc"],
                 ["export", "--out", "/tmp/kifu-outage-export"], ["keys", "create", "x"], ["keys", "list"],
                 ["keys", "revoke", "x"], ["simulate", "toy", "standard", "--seat", "random", "--seat", "random",
                                            "--games", "1", "--store", "--quiet"]):
        assert main(argv) == 3, argv
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and err.startswith(f"kifu {argv[0]}: Redis did not answer") and \
            f"127.0.0.1:{server.port}" in err, (argv, err)


def test_kifu_verify_and_serve_as_processes(served, server):
    env = {"REDIS_URL": server.url(0), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "service.cli", "verify", "abc"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "Connection refused" in done.stderr
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(free_port())], env=env,
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = proc.stderr.readline()
        assert "does not answer" in said and "503 store_unavailable" in said, said
        assert "kifu serving on" in proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(10)


def test_gunicorn_against_an_unreachable_store_says_so_and_serves(served, server):
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url(0)}
    proc = subprocess.Popen(command(procfile()["web"], port, server.url(0)), env=env, cwd=ROOT, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        said = [proc.stderr.readline() for _ in range(3)]
        assert any("does not answer" in line and "503 store_unavailable" in line for line in said), said
    finally:
        # the whole group, its log drained meanwhile (a full stderr pipe would hold the master up); a
        # master still booting its workers on a loaded machine waits up to its graceful timeout (30 s)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


def test_a_feed_streaming_when_redis_stops_ends_with_an_unavailable_event_then_serves_again(served, server):
    app, client, world = served
    m = world.matches[0]
    start(server)                       # empty again (no persistence): make a match to follow
    created = client.post("/matches", json={"game": "toy", "variant": "standard",
                                            "seats": [{"name": "a"}, {"name": "b"}]}).get_json()
    assert client.get("/readyz").status_code == 200
    response = client.get(f"/matches/{created['match_id']}/stream", buffered=False)
    lines = iter(response.response)
    received = [next(lines)]            # retry: ...
    killer = threading.Timer(0.5, stop, (server,))
    killer.start()
    received += list(lines)             # waits (blocking reads of 200 ms) until the store goes away
    killer.join()
    text = "".join(x.decode() if isinstance(x, bytes) else x for x in received)
    assert "event: caught-up" not in text and text.rstrip().endswith("}"), text
    last = text.strip().split("\n\n")[-1]
    assert last.startswith("event: unavailable") and json.loads(last.split("data: ", 1)[1])["error"]["code"] == \
        "store_unavailable", last
    assert m.id                                       # the world's matches were on the old server
    start(server)
    assert client.get("/readyz").status_code == 200
    assert client.post("/matches", json={"game": "toy", "variant": "standard",
                                         "seats": [{"name": "a"}, {"name": "b"}]}).status_code == 201
