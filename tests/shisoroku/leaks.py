"""Checks of the information table (seed 公開情報と非公開情報 l.191-204) on views and redacted events.

Views: a seat's view must not change when everything hidden from it is shuffled around: the cards
of every deck (its own too: nobody sees a deck's contents or order), every discard pile below its
top card, and the other players' hands and looked-at cards are pooled, shuffled and dealt back into
zones of the same sizes. A view that read any hidden card would (almost always) change.

Events: each event type that moves or shows cards says here, from the seed's table, which of its
card fields a seat may see; the redacted event must leave out every other one. This spec is written
from the seed, not from views.py.
"""
import random

SEATS_AND_SPECTATOR = (0, 1, 2, 3, None)


def perturbed(state, seat, rng):
    out = {**state, "players": [dict(p) for p in state["players"]]}
    pool, shape = [], []
    for i, p in enumerate(out["players"]):
        zones = ["deck"] + (["hand", "looking"] if i != seat else [])
        for z in zones:
            pool += p[z]
            shape.append((i, z, len(p[z])))
        below = p["discard"][:-1]
        pool += below
        shape.append((i, "discard-below", len(below)))
    rng.shuffle(pool)
    for i, z, n in shape:
        cards, pool = pool[:n], pool[n:]
        p = out["players"][i]
        p[z if z != "discard-below" else "discard"] = cards + (p["discard"][-1:] if z == "discard-below" else [])
    return out


def check_view(game, state, seat, rng):
    seen = game.view(state, seat)
    assert seen == game.view(perturbed(state, seat, rng), seat), f"the view of seat {seat} depends on a hidden card"
    for i, p in enumerate(seen["players"]):
        assert "discard" not in p and "discard_count" not in p          # discard contents and size: nobody
        if i != seat:
            assert p["deck_count"] is None and p["hand"] is None and p["looking"] is None


# ---- events: which card fields a seat may see -------------------------------------------------

def _owner(d, seat):
    return d.get("seat") == seat


def _visible_fields(event, seat):
    """(fields with cards the seat may see, fields that must be absent) for one event."""
    t, d = event.type, event.data
    if t == "DeckShuffled":
        return (), ("order",)                                     # nobody sees a deck's order
    if t in ("CardsDrawn", "CardsLookedAt"):
        return ((("cards",), ()) if _owner(d, seat) else ((), ("cards",)))
    if t == "CardsPutInHand":
        return ((("cards",), ()) if _owner(d, seat) or d["from"] not in ("looking", "deck") else ((), ("cards",)))
    if t == "CardsDiscarded":
        if d["from"] in ("play", "revealed", "carried"):
            return ("cards",), ()
        if d["from"] in ("hand", "looking") and _owner(d, seat):
            return ("cards",), ()
        return ("top",), ("cards",)                                # how many, and the new top card (l.108-109)
    if t == "CardsPutOnDeck":
        if _owner(d, seat):
            return ("cards",), ()
        if d.get("revealed") or d["from"] == "revealed":     # which cards (they were shown), not their order:
            return ("sorted",), ()                           # back face down (l.125), 山札の内容 非公開 (l.194)
        return (), ("cards",)
    if t == "CleanedUp":
        return ((("order",), ()) if _owner(d, seat) else (("top",), ("order",)))
    if t == "Decided" and d["kind"] == "cards":
        return ((("answer",), ()) if _owner(d, seat) else ((), ("answer",)))
    if t == "DecisionRequested":
        return (), ("stack", "then")
    return None


def check_events(game, state_after, events, seats):
    for event in events:
        for seat in seats:
            shown = game.redact(event, seat)
            spec = _visible_fields(event, seat)
            if event.type == "CardsPassed":
                for move, seen in zip(event.data["passes"], shown.data["passes"]):
                    if seat not in (move["from"], move["to"]):
                        assert "card" not in seen, f"seat {seat} sees a card passed between others"
                continue
            if event.type == "PositionSet":
                for i, p in enumerate(shown.data["players"]):
                    assert "discard" not in p and (i == seat or (not isinstance(p["hand"], list) and "deck" not in p))
                continue
            if spec is None:
                continue
            allowed, forbidden = spec
            for key in forbidden:
                assert key not in shown.data, f"{event.type} shows {key} to seat {seat}: {shown.data}"
            if "sorted" in allowed:
                assert shown.data["cards"] == sorted(event.data["cards"]), f"seat {seat} sees a deck's order"
            if "top" in allowed and "top" in shown.data:
                assert shown.data["top"] == event.data.get("cards", event.data.get("order"))[-1]


def sample_rng(i):
    return random.Random(f"leak-{i}")
