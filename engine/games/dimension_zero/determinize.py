"""determinize: a full state consistent with what one seat can see, its hidden cards re-dealt at random.

For each owner, the instances the seat cannot identify (the other seat's hand, the face-down deck, the
smash zones) swap identities among themselves: every id keeps its place and only the card it stands
for changes. (A pending decision of the other seat keeps its options as they were; in a best-of-3 the
other seat's submitted deck list is kept too.)
"""
from engine.core import clone
from engine.games.dimension_zero.state import plan_card


def hidden_ids(state, seat) -> list:
    out = []
    for i, p in enumerate(state["players"]):
        if i != seat:
            out += p["hand"]
        plan = plan_card(state, i)
        out += [c for c in p["deck"] if c != plan] + p["smash"]
    return out


def determinize(state, seat, rng):
    s = clone(state)
    hidden = hidden_ids(s, seat)
    for owner in (0, 1):
        ids = sorted(c for c in hidden if c.startswith(f"{owner}-"))
        keys = rng.shuffled([s["cards"][c] for c in ids])
        s["cards"].update(dict(zip(ids, keys)))
    return s
