"""What an outcome is worth to each seat, in [0, 1]: ``GameBase.results`` for the forms games use
and the platform's own (a forfeit).

Known forms: ``{"winner": seat | None, "draw": bool}`` (None without ``draw`` means nobody won),
``{"winners": [seats]}`` (shared win), ``{"ranking": [seats, best first]}`` and
``{"scores": [per seat]}``. A platform forfeit is ``{"winner": ..., "forfeited": seat}``.
"""


def rewards(outcome: dict, n_seats: int) -> list[float]:
    if "winners" in outcome:
        winners = set(outcome["winners"])
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n_seats)]
    if "winner" in outcome:
        winner = outcome["winner"]
        if winner is None:
            return [0.5 if outcome.get("draw", True) else 0.0] * n_seats
        return [1.0 if s == winner else 0.0 for s in range(n_seats)]
    if "ranking" in outcome:
        ranking = list(outcome["ranking"])
        last = max(len(ranking) - 1, 1)
        return [1.0 - ranking.index(s) / last if s in ranking else 0.0 for s in range(n_seats)]
    if "scores" in outcome:
        scores = list(outcome["scores"])
        low, high = min(scores), max(scores)
        return [0.5 if high == low else (x - low) / (high - low) for x in scores]
    raise ValueError(f"an outcome of unknown form {sorted(outcome)}; "
                     "expected winner, winners, ranking or scores")


def winner_of(outcome: dict, n_seats: int) -> int | None:
    """The single seat that won outright, or None (draw, shared win)."""
    values = rewards(outcome, n_seats)
    best = [s for s, v in enumerate(values) if v == 1.0]
    return best[0] if len(best) == 1 and values.count(1.0) == 1 else None
