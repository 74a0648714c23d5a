"""What each seat may see: the view of a state and the redaction of events.

Hidden (マニュアル: 手札 is held so the opponent cannot see it; territories and magic are face down,
"設置したあなたは常時確認可"): hands, territories, face-down magic, dealt cards, the deck's order.
Public: life, units, discard pile, face-up or sideways magic, spells on the table, counts.
"""
from engine.games.threebythree.cards import DECK
from engine.games.threebythree.secrets import magic_seen, owner_sees
from engine.games.threebythree.state import level, pierces, power


def _unit(state, card):
    c = DECK[card]
    m = state["mods"].get(card, {})
    return {"card": card, "name": c.name, "colour": c.colour, "cost": c.cost, "power": power(state, card),
            "traits": sorted(c.traits & level(state).traits), "pierce": pierces(state, card),
            "enhanced": m.get("enh", 0)}


def _respond(state, seat):
    r = state["respond"]
    if r is None or r["seat"] == seat:
        return r
    return {k: v for k, v in r.items() if k != "params"}


def view(state, seat):
    players = []
    for i, p in enumerate(state["players"]):
        mine = owner_sees(i, seat)
        players.append({
            "seat": i, "life": p["life"], "ready": p["ready"],
            "hand": list(p["hand"]) if mine else None, "hand_count": len(p["hand"]),
            "territories": list(p["territories"]) if mine else None, "territory_count": len(p["territories"]),
            "magic": [{"card": m["card"] if magic_seen(m, i, seat) else None,
                       "state": m["state"], **({"shown": True} if m.get("shown") else {})} for m in p["magic"]],
            "offered_magic": list(p["offered_magic"]) if mine else None,
            "offered_hands": [list(h) for h in p["offered_hands"]] if mine else None,
            "mulligans": p["mulligans"], "mentor": p["mentor"],
            "units": [_unit(state, u) for u in p["units"]],
        })
    flags = state["flags"]
    on_field = state["players"][0]["units"] + state["players"][1]["units"]
    return {
        "variant": state["variant"], "phase": state["phase"], "turn": state["turn"], "first": state["first"],
        "active": state["active"], "step": state["step"], "you": seat,
        "deck_count": len(state["deck"]), "discard": list(state["discard"]), "removed": list(state["removed"]),
        "players": players,
        "pending": state["pending"],
        "respond": _respond(state, seat),
        "decision": state["decision"],
        "turn_flags": {"magic_used": bool(flags["magic"]), "territory_done": flags["territory"],
                       "strategy_done": flags["strategy"], "territory_bonus": flags["bonus"],
                       "targeted": [u for u in flags["targeted"] if u in on_field]},
        "outcome": state["outcome"],
    }


def _hide_cards(d, seat, owner_key, cards_key):
    """The card(s) only for their owner; everyone else learns how many."""
    if d[owner_key] == seat:
        return d
    out = {k: v for k, v in d.items() if k != cards_key}
    if isinstance(d[cards_key], list):
        out["count"] = len(d[cards_key])
    return out


def _setup_chosen(d, seat):
    if d["seat"] == seat:
        return d
    return {"seat": d["seat"], "territory_count": len(d["territories"]), "magic_count": len(d["magic"])}


def _hide_keys(d, seat, owner_key, keys):
    """Only the owner sees ``keys``; a hidden list shows its length, anything else is left out."""
    if d[owner_key] == seat:
        return d
    return {k: len(v) if k in keys else v for k, v in d.items() if k not in keys or isinstance(v, list)}


def _position(d, seat):
    out = dict(d)
    out["deck"] = len(d["deck"])
    for key in ("hands", "territories", "magic"):
        out[key] = [cards if i == seat else len(cards) for i, cards in enumerate(d[key])]
    return out


REDACT = {
    "DeckShuffled": lambda d, seat: {"count": len(d["order"])},
    "CardsDealt": lambda d, seat: _hide_cards(d, seat, "to", "cards"),
    "MagicDealt": lambda d, seat: _hide_cards(d, seat, "to", "cards"),
    "CardDrawn": lambda d, seat: _hide_cards(d, seat, "seat", "card"),
    "TerritoryExpanded": lambda d, seat: _hide_cards(d, seat, "seat", "card"),
    "SetupChosen": _setup_chosen,
    "PositionSet": _position,
    "HandsOffered": lambda d, seat: _hide_keys(d, seat, "to", {"hands"}),
    "HandChosen": lambda d, seat: _hide_keys(d, seat, "seat", {"hand", "returned"}),
    "Mulliganed": lambda d, seat: _hide_keys(d, seat, "seat", {"returned"}),
    "LeftoversBottomed": lambda d, seat: {"count": len(d["cards"])},
    "AnswerWindowOpened": lambda d, seat: _hide_keys(d, seat, "seat", {"params"}),
    "TerritoryFromDeck": lambda d, seat: _hide_cards(d, seat, "seat", "card"),
}


def redact(event, seat):
    hide = REDACT.get(event.type)
    return event if hide is None else event.with_data(hide(event.data, seat))
