"""Forks by a seat, through the API, in every game (issue 13): the fork's answers to the forking seat
keep what the original hid from it, every fork token and the spectator read the fork within the
fork's own secrets, and the re-deal changes the hidden places of the true state at least once per
game (a fork that always kept the truth would hand it to whoever holds the other seats' tokens)."""
import random

import pytest

from engine.core import clone
from service.http.redis_conn import get_store
from tests.browser.secrets_check import where
from tests.hidden import games, probes
from tests.hidden.channels import Checker
from tests.hidden.table import Table
from tests.hidden.truth import Truth

STEPS = (4, 16)


def _at(value, path):
    for part in path.strip("/").split("/"):
        if isinstance(value, list):
            value = value[int(part)] if part.isdigit() and int(part) < len(value) else None
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            return None
    return value


def hidden_places(state, secret) -> list:
    return where({k: v for k, v in state.items() if k not in ("match", "version")}, set(secret))


@pytest.mark.parametrize("game", games.GAMES, ids=games.GAME_IDS)
def test_a_seats_fork_redeals_what_it_could_not_see(app, client, game):
    leaks, forks, redealt = [], 0, 0
    for variant, counts in games.variants_of(game):
        rng = random.Random(f"forks-{game.id}-{variant}")
        table, played = Table(app, client, game, variant, 2), 0
        checker = Checker(table)
        for target in STEPS:
            while played < target and table.step(rng):
                played += 1
            if not table.live():
                break
            v, truth = table.version, table.truth
            for seat in range(2):
                code, body = table.post("/forks", seat, {"version": v})
                assert code == 201, body
                checker.check(seat, "POST /forks", body, checker.now(seat))
                fork_id, tokens = body["match_id"], [s["token"] for s in body["seats"]]
                with app.app_context():
                    fork_state = get_store().load(game, fork_id, 2)
                fork_truth = Truth(game, 2)
                fork_truth.add(clone(fork_state))
                for caller in (0, 1, None):
                    secret = fork_truth.strict(2, caller) | (truth.hidden(v, seat) if caller == seat else frozenset())
                    for path in ("", "/events"):
                        code, r = table.get(path, caller, match_id=fork_id, tokens=tokens)
                        checker.check(caller, f"fork by {seat}: GET {path or '/matches'}", r.get_json(), secret)
                places = hidden_places(truth.state, truth.strict(v, seat))
                if places:
                    forks += 1
                    redealt += any(_at(fork_state, p) != _at(truth.state, p) for p in places)
                probes.count(game.id, "forks (HTTP)")
    leaks += checker.leaks if forks else []
    assert not leaks, f"{game.id}: fork answers leak:\n" + "\n".join(leaks[:20])
    assert forks == 0 or redealt > 0, (f"{game.id}: none of {forks} seat forks changed a card at the places "
                                       "hidden from the forking seat: the re-deal kept the truth")
