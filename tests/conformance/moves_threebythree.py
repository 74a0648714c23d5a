"""3x3Wars moves no listed action shows (issue 15): setup picks in any order and any combination
(003 ゲーム準備), spells on other targets with other cards and every 調律 value (2.1, 2.2, 変幻),
counters with other values (2.3), redeploys discarding other units and sending back fewer 交代
units (4.2), and ★探生 / 転生 choices past the listed caps."""
from engine.games.threebythree.cards import DECK, TUNING_VALUES
from engine.games.threebythree.state import other

from tests.conformance import moves


def _tuned(cards, rng):
    return {c: rng.choice(TUNING_VALUES) for c in cards if DECK[c].kind == "tuning"}


@moves.extra("threebythree")
def candidates(state, seat, rng) -> list:
    from engine.games.threebythree import GAME
    listed = GAME.legal_actions(state, seat)
    me = state["players"][seat]
    hand = sorted(me["hand"])
    out = []
    if state["phase"] == "setup":
        for a in listed:
            b = dict(a)
            for k in ("territories", "hand", "magic"):
                if isinstance(b.get(k), list):
                    pool = sorted(set(me["hand"]) | {c for h in me["offered_hands"] for c in h}) if k != "magic" \
                        else list(me["offered_magic"])
                    b[k] = rng.sample(pool, min(len(b[k]), len(pool)))
            out.append(b)
        return out
    for a in listed:
        kind = a.get("type")
        if kind in ("remove", "enhance") and hand:
            units = state["players"][other(seat) if kind == "remove" else seat]["units"]
            for _ in range(3):
                spells = []
                for t in rng.sample(units, rng.randint(1, len(units))) if units else []:
                    cards = rng.sample(hand, min(len(hand), rng.randint(1, 2 if kind == "remove" else 1)))
                    spells.append({"target": t, "with": cards, **({"as": _tuned(cards, rng)} if _tuned(cards, rng) else {})})
                if spells:
                    out.append({"type": kind, "spells": spells})
        if kind == "counter":
            cards = rng.sample(hand, len(a["with"]))
            out.append({"type": "counter", "with": cards, **({"as": _tuned(cards, rng)} if _tuned(cards, rng) else {})})
        if kind == "redeploy":
            units = me["units"]
            gone = rng.sample(units, rng.randint(1, len(units)))
            out.append({**a, "discard": gone, "to_hand": [u for u in gone if rng.random() < 0.5]})
        if kind == "heal" and "as" in a:
            out.append({**a, "as": {a["card"]: rng.choice(TUNING_VALUES)}})
        if kind in ("magic", "grand") and "discard" in a:
            units = [c for c in hand if DECK[c].is_unit]
            out.append({**a, "discard": rng.sample(units, 3)})
        if kind == "grand" and "give" in a:
            units = [c for c in state["discard"] if DECK[c].is_unit]
            out.append({**a, "give": rng.choice(hand), "take": rng.choice(units)})
    return out
