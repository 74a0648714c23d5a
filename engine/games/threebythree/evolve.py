"""evolve: apply each 3x3Wars event to the state. No rules here: decide put every fact in the event."""
from engine.games.threebythree.state import new_turn_flags


def _first_player_chosen(s, d):
    s["first"] = d["first"]


def _cards_set_aside(s, d):
    pass                                   # the set-aside cards never enter the game


def _deck_shuffled(s, d):
    s["deck"] = list(d["order"])


def _cards_dealt(s, d):
    n = len(d["cards"])
    s["deck"] = s["deck"][n:]
    s["players"][d["to"]]["hand"].extend(d["cards"])


def _magic_dealt(s, d):
    s["players"][d["to"]]["offered_magic"] = list(d["cards"])


def _setup_chosen(s, d):
    p = s["players"][d["seat"]]
    for c in d["territories"] + d["returned"]:
        p["hand"].remove(c)
    p["territories"] = list(d["territories"])
    p["magic"] = [{"card": m, "state": "down"} for m in d["magic"]]
    p["offered_magic"] = []
    p["ready"] = True
    s["leftovers"].extend(d["returned"])


def _mentor_drawn(s, d):
    s["players"][d["to"]]["mentor"] = d["card"]


def _hands_offered(s, d):
    n = sum(len(h) for h in d["hands"])
    s["deck"] = s["deck"][n:]
    s["players"][d["to"]]["offered_hands"] = [list(h) for h in d["hands"]]


def _hand_chosen(s, d):
    p = s["players"][d["seat"]]
    p["hand"] = list(d["hand"])
    p["offered_hands"] = []


def _mulliganed(s, d):
    p = s["players"][d["seat"]]
    p["hand"] = []
    p["mulligans"] = d["count"]


def _leftovers_bottomed(s, d):
    s["deck"].extend(d["cards"])
    s["leftovers"] = []


def _position_set(s, d):
    s["first"] = d["first"]
    for i, mentor in enumerate(d.get("mentors", [None, None])):
        s["players"][i]["mentor"] = mentor
    s["deck"] = list(d["deck"])
    s["discard"] = list(d.get("discard", []))
    for i, p in enumerate(s["players"]):
        p["hand"] = list(d["hands"][i])
        p["territories"] = list(d["territories"][i])
        p["magic"] = [{"card": m, "state": "down"} for m in d["magic"][i]]
        p["units"] = list(d["units"][i])
        p["life"] = d["life"][i]
        p["ready"] = True


def _turn_started(s, d):
    s["phase"] = "turns"
    s["turn"] = d["turn"]
    s["active"] = d["seat"]
    s["step"] = None
    s["flags"] = new_turn_flags()


def _card_drawn(s, d):
    card = s["deck"].pop(0)
    s["players"][d["seat"]]["hand"].append(card)


def _step_entered(s, d):
    s["step"] = d["step"]


def _passed(s, d):
    if d["step"] in ("respond", "decision"):
        s[d["step"]] = None
        s["step"] = None


def _spells_declared(s, d):
    hand = s["players"][d["seat"]]["hand"]
    for sp in d["spells"]:
        for c in sp["with"]:
            hand.remove(c)
        s["flags"]["targeted"].append(sp["target"])
    s["pending"] = {"kind": d["kind"], "seat": d["seat"], "index": 0, "responder": None,
                    "spells": [{"target": sp["target"], "with": sp["with"], "as": sp.get("as", {}),
                                "chain": [], "countered": None} for sp in d["spells"]]}


def _counter_window(s, d):
    s["step"] = "counter"
    s["pending"]["responder"] = d["responder"]


def _countered(s, d):
    hand = s["players"][d["seat"]]["hand"]
    for c in d["with"]:
        hand.remove(c)
    p = s["pending"]
    p["spells"][p["index"]]["chain"].append({"seat": d["seat"], "with": d["with"], "as": d.get("as", {})})


def _chain_closed(s, d):
    p = s["pending"]
    p["spells"][d["index"]]["countered"] = d["countered"]
    p["index"] = d["index"] + 1
    p["responder"] = None


def _spells_resolved(s, d):
    for card in d["destroyed"]:
        s["players"][d["defender"]]["units"].remove(card)
        s["mods"].pop(card, None)
    s["players"][d["defender"]]["hand"].extend(d.get("to_hand", []))
    for e in d["enhanced"]:
        m = s["mods"].setdefault(e["target"], {})
        m["enh"] = m.get("enh", 0) + e["amount"]
        if e.get("pierce"):
            m["pierce"] = True
    s["discard"].extend(d["discarded"])
    s["pending"] = None
    s["step"] = None


def _attacked(s, d):
    s["players"][d["defender"]]["life"] -= d["damage"]


def _battle_ended(s, d):
    for m in s["mods"].values():
        m.pop("enh", None)
        m.pop("pierce", None)


def _territory_expanded(s, d):
    p = s["players"][d["seat"]]
    p["hand"].remove(d["card"])
    p["territories"].append(d["card"])
    s["flags"]["territory"] = True


def _unit_deployed(s, d):
    p = s["players"][d["seat"]]
    back = d.get("to_hand", [])
    for c in d.get("discarded", []):
        p["units"].remove(c)
        s["mods"].pop(c, None)
        (p["hand"] if c in back else s["discard"]).append(c)
    p["hand"].remove(d["card"])
    p["units"].append(d["card"])
    if "by" not in d:                      # 入植's extra deployment is not the strategy step
        s["flags"]["strategy"] = True


def _magic_used(s, d):
    p = s["players"][d["seat"]]
    for m in p["magic"]:
        if m["card"] == d["card"]:
            m["state"] = d["to"]
    if d["to"] == "removed":               # 残響: a sideways magic used once more, then removed
        p["magic"] = [m for m in p["magic"] if m["card"] != d["card"]]
        s["removed"].append(d["card"])
    s["flags"]["magic"].append(d["card"])


def _answer_window(s, d):
    s["respond"] = dict(d)
    s["step"] = "respond"


def _magic_negated(s, d):
    s["respond"] = None
    s["step"] = None
    s["flags"]["negated"].append(d["card"])


def _magic_copied(s, d):
    s["flags"]["magic"].append(d["card"])
    for m in s["players"][d.get("owner", d["seat"])]["magic"]:
        if m["card"] == d["card"] and m["state"] == "down":
            m["shown"] = True              # still face down, but the table has seen which magic it is


def _grand_magic_used(s, d):
    p = s["players"][d["seat"]]
    p["magic"] = [m for m in p["magic"] if m["card"] != d["card"]]
    s["removed"].append(d["card"])
    s["flags"]["grand"].append(d["seat"])
    if d["lingers"]:
        s["flags"]["manifest"].append({"seat": d["seat"], "card": d["card"]})


def _discard_culled(s, d):
    s["discard"] = [c for c in s["discard"] if c not in d["removed"]]
    s["removed"].extend(d["removed"])


def _cards_exchanged(s, d):
    p = s["players"][d["seat"]]
    p["hand"].remove(d["give"])
    s["discard"].remove(d["take"])
    p["hand"].append(d["take"])
    s["discard"].append(d["give"])


def _unbounded(s, d):
    s["flags"]["unbounded"].append(d["seat"])


def _decision_opened(s, d):
    s["decision"] = dict(d)
    s["step"] = "decision"


def _decision_closed(s, d):
    s["decision"] = None
    s["step"] = None


def _undying_used(s, d):
    s["discard"].remove(d["card"])
    s["players"][d["seat"]]["hand"].append(d["card"])
    s["decision"]["cards"].remove(d["card"])


def _life_gained(s, d):
    s["players"][d["seat"]]["life"] += d["amount"]


def _cards_discarded(s, d):
    hand = s["players"][d["seat"]]["hand"]
    for c in d["cards"]:
        hand.remove(c)
    s["discard"].extend(d["cards"])


def _magic_exposed(s, d):
    s["players"][d["owner"]]["magic"][d["index"]]["state"] = "up"


def _territory_from_deck(s, d):
    s["players"][d["seat"]]["territories"].append(s["deck"].pop(0))


def _life_lost(s, d):
    s["players"][d["seat"]]["life"] -= d["amount"]


def _unit_destroyed(s, d):
    p = s["players"][d["owner"]]
    p["units"].remove(d["card"])
    s["mods"].pop(d["card"], None)
    (p["hand"] if d.get("to") == "hand" else s["discard"]).append(d["card"])


def _unit_returned(s, d):
    p = s["players"][d["owner"]]
    p["units"].remove(d["card"])
    s["mods"].pop(d["card"], None)
    p["hand"].append(d["card"])


def _territory_bonus(s, d):
    s["flags"]["bonus"] += d["amount"]


def _power_changed(s, d):
    for card in d["cards"]:
        m = s["mods"].setdefault(card, {})
        m[d["kind"]] = m.get(d["kind"], 0) + d["amount"]


def _units_enhanced(s, d):
    for card in d["cards"]:
        m = s["mods"].setdefault(card, {})
        m["enh"] = m.get("enh", 0) + d["amount"]
    s["flags"]["targeted"].extend(d["cards"])


def _turn_ended(s, d):
    s["mods"] = {}
    s["step"] = None


def _game_ended(s, d):
    s["phase"] = "over"
    s["step"] = None
    s["outcome"] = dict(d)


HANDLERS = {
    "FirstPlayerChosen": _first_player_chosen, "CardsSetAside": _cards_set_aside,
    "DeckShuffled": _deck_shuffled, "CardsDealt": _cards_dealt, "MagicDealt": _magic_dealt,
    "SetupChosen": _setup_chosen, "PositionSet": _position_set, "TurnStarted": _turn_started,
    "CardDrawn": _card_drawn, "StepEntered": _step_entered, "Passed": _passed,
    "SpellsDeclared": _spells_declared, "CounterWindowOpened": _counter_window, "Countered": _countered,
    "ChainClosed": _chain_closed, "SpellsResolved": _spells_resolved, "Attacked": _attacked,
    "BattleEnded": _battle_ended, "TerritoryExpanded": _territory_expanded, "UnitDeployed": _unit_deployed,
    "MagicUsed": _magic_used, "LifeLost": _life_lost, "UnitDestroyed": _unit_destroyed,
    "UnitReturned": _unit_returned, "TerritoryBonusGained": _territory_bonus, "PowerChanged": _power_changed,
    "UnitsEnhanced": _units_enhanced,
    "TurnEnded": _turn_ended, "GameEnded": _game_ended,
    "MentorDrawn": _mentor_drawn, "HandsOffered": _hands_offered, "HandChosen": _hand_chosen,
    "Mulliganed": _mulliganed, "LeftoversBottomed": _leftovers_bottomed, "AnswerWindowOpened": _answer_window,
    "MagicNegated": _magic_negated, "MagicCopied": _magic_copied, "GrandMagicUsed": _grand_magic_used,
    "DiscardCulled": _discard_culled, "CardsExchanged": _cards_exchanged, "Unbounded": _unbounded,
    "DecisionOpened": _decision_opened, "DecisionClosed": _decision_closed, "LifeGained": _life_gained,
    "UndyingUsed": _undying_used,
    "CardsDiscarded": _cards_discarded, "MagicExposed": _magic_exposed, "TerritoryFromDeck": _territory_from_deck,
}


def evolve(state: dict, event) -> dict:
    HANDLERS[event.type](state, event.data)
    return state
