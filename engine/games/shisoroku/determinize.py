"""determinize: a full state consistent with what one seat can see, the hidden cards re-dealt.

Hidden from a seat (secrets.py, the one predicate views read too): every deck (its own too), every
discard pile below its top card, and the other seats' hands and looked-at cards. Which cards a player
owns is known to the table (every gain and trash is public), so each player's hidden cards are
shuffled and dealt back into that player's own hidden zones, in the same numbers. The answers other
seats already gave to a pending simultaneous choice (奇術「ミスディレクション」) are hidden too: they
are re-drawn from the re-dealt zone, among the cards that fit the question.

Approximations (they hide more than the rules do, never less): a card passed by ミスディレクション
between two other seats stays with its true new owner; cards whose place on a deck is known (put
back after 古明地さとり or 魂魄妖夢, gained onto the deck) are re-dealt like any other deck card.
"""
from engine.core import clone
from engine.games.shisoroku.decisions import fits
from engine.games.shisoroku.secrets import hidden_zones


def determinize(state, seat, rng):
    s = clone(state)
    for i, p in enumerate(s["players"]):
        zones = hidden_zones(i, seat)
        below = p["discard"][:-1]
        pool = rng.shuffled([c for z in zones for c in p[z]] + below)
        for z in zones:
            n = len(p[z])
            p[z], pool = pool[:n], pool[n:]
        p["discard"] = pool + p["discard"][-1:]
    pending = s["pending"]
    if pending is not None and pending["kind"] == "cards":
        for k, (who, done) in enumerate(zip(pending["seats"], pending["answered"])):
            if done and pending["zone"] in hidden_zones(who, seat):
                fitting = rng.shuffled([c for c in s["players"][who][pending["zone"]] if fits(c, pending)])
                pending["answers"][k] = fitting[:len(pending["answers"][k])]
    return s
