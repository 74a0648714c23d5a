"""schemathesis against openapi.yaml, in-process on the Flask app (issue 16): every operation, its
examples, the coverage cases of each parameter (boundaries, wrong types, missing fields) and
generated valid and invalid requests, with path parameters and bearer tokens swapped for real ones
before each call — matches of every game a few moves in, a finished match with a dispute and a
fork, invite seats, a simulation, an export, seat, auditor and organiser tokens, an API key, a
player's key and subscriptions (tests/api_world.py) — so requests reach past the 404 of an unknown id and the 401 of no token.
No answer may be a 5xx, and every answer must match the spec: status code, content type, headers,
body schema (each SSE message too), and a request the spec calls invalid must be refused (4xx).
Derandomized with a fixed seed and bounded (MAX_EXAMPLES per operation), so CI runs the same cases
each time, in well under two minutes on 2 cores."""
import itertools
import os
import re
from collections import Counter

import fakeredis
import schemathesis
import schemathesis.engine
from schemathesis.engine import events

from service import create_app
from tests.api_world import build
from tests.helpers import bearer

MAX_EXAMPLES = int(os.environ.get("KIFU_SCHEMATHESIS_EXAMPLES", "25"))
CONFIG = {
    "seed": int(os.environ.get("KIFU_SCHEMATHESIS_SEED", "16")),
    "generation": {"deterministic": True, "max-examples": MAX_EXAMPLES, "mode": "all", "database": "none"},
    "phases": {"stateful": {"enabled": False}},
    "checks": {"enabled": False, "not_a_server_error": {"enabled": True},
               "status_code_conformance": {"enabled": True}, "content_type_conformance": {"enabled": True},
               "response_headers_conformance": {"enabled": True},
               "response_schema_conformance": {"enabled": True}, "negative_data_rejection": {"enabled": True}},
}
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class RealThings:
    """A ``before_call`` hook: each call in turn gets the next real match (where the generated id is
    a valid one: invalid ids stay, to be refused), that match's next token (or none: a spectator),
    the real dispute, job and export ids every other call, the API key for simulations. Turn by
    turn, so a derandomized run sends the same requests every time."""

    def __init__(self, world):
        self.world, self.turn = world, itertools.count()
        self.matches = world.all_matches()

    def __call__(self, context, case, kwargs):
        turn = next(self.turn)
        m = self.matches[turn % len(self.matches)]
        params = case.path_parameters if isinstance(case.path_parameters, dict) else {}
        if "dispute" in params and turn % 2 == 0:
            m = self.world.ended
            params["dispute"] = str(self.world.dispute)
        if isinstance(params.get("match_id"), str) and MATCH_ID.fullmatch(params["match_id"]):
            params["match_id"] = m.id
        if "job_id" in params and turn % 2 == 0:
            params["job_id"] = [self.world.simulation, self.world.export, f"verify-{self.world.ended.id}"][turn % 3]
        if "export_id" in params and turn % 2 == 0:
            params["export_id"] = self.world.export
        if "key_id" in params and turn % 2 == 0:
            params["key_id"] = self.world.player["key_id"]
        if "sub_id" in params and turn % 2 == 0:
            params["sub_id"] = self.world.subscription if case.path.startswith("/players") \
                else self.world.seat_subscription
        tokens = [None, *self.world.tokens(m)]
        token = tokens[(turn // len(self.matches)) % len(tokens)]
        headers = dict(case.headers or {})
        if case.path in ("/simulations", "/exports") and turn % 4:
            headers.update(self.world.api_key)
        elif case.path.startswith("/players/me") and turn % 4:
            headers.update(bearer(self.world.player["key"]))
        elif token is not None:
            headers.update(bearer(token))
        case.headers = headers


def test_the_api_matches_its_spec_and_never_answers_5xx():
    app = create_app({"TESTING": True, "FAKEREDIS_SERVER": fakeredis.FakeServer(), "SNAPSHOT_EVERY": 5,
                      "SSE_KEEPALIVE_MS": 50, "SSE_MAX_SECONDS": 0.2})          # a followed stream ends soon
    world = build(app.test_client())
    loaded = schemathesis.openapi.from_wsgi("/openapi.yaml", app, config=schemathesis.Config.from_dict(CONFIG))
    hook = RealThings(world)
    hook.__name__ = "before_call"
    schemathesis.hook(hook)
    try:
        statuses, failures = run(loaded)
    finally:
        schemathesis.hooks.unregister(hook)
    if os.environ.get("KIFU_SCHEMATHESIS_REPORT"):         # the figures, to look at
        with open(os.environ["KIFU_SCHEMATHESIS_REPORT"], "w") as out:
            out.write(f"{sum(statuses.values())} responses\n")
            out.writelines(f"{status} x{n} {label}\n" for (label, status), n in sorted(statuses.items()))
            out.write("\n\n".join(sorted(set(failures))))
    assert not [k for k in statuses if k[1] >= 500], statuses
    assert failures == [], "\n\n".join(sorted(set(failures)))
    reached = {label for (label, status), n in statuses.items() if 200 <= status < 300}
    assert len(reached) >= 30, reached                     # real ids and tokens: most operations succeed


def run(loaded) -> tuple[Counter, list]:
    """Every response's (operation, status) counted, and every failed check described."""
    statuses, failures = Counter(), []
    for event in schemathesis.engine.from_schema(loaded).execute():
        if isinstance(event, events.ScenarioFinished):
            recorder = event.recorder
            for interaction in recorder.interactions.values():
                if interaction.response is not None:
                    statuses[(recorder.label, interaction.response.status_code)] += 1
            for case_id, checks in recorder.checks.items():
                for check in checks:
                    if check.failure_info is not None:
                        case, failure = recorder.cases[case_id].value, check.failure_info.failure
                        failures.append(f"{recorder.label} {check.name}: {failure.title}\n  path {case.path_parameters} "
                                        f"query {case.query} headers {case.headers} body {str(case.body)[:300]}\n"
                                        f"  {failure.message[:600]}")
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            failures.append(f"error: {getattr(event, 'label', '')} {getattr(event, 'value', getattr(event, 'exception', ''))}")
    return statuses, failures
