"""What each seat may see: the view of a state and the redaction of events.

001 ch.1 §4 表向きに置かれたカードは、誰でもいつでも確認することができます; 000: 裏向きのカードは双方の
プレイヤー共に確認することはできません. Public: squares, bases, graveyards, energy zones, the stack, plan
cards, remove zones, counts. A hand is seen by its owner only; deck order and smash zones by nobody
(their ids are shown so that smash cards can pay, never their names).
"""
from engine.games.dimension_zero.state import card, owner, plan_card, power, visible


def view(state, seat):
    players = []
    for i, p in enumerate(state["players"]):
        players.append({
            "seat": i, "deck_count": len(p["deck"]), "plan": plan_card(state, i),
            "hand": list(p["hand"]) if seat == i else None, "hand_count": len(p["hand"]),
            "grave": list(p["grave"]), "energy": list(p["energy"]), "smash": list(p["smash"]),
            "removed": list(p["removed"]), "mulligan": p["mulligan"],
        })
    units = [{"card": u, "owner": owner(u), "square": d["square"], "damage": d["damage"],
              "power": power(state, u), "frozen": u in state["frozen"], "centre_played": d["centre"]}
             for u, d in sorted(state["units"].items())]
    bases = [{"card": b, "owner": owner(b), "line": d["line"], "frozen": b in state["frozen"]}
             for b, d in sorted(state["bases"].items())]
    pending = state["pending"]
    if pending and pending["seat"] != seat:
        pending = {"seat": pending["seat"], "kind": pending["kind"]}
    series = state["series"]
    if series is not None:
        series = {"best_of": series["best_of"], "duels": [dict(d) for d in series["duels"]],
                  "ready": list(series["ready"]),
                  "deck": list(series["decks"][seat]) if seat is not None else None,
                  "sideboard": list(series["sideboards"][seat]) if seat is not None else None}
    return {
        "series": series,
        "variant": state["variant"], "phase": state["phase"], "turn": state["turn"], "active": state["active"],
        "first": state["first"], "you": seat, "priority": state["priority"], "passes": state["passes"],
        "players": players, "units": units, "bases": bases,
        "frozen": sorted(c for c in state["frozen"] if visible(state, c, seat) or c in _smash(state)),
        "stack": [dict(i) for i in state["stack"]],
        "battles": [{k: v for k, v in b.items()} for b in state["battles"]],
        "triggers": [dict(t) for t in state["triggers"]], "pending": pending,
        "mods": [dict(m) for m in state["mods"]], "outcome": state["outcome"],
        "cards": {c: k for c, k in sorted(state["cards"].items()) if visible(state, c, seat)},
        "names": {c: card(state, c)["name"] for c in sorted(state["cards"]) if visible(state, c, seat)},
    }


def _smash(state):
    return set(state["players"][0]["smash"]) | set(state["players"][1]["smash"])


def redact(event, seat):
    d = event.data
    if event.type == "DecisionPending" and d["pending"]["seat"] != seat:
        return event.with_data({"pending": {"seat": d["pending"]["seat"], "kind": d["pending"]["kind"]}})
    if "secret" not in d and "private" not in d and "private_lists" not in d:
        return event
    out = {k: v for k, v in d.items() if k != "secret"}
    if "private_lists" in out:
        out["private_lists"] = [m if i == seat else {} for i, m in enumerate(out["private_lists"])]
    if "private" in out:
        out["private"] = [m if i == seat else {} for i, m in enumerate(out["private"])]
    return event.with_data(out)
