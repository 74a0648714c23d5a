"""Dimension Zero moves no listed action shows (issue 15): every other payment (the cards a player
keeps open), two targets where a card takes up to two (000 テクニック④), the other 盟約 cards (000 盟約),
a mulligan in another order, and sideboard swaps of any number of cards (001 ch.2 §6)."""
from engine.games.dimension_zero import costs
from engine.games.dimension_zero.actions import situation
from engine.games.dimension_zero.state import owner

from tests.conformance import moves


@moves.extra("dimension-zero")
def candidates(state, seat, rng) -> list:
    from engine.games.dimension_zero.legal import legal_actions
    listed = legal_actions(state, seat)
    out = []
    sources = costs.sources(state, seat)
    units = sorted(state["units"])
    for a in listed:
        if "pay" in a and len(sources) > len(a["pay"]):
            for _ in range(3):
                out.append({**a, "pay": rng.sample(sources, len(a["pay"]))})
        if "targets" in a and len(units) > 1:
            out.append({**a, "targets": rng.sample(units, 2)})
        if "pact" in a:
            mine = [c for c in state["cards"] if owner(c) == seat]
            out.append({**a, "pact": [rng.choice(mine) if rng.random() < 0.5 else c for c in a["pact"]]})
    sit = situation(state)
    if sit == "mulligan":
        hand = list(state["players"][seat]["hand"])
        rng.shuffle(hand)
        out.append({"type": "mulligan", "order": hand})
    if sit == "sideboard":
        s = state["series"]
        deck, side = list(s["decks"][seat]), list(s["sideboards"][seat])
        for _ in range(3):
            k = rng.randint(1, len(side))
            gone, come = rng.sample(range(len(deck)), k), rng.sample(range(len(side)), k)
            new_deck = [c for i, c in enumerate(deck) if i not in gone] + [side[i] for i in come]
            new_side = [c for i, c in enumerate(side) if i not in come] + [deck[i] for i in gone]
            rng.shuffle(new_deck)
            out.append({"type": "sideboard", "deck": new_deck, "sideboard": new_side})
    return out
