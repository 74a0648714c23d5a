"""東方祀爭録 throughput: full random 2-player games per second, with baselines from the same run.

Two random players: ``uniform`` picks uniformly from legal_actions; ``eager`` (the playout tests'
player) prefers playing and buying over stopping, so its games are shorter and use more cards.
Baselines, measured on the same games: folding their events again (replay, no decisions, no rng)
and decoding those events from their stored JSON form (what any load must do at least).

    .venv/bin/python bench/bench_shisoroku.py [--games 200]
"""
import argparse
import json
import random
import time

from engine.core import Event, MatchConfig, create_events, fold, get_game, play
from engine.games.shisoroku.cards import CARDS
from engine.games.shisoroku.state import cost


def uniform(state, legal, rng):
    return rng.choice(legal)


def eager(state, legal, rng):
    if state["pending"] is not None or len(legal) == 1:
        return rng.choice(legal)
    plays = [a for a in legal if a["type"] == "play" and CARDS[a["card"]].is_("action") and state["phase"] == "action"]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    treasures = [a for a in legal if a["type"] == "play_treasures"]
    if treasures and rng.random() < 0.95:
        return treasures[0]
    buys = [a for a in legal if a["type"] == "buy"]
    if buys and rng.random() < 0.95:
        return rng.choices(buys, weights=[cost(state, a["card"]) + 1 for a in buys])[0]
    return rng.choice(legal)


def random_game(game, i, player):
    seed = b"bench-%d" % i
    events = create_events(game, MatchConfig(game.id, "standard", ["a", "b"], {}), seed)
    state = fold(game, events)
    rng = random.Random(i)
    actions = 0
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        new = play(game, state, seat, player(state, game.legal_actions(state, seat), rng), seed)
        state = fold(game, new, state)
        events += new
        actions += 1
    return events, actions, state


def measure(game, n, player, name):
    t0 = time.perf_counter()
    games = [random_game(game, i, player) for i in range(n)]
    t_play = time.perf_counter() - t0
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
          f"{n_events / n:.0f} events, {turns / n:.0f} turns)")
    print(f"    baseline, replaying the same games (fold only): {n / t_fold:,.1f} games/s "
          f"({n_events / t_fold:,.0f} events/s) -> playing costs {t_play / t_fold:.1f}x folding")
    print(f"    baseline, decoding the same events from JSON: {n_events / t_decode:,.0f} events/s "
          f"-> folding costs {t_fold / t_decode:.2f}x decoding")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    game = get_game("shisoroku")
    for name, player in (("uniform", uniform), ("eager", eager)):
        measure(game, args.games, player, name)


if __name__ == "__main__":
    main()
