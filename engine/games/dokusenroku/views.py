"""What each seat may see: the view of a state and the redaction of events.

Hidden: every hand from the other seats and spectators; the order and contents of every deck and the
cards the deck-size adjustment removed (from everyone: 取り除いたカードはゲーム中に見る事はできません);
a face-down support until it is revealed (from everyone but its owner: 戦闘の流れ Ⅰ 他のプレイヤー
から見えないように伏せておく); the deck a player looks through for a search (from the others).
Public: money, positions, lands, graveyards, counts, spells cast, revealed supports, battles.
"""
from engine.games.dokusenroku.board import LAND_IDS, base_value, toll
from engine.games.dokusenroku.secrets import search_hidden, support_hidden
from engine.games.dokusenroku.state import chain


def battle_seen(b, seat):
    """The battle as ``seat`` sees it: a support still face down is None to all but its owner."""
    if b is None:
        return None
    out = {k: v for k, v in b.items() if k != "supports"}
    out["supports"] = {role: (None if support_hidden(b, role, seat) else card)
                       for role, card in b["supports"].items()}
    return out


def _pending(p, seat):
    if not search_hidden(p, seat):
        return p
    return {**{k: v for k, v in p.items() if k != "options"}, "options": None, "options_count": len(p["options"])}


def view(state, seat, to_act):
    lands = {}
    worth = [0] * len(state["players"])         # the owners' land values (state.assets, each chain counted once)
    for lid in LAND_IDS:
        land = state["lands"].get(lid)
        entry = dict(land) if land else {"owner": None, "level": 1, "character": None}
        if land is not None:
            n = chain(state, lid)
            fee = toll(lid, land["level"], n)                     # state.current_toll
            entry.update(chain=n, toll=fee, value=base_value(lid, land["level"]) + fee)   # state.land_value
            worth[land["owner"]] += entry["value"]
        lands[lid] = entry
    players = [{"seat": i, "money": p["money"], "at": p["at"], "move": p["move"],
                "hand": list(p["hand"]) if seat == i else None, "hand_count": len(p["hand"]),
                "assets": p["money"] + worth[i]} for i, p in enumerate(state["players"])]
    return {
        "variant": state["variant"], "phase": state["phase"], "turn": state["turn"], "order": state["order"],
        "active": state["active"], "step": state["step"], "to_act": to_act, "you": seat,
        "flags": dict(state["flags"]), "removal": state["removal"], "players": players, "lands": lands,
        "piles": [{"deck_count": len(p["deck"]), "removed_count": len(p["removed"]), "graveyard": list(p["graveyard"])}
                  for p in state["piles"]],
        "battle": battle_seen(state["battle"], seat), "debt": state["debt"], "pending": _pending(state["pending"], seat),
        "outcome": state["outcome"],
    }


def _only_for(owner_key, *keys):
    """The listed fields only for the seat named by ``owner_key``; the others learn how many cards."""
    def hide(d, seat):
        if d[owner_key] == seat:
            return d
        out = {k: v for k, v in d.items() if k not in keys}
        for k in keys:
            if isinstance(d[k], list):
                out[k + "_count"] = len(d[k])
        return out
    return hide


def _counts(*keys):
    def hide(d, seat):
        out = {k: v for k, v in d.items() if k not in keys}
        out.update({k + "_count": len(d[k]) for k in keys})
        return out
    return hide


def _support(d, seat):
    if d["seat"] == seat:
        return d
    return {"seat": d["seat"], "role": d["role"], "face_down": d["card"] is not None}


def _search(d, seat):
    out = _counts("returned")(d, seat)
    return out if d["seat"] == seat else _counts("returned", "options")(d, seat)


def _position(d, seat):
    out = dict(d)
    out["hands"] = [h if i == seat else len(h) for i, h in enumerate(d["hands"])]
    out["decks"] = [len(x) for x in d["decks"]]
    out["removed"] = [len(x) for x in d["removed"]]
    return out


REDACT = {
    "DeckShuffled": _counts("order"),
    "CardsRemoved": _counts("cards"),
    "CardsDealt": _only_for("seat", "cards"),
    "CardDrawn": _only_for("seat", "card"),
    "CardSearched": _only_for("seat", "card"),
    "SupportCommitted": _support,
    "SearchStarted": _search,
    "PositionSet": _position,
}


def redact(event, seat):
    hide = REDACT.get(event.type)
    return event if hide is None else event.with_data(hide(event.data, seat))
