"""determinize: a full state consistent with what one seat can see, its hidden cards re-dealt at random.

Used by bots that search (ISMCTS samples one per iteration, so a bot never reads a card it could not
see) and by analysis forks. Everything the seat may see is kept; every zone hidden from it (secrets.py,
the predicate the views read) keeps its size and is refilled from the cards it cannot place, and a
choice the opponent made among hidden cards that the table has not seen yet (the unit 入植 will
deploy, waiting in an answer window) is made again among the re-dealt ones.
"""
import functools

from engine.core import clone
from engine.games.threebythree import magic
from engine.games.threebythree.cards import MAGIC
from engine.games.threebythree.secrets import magic_seen
from engine.games.threebythree.state import other


def determinize(state, seat, rng):
    s = clone(state)
    opp = s["players"][other(seat)]
    # deck cards: the deck (order unknown to everyone), the opponent's hand, territories, offered hands
    zones = [("deck", s, "deck"), ("hand", opp, "hand"), ("territories", opp, "territories"),
             ("leftovers", s, "leftovers")]
    unknown = [c for _zone, holder, key in zones for c in holder[key]]
    unknown += [c for h in opp["offered_hands"] for c in h]
    pool = rng.shuffled(unknown)
    for _zone, holder, key in zones:
        n = len(holder[key])
        holder[key], pool = pool[:n], pool[n:]
    hands = []
    for h in opp["offered_hands"]:
        hands.append(pool[:len(h)])
        pool = pool[len(h):]
    opp["offered_hands"] = hands
    # magic: the opponent's face-down (unseen) and offered magic come from the magic this seat cannot place
    seen = {m["card"] for i, p in enumerate(s["players"]) for m in p["magic"] if magic_seen(m, i, seat)}
    seen |= set(s["players"][seat]["offered_magic"]) | set(s["removed"])
    hidden_slots = [m for m in opp["magic"] if not magic_seen(m, other(seat), seat)]
    candidates = rng.shuffled([m for m in _level_magic(s["variant"]) if m not in seen])
    for m in hidden_slots:
        m["card"] = candidates.pop()
    opp["offered_magic"] = [candidates.pop() for _card in opp["offered_magic"]]
    _rechoose_hidden_target(s, seat, rng, state["players"][other(seat)]["hand"])
    return s


def _rechoose_hidden_target(s, seat, rng, true_hand):
    """The opponent's magic waiting for an answer keeps its target only where the seat can see it."""
    r = s["respond"]
    if r is None or r["seat"] == seat or r["params"].get("target") not in true_hand:
        return
    e = magic.targeted(r["card"])
    allowed = magic.EFFECTS[e["do"]].choices(s, r["seat"], e)
    r["params"] = {**r["params"], "target": allowed[rng.below(len(allowed))] if allowed else None}


@functools.lru_cache(maxsize=None)
def _level_magic(variant) -> tuple:
    """The level's magic cards, sorted."""
    if variant == "overlord":
        return tuple(sorted(m for m, card in MAGIC.items() if card.overlord))
    if variant in ("apprentice", "seven-mage"):
        return tuple(sorted(m for m, card in MAGIC.items() if not card.basic))
    return tuple(sorted(MAGIC))
