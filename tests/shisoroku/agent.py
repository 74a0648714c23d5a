"""A seeded random player for playouts and the bench.

Every choice is drawn from legal_actions with ``rng`` (a ``random.Random``); on its own turn it
prefers to do something (play an action, play its treasures, buy) over stopping, and weights buys
towards dearer cards and towards piles running low, so random games end in about 20 turns a player
rather than 70. Decisions (choices a card asks for, reactions, simultaneous passes) are uniform over
the listed answers.
"""
from engine.games.shisoroku.cards import CARDS
from engine.games.shisoroku.state import cost


def choose(state, legal, rng):
    if state["pending"] is not None or len(legal) == 1:
        return rng.choice(legal)
    plays = [a for a in legal if a["type"] == "play" and CARDS[a["card"]].is_("action")
             and state["phase"] == "action"]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    treasures = [a for a in legal if a["type"] == "play_treasures"]
    if treasures and rng.random() < 0.95:
        return treasures[0]
    buys = [a for a in legal if a["type"] == "buy"]
    if buys and rng.random() < 0.95:
        left = state["supply"]
        return rng.choices(buys, weights=[(cost(state, a["card"]) + 1) * (1 + 20 / left[a["card"]]) for a in buys])[0]
    return rng.choice(legal)
