"""Simulation results from per-game records: wins per seat with 95% Wilson intervals, draws, games
stopped unfinished, the game-length distribution and per-card statistics."""
import math

Z95 = 1.959963984540054


def wilson(successes: int, n: int) -> list[float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def percentile(sorted_values: list, q: float) -> float:
    """The q-quantile by linear interpolation between order statistics."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def lengths(values: list, bins: int = 10) -> dict:
    v = sorted(values)
    if not v:
        return {"min": 0, "max": 0, "mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "histogram": []}
    width = max(1, math.ceil((v[-1] - v[0] + 1) / bins))
    histogram = []
    for start in range(v[0], v[-1] + 1, width):
        histogram.append({"from": start, "to": start + width - 1,
                          "count": sum(1 for x in v if start <= x < start + width)})
    return {"min": v[0], "max": v[-1], "mean": round(sum(v) / len(v), 2), "median": percentile(v, 0.5),
            "p10": percentile(v, 0.1), "p90": percentile(v, 0.9), "histogram": histogram}


def aggregate(records: list, bots: list, with_cards: bool) -> dict:
    n = len(records)
    wins = [0] * len(bots)
    for r in records:
        if r["winner"] is not None:
            wins[r["winner"]] += 1
    draws = sum(1 for r in records if r["draw"])
    unfinished = sum(1 for r in records if r.get("unfinished"))
    results = {
        "games": n,
        "seats": [{"seat": s, "bot": b["bot"], "wins": wins[s], "rate": round(wins[s] / n, 4) if n else 0.0,
                   "ci95": wilson(wins[s], n)} for s, b in enumerate(bots)],
        "draws": {"count": draws, "rate": round(draws / n, 4) if n else 0.0, "ci95": wilson(draws, n)},
        "unfinished": unfinished,
        "length": {"unit": "actions", **lengths([r["length"] for r in records])},
        "cards": None,
    }
    if with_cards:
        results["cards"] = card_statistics(records)
    return results


def card_statistics(records: list) -> list:
    """Per card: in how many (game, seat) hands it was played, how often in all, and the win rate of
    the seat that played it, with its 95% interval."""
    seen: dict = {}
    for r in records:
        for seat, cards in enumerate(r["cards"]):
            for card in cards:
                entry = seen.setdefault(card, [0, 0])
                entry[0] += 1
                entry[1] += r["winner"] == seat
    return [{"card": card, "played_in": k, "wins": w, "win_rate": round(w / k, 4), "ci95": wilson(w, k)}
            for card, (k, w) in sorted(seen.items())]
