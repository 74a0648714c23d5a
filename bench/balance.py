"""Balance report from kifu's own simulations (issue 20), written to bench/BALANCE.md.

Sections (each cached as JSON in bench/balance/<section>.json, so the report can be assembled from
runs made at different times):

- ``dz``: every Dimension Zero preset pairing within a variant, greedy vs greedy (the same bot both
  sides), the decks' seats alternated game by game: each deck's win rate with its 95% Wilson
  interval, the first player's win rate, the game length in actions. ``--ismcts N`` adds N
  ISMCTS(16)-vs-ISMCTS(16) games per pairing.
- ``first``: the first player's win rate in greedy mirrors of the games without preset pairings
  (3x3Wars, each variant; 東方祀爭録, 2 players), with the game length.
- ``ends``: random 東方独占録 games of each variant and player count (the default end rule): how many
  ended, the longest, the mean, the first player's (by turn order) share of the wins.

    .venv/bin/python bench/balance.py --section dz --games 400
    .venv/bin/python bench/balance.py --section ends --games 10000
    .venv/bin/python bench/balance.py --section first --games 400
    .venv/bin/python bench/balance.py --report          # assemble bench/BALANCE.md from the cache
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import MatchConfig, apply, create_events, fold, get_game, play  # noqa: E402
from engine.simulation.arena import game_seed  # noqa: E402
from engine.bots import bot_key, bot_rng, choose  # noqa: E402
from engine.simulation.statistics import lengths, wilson  # noqa: E402

HERE = Path(__file__).resolve().parent
VARIANTS = ["first-century", "touhou", "touhou-instant"]
ENDS = [(v, n) for v in ("standard", "constructed") for n in (2, 3, 4)]
FIRST = [("threebythree", v) for v in ("overlord", "apprentice", "wizard", "seven-mage")] + [("shisoroku", "standard")]
CACHE = HERE / "balance"
MAX_ACTIONS = 20_000


def run(game, variant, seats, options, bots, seed):
    """One game: (outcome or None, actions taken, final state)."""
    state = fold(game, create_events(game, MatchConfig(game.id, variant, [f"s{i}" for i in range(seats)],
                                                       options), seed))
    keys = [bot_key(seed, s) for s in range(seats)]
    n = 0
    while (outcome := game.outcome(state)) is None and n < MAX_ACTIONS:
        seat = min(game.to_act(state))
        action = choose(game, state, seat, bots[seat], bot_rng(keys[seat], state["version"]))
        for event in play(game, state, seat, action, seed):
            state = apply(game, state, event)
        n += 1
    return outcome, n, state


def rate(k, n):
    return {"wins": k, "games": n, "rate": round(k / n, 4) if n else 0.0, "ci95": wilson(k, n)}


def dz_pairing(variant, names, games, bot, tag):
    """Deck ``names[0]`` sits in seat 0 in even games and seat 1 in odd ones."""
    from engine.games.dimension_zero.decks import PRESETS
    game = get_game("dimension-zero")
    decks = [PRESETS[variant][n] for n in names]
    wins, first_wins, draws, lens = [0, 0], 0, 0, []
    for i in range(games):
        order = [0, 1] if i % 2 == 0 else [1, 0]            # order[seat] = deck index
        seed = game_seed(f"balance-{tag}-{variant}", i)
        outcome, n, state = run(game, variant, 2, {"decks": [decks[order[0]], decks[order[1]]]}, [bot, bot], seed)
        lens.append(n)
        winner = None if outcome is None else outcome.get("winner")
        if winner is None:
            draws += 1
            continue
        wins[order[winner]] += 1
        first_wins += winner == state["first"]
    return {"variant": variant, "decks": names, "bot": bot["bot"], "games": games,
            "deck_rates": [rate(wins[0], games), rate(wins[1], games)], "draws": draws,
            "first_player": rate(first_wins, games - draws), "length": lengths(lens)}


def section_dz(games, ismcts, only=None):
    from engine.games.dimension_zero.decks import PRESETS
    out = []
    for variant, decks in PRESETS.items():
        if only and variant != only:
            continue
        names = list(decks)
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
        for a, b in pairs:
            t = time.time()
            out.append(dz_pairing(variant, [a, b], games, {"bot": "greedy"}, "greedy"))
            print(f"{variant} {a} v {b}: greedy {out[-1]['deck_rates'][0]['rate']} ({time.time() - t:.0f}s)",
                  file=sys.stderr)
            if ismcts:
                out.append(dz_pairing(variant, [a, b], ismcts, {"bot": "ismcts", "budget": {"iterations": 16}}, "ismcts"))
    return out


def section_ends(games, only=None, cache=True):
    """Each setting is stored in the cache as soon as it is done (a long run can be stopped and resumed
    with ``--variant`` / ``--seats``)."""
    game = get_game("dokusenroku")
    out = []
    for variant, seats in ENDS:
        if only and (variant, seats) not in only:
            continue
        t = time.time()
        ended, lens, turns, first = 0, [], [], 0
        longest = None
        for i in range(games):
            seed = game_seed(f"balance-ends-{variant}-{seats}", i)
            outcome, n, state = run(game, variant, seats, {}, [{"bot": "random"}] * seats, seed)
            lens.append(n)
            turns.append(state["turn"])
            if outcome is not None:
                ended += 1
                first += state["order"][0] in outcome["winners"]
            if longest is None or n > longest["actions"]:
                longest = {"index": i, "actions": n, "turns": state["turn"]}
        out.append({"variant": variant, "seats": seats, "games": games, "ended": ended, "longest": longest,
                    "actions": lengths(lens), "turns": lengths(turns),
                    "first_player_shares_win": rate(first, ended)})
        print(f"dokusenroku {variant} {seats}: {ended}/{games} ended, longest {longest} "
              f"({time.time() - t:.0f}s)", file=sys.stderr)
        if cache:
            store("ends", out[-1:], lambda r: (r["variant"], r["seats"]) == (variant, seats))
    return out


def section_first(games):
    """Greedy vs greedy, 2 players: how often the seat that moves first wins (draws count for neither)."""
    out = []
    for game_id, variant in FIRST:
        game, t = get_game(game_id), time.time()
        first_wins, decided, lens = 0, 0, []
        for i in range(games):
            seed = game_seed(f"balance-first-{game_id}-{variant}", i)
            outcome, n, state = run(game, variant, 2, {}, [{"bot": "greedy"}] * 2, seed)
            lens.append(n)
            winner = None if outcome is None else outcome.get("winner")
            if winner is not None:
                decided += 1
                first_wins += winner == state["first"]
        out.append({"game": game_id, "variant": variant, "games": games, "decided": decided,
                    "first_player": rate(first_wins, decided), "length": lengths(lens)})
        print(f"{game_id} {variant}: first player {first_wins}/{decided} ({time.time() - t:.0f}s)", file=sys.stderr)
    return out


def store(section, results, replaces):
    """Merge ``results`` into the section's cache, dropping the cached entries ``replaces`` matches."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"{section}.json"
    kept = [r for r in (json.loads(path.read_text()) if path.exists() else []) if not replaces(r)]
    merged = kept + results
    if section == "ends":
        merged.sort(key=lambda r: ENDS.index((r["variant"], r["seats"])))
    elif section == "first":
        merged.sort(key=lambda r: FIRST.index((r["game"], r["variant"])))
    else:
        merged.sort(key=lambda r: (VARIANTS.index(r["variant"]), r["bot"] != "greedy"))
    path.write_text(json.dumps(merged, indent=1, ensure_ascii=False))


def pct(r):
    return f"{100 * r['rate']:.1f}% [{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}]"


def report(commands):
    dz = json.loads((CACHE / "dz.json").read_text()) if (CACHE / "dz.json").exists() else []
    ends = json.loads((CACHE / "ends.json").read_text()) if (CACHE / "ends.json").exists() else []
    first = json.loads((CACHE / "first.json").read_text()) if (CACHE / "first.json").exists() else []
    lines = ["# Balance report (generated)", "", "Regenerate with:", "", "```"] + commands + ["```", "",
             "Win rates are over the games played, with 95% Wilson intervals. Dimension Zero pairings are "
             "the same bot on both sides with the decks' seats alternated game by game (first player by lot).", ""]
    if dz:
        lines += ["## Dimension Zero preset pairings", "",
                  "| variant | bot | games | deck A | A wins | deck B | B wins | draws | first player wins | "
                  "actions (mean / p90 / max) |", "|---|---|---|---|---|---|---|---|---|---|"]
        for r in dz:
            L = r["length"]
            lines.append(f"| {r['variant']} | {r['bot']} | {r['games']} | {r['decks'][0]} | {pct(r['deck_rates'][0])} "
                         f"| {r['decks'][1]} | {pct(r['deck_rates'][1])} | {r['draws']} | {pct(r['first_player'])} "
                         f"| {L['mean']} / {L['p90']:.0f} / {L['max']} |")
        lines.append("")
    if first:
        lines += ["## First player's win rate, greedy mirrors (2 players)", "",
                  "| game | variant | games | decided | first player wins | actions (mean / p90 / max) |",
                  "|---|---|---|---|---|---|"]
        for r in first:
            L = r["length"]
            lines.append(f"| {r['game']} | {r['variant']} | {r['games']} | {r['decided']} | {pct(r['first_player'])} "
                         f"| {L['mean']} / {L['p90']:.0f} / {L['max']} |")
        lines += ["", "Dimension Zero's first-player rates are in its pairings above; 東方独占録's in the table "
                  "below (random players).", ""]
    if ends:
        lines += ["## 東方独占録: random games end (option end: deck-out, the default)", "",
                  "| variant | players | games | ended | longest (actions, turns) | actions mean / p90 | "
                  "turns mean | first player among the winners |", "|---|---|---|---|---|---|---|---|"]
        for r in ends:
            lines.append(f"| {r['variant']} | {r['seats']} | {r['games']} | {r['ended']} | "
                         f"{r['longest']['actions']}, {r['longest']['turns']} (game {r['longest']['index']}) | "
                         f"{r['actions']['mean']} / {r['actions']['p90']:.0f} | {r['turns']['mean']} | "
                         f"{pct(r['first_player_shares_win'])} |")
        lines.append("")
    missing = [f"{v} {n}" for v, n in ENDS if not any((r["variant"], r["seats"]) == (v, n) for r in ends)]
    if missing:
        lines += [f"Not measured yet (run `--section ends --variant V --seats N`): {', '.join(missing)}.", ""]
    (HERE / "BALANCE.md").write_text("\n".join(lines), encoding="utf-8")


COMMANDS = [".venv/bin/python bench/balance.py --section dz --games 400",
            ".venv/bin/python bench/balance.py --section ends --games 10000",
            ".venv/bin/python bench/balance.py --section first --games 400",
            ".venv/bin/python bench/balance.py --report"]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--section", choices=("dz", "ends", "first"))
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--ismcts", type=int, default=0, help="ISMCTS(16) games per Dimension Zero pairing")
    p.add_argument("--variant", help="only this variant (the cached others are kept)")
    p.add_argument("--seats", type=int, nargs="*", help="ends: only these player counts")
    p.add_argument("--report", action="store_true", help="write bench/BALANCE.md from the cached sections")
    p.add_argument("--no-cache", action="store_true", help="print the section, do not store it")
    args = p.parse_args(argv)
    if args.section:
        if args.section == "dz":
            result = section_dz(args.games, args.ismcts, args.variant)
            if not args.no_cache:
                store("dz", result, lambda r: not args.variant or r["variant"] == args.variant)
        elif args.section == "first":
            result = section_first(args.games)
            if not args.no_cache:
                store("first", result, lambda r: True)
        else:
            only = [(v, n) for v, n in ENDS if (not args.variant or v == args.variant)
                    and (not args.seats or n in args.seats)]
            result = section_ends(args.games, only, not args.no_cache)
        if args.no_cache:
            print(json.dumps(result, indent=1, ensure_ascii=False))
    if args.report:
        report(COMMANDS)


if __name__ == "__main__":
    main()
