"""東方祀爭録 throughput: full random 2-player games per second, with baselines from the same run.

Two random players: ``uniform`` picks uniformly from legal_actions; ``eager`` (the playout tests'
player, tests/shisoroku/agent.py) prefers playing and buying over stopping, so its games are shorter
and use more cards. A game the players have made unwinnable (both trashed every treasure) has no end
in the seed's rules: it is stopped after MAX_ACTIONS and left out of the figures (and named).
Baselines, measured on the same games: folding their events again (replay, no decisions, no rng)
and decoding those events from their stored JSON form (what any load must do at least).

And a Big Money mirror (the game's big-money bot on both seats), in games per CPU-second, as
simulations play it (the compact path), beside the event path, the engine of an earlier commit
(bench/baseline.py: main before issue 22) in alternating child runs, and dominiate's own Big Money
mirror (github.com/rspeer/dominiate, the CoffeeScript Dominion simulator) taking turns with it in the
same run (bench/dominiate_mirror.js, in a checkout KIFU_DOMINIATE names; without one the bench says
that there is no comparison in this run).

    KIFU_DOMINIATE=/path/to/dominiate .venv/bin/python bench/bench_shisoroku.py [--games 200] \
        [--baseline c4195af | --no-baseline]
"""
import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

from engine.core import Event, MatchConfig, Rng, create_events, fold, get_game, play

try:
    from engine.core import advance
except ImportError:                      # the engine of a commit before the compact path (a baseline child run)
    advance = None

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.shisoroku.agent import choose as eager  # noqa: E402  (the playout tests' random player)

MAX_ACTIONS = 5000     # a game both players have made unwinnable (e.g. everything trashed) never ends


def uniform(state, legal, rng):
    return rng.choice(legal)


def random_game(game, i, player):
    seed = b"bench-%d" % i
    events = create_events(game, MatchConfig(game.id, "standard", ["a", "b"], {}), seed)
    state = fold(game, events)
    rng = random.Random(i)
    actions = 0
    while game.outcome(state) is None and actions < MAX_ACTIONS:
        seat = rng.choice(game.to_act(state))
        new = play(game, state, seat, player(state, game.legal_actions(state, seat), rng), seed)
        state = fold(game, new, state)
        events += new
        actions += 1
    return events, actions, state


def measure(game, n, player, name):
    games, stalled, t_play = [], [], 0.0
    for i in range(n):
        t0 = time.perf_counter()
        played = random_game(game, i, player)
        if played[2]["outcome"] is None:
            stalled.append(i)
        else:
            t_play += time.perf_counter() - t0
            games.append(played)
    n = len(games)
    n_actions = sum(a for _, a, _ in games)
    turns = sum(s["turn"] for _, _, s in games)
    logs = [[json.dumps(e.to_dict(), ensure_ascii=False) for e in events] for events, _, _ in games]
    n_events = sum(len(log) for log in logs)
    t0 = time.perf_counter()
    decoded = [[Event.from_dict(json.loads(line)) for line in log] for log in logs]
    t_decode = time.perf_counter() - t0
    t0 = time.perf_counter()
    for events in decoded:
        fold(game, events)
    t_fold = time.perf_counter() - t0
    print(f"[{name}] full random 2-player games: {n / t_play:,.1f} games/s "
          f"({n_actions / t_play:,.0f} actions/s incl. legal_actions; per game {n_actions / n:.0f} actions, "
          f"{n_events / n:.0f} events, {turns / n:.0f} turns)"
          + (f"; {len(stalled)} game(s) left out, stalled after {MAX_ACTIONS} actions: {stalled}" if stalled else ""))
    print(f"    baseline, replaying the same games (fold only): {n / t_fold:,.1f} games/s "
          f"({n_events / t_fold:,.0f} events/s) -> playing costs {t_play / t_fold:.1f}x folding")
    print(f"    baseline, decoding the same events from JSON: {n_events / t_decode:,.0f} events/s "
          f"-> folding costs {t_fold / t_decode:.2f}x decoding")


def mirror_rate(game, n, compact=True) -> tuple[float, float]:
    """Big Money mirror games per CPU-second (process time, so other work on the machine counts
    less) and turns per player: as simulations play it (``compact``: engine.core.advance, the
    compact path), or through the event path (play, then fold)."""
    from engine.bots import bot_key, bot_rng, check_config, choose
    config = check_config(game, {"bot": "big-money"})
    turns, t0 = 0, time.process_time()
    for i in range(n):
        seed = b"bench-bm-%d" % i
        state = fold(game, create_events(game, MatchConfig(game.id, "standard", ["a", "b"], {}), seed))
        keys = [bot_key(seed, s) for s in range(2)]
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            action = choose(game, state, seat, config, bot_rng(keys[seat], state["version"]))
            if compact and advance is not None:
                state = advance(game, state, seat, action, Rng.for_version(seed, state["version"]))
            else:
                state = fold(game, play(game, state, seat, action, seed), state)
        turns += state["turn"]
    return n / (time.process_time() - t0), turns / n / 2


ROUNDS_BESIDE = 3
DOMINIATE = os.environ.get("KIFU_DOMINIATE")
DOMINIATE_HOW = ("set KIFU_DOMINIATE to a checkout of github.com/rspeer/dominiate with "
                 "`npm install coffee-script@1.6.3` run in it; bench/dominiate_mirror.js plays its mirror")


def dominiate_rate(n) -> tuple[float, float] | None:
    """dominiate's Big Money mirror in a node child (bench/dominiate_mirror.js): games per CPU-second of
    its playing (the child's own measure: compiling and loading left out) and turns per player; None
    without a checkout (KIFU_DOMINIATE) or node."""
    import shutil
    import subprocess
    if not DOMINIATE or not shutil.which("node"):
        return None
    out = subprocess.run(["node", str(Path(__file__).with_name("dominiate_mirror.js")), str(n)], check=True,
                         capture_output=True, text=True, env={**os.environ, "KIFU_DOMINIATE": DOMINIATE})
    got = json.loads(out.stdout.strip().splitlines()[-1])
    return got["games"] / got["cpu_seconds"], got["turns_per_player"]


def big_money_mirror(game, n, baseline):
    """The deckbuilder simulators' standard benchmark: a 2-player Big Money mirror, beside the
    event path and the engine of an earlier commit (bench/baseline.py) in the same run."""
    rates, theirs = [], []
    for _ in range(ROUNDS_BESIDE):                # taking turns: this VM's speed moves within a minute
        rates.append(mirror_rate(game, n))
        theirs.append(dominiate_rate(n))
    rate, turns = max(rates)
    events, _ = mirror_rate(game, n, compact=False)
    print(f"[big-money] 2-player Big Money mirror: {rate:,.0f} games per CPU-second ({turns:.1f} turns per player) "
          f"as simulations play it (the compact path; best of {ROUNDS_BESIDE}); through the event path: {events:,.0f}")
    if None in theirs:
        print(f"    dominiate not run ({DOMINIATE_HOW}): no comparison with it in this run, and none with a figure "
              "from another day", flush=True)
    else:
        best = max(theirs)
        print(f"    dominiate (CoffeeScript on node, strategies/BigMoney.coffee compiled once, no logging) in the same "
              f"run, taking turns with kifu: {best[0]:,.0f} games per CPU-second ({best[1]:.1f} turns per player; best "
              f"of {ROUNDS_BESIDE}: {', '.join(f'{r:,.0f}' for r, _ in theirs)}) -> kifu {rate / best[0]:.1f}x",
              flush=True)
    if baseline:
        from baseline import BASELINE, ROUNDS, best_of, checkout, cleanup
        ref = baseline if baseline is not True else BASELINE
        where = checkout(ref)
        try:
            if where is not None:
                now, then = best_of(where, "bench_shisoroku.py", ["mirror", "--games", n])
                print(f"    best of {ROUNDS} alternating child runs: {now:,.0f} games per CPU-second; "
                      f"the engine of {ref}: {then:,.0f} -> {now / then:.1f}x")
        finally:
            cleanup(where)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--baseline", default=None, help="the commit whose engine the mirror compares with")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--measure", choices=["mirror"], help=argparse.SUPPRESS)    # a child run (baseline.py)
    args = parser.parse_args()
    game = get_game("shisoroku")
    if args.measure:
        print(json.dumps({"rate": mirror_rate(game, args.games)[0]}))
        return
    print(f"load average before: {os.getloadavg()[0]:.2f} (other work on the machine slows every figure alike)")
    for name, player in (("uniform", uniform), ("eager", eager)):
        measure(game, args.games, player, name)
    big_money_mirror(game, args.games, None if args.no_baseline else (args.baseline or True))


if __name__ == "__main__":
    main()
