"""Best-of-3 matches with a sideboard (001 ch.2 §6): up to three duels; the first to win two wins the
match. Between duels both players may swap cards between deck and sideboard (deck size kept, the
sideboard stays 10); the loser of the previous duel chooses who goes first.

Options: ``best_of`` (1 or 3), ``sideboards`` (two lists of 10 card keys; omitted: the presets').
With best_of 1 a duel's end is the match's end.
"""
from collections import Counter

from engine.core import ConfigError, IllegalAction
from engine.core.i18n import Catalog
from engine.games.dimension_zero.cards import CARDS, SETS
from engine.games.dimension_zero.rulebook import rule

_, ngettext = Catalog.of("dimension_zero").functions()

SIDEBOARD_SIZE = 10


def check_sideboard(variant, deck, side, what):
    if not isinstance(side, list) or len(side) != SIDEBOARD_SIZE or any(k not in CARDS or CARDS[k]["set"] != SETS[variant]
                                                                        for k in side):
        raise ConfigError(f"{what}: a sideboard is {SIDEBOARD_SIZE} cards of {variant}", rule("deck.sideboard"))
    most = 1 if variant == "touhou-instant" else 3
    counts = Counter(CARDS[k]["name"] for k in list(deck) + list(side))
    over = sorted(n for n, c in counts.items() if c > most)
    if over:
        raise ConfigError(f"{what}: deck and sideboard together hold more than {most} of {over}", rule("deck.sideboard"))


def end_duel(em, winner, draw, reason, rule_id, cause):
    """A duel is over: the match too with best_of 1, or once a player has two wins or three duels are played."""
    series = em.state["series"]
    if series is None:
        em.emit("GameEnded", {"winner": winner, "draw": draw, "reason": reason}, rule(rule_id), cause=cause)
        return
    v = em.emit("DuelEnded", {"duel": len(series["duels"]) + 1, "winner": winner, "draw": draw, "reason": reason,
                              "first": em.state["first"]}, rule(rule_id), cause=cause)
    duels = em.state["series"]["duels"]
    wins = [sum(1 for d in duels if d["winner"] == s) for s in (0, 1)]
    if max(wins) >= 2 or len(duels) == 3:
        match_winner = None if wins[0] == wins[1] else wins.index(max(wins))
        em.emit("GameEnded", {"winner": match_winner, "draw": match_winner is None, "reason": "match",
                              "wins": wins}, rule("match.bo3"), cause=v)
        return
    em.emit("PhaseEntered", {"phase": "sideboard"}, rule("match.bo3"), cause=v)


def sideboard(em, seat, action):
    """Swap cards between deck and sideboard: the same 50 cards, the deck keeps its size, the sideboard 10."""
    s = em.state["series"]
    if s["ready"][seat]:
        raise IllegalAction(rule("match.bo3"), _("you have already set your deck for the next duel"))
    deck = action.get("deck", s["decks"][seat])
    side = action.get("sideboard", s["sideboards"][seat])
    if not isinstance(deck, list) or not isinstance(side, list) or len(deck) != len(s["decks"][seat]) \
            or len(side) != SIDEBOARD_SIZE or Counter(deck + side) != Counter(s["decks"][seat] + s["sideboards"][seat]):
        raise IllegalAction(rule("match.bo3"), _("swap cards between your deck and sideboard only; sizes stay the "
                                                 "same"))
    private = [{}, {}]
    private[seat] = {"deck": sorted(deck), "sideboard": sorted(side)}
    v = em.emit("SideboardSet", {"seat": seat, "private_lists": private}, rule("match.bo3"), seat)
    if all(em.state["series"]["ready"]):
        last = em.state["series"]["duels"][-1]
        chooser = (1 - last["winner"]) if last["winner"] is not None else 1 - last["first"]
        em.emit("DecisionPending", {"pending": {"seat": chooser, "kind": "first_player", "options": [0, 1]}},
                rule("match.bo3"), cause=v)
