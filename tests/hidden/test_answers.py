"""The action's full answer (issue 37: ``view``, ``legal``, ``events``, ``to_act``, ``outcome`` at the
new version) keeps the acting seat's secrets, in every game: each answer of a match played by random
legal actions, and the same command's answer given again, is checked against what that seat may be
told — ``view`` and ``legal`` against the secrets of the new position (``strict``), each event against
``hidden`` at its own version, the rest against ``hidden`` now — and carries no field of another
reader's (a spectator's or an auditor's: ``seats``, ``since_your_last_action``, ``command`` of
another seat)."""
import random

import pytest

from tests.hidden import games, probes
from tests.hidden.channels import Checker
from tests.hidden.table import Table

ACTIONS = 30
FIELDS = {"version", "events", "to_act", "outcome", "view", "legal"}


def cases(game):
    return [(f"{v}-{counts[0]}p", (v, counts[0])) for v, counts in games.variants_of(game)]


@pytest.mark.parametrize("game, variant, seats", games.by_game(cases))
def test_an_actions_answer_keeps_the_acting_seats_secrets(app, client, language, game, variant, seats):
    rng = random.Random(f"answers-{game.id}-{variant}-{seats}")
    table = Table(app, client, game, variant, seats)
    checker, answered = Checker(table), 0
    for n in range(ACTIONS):
        if not table.live() or not game.to_act(table.truth.state):
            break
        seat = rng.choice(game.to_act(table.truth.state))
        legal = table.api.legal(seat)
        if not legal["actions"]:
            break
        body = {"action": rng.choice(legal["actions"]), "expected_version": legal["version"],
                "command_id": f"answer-{n}"}
        code, got = table.post("/actions", seat, body)
        assert code == 200, got
        table.sync()
        again = table.post("/actions", seat, body)
        assert again == (200, got)
        check(checker, seat, got)
        answered += 1
    assert answered, f"{game.id} {variant}: no action answered"
    assert not checker.leaks, f"{game.id} {variant}: {len(checker.leaks)} leaks, first ones:\n" + \
        "\n".join(checker.leaks[:20])


def check(checker, seat, got) -> None:
    truth, v = checker.truth, got["version"]
    assert set(got) == FIELDS, f"the answer's fields: {sorted(got)}"
    assert all("command" not in e or e["command"].get("seat") == seat for e in got["events"])
    checker.check(seat, "POST /actions answer view", got["view"], truth.strict(v, seat))
    checker.check(seat, "POST /actions answer legal", got["legal"], truth.strict(v, seat))
    checker.events(seat, "POST /actions answer events", got["events"])
    checker.check(seat, "POST /actions answer", {k: got[k] for k in ("version", "to_act", "outcome")},
                  truth.hidden(v, seat))
    probes.count(checker.table.game.id, "action answers checked")

