"""determinize: a full state consistent with what one seat can see, its hidden cards re-dealt at random.

Used by bots that search (ISMCTS samples one per iteration, so a bot never reads a card it could not
see) and by analysis forks. Everything the seat may see is kept; every zone hidden from it keeps its
size and is refilled from the cards it cannot place.
"""
from engine.core import clone
from engine.games.threebythree.cards import MAGIC
from engine.games.threebythree.state import other


def determinize(state, seat, rng):
    s = clone(state)
    opp = s["players"][other(seat)]
    # deck cards: the deck (order unknown to everyone), the opponent's hand, territories, offered hands
    zones = [("deck", s, "deck"), ("hand", opp, "hand"), ("territories", opp, "territories"),
             ("leftovers", s, "leftovers")]
    unknown = [c for _, holder, key in zones for c in holder[key]]
    unknown += [c for h in opp["offered_hands"] for c in h]
    pool = rng.shuffled(unknown)
    for _, holder, key in zones:
        n = len(holder[key])
        holder[key], pool = pool[:n], pool[n:]
    hands = []
    for h in opp["offered_hands"]:
        hands.append(pool[:len(h)])
        pool = pool[len(h):]
    opp["offered_hands"] = hands
    # magic: the opponent's face-down (unseen) and offered magic come from the magic this seat cannot place
    seen = {m["card"] for p in s["players"] for m in p["magic"] if p is not opp or m["state"] != "down" or m.get("shown")}
    seen |= set(s["players"][seat]["offered_magic"]) | set(s["removed"])
    hidden_slots = [m for m in opp["magic"] if m["state"] == "down" and not m.get("shown")]
    candidates = rng.shuffled(sorted(m for m in _level_magic(s) if m not in seen))
    for m in hidden_slots:
        m["card"] = candidates.pop()
    opp["offered_magic"] = [candidates.pop() for _ in opp["offered_magic"]]
    return s


def _level_magic(state):
    variant = state["variant"]
    if variant == "overlord":
        return [m for m, card in MAGIC.items() if card.overlord]
    if variant in ("apprentice", "seven-mage"):
        return [m for m, card in MAGIC.items() if not card.basic]
    return list(MAGIC)
