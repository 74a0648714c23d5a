"""GET /healthz and GET /readyz (issue 16): the process, and its store, append script and queues."""
from service import create_app
from service.http.redis_conn import get_redis
from tests.plugin_stack import free_port


def test_healthz_and_readyz(client):
    assert client.get("/healthz").get_json() == {"ok": True}
    ready = client.get("/readyz")
    body = ready.get_json()
    assert ready.status_code == 200 and body["ok"] and set(body["checks"]) == {"store", "scripts", "queues"}
    assert set(body["checks"]["queues"]["depths"]) == {"high", "default", "low"}


def test_readyz_on_real_redis_reloads_the_append_script_a_restart_lost(real_app):
    client = real_app.test_client()
    with real_app.app_context():
        get_redis().script_flush()                     # what a restarted Redis without persistence has
    body = client.get("/readyz").get_json()
    assert body["ok"] and len(body["checks"]["scripts"]["append"]) == 40
    with real_app.app_context():
        assert get_redis().script_exists(body["checks"]["scripts"]["append"]) == [True]


def test_readyz_is_503_naming_the_store_when_redis_is_unreachable():
    port = free_port()                               # a port nothing listens on
    app = create_app({"TESTING": True, "REDIS_URL": f"redis://127.0.0.1:{port}/0"})
    r = app.test_client().get("/readyz")
    body = r.get_json()
    assert r.status_code == 503 and r.headers["Retry-After"] and not body["ok"]
    assert not body["checks"]["store"]["ok"] and "ConnectionError" in body["checks"]["store"]["error"]
    assert app.test_client().get("/healthz").status_code == 200
