"""Every read channel of a match, for one caller, checked against that caller's secrets."""
from tests.hidden import probes
from tests.hidden.leaks import found
from tests.hidden.table import ndjson, sse_events


class Checker:
    """Collects leaks as '<caller> <channel>: <where>' lines."""

    def __init__(self, table):
        self.table, self.truth, self.leaks, self.seen = table, table.truth, [], set()

    def check(self, caller, channel, value, secret, sent=()):
        from tests.hidden.leaks import scrub
        probes.count(self.table.game.id, "answers checked")
        for hit in found(scrub(value, sent), secret, self.truth.names, self.truth.public):
            line = f"{_who(caller)} {channel}: {hit}"
            if line not in self.seen:
                self.seen.add(line)
                self.leaks.append(line)

    def events(self, caller, channel, events, extra=frozenset()):
        for e in events:
            if isinstance(e, dict) and isinstance(e.get("version"), int) and (e["version"], caller) in self.truth._hidden:
                self.check(caller, f"{channel} v{e['version']} {e.get('type')}", e,
                           self.truth.hidden(e["version"], caller) | extra)

    def now(self, caller, v=None):
        v = self.truth.version if v is None else v
        return self.truth.strict(v, caller) | self.truth.hidden(v, caller)


def _who(caller):
    return "spectator" if caller is None else f"seat {caller}"


def read_all(checker, caller, earlier: int) -> None:
    """GET /matches/{id}, /state (now and at ``earlier``), /events, /legal-actions, explain (now and
    at ``earlier``), /export, /stream?follow=false, /disputes and a few 4xx answers."""
    t, truth, v = checker.table, checker.truth, checker.truth.version
    c = checker
    code, r = t.get("", caller)
    body = r.get_json()
    assert code == 200, body
    c.check(caller, "GET /matches view", body["view"], truth.strict(v, caller))
    c.events(caller, "GET /matches since_your_last_action", body.get("since_your_last_action") or [])
    c.check(caller, "GET /matches", {k: x for k, x in body.items() if k not in ("view", "since_your_last_action")},
            truth.hidden(v, caller))
    for u in sorted({v, earlier}):
        code, r = t.get("/state", caller, version=u)
        body = r.get_json()
        c.check(caller, f"/state?version={u} view", body.get("view"), truth.strict(u, caller))
        c.check(caller, f"/state?version={u}", body, truth.hidden(u, caller))
        code, r = t.get(f"/events/{u}/explain", caller)
        body = r.get_json()
        if code == 200:
            c.events(caller, f"explain {u} event", [body["event"]])
            c.events(caller, f"explain {u} causes", body.get("causes") or [])
            c.check(caller, f"explain {u}", {k: x for k, x in body.items() if k not in ("event", "causes")},
                    truth.hidden(u, caller))
        else:
            c.check(caller, f"explain {u} ({code})", body, c.now(caller, u))
    code, r = t.get("/events", caller, after=0, limit=1000)
    c.events(caller, "/events", r.get_json()["events"])
    code, r = t.get("/legal-actions", caller)
    c.check(caller, "/legal-actions", r.get_json(), truth.strict(v, caller))
    code, body = t.post("/legal-actions", caller, {"forward": True})     # issue 38: labels, defaults, forwarded
    c.check(caller, f"POST /legal-actions forward ({code})", body, truth.strict(v, caller))
    code, r = t.get("/export", caller)
    lines = ndjson(r.get_data(as_text=True))
    c.check(caller, "/export header", lines[0], truth.hidden(v, caller))
    c.events(caller, "/export", lines[1:])
    code, r = t.get("/stream", caller, follow="false")
    c.events(caller, "/stream?follow=false", sse_events(r.get_data(as_text=True)))
    code, r = t.get("/disputes", caller)
    c.check(caller, "GET /disputes", r.get_json(), truth.hidden(v, caller))
    for path, query in (("/state", {"version": v + 1000}), (f"/events/{v + 1000}/explain", {}),
                        ("/events", {"after": -1})):
        code, r = t.get(path, caller, **query)
        c.check(caller, f"GET {path} {query} ({code})", r.get_json(), c.now(caller))
    stale = {"action": {"type": "pass"}, "expected_version": max(v - 1, 0), "command_id": "stale"}
    code, body = t.post("/actions", caller, stale)
    c.check(caller, f"POST /actions stale ({code})", body, c.now(caller))
    probes.count(t.game.id, "channel reads", 17)


def tampered_posts(checker, rng, handles_per_field: int = 3) -> None:
    """The HTTP sample of the adversarial probe: the seat to act posts a listed action with one field
    set to a few hidden handles and to a nonexistent id; the answers (id scrubbed) must be equal and
    carry none of its secrets. A 200 (a hidden handle accepted) counts as a difference."""
    from tests.hidden.adversary import nonexistent
    from tests.hidden.leaks import scrub, strings
    t, truth, v = checker.table, checker.truth, checker.truth.version
    to_act = t.game.to_act(truth.state)
    if not to_act:
        return
    seat = to_act[0]
    listed = t.api.legal(seat)["actions"]
    handles = sorted(truth.handles(v, seat))
    taken = strings({k: x for k, x in truth.state.items() if k != "match"})
    for action in rng.sample(listed, min(2, len(listed))):
        for field in [f for f in action if f != "type"][:2]:
            tried = rng.sample(handles, min(handles_per_field, len(handles)))
            missing = nonexistent(tried[0] if tried else "0-00", taken)
            answers = {}
            for x in [missing, *tried]:
                body = {"action": {**action, field: x}, "expected_version": v, "command_id": f"probe-{x}"}
                code, got = t.post("/actions", seat, body)
                probes.count(t.game.id, "adversarial posts (HTTP)")
                checker.check(seat, f"POST /actions {action['type']}.{field}={x!r} ({code})", got,
                              checker.now(seat), sent={x})
                answers[x] = (code, scrub(got if code != 200 else {"accepted": True}, {x}))
                if code == 200:
                    t.sync()
                    return                      # the position moved on: stop probing it
            for x in tried:
                if answers[x] != answers[missing]:
                    checker.leaks.append(f"seat {seat} POST {action['type']}.{field}: hidden handle {x!r} answers "
                                         f"{answers[x]}, a nonexistent id {answers[missing]}")
