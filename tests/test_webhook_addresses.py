"""Where a webhook may go (issue 33, service.application.notify.webhook_urls, workers/senders.py): each form
of a loopback, private, link-local, multicast, reserved or unspecified address — IPv4 in its short
and numeric notations, IPv6, and the IPv6 forms that carry an IPv4 address (NAT64, IPv4-mapped,
IPv4-translated, IPv4-compatible, 6to4, Teredo) — refused when a URL names it (400 naming ``url``)
and when a name resolves to it (the attempt refused before any connection: the resolver is injected
here); the setting that lets the tests' receivers on 127.0.0.1 be reached is one no other value
turns on, warned of when a process starts."""
import logging
import socket
import subprocess
import sys
import threading

import pytest

from service import create_app
from service.application.notify import settings as notify_settings
from service.application.settings import SettingError
from service.application.notify.webhook_urls import reachable
from tests.helpers import bearer
from tests.plugin_stack import ROOT
from tests.receivers import WebhookReceiver
from workers import senders

REFUSED = {
    "loopback": ["127.0.0.1", "127.255.255.254", "::1"],
    "private": ["10.0.0.1", "172.16.0.1", "192.168.1.1", "fd00::1", "100.64.0.1"],
    "link-local": ["169.254.169.254", "fe80::1"],
    "multicast": ["224.0.0.1", "ff02::1", "ff0e::1"],
    "reserved": ["240.0.0.1", "255.255.255.255", "100::1"],
    "unspecified": ["0.0.0.0", "::"],
    "site-local": ["fec0::1"],
    "NAT64 64:ff9b::/96": ["64:ff9b::7f00:1", "64:ff9b::a00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::e000:1"],
    "NAT64 64:ff9b:1::/48": ["64:ff9b:1::7f00:1", "64:ff9b:1:7f00:1::", "64:ff9b:1::808:808"],
    "IPv4-mapped ::ffff:0:0/96": ["::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::ffff:0.0.0.0"],
    "IPv4-translated ::ffff:0:0:0/96": ["::ffff:0:7f00:1", "::ffff:0:c0a8:101", "::ffff:0:a9fe:a9fe"],
    "IPv4-compatible ::/96": ["::127.0.0.1", "::10.0.0.1", "::169.254.169.254"],
    "6to4 2002::/16": ["2002:7f00:1::1", "2002:a00:1::", "2002:a9fe:a9fe::1"],
    "Teredo 2001::/32": ["2001:0:4136:e378:8000:63bf:80ff:fffe",     # client 127.0.0.1
                         "2001:0:a00:1:8000:63bf:3fff:fdd2"],         # server 10.0.0.1
}
FORMS = [pytest.param(a, id=f"{kind}:{a}") for kind, addresses in REFUSED.items() for a in addresses]
PUBLIC = ["8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808", "::ffff:8.8.8.8", "2002:808:808::1",
          "2001:0:4136:e378:8000:63bf:f7f7:f7f7"]         # NAT64, mapped, 6to4 and Teredo of public addresses
# the reported three (issue 33): passed the send-time check and a connection was attempted
REPORTED = ["64:ff9b::7f00:1", "::ffff:0:7f00:1", "::127.0.0.1"]


def url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


@pytest.fixture
def public_only(monkeypatch):
    monkeypatch.delenv("KIFU_WEBHOOK_PRIVATE", raising=False)


def subscribe(client, url: str) -> int:
    key = client.post("/players", json={"name": "Reimu"}).get_json()["key"]
    r = client.post("/players/me/notifications", json={"kind": "webhook", "url": url}, headers=bearer(key))
    assert r.status_code in (201, 400), r.get_json()
    assert r.status_code == 201 or r.get_json()["error"]["message"].startswith("url:"), r.get_json()
    return r.status_code


@pytest.mark.parametrize("address", FORMS)
def test_a_url_naming_a_non_public_address_in_any_form_is_refused_at_subscription(client, public_only, address):
    assert subscribe(client, f"https://{url_host(address)}/hook") == 400


@pytest.mark.parametrize("host", ["127.1", "2130706433", "0x7f.1", "017700000001", "0", "localhost", "a.localhost",
                                  "[fe80::1%25eth0]", "[::ffff:7f00:1]"])
def test_the_other_notations_of_such_addresses_are_refused_too(client, public_only, host):
    assert subscribe(client, f"http://{host}/hook") == 400


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_are_subscribed_to_also_in_ipv6_forms_that_carry_one(client, public_only, address):
    assert subscribe(client, f"https://{url_host(address)}/hook") == 201


class Resolver:
    """``socket.getaddrinfo`` as workers.senders sees it: ``name`` resolves to ``addresses``; every
    lookup, and every socket address a connection is attempted to, is noted."""

    def __init__(self, monkeypatch, name: str, addresses: list[str], connect=None):
        self.name, self.addresses, self.lookups, self.attempts = name, addresses, [], []
        self.real, self.connect = socket.getaddrinfo, connect
        monkeypatch.setattr(socket, "getaddrinfo", self)
        monkeypatch.setattr(senders, "open_socket", self.open)

    def __call__(self, host, port, *args, **kwargs):
        if host != self.name:
            return self.real(host, port, *args, **kwargs)
        self.lookups.append(host)
        return [(socket.AF_INET6, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (a, port, 0, 0)) if ":" in a
                else (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (a, port)) for a in self.addresses]

    def open(self, info, timeout, source=None):
        self.attempts.append(info[3])
        if self.connect is None:
            raise ConnectionRefusedError("no network in this test")
        return self.connect(info, timeout, source)


def send(url="http://hook.example:8443/h"):
    return senders.webhook(url, "whsec_x", {"delivery": "d", "event": "chat"})


@pytest.mark.parametrize("address", FORMS)
def test_a_name_resolving_to_a_non_public_address_in_any_form_is_refused_before_connecting(monkeypatch, public_only,
                                                                                             address):
    resolver = Resolver(monkeypatch, "hook.example", [address])
    ok, detail = send()
    assert not ok and detail.startswith("refused"), detail
    assert resolver.lookups == ["hook.example"] and resolver.attempts == []


@pytest.mark.parametrize("address", REPORTED)
def test_the_reported_forms_of_loopback_are_refused_even_beside_a_public_address(monkeypatch, public_only, address):
    resolver = Resolver(monkeypatch, "hook.example", ["8.8.8.8", address])
    ok, detail = send()
    assert not ok and detail.startswith("refused") and resolver.attempts == [], detail


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_is_connected_to_exactly_as_resolved_with_no_second_lookup(monkeypatch, public_only, address):
    resolver = Resolver(monkeypatch, "hook.example", [address])
    ok, detail = send("https://hook.example:8443/h")
    assert not ok and detail == "not reached (ConnectionRefusedError)", detail
    expected = (address, 8443, 0, 0) if ":" in address else (address, 8443)
    assert resolver.lookups == ["hook.example"] and resolver.attempts == [expected]


def test_https_names_the_url_s_host_as_the_tls_server_name(monkeypatch):
    """Connected to the checked address, the TLS handshake still names the URL's host (SNI, and the
    certificate checked against it): the ClientHello, read by a bare socket, holds it."""
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", "loopback")
    server = socket.create_server(("127.0.0.1", 0))
    port, hello = server.getsockname()[1], []

    def read_hello():
        conn, _ = server.accept()
        with conn:
            conn.settimeout(5)
            hello.append(conn.recv(4096))
    reader = threading.Thread(target=read_hello, daemon=True)
    reader.start()
    try:
        resolver = Resolver(monkeypatch, "tls.hooks.example", ["127.0.0.1"], connect=senders.open_socket)
        ok, detail = send(f"https://tls.hooks.example:{port}/h")
        reader.join(10)
    finally:
        server.close()
    assert not ok and resolver.lookups == ["tls.hooks.example"] and resolver.attempts == [("127.0.0.1", port)], detail
    assert hello and hello[0][:1] == b"\x16" and b"tls.hooks.example" in hello[0], hello   # a handshake record


def test_the_request_keeps_the_url_s_host_for_the_host_header(monkeypatch):
    """Connected to the checked address, the request still names the URL's host (the Host header)."""
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", "loopback")
    hooks = WebhookReceiver()
    try:
        resolver = Resolver(monkeypatch, "hooks.example", ["127.0.0.1"], connect=senders.open_socket)
        ok, detail = send(f"http://hooks.example:{hooks.http.server_port}/h")
    finally:
        hooks.stop()
    assert ok, detail
    assert resolver.lookups == ["hooks.example"] and hooks.received[0]["headers"]["Host"] == \
        f"hooks.example:{hooks.http.server_port}"


@pytest.mark.parametrize("value, allowed, refused", [
    ("1", ["10.0.0.1", "192.168.1.1", "fd00::1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "8.8.8.8"],
     ["127.0.0.1", "::1", "64:ff9b::7f00:1", "::ffff:0:7f00:1", "::127.0.0.1", "169.254.169.254", "fe80::1",
      "224.0.0.1", "0.0.0.0", "64:ff9b:1::a00:1"]),
    ("loopback", ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.1"], ["169.254.169.254", "fe80::1", "::", "ff02::1"]),
    ("", ["8.8.8.8"], ["127.0.0.1", "10.0.0.1"]), ("0", ["8.8.8.8"], ["127.0.0.1", "10.0.0.1"])])
def test_what_each_setting_lets_webhooks_reach(value, allowed, refused):
    reach = notify_settings.webhook_reach({"KIFU_WEBHOOK_PRIVATE": value})
    assert [a for a in allowed if not reachable(a, reach)] == []
    assert [a for a in refused if reachable(a, reach)] == []


@pytest.mark.parametrize("value", ["true", "yes", "2", "on", "Loopback", "1,loopback"])
def test_a_kifu_webhook_private_that_is_no_setting_stops_web_and_worker_at_start(monkeypatch, value):
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", value)
    with pytest.raises(SettingError, match="KIFU_WEBHOOK_PRIVATE"):
        create_app({"TESTING": True})
    done = subprocess.run([sys.executable, "-m", "service.cli", "worker", "--url", "redis://127.0.0.1:1/0", "high"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60) if value == "true" else None
    assert done is None or (done.returncode == 2 and "KIFU_WEBHOOK_PRIVATE" in done.stderr), done


def test_loopback_is_said_at_start_and_never_set_by_the_procfile_or_dev(monkeypatch, caplog):
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", "loopback")
    with caplog.at_level(logging.WARNING, logger="service"):
        create_app({"TESTING": True})
    assert any("KIFU_WEBHOOK_PRIVATE=loopback" in r.getMessage() and "never set it in production" in r.getMessage()
               for r in caplog.records), caplog.text
    for name in ("Procfile", "dev", ".ci/run"):
        assert "KIFU_WEBHOOK_PRIVATE" not in (ROOT / name).read_text(), name
