"""The Procfile's web line as operators run it (issue 16): without a Redis server its several
gunicorn workers would each keep their own in-memory store, so it refuses to start and says why;
with one it serves and writes an access log line per request (never the secret of an unsubscribe
link)."""
import json
import os
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from tests.plugin_stack import command, free_port, procfile

pytestmark = pytest.mark.redis


def env_without_redis() -> dict:
    return {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "KIFU_STORE_URL", "KIFU_QUEUE_URL")}


def test_several_workers_without_redis_refuse_to_start_and_say_why():
    line = procfile()["web"]
    args = command(line, free_port(), "")
    done = subprocess.run(args, env=env_without_redis(), capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "REDIS_URL" in done.stderr and "in-memory store" in done.stderr, done.stderr[-2000:]


def test_with_redis_it_serves_and_logs_each_request(real_redis_url):
    redis_url = real_redis_url
    port = free_port()
    proc = subprocess.Popen(command(procfile()["web"], port, redis_url), env={**env_without_redis(), "REDIS_URL": redis_url},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/games", timeout=2) as r:
                    assert r.status == 200
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not answer")
        unsubscribe = urllib.request.Request(f"http://127.0.0.1:{port}/unsubscribe/tok3n-0f-a-link", method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(unsubscribe, timeout=5)
        assert refused.value.code == 404
    finally:
        proc.terminate()
        out = proc.communicate(timeout=30)[0]
    lines = [json.loads(line) for line in out.splitlines()]              # every line JSON, with its time
    assert all(line["ts"] for line in lines), out[-2000:]
    served = [(line["message"], line["status"]) for line in lines if line["logger"] == "service.http.requests"]
    assert ("GET /games 200", 200) in served, out[-2000:]
    assert ("POST /unsubscribe/… 404", 404) in served and "tok3n" not in out, out[-2000:]   # no secret logged
    control = [line["message"] for line in lines if "ontrol socket" in line["message"]]
    assert control and all("/kifu-gunicorn-" in m for m in control), control     # this instance's own socket
