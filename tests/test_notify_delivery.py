"""Notifications as deployed (issue 17): the Procfile's gunicorn and rq workers on a real Redis, a
webhook receiver and an SMTP server (aiosmtpd) started here. Two players bound to identities play
(table talk and a draw offer between moves): each of them gets exactly one "your move" per wait, by
webhook and by e-mail, every webhook signed; a receiver that fails twice gets the message once, on
the third attempt, with the same delivery id; the end reaches both. Nothing in any message is
another seat's secret (the toy game's hidden cards)."""
import os
import time

import pytest

from tests.conftest import flushed
from tests.plugin_stack import Stack
from tests.receivers import SmtpSink, WebhookReceiver

pytestmark = pytest.mark.redis
URL = os.environ["KIFU_WORKERS_REDIS_URL"]      # tests/conftest.py sets it


@pytest.fixture(scope="module")
def receivers():
    hooks, smtp = WebhookReceiver(), SmtpSink()
    yield hooks, smtp
    hooks.stop()
    smtp.stop()


@pytest.fixture(scope="module")
def stack(receivers):
    hooks, smtp = receivers
    saved = {k: os.environ.get(k) for k in ("KIFU_WEBHOOK_PRIVATE", "KIFU_SMTP_URL", "KIFU_NOTIFY_RETRIES")}
    os.environ.update(KIFU_WEBHOOK_PRIVATE="loopback", KIFU_SMTP_URL=smtp.url, KIFU_NOTIFY_RETRIES="1,1,1")
    try:
        s = Stack(flushed(URL), games="tests.toygame")
    finally:
        for k, v in saved.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)
    yield s
    s.stop()


def call(stack, method, path, body=None, token=None, status=200):
    code, answer = stack.request(method, path, body, token)
    assert code == status, (path, code, answer)
    return answer


def test_two_players_get_one_your_move_per_wait_by_webhook_and_e_mail(stack, receivers):
    hooks, smtp = receivers
    reimu = call(stack, "POST", "/players", {"name": "Reimu", "label": "desk"}, status=201)
    marisa = call(stack, "POST", "/players", {"name": "Marisa", "label": "desk"}, status=201)
    keys = {0: reimu["key"], 1: marisa["key"]}
    paths = {0: f"/reimu-{reimu['player_id']}", 1: f"/marisa-{marisa['player_id']}"}
    # subscribed before the match: which subscriptions hear of its opening does not hang on when the
    # worker runs that notice
    secrets = {s: call(stack, "POST", "/players/me/notifications", {"kind": "webhook", "url": hooks.url + paths[s]},
                       keys[s], status=201)["secret"] for s in (0, 1)}
    call(stack, "POST", "/players/me/notifications", {"kind": "email", "address": "marisa@example.org",
                                                      "events": ["your_move", "match_ended"]}, keys[1], status=201)
    hooks.fail(paths[1], 2)                        # Marisa's receiver fails its first two requests
    made = call(stack, "POST", "/matches", {"game": "toy", "variant": "standard", "seats": [
        {"name": "Reimu", "player": True}, {"name": "Marisa", "join": "invite"}]}, reimu["key"], status=201)
    match_id = made["match_id"]
    call(stack, "POST", f"/matches/{match_id}/seats/1/claim", {"invite": made["seats"][1]["invite"],
                                                               "player": True}, marisa["key"])

    opening = call(stack, "GET", f"/matches/{match_id}")
    # the versions at which each seat began to wait: Reimu's seat, bound when the match was made, is
    # told of the opening's wait (and moves once told); Marisa's was bound by its claim, after the opening
    waits = {0: [opening["version"]] if opening["to_act"] == [0] else [], 1: []}
    if waits[0]:
        stack.until(lambda: [m for m in hooks.accepted(paths[0], secrets[0]) if m["event"] == "your_move"], timeout=30)
    latency = []                                    # from the move's answer to its your-move webhook
    before = call(stack, "GET", f"/matches/{match_id}")
    for _ in range(6):
        seat = before["to_act"][0]
        after = call(stack, "POST", f"/matches/{match_id}/actions", {"action": {"type": "add", "n": 1},
                     "expected_version": before["version"], "command_id": f"m{before['version']}"}, keys[seat])
        waits[1 - seat].append(after["version"])
        call(stack, "POST", f"/matches/{match_id}/chat", {"text": "your turn"}, keys[seat])
        if seat == 0 and not waits[0]:
            call(stack, "POST", f"/matches/{match_id}/draw/offer", {}, keys[0])
        # the other player moves once told (play by post)
        moved = time.monotonic()
        stack.until(lambda: after["version"] in [m["your_move"]["version"] for m in
                                                 hooks.accepted(paths[1 - seat], secrets[1 - seat])
                                                 if m["event"] == "your_move"], timeout=30)
        latency.append(time.monotonic() - moved)
        before = call(stack, "GET", f"/matches/{match_id}")
    print(f"your move by webhook, after the move: {', '.join(f'{x:.2f}' for x in latency)} s "
          "(Marisa's first two failed: retried after 1 s each)")
    call(stack, "POST", f"/matches/{match_id}/resign", {}, keys[before["to_act"][0]])
    loser = before["to_act"][0]

    def told(seat):
        got = hooks.accepted(paths[seat], secrets[seat])
        return got if [m for m in got if m["event"] == "match_ended"] else None
    for seat in (0, 1):
        stack.until(lambda: told(seat), timeout=30)
    for seat in (0, 1):
        got = hooks.accepted(paths[seat], secrets[seat])
        assert sorted(m["your_move"]["version"] for m in got if m["event"] == "your_move") == sorted(waits[seat])
        assert len([m for m in got if m["event"] == "match_ended"]) == 1
        assert all(m["seat"] == seat and m["match"]["match_id"] == match_id for m in got)
    # the receiver that failed twice: what it refused came again, the same delivery, and was taken once
    def statuses_by_delivery():
        statuses = {}
        for r in hooks.at(paths[1]):
            statuses.setdefault(r["headers"]["X-Kifu-Delivery"], []).append(r["status"])
        return statuses
    # a refused delivery comes again a second later (KIFU_NOTIFY_RETRIES): the last may still be due
    stack.until(lambda: all(200 in statuses for statuses in statuses_by_delivery().values()), timeout=30)
    by_delivery = statuses_by_delivery()
    assert all(statuses[-1] == 200 and statuses.count(200) == 1 for statuses in by_delivery.values()), by_delivery
    retried = {d: s for d, s in by_delivery.items() if 500 in s}
    assert sum(s.count(500) for s in retried.values()) == 2 and retried
    log = {d["id"]: d for d in call(stack, "GET", "/players/me/deliveries?limit=200", token=keys[1])["deliveries"]}
    for d, statuses in retried.items():
        assert [a["ok"] for a in log[d]["attempts"]] == [s == 200 for s in statuses] and log[d]["status"] == "delivered"
    # e-mail: one per wait too, with the one-click unsubscribe header
    stack.until(lambda: any("over" in m["Subject"] for m in smtp.to("marisa@example.org")), timeout=30)
    mails = smtp.to("marisa@example.org")
    assert sorted(int(m["X-Kifu-Delivery"] != "") for m in mails) == [1] * len(mails)
    moves = [m for m in mails if m["X-Kifu-Event"] == "your_move"]
    assert len(moves) == len(waits[1]) == len({m["X-Kifu-Delivery"] for m in moves})
    assert all(m["List-Unsubscribe"].strip().startswith("<http") and m["List-Unsubscribe-Post"] for m in mails)
    # nothing hidden: neither seat's messages name the other seat's card at any version
    secret_cards = _cards_dealt(stack, match_id)
    for seat in (0, 1):
        shown = [r["body"].decode() for r in hooks.at(paths[seat])]
        if seat == 1:
            shown += [m.get_content() + str(m["Subject"]) for m in mails]
        for text in shown:
            assert not any(f'"card":{c}' in text or f'"card": {c}' in text for c in secret_cards[1 - seat]), text
    assert loser in (0, 1)


def _cards_dealt(stack, match_id):
    """Each seat's hidden cards over the match (the seed is public now: the full record)."""
    events = call(stack, "GET", f"/matches/{match_id}/events?limit=1000")["events"]
    out = {0: set(), 1: set()}
    for e in events:
        if e["type"] == "CardDealt":
            out[e["data"]["seat"]].add(e["data"]["card"])
    return out


def test_a_player_s_e_mail_and_webhook_are_in_the_player_s_language(stack, receivers):
    """Issue 39: Reimu chose Japanese (PATCH /players/me), Marisa did not: the same line of table talk
    reaches Reimu's webhook and mailbox in Japanese and Marisa's webhook in English."""
    hooks, smtp = receivers
    reimu = call(stack, "POST", "/players", {"name": "Reimu"}, status=201)
    marisa = call(stack, "POST", "/players", {"name": "Marisa"}, status=201)
    assert call(stack, "PATCH", "/players/me", {"language": "ja"}, reimu["key"])["language"] == "ja"
    paths = {0: f"/ja-{reimu['player_id']}", 1: f"/en-{marisa['player_id']}"}
    secrets = {s: call(stack, "POST", "/players/me/notifications", {"kind": "webhook", "url": hooks.url + paths[s],
                                                                    "events": ["chat"]}, key, status=201)["secret"]
               for s, key in ((0, reimu["key"]), (1, marisa["key"]))}
    call(stack, "POST", "/players/me/notifications", {"kind": "email", "address": "reimu@example.org",
                                                      "events": ["chat"]}, reimu["key"], status=201)
    made = call(stack, "POST", "/matches", {"game": "toy", "variant": "standard", "seats": [
        {"name": "Reimu", "player": True}, {"name": "Marisa", "join": "invite"}]}, reimu["key"], status=201)
    match_id = made["match_id"]
    call(stack, "POST", f"/matches/{match_id}/seats/1/claim", {"invite": made["seats"][1]["invite"],
                                                               "player": True}, marisa["key"])
    call(stack, "POST", f"/matches/{match_id}/chat", {"text": "よろしく"}, marisa["key"])
    call(stack, "POST", f"/matches/{match_id}/chat", {"text": "gg"}, reimu["key"])
    stack.until(lambda: hooks.accepted(paths[0], secrets[0]) and hooks.accepted(paths[1], secrets[1])
                and smtp.to("reimu@example.org"), timeout=30)
    ja, = hooks.accepted(paths[0], secrets[0])
    assert ja["lang"] == "ja" and ja["subject"].startswith("kifu: 卓での発言 — toy standard、Reimu 対 Marisa")
    assert "Marisa の発言：よろしく" in ja["text"] and "対局を開く：" in ja["text"]
    en, = hooks.accepted(paths[1], secrets[1])
    assert en["lang"] == "en" and en["subject"].startswith("kifu: table talk — toy standard, Marisa vs Reimu")
    assert "Reimu said: gg" in en["text"]
    mail, = smtp.to("reimu@example.org")
    assert str(mail["Subject"]) == ja["subject"] and "Marisa の発言：よろしく" in mail.get_content()
