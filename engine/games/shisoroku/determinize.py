"""determinize: a full state consistent with what one seat can see, the hidden cards re-dealt.

Hidden from a seat (views.py): every deck (its own too), every discard pile below its top card, and
the other seats' hands and looked-at cards. Which cards a player owns is known to the table (every
gain and trash is public), so each player's hidden cards are shuffled and dealt back into that
player's own hidden zones, in the same numbers. (A card passed by 奇術「ミスディレクション」 between two
other seats is taken to be known; the answers other seats already gave to a pending simultaneous
choice are hidden, so they are re-drawn from their re-dealt hands.)
"""
from engine.core import clone


def determinize(state, seat, rng):
    s = clone(state)
    for i, p in enumerate(s["players"]):
        zones = ["deck"] + (["hand", "looking"] if i != seat else [])
        below = p["discard"][:-1]
        pool = rng.shuffled([c for z in zones for c in p[z]] + below)
        for z in zones:
            n = len(p[z])
            p[z], pool = pool[:n], pool[n:]
        p["discard"] = pool + p["discard"][-1:]
    pending = s["pending"]
    if pending is not None and pending["kind"] == "cards":
        for k, (who, done) in enumerate(zip(pending["seats"], pending["answered"])):
            if done and who != seat:
                zone = s["players"][who][pending["zone"]]
                pending["answers"][k] = [zone[rng.below(len(zone))]] if pending["max"] == 1 and zone else []
    return s
