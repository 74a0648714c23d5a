"""Notifications on the embedded store (issue 17): what is told to whom, once per wait; retries with
back-off and the delivery log; the one-step unsubscribe; deadline reminders; a seat's own
subscriptions where no player holds it. Sending is captured here (workers.senders.send replaced);
tests/test_notify_delivery.py sends to real webhook and SMTP servers."""
import hashlib
import json
import hmac

import pytest

from service.application.notify import messages
from tests.helpers import ApiMatch, bearer
from tests.jobs import run_jobs
from workers import senders


def player(client, name):
    return client.post("/players", json={"name": name}).get_json()


def subscribe(client, key, url, **extra):
    r = client.post("/players/me/notifications", json={"kind": "webhook", "url": url, **extra}, headers=bearer(key))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def two_players(client, **match):
    reimu, marisa = player(client, "Reimu"), player(client, "Marisa")
    r = client.post("/matches", json={"game": "toy", "variant": "standard", **match,
                                      "seats": [{"name": "Reimu", "player": True}, {"name": "Marisa", "join": "open"}]},
                    headers=bearer(reimu["key"]))
    made = r.get_json()
    client.post(f"/matches/{made['match_id']}/seats/1/claim", json={"player": True}, headers=bearer(marisa["key"]))
    return reimu, marisa, ApiMatch.held(client, made["match_id"], [reimu["key"], marisa["key"]])


def test_one_your_move_per_wait_however_much_talk_comes_between(app, client, outbox):
    reimu, marisa, m = two_players(client)
    hooks = {0: "http://reimu.example/hook", 1: "http://marisa.example/hook"}
    subscribe(client, reimu["key"], hooks[0])
    subscribe(client, marisa["key"], hooks[1])
    for _ in range(4):
        seat = m.seat_to_act()
        assert m.post(seat, {"type": "add", "n": 1}).status_code == 200
        for who in (0, 1):
            client.post(f"/matches/{m.id}/chat", json={"text": f"line from {who}"}, headers=bearer(m.tokens[who]))
        run_jobs(app)
    for seat in (0, 1):
        waits = [x["your_move"]["version"] for x in outbox.events(hooks[seat], "your_move")]
        assert len(waits) == len(set(waits)) == 2, outbox.events(hooks[seat], "your_move")
        assert all(x["seat"] == seat for x in outbox.events(hooks[seat]))
        chat = outbox.events(hooks[seat], "chat")
        assert [x["chat"]["text"] for x in chat] == [f"line from {1 - seat}"] * 4      # never its own lines
    run_jobs(app)
    assert len(outbox.sent) == 4 + 8                                          # nothing doubled by running again


def test_the_message_carries_public_facts_and_links(app, client, outbox, monkeypatch):
    monkeypatch.setenv("KIFU_PUBLIC_URL", "https://kifu.example/")
    reimu, marisa, m = two_players(client)
    subscribe(client, marisa["key"], "http://marisa.example/hook")
    seat = m.seat_to_act()
    if seat == 1:
        m.post(1, {"type": "add", "n": 1})
    m.post(0, {"type": "add", "n": 1})
    run_jobs(app)
    msg = outbox.events(event="your_move")[-1]
    assert msg["match"] == {"match_id": m.id, "game": "toy", "variant": "standard", "seats": ["Reimu", "Marisa"],
                            "url": f"https://kifu.example/#/m/{m.id}?seat=1"}
    assert msg["delivery"].startswith("dlv_") and msg["unsubscribe"].startswith("https://kifu.example/unsubscribe/")
    assert set(msg) == {"delivery", "event", "at", "seat", "lang", "match", "your_move", "unsubscribe",
                        "unsubscribe_page", "subject", "text"}
    assert "Marisa vs Reimu" in messages.subject(msg) and m.id in messages.text(msg)


def test_a_failing_receiver_is_retried_with_back_off_and_the_log_says_so(app, client, outbox, manual_clock):
    reimu, marisa, m = two_players(client)
    subscribe(client, reimu["key"], "http://reimu.example/hook", events=["chat"])
    outbox.failures = 2
    client.post(f"/matches/{m.id}/chat", json={"text": "hello"}, headers=bearer(m.tokens[1]))
    run_jobs(app)
    log = client.get("/players/me/deliveries", headers=bearer(reimu["key"])).get_json()["deliveries"]
    assert [(d["status"], len(d["attempts"])) for d in log] == [("retrying", 1)]
    manual_clock.advance(seconds=5)
    run_jobs(app)
    manual_clock.advance(seconds=9)
    run_jobs(app)                                  # the second retry is not due yet (10 s)
    assert len(outbox.sent) == 2
    manual_clock.advance(seconds=1)
    run_jobs(app)
    log = client.get("/players/me/deliveries", headers=bearer(reimu["key"])).get_json()["deliveries"]
    assert log[0]["status"] == "delivered" and [a["ok"] for a in log[0]["attempts"]] == [False, False, True]
    assert len({m["delivery"] for _, m in outbox.sent}) == 1 and len(outbox.sent) == 3
    assert "unsubscribe" not in log[0]["message"] and log[0]["message"]["chat"]["text"] == "hello"


def test_a_delivery_that_keeps_failing_ends_failed(app, client, outbox, manual_clock):
    reimu, marisa, m = two_players(client)
    subscribe(client, reimu["key"], "http://reimu.example/hook", events=["chat"])
    outbox.failures = 99
    client.post(f"/matches/{m.id}/chat", json={"text": "hello"}, headers=bearer(m.tokens[1]))
    for _ in range(4):
        run_jobs(app)
        manual_clock.advance(seconds=11)
    log = client.get("/players/me/deliveries", headers=bearer(reimu["key"])).get_json()["deliveries"]
    assert log[0]["status"] == "failed" and len(log[0]["attempts"]) == 3 and log[0]["next_at"] is None


def test_unsubscribing_is_one_step_and_stops_the_messages(app, client, outbox):
    reimu, marisa, m = two_players(client)
    made = subscribe(client, reimu["key"], "http://reimu.example/hook", events=["chat"])
    assert made["secret"].startswith("whsec_")
    listed = client.get("/players/me/notifications", headers=bearer(reimu["key"])).get_json()["subscriptions"]
    assert listed == [{k: made[k] for k in ("id", "kind", "target", "events", "created_at")}]   # no secret again
    client.post(f"/matches/{m.id}/chat", json={"text": "one"}, headers=bearer(m.tokens[1]))
    run_jobs(app)
    token = outbox.events()[0]["unsubscribe"].rsplit("/", 1)[1]
    r = client.post(f"/unsubscribe/{token}", data="List-Unsubscribe=One-Click",
                    content_type="application/x-www-form-urlencoded")
    assert r.status_code == 200 and r.get_json()["unsubscribed"] is True
    assert client.post(f"/unsubscribe/{token}").status_code == 404
    client.post(f"/matches/{m.id}/chat", json={"text": "two"}, headers=bearer(m.tokens[1]))
    run_jobs(app)
    assert [x["chat"]["text"] for x in outbox.events()] == ["one"]
    assert client.get("/players/me/notifications", headers=bearer(reimu["key"])).get_json()["subscriptions"] == []


def test_match_ended_and_disputes_reach_every_seat(app, client, outbox):
    reimu, marisa, m = two_players(client)
    subscribe(client, reimu["key"], "http://reimu.example/hook", events=["match_ended", "dispute"])
    subscribe(client, marisa["key"], "http://marisa.example/hook", events=["match_ended", "dispute"])
    v = m.info()["version"]
    client.post(f"/matches/{m.id}/disputes", json={"version": v, "reason": "check the deal"}, headers=bearer(m.tokens[1]))
    client.post(f"/matches/{m.id}/resign", headers=bearer(m.tokens[1]))
    run_jobs(app)
    assert [x["event"] for x in outbox.events("http://reimu.example/hook")] == ["dispute", "match_ended"]
    assert [x["event"] for x in outbox.events("http://marisa.example/hook")] == ["match_ended"]   # it filed it
    dispute = outbox.events(event="dispute")[0]["dispute"]
    assert dispute["reason"] == "check the deal" and dispute["disputed_version"] == v
    ended = outbox.events(event="match_ended")[0]["match_ended"]
    assert ended["outcome"]["reason"] == "resign"
    assert "Marisa resigned" in messages.text(outbox.events(event="match_ended")[0])


def test_a_deadline_reminder_comes_once_while_the_seat_still_waits(app, client, outbox, manual_clock):
    reimu, marisa, m = two_players(client, deadline={"minutes": 60, "on_timeout": "pass"})
    subscribe(client, reimu["key"], "http://reimu.example/hook", events=["deadline_near"])
    subscribe(client, marisa["key"], "http://marisa.example/hook", events=["deadline_near"])
    waiting = m.seat_to_act()
    manual_clock.advance(minutes=47)
    run_jobs(app)
    assert outbox.sent == []
    manual_clock.advance(minutes=1)                       # 12 minutes (a fifth of 60) before it falls due
    run_jobs(app)
    hook = f"http://{('reimu', 'marisa')[waiting]}.example/hook"
    [reminder] = outbox.events(hook, "deadline_near")
    assert reminder["deadline_near"]["due"] == m.info()["deadline"]["due"]
    m.post(waiting, {"type": "add", "n": 1})            # the other seat's wait begins: its reminder is later
    manual_clock.advance(minutes=40)
    run_jobs(app)
    assert len(outbox.sent) == 1
    manual_clock.advance(minutes=9)
    run_jobs(app)
    assert [x["seat"] for x in outbox.events(event="deadline_near")] == [waiting, 1 - waiting]


def test_a_seat_without_a_player_subscribes_with_its_token(app, client, outbox):
    m = ApiMatch(client)
    other = 1 - m.seat_to_act()
    r = client.post(f"/matches/{m.id}/seats/{other}/notifications",
                    json={"kind": "webhook", "url": "http://seat.example/hook", "events": ["your_move"]},
                    headers=m.headers(other))
    assert r.status_code == 201, r.get_json()
    assert client.post(f"/matches/{m.id}/seats/{1 - other}/notifications", json={"kind": "webhook",
                       "url": "http://x.example"}, headers=m.headers(other)).status_code == 403
    m.post(1 - other, {"type": "add", "n": 1})
    run_jobs(app)
    assert [(x["seat"], x["event"]) for x in outbox.events()] == [(other, "your_move")]
    log = client.get(f"/matches/{m.id}/seats/{other}/deliveries", headers=m.headers(other)).get_json()
    assert [d["status"] for d in log["deliveries"]] == ["delivered"]
    sub = client.get(f"/matches/{m.id}/seats/{other}/notifications", headers=m.headers(other)).get_json()
    r = client.delete(f"/matches/{m.id}/seats/{other}/notifications/{sub['subscriptions'][0]['id']}",
                      headers=m.headers(other))
    assert r.status_code == 204


def test_nothing_is_queued_for_a_match_nobody_subscribed_to(app, client, outbox):
    m = ApiMatch(client)
    m.play_to_end(choose=lambda actions: actions[0])
    from rq import Queue
    from rq.serializers import JSONSerializer
    from service.http.redis_conn import get_redis
    with app.app_context():
        queued = Queue("default", connection=get_redis(), serializer=JSONSerializer).job_ids
    assert not [j for j in queued if j.startswith(("notify-", "deliver-", "remind-"))]
    run_jobs(app)
    assert outbox.sent == []


@pytest.mark.parametrize("body, field", [
    ({"kind": "webhook"}, "url"), ({"kind": "sms", "url": "http://x.example"}, "kind"),
    ({"kind": "webhook", "url": "ftp://x.example/h"}, "url"), ({"kind": "webhook", "url": "http://u:p@x.example"}, "url"),
    ({"kind": "webhook", "url": "http://x.example", "events": ["everything"]}, "events.0"),
    ({"kind": "webhook", "url": "http://x.example", "events": []}, "events"),
    ({"kind": "email", "address": "not an address"}, "address"),
    ({"kind": "email", "url": "http://x.example"}, "address"),
    ({"kind": "webhook", "url": "http://x.example", "address": "a@b.org"}, "address"),
    ({"kind": "webhook", "url": "http://[::1"}, "url"), ({"kind": "webhook", "url": "http://x.example:99999/h"}, "url"),
    ({"kind": "webhook", "url": "http://x.example:port/h"}, "url"), ({"kind": "webhook", "url": "http://x ample/h"}, "url"),
    ({"kind": "webhook", "url": "http://x.example/a\nb"}, "url"), ({"kind": "webhook", "url": "https://x.example/\x00"}, "url"),
    ({"kind": "webhook", "url": "http://127.0.0.1:8080/h"}, "url"), ({"kind": "webhook", "url": "http://localhost/h"}, "url"),
    ({"kind": "webhook", "url": "http://[::ffff:10.0.0.1]/h"}, "url"), ({"kind": "webhook", "url": "http://169.254.169.254/"}, "url")])
def test_bad_subscriptions_are_400_naming_the_field(client, body, field, monkeypatch):
    monkeypatch.delenv("KIFU_WEBHOOK_PRIVATE", raising=False)
    reimu = player(client, "Reimu")
    r = client.post("/players/me/notifications", json=body, headers=bearer(reimu["key"]))
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith(f"{field}:"), r.get_json()


def test_email_needs_an_smtp_server(client, monkeypatch):
    reimu = player(client, "Reimu")
    monkeypatch.delenv("KIFU_SMTP_URL", raising=False)
    r = client.post("/players/me/notifications", json={"kind": "email", "address": "reimu@example.org"},
                    headers=bearer(reimu["key"]))
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "email_not_configured"
    assert "KIFU_SMTP_URL" not in r.get_json()["error"]["message"]      # a player's words; the log names it


def test_the_signature_is_hmac_sha256_of_the_body():
    body = messages.body({"delivery": "dlv_1", "event": "chat", "text": "よろしく"})
    assert senders.signature("whsec_x", body) == "sha256=" + hmac.new(b"whsec_x", body, hashlib.sha256).hexdigest()


def test_webhooks_to_private_addresses_are_refused_unless_allowed(monkeypatch):
    monkeypatch.delenv("KIFU_WEBHOOK_PRIVATE", raising=False)
    ok, detail = senders.webhook("http://127.0.0.1:9/hook", "whsec_x", {"delivery": "d", "event": "chat"})
    assert not ok and detail.startswith("refused")
    for private in ("10.1.2.3", "169.254.169.254", "[::1]", "[fd00::1]"):
        ok, detail = senders.webhook(f"http://{private}/hook", "whsec_x", {"delivery": "d", "event": "chat"})
        assert not ok and detail.startswith("refused"), (private, detail)


def fake_network(monkeypatch, host, lookups, unreachable=frozenset()):
    """``host`` resolves to ``lookups[i]`` (a list of addresses) at its i-th lookup (the last one after
    that); connecting to an address in ``unreachable`` is refused (no network here). Answers the
    lookups made and the socket addresses connected to (or tried)."""
    import socket
    real_lookup, real_open, seen, tried = socket.getaddrinfo, senders.open_socket, [], []

    def lookup(name, port, *args, **kwargs):
        if name != host:
            return real_lookup(name, port, *args, **kwargs)
        seen.append(name)
        found = lookups[min(len(seen), len(lookups)) - 1]
        return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "",
                 (a, port, 0, 0) if ":" in a else (a, port)) for a in found]

    def open_socket(info, *args):
        tried.append(info[3])
        if info[3][0] in unreachable:
            raise ConnectionRefusedError("refused")
        return real_open(info, *args)
    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    monkeypatch.setattr(senders, "open_socket", open_socket)
    return seen, tried


def test_a_webhook_goes_to_the_address_that_was_checked_not_to_a_second_lookup(monkeypatch):
    """DNS rebinding: a name that resolves to a public address when it is checked and to loopback
    when it is looked up again must not reach loopback (the connection is made to the checked address)."""
    from tests.receivers import WebhookReceiver
    monkeypatch.delenv("KIFU_WEBHOOK_PRIVATE", raising=False)
    hooks = WebhookReceiver()
    seen, tried = fake_network(monkeypatch, "rebind.example", [["8.8.8.8"], ["127.0.0.1"]], unreachable={"8.8.8.8"})
    try:
        ok, detail = senders.webhook(f"http://rebind.example:{hooks.http.server_port}/hook", "whsec_x",
                                     {"delivery": "d", "event": "chat"})
    finally:
        hooks.stop()
    assert hooks.received == [] and not ok, detail
    assert seen == ["rebind.example"] and tried == [("8.8.8.8", hooks.http.server_port)]   # one lookup


def test_a_webhook_tries_each_checked_address_in_turn(monkeypatch):
    """A host with two addresses, the first not answering (an IPv6 route missing, say): the request
    goes to the second, as a connection by name would."""
    from tests.receivers import WebhookReceiver
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", "loopback")
    hooks = WebhookReceiver()
    fake_network(monkeypatch, "two.example", [["192.0.2.1", "127.0.0.1"]], unreachable={"192.0.2.1"})
    try:
        ok, detail = senders.webhook(f"http://two.example:{hooks.http.server_port}/hook", "whsec_x",
                                     {"delivery": "d", "event": "chat"})
    finally:
        hooks.stop()
    assert ok and [r["path"] for r in hooks.received] == ["/hook"], detail


@pytest.mark.parametrize("url", ["http://x.example:99999/h", "http://x ample/h", "https://x.example/\x00"])
def test_a_webhook_url_kept_from_before_its_checks_fails_its_attempt_without_crashing(url, monkeypatch):
    monkeypatch.setenv("KIFU_WEBHOOK_PRIVATE", "loopback")
    ok, detail = senders.webhook(url, "whsec_x", {"delivery": "d", "event": "chat"})
    assert not ok and "URL" in detail


def test_a_subscription_made_mid_wait_still_gets_that_waits_reminder(app, client, outbox, manual_clock):
    m = ApiMatch(client, deadline={"minutes": 60, "on_timeout": "pass"})
    seat = m.seat_to_act()
    manual_clock.advance(minutes=20)
    client.post(f"/matches/{m.id}/seats/{seat}/notifications", headers=m.headers(seat),
                json={"kind": "webhook", "url": "http://seat.example/hook", "events": ["deadline_near"]})
    manual_clock.advance(minutes=28)
    run_jobs(app)
    assert [(x["seat"], x["event"]) for x in outbox.events()] == [(seat, "deadline_near")]


def test_a_seat_name_with_a_line_break_still_gets_its_e_mail_on_one_subject_line():
    """Seat names may hold a line break; the e-mail's Subject names the seats on one line (it failed to
    be built at all, so every e-mail of such a match crashed its job and stayed pending)."""
    from tests.receivers import SmtpSink
    smtp = SmtpSink()
    name = "Reimu\r\nBcc: everyone@example.org"
    facts = {"match_id": "m1", "game": "toy", "variant": "standard", "seats": [name, "Marisa"]}
    msg = messages.message("dlv_1", "chat", "2030-01-01T09:00:00.000Z", facts, 1,
                           {"version": 3, "seat": 0, "name": name, "text": "hi"}, "https://kifu.example", "tok")
    try:
        ok, detail = senders.email("marisa@example.org", msg, {"KIFU_SMTP_URL": smtp.url})
        assert ok, detail
        [mail] = smtp.to("marisa@example.org")
    finally:
        smtp.stop()
    assert mail["Subject"] == "kifu: table talk — toy standard, Marisa vs Reimu Bcc: everyone@example.org"
    assert mail["Bcc"] is None


def _late_your_move(app, match_id, version, seat):
    """The ``notify_match`` job of the wait that began at ``version``, run late (a worker behind)."""
    from service.application.notify import notices
    from service.http.redis_conn import get_store
    with app.app_context():
        return notices.notify(get_store(), match_id, "your_move", version, [seat])["deliveries"]


def test_a_late_your_move_for_a_wait_a_missed_deadline_ended_is_not_sent(app, client, outbox, manual_clock):
    m = ApiMatch(client, deadline={"minutes": 60, "on_timeout": "pass"})
    late = m.seat_to_act()
    first_wait = m.info()["version"]
    manual_clock.advance(minutes=61)
    run_jobs(app)                                        # the deadline passes: the seat passes
    assert m.seat_to_act() == 1 - late
    m.post(1 - late, {"type": "add", "n": 1})            # its second wait begins
    second_wait = m.info()["version"]
    client.post(f"/matches/{m.id}/seats/{late}/notifications", headers=m.headers(late),
                json={"kind": "webhook", "url": "http://seat.example/hook", "events": ["your_move"]})
    assert _late_your_move(app, m.id, first_wait, late) == 0
    assert _late_your_move(app, m.id, second_wait, late) == 1


def _continued_after_a_dispute(client, m, version: int, auditor_token: str):
    """A dispute filed at ``version`` by seat 0, overturned by the auditor, both seats consenting:
    the id of the match it continues in."""
    dispute = client.post(f"/matches/{m.id}/disputes", json={"version": version, "reason": "misdealt"},
                          headers=m.headers(0)).get_json()["dispute"]
    client.post(f"/matches/{m.id}/disputes/{dispute}/ruling", json={"decision": "overturned", "note": "re-deal"},
                headers=bearer(auditor_token))
    for seat in (0, 1):
        client.post(f"/matches/{m.id}/disputes/{dispute}/consent", headers=m.headers(seat))
    return client.get(f"/matches/{m.id}/disputes").get_json()["disputes"][0]["continued_in"]


def test_a_late_your_move_in_a_match_continued_after_a_dispute_is_not_sent(app, client, outbox):
    m = ApiMatch(client)
    m.post(m.seat_to_act(), {"type": "add", "n": 1})
    waiting, version = m.seat_to_act(), m.info()["version"]
    client.post(f"/matches/{m.id}/seats/{waiting}/notifications", headers=m.headers(waiting),
                json={"kind": "webhook", "url": "http://seat.example/hook", "events": ["your_move"]})
    assert _continued_after_a_dispute(client, m, version, m.created["auditor_token"])
    assert _late_your_move(app, m.id, version, waiting) == 0      # the original is played on elsewhere


def test_a_seats_own_subscriptions_go_with_its_token_to_the_rematch_and_the_continuation(app, client, outbox):
    m = ApiMatch(client)
    hook = {"kind": "webhook", "url": "http://seat.example/hook", "events": ["your_move", "match_ended"]}
    made = client.post(f"/matches/{m.id}/seats/1/notifications", json=hook, headers=m.headers(1)).get_json()
    m.client.post(f"/matches/{m.id}/resign", headers=m.headers(0))
    again = m.client.post(f"/matches/{m.id}/rematch", headers=m.headers(0)).get_json()
    new = ApiMatch.held(client, again["match_id"], m.tokens)
    carried = client.get(f"/matches/{new.id}/seats/1/notifications", headers=m.headers(1)).get_json()["subscriptions"]
    assert [(s["target"], s["events"]) for s in carried] == [(hook["url"], hook["events"])]
    assert carried[0]["id"] != made["id"]                     # a link of its own: unsubscribing there ends that one
    assert client.get(f"/matches/{new.id}/seats/0/notifications", headers=m.headers(0)).get_json()["subscriptions"] == []
    if new.seat_to_act() == 1:
        new.post(1, {"type": "add", "n": 1})
    new.post(0, {"type": "add", "n": 1})                      # now the rematch waits for seat 1
    run_jobs(app)
    told = [(x["match"]["match_id"], x["event"], x["seat"]) for x in outbox.events(hook["url"])]
    assert (m.id, "match_ended", 1) in told and (new.id, "your_move", 1) in told
    # A dispute's continuation carries them as well.
    version = new.info()["version"]
    continued = _continued_after_a_dispute(client, new, version, m.created["auditor_token"])
    subs = client.get(f"/matches/{continued}/seats/1/notifications", headers=m.headers(1)).get_json()["subscriptions"]
    assert [s["target"] for s in subs] == [hook["url"]]


@pytest.mark.parametrize("url", ["smtp://mail.example:port", "http://mail.example:25", "smtp://mail.example:99999"])
def test_a_misconfigured_smtp_url_fails_the_attempt_and_says_so(url):
    msg = messages.message("dlv_1", "chat", "2030-01-01T09:00:00.000Z", {"match_id": "m1", "game": "toy",
                           "variant": "standard", "seats": ["Reimu", "Marisa"]}, 1,
                           {"version": 3, "seat": 0, "name": "Reimu", "text": "hi"}, "https://kifu.example", "tok")
    ok, detail = senders.email("marisa@example.org", msg, {"KIFU_SMTP_URL": url})
    assert not ok and "KIFU_SMTP_URL" in detail and "mail.example" not in detail


class NoJobs:
    def exists(self, job_id):
        return False

    def enqueue(self, *args, **kwargs):
        pass


def bare_store():
    import fakeredis
    return type("Store", (), {"redis": fakeredis.FakeRedis(), "jobs": NoJobs()})()


def test_the_delivery_log_keeps_its_newest_and_never_drops_one_still_to_be_sent(monkeypatch):
    from service.application.notify import delivery
    from service.application.notify.subscriptions import Owner
    from service.application.storage import keys

    monkeypatch.setattr(delivery, "LOG_SIZE", 3)
    store = bare_store()
    owner = Owner.player("p1")
    sub = {"id": "s1", "kind": "webhook"}
    for n in range(6):
        delivery.create(store, owner, sub, {"delivery": f"d{n}", "event": "chat"}, "m1", 0, n)
        if n != 0:                              # d0 stays pending (its receiver is retrying, say)
            record = delivery.get(store, owner, f"d{n}")
            store.redis.hset(keys.owned(owner, "deliveries"), f"d{n}", json.dumps({**record, "status": "delivered"}))
    kept = sorted(d["id"] for d in delivery.log(store, owner, limit=10))
    assert kept == ["d0", "d4", "d5"]             # three kept: the one still to be sent, then the newest


def test_two_runs_of_one_attempt_at_once_send_it_once():
    """A sweep may queue an attempt again while its first run waits for a work horse: both runs
    then read the record before either writes it back."""
    import threading
    import time
    from service.application.notify import delivery, subscriptions
    from service.application.notify.subscriptions import Owner

    store, owner = bare_store(), Owner.player("p1")
    sub = subscriptions.create(store, owner, "webhook", "https://example.org/hook", ["chat"])
    delivery.create(store, owner, sub, {"delivery": "d1", "event": "chat"}, "m1", 0, 3)
    sent = []

    def slow_send(subscription, message):
        sent.append(message["delivery"])
        time.sleep(0.2)
        return True, "200"
    runs = [threading.Thread(target=delivery.deliver, args=(store, str(owner), "d1", 0, slow_send)) for _ in range(3)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    assert sent == ["d1"] and delivery.get(store, owner, "d1")["status"] == "delivered"


def test_a_notice_whose_process_died_after_the_append_is_still_sent(app, client, outbox, manual_clock, monkeypatch):
    """The your-move of an append whose process died before queueing it: recorded as due before the
    append, it is queued by the next sweep (here the job thread's, a couple of seconds on)."""
    from service.application.notify import notices
    reimu, marisa, m = two_players(client)
    hook = "http://wait.example/hook"
    seat = m.seat_to_act()
    subscribe(client, [reimu, marisa][1 - seat]["key"], hook)
    run_jobs(app)
    monkeypatch.setattr(notices, "tell", lambda store, notices: None)      # died right after the append
    assert m.post(seat, {"type": "add", "n": 1}).status_code == 200
    run_jobs(app)
    assert outbox.events(hook, "your_move") == []                          # not queued yet: not due
    manual_clock.advance(seconds=notices.GRACE_SECONDS + 1)
    run_jobs(app)
    assert [x["your_move"]["version"] for x in outbox.events(hook, "your_move")] == [m.info()["version"]]


def test_a_notice_recorded_by_an_append_that_lost_its_race_sends_nothing(app, client, outbox):
    from service.application.notify import notices
    from service.http.redis_conn import get_store
    reimu, marisa, m = two_players(client)
    subscribe(client, marisa["key"], "http://race.example/hook")
    subscribe(client, reimu["key"], "http://race.example/hook")
    run_jobs(app)
    seat = m.seat_to_act()
    assert m.post(seat, {"type": "add", "n": 1}).status_code == 200   # the winner's append
    version = m.info()["version"]
    with app.app_context():                 # the loser's notice, of another record at that version
        lost = notices.notify(get_store(), m.id, "your_move", version, [1 - seat], "0" * 64)
    run_jobs(app)
    assert lost == {"status": "not_appended"}
    told = [x["seat"] for x in outbox.events(event="your_move") if x["your_move"]["version"] == version]
    assert told == [1 - seat]                                   # the winner's notice, once
