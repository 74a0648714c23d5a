"""東方独占録 moves no listed action shows (issue 15): another copy of a card in hand (the list names
one copy of each), and hand-limit discards past legal.DISCARD_CAP, in any order."""
from tests.conformance import moves


@moves.extra("dokusenroku")
def candidates(state, seat, rng) -> list:
    from engine.games.dokusenroku import GAME
    from engine.games.dokusenroku.board import HAND_LIMIT
    from engine.games.dokusenroku.cards import card_of
    hand = sorted(state["players"][seat]["hand"]) if seat < len(state["players"]) else []
    out = []
    for a in GAME.legal_actions(state, seat):
        for key in ("card", "support"):
            copies = [c for c in hand if isinstance(a.get(key), str) and a[key] in hand
                      and card_of(c) == card_of(a[key]) and c != a[key]]
            if copies:
                out.append({**a, key: rng.choice(copies)})
    if state["step"] == "discard" and len(hand) > HAND_LIMIT:
        for _ in range(4):
            out.append({"type": "discard", "cards": rng.sample(hand, len(hand) - HAND_LIMIT)})
    return out
