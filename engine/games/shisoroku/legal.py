"""legal_actions: what a seat may do now, JSON-ready, in a fixed order.

Main actions: plays (hand order, one per card id), play_treasures, buys (supply order), end_actions,
end_turn (listed without ``top``; any ``top`` among the cards being discarded is accepted).
Decisions: every answer, except that card subsets stop at decisions.LIST_LIMIT.
"""
from engine.games.shisoroku import decisions
from engine.games.shisoroku.actions import to_act
from engine.games.shisoroku.cards import CARDS
from engine.games.shisoroku.state import cost, cost_reduced


def legal_actions(state, seat) -> list:
    if seat not in to_act(state):
        return []
    if state["pending"] is not None:
        return decisions.answers(state, seat)
    hand = state["players"][seat]["hand"]
    out = []
    in_action = state["phase"] == "action"
    if in_action and state["actions"] > 0:
        out += [{"type": "play", "card": c} for c in dict.fromkeys(hand) if CARDS[c].is_("action")]
    if not state["bought"]:
        treasures = [c for c in dict.fromkeys(hand) if CARDS[c].is_("treasure")]
        out += [{"type": "play", "card": c} for c in treasures if not (in_action and CARDS[c].is_("action"))]
        if treasures:
            out.append({"type": "play_treasures"})
    if state["buys"] > 0:
        coins, reduced = state["coins"], cost_reduced(state)
        out += [{"type": "buy", "card": c} for c, n in state["supply"].items()
                if n > 0 and (cost(state, c) if reduced else CARDS[c].cost) <= coins]
    if in_action:
        out.append({"type": "end_actions"})
    out.append({"type": "end_turn"})
    return out
