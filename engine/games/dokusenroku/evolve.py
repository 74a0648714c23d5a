"""evolve: apply each 東方独占録 event to the state. No rules here: decide put every fact in the event."""
from engine.games.dokusenroku.cards import owner_pile
from engine.games.dokusenroku.state import new_turn_flags


def _to_graveyard(s, card):
    s["piles"][owner_pile(card)]["graveyard"].append(card)


def _deck_shuffled(s, d):
    s["piles"][d["pile"]]["deck"] = list(d["order"])


def _cards_removed(s, d):
    pile = s["piles"][d["pile"]]
    gone = set(d["cards"])
    pile["deck"] = [c for c in pile["deck"] if c not in gone]
    pile["removed"].extend(d["cards"])


def _funds_given(s, d):
    for p in s["players"]:
        p["money"] = d["amount"]


def _cards_dealt(s, d):
    pile = s["piles"][d["pile"]]
    pile["deck"] = pile["deck"][len(d["cards"]):]
    s["players"][d["seat"]]["hand"].extend(d["cards"])


def _charisma_given(s, d):
    s["players"][d["seat"]]["hand"].append(d["card"])


def _order_rolled(s, d):
    pass


def _turn_order_set(s, d):
    s["order"] = list(d["order"])
    if "end" in d:                      # the end rule (card set kifu.2 on); older matches: empty-draw
        s["end"] = d["end"]


def _position_set(s, d):
    s["order"] = list(d["order"])
    if "end" in d:
        s["end"] = d["end"]
    for i, p in enumerate(s["players"]):
        p["money"], p["at"], p["hand"] = d["money"][i], d["at"][i], list(d["hands"][i])
    for lid, land in d["lands"].items():
        s["lands"][lid] = dict(land)
    for i, pile in enumerate(s["piles"]):
        pile["deck"], pile["graveyard"], pile["removed"] = list(d["decks"][i]), list(d["graveyards"][i]), list(d["removed"][i])


def _turn_started(s, d):
    s["phase"] = "play"
    s["turn"] = d["turn"]
    s["active"] = d["seat"]
    s["step"] = "main"
    s["flags"] = new_turn_flags()


def _card_drawn(s, d):
    s["piles"][d["pile"]]["deck"].pop(0)
    s["players"][d["seat"]]["hand"].append(d["card"])
    if d.get("turn_draw"):
        s["flags"]["stage"] = 1


def _spell_cast(s, d):
    p = s["players"][d["seat"]]
    p["hand"].remove(d["card"])
    p["money"] -= d["cost"]
    _to_graveyard(s, d["card"])
    s["flags"]["stage"] = max(s["flags"]["stage"], 1)
    if not d["free"]:
        s["flags"]["spell"] = True


def _money_gained(s, d):
    s["players"][d["seat"]]["money"] += d["amount"]


def _money_paid(s, d):
    s["players"][d["seat"]]["money"] -= d["amount"]
    if d["to"] is not None:
        s["players"][d["to"]]["money"] += d["amount"]


def _cards_discarded(s, d):
    hand = s["players"][d["seat"]]["hand"]
    for c in d["cards"]:
        hand.remove(c)
        _to_graveyard(s, c)


def _level_changed(s, d):
    s["lands"][d["land"]]["level"] = d["level"]


def _choice_offered(s, d):
    s["pending"] = {**d, "options": list(d["options"])}
    s["step"] = "choose"


def _search_started(s, d):
    pile = s["piles"][d["pile"]]
    pile["deck"].extend(d["returned"])
    pile["removed"] = []
    s["pending"] = {"seat": d["seat"], "kind": "search", "options": list(d["options"]), "resume": d["resume"]}
    s["step"] = "choose"


def _choice_made(s, d):
    s["pending"] = None
    s["step"] = "main" if d["resume"] == "main" else None


def _card_recovered(s, d):
    s["piles"][d["pile"]]["graveyard"].remove(d["card"])
    s["players"][d["seat"]]["hand"].append(d["card"])


def _card_searched(s, d):
    s["piles"][d["pile"]]["deck"].remove(d["card"])
    s["players"][d["seat"]]["hand"].append(d["card"])


def _move_changed(s, d):
    s["players"][d["seat"]]["move"] = d["move"]


def _toll_halved(s, d):
    s["flags"]["toll_half"] = True


def _invested(s, d):
    s["players"][d["seat"]]["money"] -= d["cost"]
    s["lands"][d["land"]]["level"] = d["level"]
    s["flags"]["stage"] = 2


def _moved(s, d):
    p = s["players"][d["seat"]]
    p["at"] = d["to"]
    p["move"] = None
    s["step"] = None


def _step_entered(s, d):
    s["step"] = d["step"]


def _character_placed(s, d):
    p = s["players"][d["seat"]]
    p["hand"].remove(d["card"])
    p["money"] -= d["cost"]
    if d["replaced"] is not None:
        p["hand"].append(d["replaced"])
    old = s["lands"].get(d["land"])
    s["lands"][d["land"]] = {"owner": d["seat"], "level": old["level"] if old else 1, "character": d["card"]}
    s["step"] = None


def _passed(s, d):
    s["step"] = None


def _toll_paid(s, d):
    s["players"][d["seat"]]["money"] -= d["amount"]
    s["players"][d["to"]]["money"] += d["amount"]
    s["debt"] = None
    s["step"] = None


def _debt_opened(s, d):
    s["debt"] = {"seat": d["seat"], "to": d["to"], "land": d["land"], "amount": d["amount"]}
    s["step"] = "sell"


def _land_sold(s, d):
    s["players"][d["seat"]]["money"] += d["price"]
    del s["lands"][d["land"]]
    _to_graveyard(s, d["character"])


def _bankrupted(s, d):
    p = s["players"][d["seat"]]
    s["players"][d["to"]]["money"] += d["amount"]
    p["money"] = d["money"]
    p["at"] = 0
    s["debt"] = None
    s["step"] = None


def _refill_chosen(s, d):
    pass


def _invasion_declared(s, d):
    p = s["players"][d["seat"]]
    p["hand"].remove(d["card"])
    p["money"] -= d["cost"]
    s["battle"] = {"land": d["land"], "invader": d["seat"], "defender": d["defender"], "attacker": d["card"],
                   "third_eye": d["third_eye"], "supports": {"invader": None, "defender": None},
                   "committed": {"invader": False, "defender": False}, "revealed": {"invader": False, "defender": False}}
    s["step"] = None


def _support_committed(s, d):
    b = s["battle"]
    b["committed"][d["role"]] = True
    b["supports"][d["role"]] = d["card"]
    if d["card"] is not None:
        s["players"][d["seat"]]["hand"].remove(d["card"])
    s["step"] = None


def _support_revealed(s, d):
    s["battle"]["revealed"][d["role"]] = True
    s["players"][d["seat"]]["money"] -= d["cost"]


def _battle_resolved(s, d):
    for c in d["graveyard"]:
        _to_graveyard(s, c)
    for seat, c in d["to_hand"]:
        s["players"][seat]["hand"].append(c)
    if d["placed"] is not None:
        land = s["lands"][d["land"]]
        land["owner"], land["character"] = d["invader"], d["placed"]
    s["battle"] = None
    s["step"] = None


def _event_rolled(s, d):
    s["step"] = None


def _turn_ended(s, d):
    s["step"] = None


def _game_ended(s, d):
    s["phase"] = "over"
    s["step"] = None
    s["pending"] = s["battle"] = s["debt"] = None
    s["outcome"] = dict(d)


HANDLERS = {
    "DeckShuffled": _deck_shuffled, "CardsRemoved": _cards_removed, "FundsGiven": _funds_given,
    "CardsDealt": _cards_dealt, "CharismaGiven": _charisma_given, "OrderRolled": _order_rolled,
    "TurnOrderSet": _turn_order_set, "PositionSet": _position_set, "TurnStarted": _turn_started,
    "CardDrawn": _card_drawn, "SpellCast": _spell_cast, "MoneyGained": _money_gained, "MoneyPaid": _money_paid,
    "CardsDiscarded": _cards_discarded, "LevelChanged": _level_changed, "ChoiceOffered": _choice_offered,
    "SearchStarted": _search_started, "ChoiceMade": _choice_made, "CardRecovered": _card_recovered,
    "CardSearched": _card_searched, "MoveChanged": _move_changed, "TollHalved": _toll_halved,
    "Invested": _invested, "Moved": _moved, "StepEntered": _step_entered, "CharacterPlaced": _character_placed,
    "Passed": _passed, "TollPaid": _toll_paid, "DebtOpened": _debt_opened, "LandSold": _land_sold,
    "Bankrupted": _bankrupted, "RefillChosen": _refill_chosen, "InvasionDeclared": _invasion_declared,
    "SupportCommitted": _support_committed, "SupportRevealed": _support_revealed,
    "BattleResolved": _battle_resolved, "EventRolled": _event_rolled, "TurnEnded": _turn_ended,
    "GameEnded": _game_ended,
}


def evolve(state: dict, event) -> dict:
    HANDLERS[event.type](state, event.data)
    return state
