"""What each seat may see (公開情報と非公開情報 l.191-204): the view of a state and the redaction of events.

|                     | yourself | the others |
|---------------------|----------|------------|
| deck contents/order | hidden   | hidden     |
| deck size           | shown    | hidden     |
| hand contents       | shown    | hidden     |
| hand size           | shown    | shown      |
| discard top card    | shown    | shown      |
| discard contents    | hidden   | hidden     |
| discard size        | hidden   | hidden     |
| supply counts, trash| shown    | shown      |

Cards you only look at (「見る」) are yours alone; revealed cards (「公開する」) and cards in play are
everyone's. Discarding shows how many cards and the new top card (l.108-109). A spectator (seat
None) sees what every player may see about the others.
"""
from engine.games.shisoroku.actions import to_act
from engine.games.shisoroku.secrets import PUBLIC_ZONES, sees
from engine.games.shisoroku.cards import CARDS
from engine.games.shisoroku.state import cost, cost_reduced


def _player(state, p, i, seat):
    mine = seat == i                             # 山札の枚数: the owner only (l.195)
    return {
        "seat": i, "turns": p["turns"],
        "hand": list(p["hand"]) if sees("hand", i, seat) else None, "hand_count": len(p["hand"]),
        "deck_count": len(p["deck"]) if mine else None,
        "discard_top": p["discard"][-1] if p["discard"] else None,
        "play": list(p["play"]), "carried": list(p["carried"]),
        "next_turn": [e["card"] for e in p["next_turn"]],
        "looking": list(p["looking"]) if sees("looking", i, seat) else None, "looking_count": len(p["looking"]),
        "revealed": list(p["revealed"]),
    }


def _pending(pending):
    if pending is None:
        return None
    return {k: v for k, v in pending.items() if k not in ("then", "answers")}


def supply_seen(state) -> list:
    """The piles, what is left and what each costs now (``state.cost``, the reduction looked up once)."""
    reduced = cost_reduced(state)
    return [{"card": c, "left": n, "cost": cost(state, c) if reduced else CARDS[c].cost}
            for c, n in state["supply"].items()]


def view(state, seat):
    return {
        "variant": state["variant"], "phase": state["phase"], "turn": state["turn"], "active": state["active"],
        "first": state["first"], "you": seat, "to_act": to_act(state),
        "kingdom": list(state["kingdom"]), "start_deck": state["start_deck"],
        "supply": supply_seen(state),
        "prizes": list(state["prizes"]), "trash": list(state["trash"]),
        "actions": state["actions"], "coins": state["coins"], "buys": state["buys"], "bought": state["bought"],
        "staying": list(state["stays"]),
        "players": [_player(state, p, i, seat) for i, p in enumerate(state["players"])],
        "pending": _pending(state["pending"]),
        "outcome": state["outcome"],
    }


# ---- events --------------------------------------------------------------------------------

def _owner_only(d, seat, keep=("seat",)):
    """The cards for their owner; the others learn how many."""
    if d["seat"] == seat:
        return d
    out = {k: d[k] for k in keep if k in d}
    out["count"] = len(d["cards"])
    return out


def _shown_count_and_top(d):
    out = {k: v for k, v in d.items() if k != "cards"}
    out["count"] = len(d["cards"])
    out["top"] = d["cards"][-1]
    return out


def _discarded(d, seat):
    if d["from"] in PUBLIC_ZONES:
        return d
    if d["from"] == "deck" or d["seat"] != seat:     # nobody saw deck cards; others see the count and the top
        return _shown_count_and_top(d)
    return d


def _put_on_deck(d, seat):
    """The owner put them there and saw them. The others: cards that were face up (revealed, in play)
    were public, but they go back face down (「公開する」 l.125: 裏向きに戻す) and a deck's order is
    hidden from all (山札の内容 l.194), so they learn which cards (sorted), never in what order; cards
    only the owner saw (looked at, from the hand) stay hidden, the count excepted."""
    if d["seat"] == seat:
        return d
    out = {"seat": d["seat"], "from": d["from"], "count": len(d["cards"])}
    if d.get("revealed") or d["from"] in PUBLIC_ZONES:
        out["cards"], out["sorted"] = sorted(d["cards"]), True
        if d.get("revealed"):
            out["revealed"] = True
    return out


def _shuffled(d, seat):
    return {"seat": d["seat"], "count": len(d["order"])} if d["seat"] == seat else {"seat": d["seat"]}


def _passed(d, seat):
    return {"passes": [m if seat in (m["from"], m["to"]) else {"from": m["from"], "to": m["to"]}
                       for m in d["passes"]]}


def _decision(d, seat):
    return {k: v for k, v in d.items() if k not in ("then", "stack")}


def _decided(d, seat):
    if d["kind"] != "cards" or d["seat"] == seat:
        return d
    return {"seat": d["seat"], "kind": d["kind"], "closes": d["closes"], "count": len(d["answer"])}


def _cleaned_up(d, seat):
    if d["seat"] == seat:
        return d
    out = {"seat": d["seat"], "stays": d["stays"], "count": len(d["order"])}
    if d["order"]:
        out["top"] = d["order"][-1]
    return out


def _position(d, seat):
    out = {k: v for k, v in d.items() if k != "players"}
    out["players"] = [{"hand": p["hand"] if i == seat else len(p["hand"]),
                       **({"deck": len(p["deck"])} if i == seat else {}),
                       "discard_top": p["discard"][-1] if p["discard"] else None}
                      for i, p in enumerate(d["players"])]
    return out


REDACT = {
    "DeckShuffled": _shuffled,
    "CardsDrawn": _owner_only,
    "CardsLookedAt": _owner_only,
    "CardsPutInHand": lambda d, seat: _owner_only(d, seat, ("seat", "from")),
    "CardsDiscarded": _discarded,
    "CardsPutOnDeck": _put_on_deck,
    "CardsPassed": _passed,
    "DecisionRequested": _decision,
    "Decided": _decided,
    "CleanedUp": _cleaned_up,
    "PositionSet": _position,
}


def redact(event, seat):
    hide = REDACT.get(event.type)
    return event if hide is None else event.with_data(hide(event.data, seat))
