"""evolve: apply each 東方祀爭録 event to the state. No rules here: decide put every fact in the event.

Handlers never keep a container of the event's data (they copy), so a folded state and the event
log never share mutable lists.
"""
from engine.core import clone
from engine.games.shisoroku.state import TURN_START


def _take(p, zone, cards):
    """Remove ``cards`` from a zone (from the deck: the top ones)."""
    if zone == "deck":
        del p["deck"][:len(cards)]
    else:
        z = p[zone]
        for c in cards:
            z.remove(c)


# ---- setup ---------------------------------------------------------------------------------

def _kingdom_chosen(s, d):
    s["kingdom"] = list(d["kingdom"])


def _supply_laid_out(s, d):
    # Piles in card-id order, whatever order the event's dict arrived in: a stored event's data is
    # canonical JSON (keys sorted), so a state folded live and one folded from the store (or a
    # snapshot) must agree on it — legal actions, views and choices list the piles in this order.
    s["supply"] = dict(sorted(d["supply"].items()))
    s["in_game"] = dict(sorted(d["in_game"].items()))
    s["prizes"] = list(d["prizes"])
    s["start_deck"] = d["start_deck"]


def _first_player_chosen(s, d):
    s["first"] = d["first"]


def _starting_deck_dealt(s, d):
    s["players"][d["seat"]]["discard"] = list(d["cards"])


def _position_set(s, d):
    _kingdom_chosen(s, d)
    _supply_laid_out(s, d)
    s["first"] = d["first"]
    s["trash"] = list(d["trash"])
    for p, given in zip(s["players"], d["players"]):
        for zone in ("deck", "hand", "discard"):
            p[zone] = list(given[zone])


# ---- moving cards --------------------------------------------------------------------------

def _deck_shuffled(s, d):
    p = s["players"][d["seat"]]
    p["deck"] = list(d["order"])
    p["discard"] = []


def _cards_drawn(s, d):
    p = s["players"][d["seat"]]
    del p["deck"][:len(d["cards"])]
    p["hand"].extend(d["cards"])


def _cards_looked_at(s, d):
    p = s["players"][d["seat"]]
    del p["deck"][:len(d["cards"])]
    p["looking"].extend(d["cards"])


def _cards_revealed(s, d):
    if d["from"] == "deck":
        p = s["players"][d["seat"]]
        del p["deck"][:len(d["cards"])]
        p["revealed"].extend(d["cards"])


def _cards_discarded(s, d):
    p = s["players"][d["seat"]]
    _take(p, d["from"], d["cards"])
    p["discard"].extend(d["cards"])


def _cards_put_on_deck(s, d):
    p = s["players"][d["seat"]]
    _take(p, d["from"], d["cards"])
    p["deck"][0:0] = d["cards"]


def _cards_put_in_hand(s, d):
    p = s["players"][d["seat"]]
    _take(p, d["from"], d["cards"])
    p["hand"].extend(d["cards"])


def _cards_trashed(s, d):
    _take(s["players"][d["seat"]], d["from"], d["cards"])
    s["trash"].extend(d["cards"])


def _card_gained(s, d):
    card = d["card"]
    if d["from"] == "prizes":
        s["prizes"].remove(card)
    else:
        s["supply"][card] -= 1
    p = s["players"][d["seat"]]
    if d["to"] == "deck":
        p["deck"].insert(0, card)
    else:
        p[d["to"]].append(card)


def _cards_passed(s, d):
    for move in d["passes"]:
        s["players"][move["from"]]["hand"].remove(move["card"])
    for move in d["passes"]:
        s["players"][move["to"]]["hand"].append(move["card"])


def _nothing(s, d):
    pass


# ---- playing -------------------------------------------------------------------------------

def _card_played(s, d):
    if d["from"] == "hand":
        p = s["players"][d["seat"]]
        p["hand"].remove(d["card"])
        p["play"].append(d["card"])
    if d["uses_action"]:
        s["actions"] -= 1


def _treasures_played(s, d):
    p = s["players"][d["seat"]]
    for c in d["cards"]:
        p["hand"].remove(c)
    p["play"].extend(d["cards"])
    s["coins"] += d["coins"]


def _actions_added(s, d):
    s["actions"] += d["n"]


def _coins_added(s, d):
    s["coins"] += d["n"]


def _buys_added(s, d):
    s["buys"] += d["n"]


def _phase_started(s, d):
    s["phase"] = d["phase"]


def _card_bought(s, d):
    s["coins"] -= d["cost"]
    s["buys"] -= 1
    s["bought"] = True


def _duration_set(s, d):
    s["players"][d["seat"]]["next_turn"].append({"card": d["card"], "fx": clone(d["fx"])})
    s["stays"].extend(d["stays"])


def _card_stays(s, d):
    s["stays"].append(d["card"])


def _duration_resolved(s, d):
    del s["players"][d["seat"]]["next_turn"][d["index"]]


# ---- decisions -----------------------------------------------------------------------------

def _decision_requested(s, d):
    pending = clone(d)
    s["stack"] = pending.pop("stack")
    pending["answers"] = [None] * len(d["seats"])
    pending["answered"] = [False] * len(d["seats"])
    s["pending"] = pending


def _decided(s, d):
    if d["closes"]:
        s["pending"] = None
        s["stack"] = []
    else:
        pending = s["pending"]
        i = pending["seats"].index(d["seat"])
        pending["answers"][i] = clone(d["answer"])
        pending["answered"][i] = True


# ---- turns ---------------------------------------------------------------------------------

def _turn_started(s, d):
    s["phase"] = "action"
    s["turn"] = d["turn"]
    s["active"] = d["seat"]
    s["players"][d["seat"]]["turns"] += 1
    s.update(TURN_START)
    s["bought"] = False


def _cleaned_up(s, d):
    p = s["players"][d["seat"]]
    p["hand"] = []
    p["play"] = []
    p["carried"] = list(d["stays"])
    p["discard"].extend(d["order"])
    s["stays"] = []


def _game_ended(s, d):
    s["phase"] = "over"
    s["outcome"] = clone(d)


HANDLERS = {
    "KingdomChosen": _kingdom_chosen, "SupplyLaidOut": _supply_laid_out,
    "FirstPlayerChosen": _first_player_chosen, "StartingDeckDealt": _starting_deck_dealt,
    "PositionSet": _position_set,
    "DeckShuffled": _deck_shuffled, "CardsDrawn": _cards_drawn, "CardsLookedAt": _cards_looked_at,
    "CardsRevealed": _cards_revealed, "CardsDiscarded": _cards_discarded, "CardsPutOnDeck": _cards_put_on_deck,
    "CardsPutInHand": _cards_put_in_hand, "CardsTrashed": _cards_trashed, "CardGained": _card_gained,
    "NothingGained": _nothing, "GainReplaced": _nothing, "CardsPassed": _cards_passed,
    "CardPlayed": _card_played, "TreasuresPlayed": _treasures_played, "ActionsAdded": _actions_added,
    "CoinsAdded": _coins_added, "BuysAdded": _buys_added, "PhaseStarted": _phase_started,
    "CardBought": _card_bought, "DurationSet": _duration_set, "CardStays": _card_stays,
    "DurationResolved": _duration_resolved,
    "DecisionRequested": _decision_requested, "Decided": _decided,
    "TurnStarted": _turn_started, "CleanedUp": _cleaned_up, "TurnEnded": _nothing, "GameEnded": _game_ended,
}


def evolve(state: dict, event) -> dict:
    HANDLERS[event.type](state, event.data)
    return state
