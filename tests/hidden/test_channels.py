"""Every read channel, for each seat and the spectator, at random positions of every game (issue 13).

Each case plays a match through the API by random legal actions and, at a few versions while it is
unfinished, reads every channel as every caller (channels.read_all), files a dispute as a seat and
reads it back, and checks each answer against the caller's secrets (tests/hidden/__init__.py).
"""
import random

import pytest

from tests.hidden import games, probes
from tests.hidden.channels import Checker, read_all, tampered_posts
from tests.hidden.table import Table

CHECKPOINTS = (2, 9, 24)             # actions played before each read (cumulative targets)
SEEDS = (1,)


def cases(game):
    return [(f"{v}-{n}p-s{seed}", (v, n, seed)) for v, counts in games.variants_of(game)
            for n in counts[:1 if len(game.variants) > 1 else 2] for seed in SEEDS]


@pytest.mark.parametrize("game, variant, seats, seed", games.by_game(cases))
def test_channels_keep_every_callers_secrets(app, client, language, game, variant, seats, seed):
    rng = random.Random(f"channels-{game.id}-{variant}-{seats}-{seed}")
    table = Table(app, client, game, variant, seats)
    checker, played = Checker(table), 0
    for target in CHECKPOINTS:
        while played < target and table.step(rng):
            played += 1
        if not table.live():
            break
        earlier = rng.randint(1, table.version)
        for caller in table.truth.callers:
            read_all(checker, caller, earlier)
        tampered_posts(checker, rng)
        probes.count(game.id, "positions (HTTP)")
    if table.live():
        v = table.version
        code, body = table.post("/disputes", 0, {"version": v, "reason": "please check this ruling"})
        assert code == 201, body
        table.sync()
        for caller in table.truth.callers:
            checker.check(caller, "POST /disputes", body, checker.now(caller)) if caller == 0 else None
            read_all(checker, caller, v)
    assert not checker.leaks, f"{game.id} {variant}: {len(checker.leaks)} leaks, first ones:\n" + \
        "\n".join(checker.leaks[:20])
