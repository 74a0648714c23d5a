"""東方祀爭録 moves no listed action shows (issue 15): card subsets past decisions.LIST_LIMIT, in any
order, and the card left on top of the discard pile at the end of the turn (l.74)."""
from tests.conformance import moves


@moves.extra("shisoroku")
def candidates(state, seat, rng) -> list:
    from engine.games.shisoroku import turn
    from engine.games.shisoroku.actions import to_act
    if seat not in to_act(state):
        return []
    q = state["pending"]
    out = []
    if q is not None and q["kind"] == "cards":
        zone = list(state["players"][seat][q["zone"]])
        for _ in range(4):
            k = rng.randint(q["min"], min(q["max"], len(zone)))
            out.append({"type": "choose", "cards": rng.sample(zone, k)})
    if q is None:
        order = turn.cleanup_order(state, seat)
        if order:
            out.append({"type": "end_turn", "top": rng.choice(order)})
    return out
