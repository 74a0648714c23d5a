"""determinize: a full state consistent with what one seat can see, every secret re-dealt at random.

What the seat cannot see is ``secrets(state, seat)`` (secrets.py): for each owner, those instances
(the other seat's hand, the face-down decks, the smash zones) swap identities among themselves: every
id keeps its place and only the card it stands for changes. A pending decision of the other seat is
asked again of the re-dealt state (マオ・バーマン's put lists the hand). In a best-of-3 the other seat's
deck and sideboard lists are re-dealt too: its 50 cards stay the same (the match options or the
presets fix them), the split between deck and sideboard is drawn again, consistent with the cards of
the duel the seat can see.
"""
from collections import Counter

from engine.core import clone
from engine.games.dimension_zero.effects import pending_options
from engine.games.dimension_zero.secrets import hidden_ids


def determinize(state, seat, rng):
    s = clone(state)
    hidden = hidden_ids(s, seat)
    for prefix in ("0-", "1-"):                  # each owner's ids (an instance id starts with its owner)
        ids = [c for c in hidden if c.startswith(prefix)]
        keys = rng.shuffled([s["cards"][c] for c in ids])
        s["cards"].update(dict(zip(ids, keys)))
    if s["series"] is not None:
        _series_lists(s, 1 - seat, set(hidden), rng)
    pending = s["pending"]
    if pending is not None and pending["seat"] != seat:
        s["pending"] = {**pending, "options": pending_options(s, pending)}
    return s


def _series_lists(s, other, hidden, rng):
    """The other seat's deck and sideboard, drawn again from its 50 cards. While its duel deck is the
    one listed (not yet re-submitted for the next duel), the cards of the duel it cannot see are drawn
    together with the sideboard, so the list stays the cards dealt."""
    series = s["series"]
    decks, sides = series["decks"], series["sideboards"]
    pool = Counter(decks[other]) + Counter(sides[other])
    prefix = f"{other}-"
    mine = [c for c in s["cards"] if c.startswith(prefix)]
    dealt = Counter(s["cards"][c] for c in mine)
    resubmitted = s["phase"] == "sideboard" and series["ready"][other]
    if mine and not resubmitted and dealt == Counter(decks[other]):
        seen = Counter(s["cards"][c] for c in mine if c not in hidden)
        ids = sorted(c for c in mine if c in hidden)
        rest = rng.shuffled(sorted((pool - seen).elements()))
        s["cards"].update(dict(zip(ids, rest)))
        decks[other] = sorted((seen + Counter(rest[:len(ids)])).elements())
        sides[other] = sorted(rest[len(ids):])
        return
    cards = rng.shuffled(sorted(pool.elements()))
    n = len(decks[other])
    decks[other], sides[other] = sorted(cards[:n]), sorted(cards[n:])
