"""The 東方祀爭録 position as a plain JSON-ready dict, and the facts derived from it.

Cards are card ids (``"osaisen"``); copies of a card are interchangeable. Per player:
``deck`` (index 0 is the top), ``hand``, ``discard`` (the last is the top, the only public one),
``play`` (cards played this turn, in order), ``carried`` (duration cards in play from an earlier
turn, kept apart), ``next_turn`` (effects waiting for the start of the next turn), ``looking``
(cards taken from the deck to be looked at by their owner), ``revealed`` (taken from the deck and
shown to all), ``turns`` (turns taken).

``pending`` is the decision the game waits for (seats, kind, constraints, answers) and ``stack`` the
work still to do once it is answered; both are set by DecisionRequested and cleared by Decided.
"""
from engine.games.shisoroku.cards import CARDS, PROVINCE

TURN_START = {"actions": 1, "coins": 0, "buys": 1}
# cards whose possible whereabouts open a window (reactions; 6-VP cards for 五つの難題): see owned_anywhere
WATCHED = frozenset([c for c, card in CARDS.items() if card.reaction] + [PROVINCE])


def initial_state(variant: str, seats: int) -> dict:
    return {
        "variant": variant,
        "phase": "setup",            # setup -> action / buy (turns) -> over
        "seats": seats,
        "kingdom": [],
        "supply": {},                # pile -> cards left (supply piles only)
        "in_game": {},               # WATCHED card -> copies in the game at setup (piles, prizes, starting decks)
        "prizes": [],                # prize cards not yet gained (not a supply pile)
        "trash": [],
        "start_deck": None,
        "first": None,
        "turn": 0,                   # turns started so far, all players together
        "active": None,
        "actions": 0, "coins": 0, "buys": 0,
        "bought": False,             # buying has started: no more treasures (buy.no-more-treasures)
        "stays": [],                 # cards of this turn's play that stay in play at clean-up (durations)
        "players": [new_player() for _ in range(seats)],
        "pending": None,
        "stack": [],
        "outcome": None,
    }


def new_player() -> dict:
    return {"deck": [], "hand": [], "discard": [], "play": [], "carried": [], "next_turn": [],
            "looking": [], "revealed": [], "turns": 0}


def cost(state: dict, card_id: str) -> int:
    """The card's cost now: 燕の子安貝 (plays as Princess) in the active player's play makes cards cost 2 less."""
    base = CARDS[card_id].cost
    active = state["active"]
    if active is not None and base and _princess_in_play(state["players"][active]):
        return max(0, base - 2)
    return base


def cost_reduced(state) -> bool:
    return state["active"] is not None and _princess_in_play(state["players"][state["active"]])


def _princess_in_play(player) -> bool:
    for c in player["play"]:
        if "costs_2_less" in CARDS[c].static:
            return True
    return False


def in_turn_order(state: dict, first: int) -> list:
    """Seats from ``first`` onward, clockwise (each-player, seed 複数人が効果を受けるカード)."""
    n = state["seats"]
    return [(first + i) % n for i in range(n)]


def others_in_turn_order(state: dict, seat: int) -> list:
    return in_turn_order(state, seat)[1:]


def owned_anywhere(state: dict, card_id: str) -> bool:
    """Public: could some player hold this (WATCHED) card? (a copy is neither in a pile nor trashed)."""
    left = state["supply"].get(card_id, 0) + state["prizes"].count(card_id) + state["trash"].count(card_id)
    return state["in_game"].get(card_id, 0) > left


def all_cards(player: dict) -> list:
    """Every card the player owns (for scoring)."""
    return (player["deck"] + player["hand"] + player["discard"] + player["play"] + player["carried"]
            + player["looking"] + player["revealed"])


def unaffected(state: dict, seat: int) -> bool:
    """幽明結界 (plays as Lighthouse): while it is in play, other players' attacks do not affect you."""
    p = state["players"][seat]
    return any("unaffected_by_attacks" in CARDS[c].static for c in p["play"] + p["carried"])


def empty_piles(state: dict) -> list:
    return [k for k, v in state["supply"].items() if v == 0]
