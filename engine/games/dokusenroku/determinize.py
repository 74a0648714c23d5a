"""determinize: a full state consistent with what one seat can see, the hidden cards re-dealt.

Hidden from a seat (views.py): the other seats' hands, every deck's order and contents, the removed
cards, and the other seats' face-down supports. Each pile's unseen cards are shuffled and dealt back
into the same places in the same numbers, keeping what the table knows: a player's カリスマ, unless
seen in the graveyard, is still in that player's hand or is that player's face-down support; a
face-down support is a character or カリスマ; a searching seat knows its deck's contents, and another
seat's search looks through the re-dealt deck (its options are that deck). What is hidden is
secrets.py's. (Whether a face-down support was affordable when it was committed is not kept.)
"""
from engine.core import clone
from engine.games.dokusenroku.cards import CHARISMA_ID, card_of, is_character
from engine.games.dokusenroku.secrets import search_hidden, searching, support_hidden
from engine.games.dokusenroku.setup import charisma_instance
from engine.games.dokusenroku.state import pile_index


def given_charisma(state, seat, card) -> bool:
    """The カリスマ the table knows is the seat's: any in standard (each player's, and one recovered in
    view); in constructed the one given besides the deck (copies a deck holds under the ruling
    charisma-in-deck are hidden like any deck card)."""
    if state["variant"] == "standard":
        return card_of(card) == CHARISMA_ID
    return card == charisma_instance("constructed", seat)


def determinize(state, seat, rng):
    s = clone(state)
    others = [q for q in range(len(s["players"])) if q != seat]
    b = s["battle"]
    hidden_support = {}
    if b is not None:
        for role in ("invader", "defender"):
            card = b["supports"][role]
            if card is not None and support_hidden(b, role, seat):
                hidden_support[b[role]] = (role, card)
    pending = s["pending"]
    searcher_pile = pile_index(s, seat) if searching(s, seat) else None
    for p, pile in enumerate(s["piles"]):
        holders = [q for q in others if pile_index(s, q) == p]
        pool = list(pile["removed"]) + ([] if p == searcher_pile else list(pile["deck"]))
        charisma = {}
        for q in holders:
            slots = s["players"][q]["hand"] + ([hidden_support[q][1]] if q in hidden_support else [])
            charisma[q] = [c for c in slots if given_charisma(s, q, c)]
            pool += [c for c in slots if not given_charisma(s, q, c)]
        pool = rng.shuffled(pool)
        for q in holders:
            own_x = charisma[q]
            if q in hidden_support:
                role = hidden_support[q][0]
                choices = own_x + [c for c in pool if is_character(c)]
                pick = choices[rng.below(len(choices))]
                if pick in pool:
                    pool.remove(pick)
                else:
                    own_x = []
                b["supports"][role] = pick
            n = len(s["players"][q]["hand"]) - len(own_x)
            s["players"][q]["hand"], pool = own_x + pool[:n], pool[n:]
        n = len(pile["removed"])
        pile["removed"], pool = pool[:n], pool[n:]
        pile["deck"] = rng.shuffled(pile["deck"]) if p == searcher_pile else pool
    if search_hidden(pending, seat):            # another seat looks through its re-dealt deck
        pending["options"] = sorted(s["piles"][pile_index(s, pending["seat"])]["deck"])
    return s
