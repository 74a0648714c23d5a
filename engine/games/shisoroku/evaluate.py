"""A heuristic value of a position for one seat, in (0, 1): what bots score positions with.

Reads what ``view(state, seat)`` shows (``Position``: the parts it needs) and, besides it, which cards each player owns (their whole deck as a
multiset, ``state.all_cards``). The view leaves the owned cards out on purpose (公開情報と非公開情報
l.191-204: nobody sees a deck's or a discard pile's contents), but they follow from the public
record: every gain is taken face up from the supply (「獲得する」 l.113) and every trash is public
(l.202), so a player who remembers the table knows them; ``determinize`` keeps them for the same
reason. Nothing about where those cards lie is read: not a deck's order, not which of another
player's cards are in hand (only ``hand_count``), not the discard pile below its top. One
approximation, shared with ``determinize``: with 3+ players a card passed by 奇術「ミスディレクション」
between two *other* players is not public, yet counts with its new owner here.

- ゲームの終了条件 l.208-216 (rules ``end``, ``score``): the victory points of all of a player's
  cards decide, so VP (博麗神社 1, 霧の湖 3, 紅魔館 6, マイナスカード -1, 風見幽香 1 per 10 cards, …)
  are the core of the value.
- Deck quality buys the VP still to come: the coins an average 5-card hand makes (treasures,
  +coins, +cards at the deck's density; terminal actions beyond one per hand count less), weighted
  by how far the game is from its end (the 6-VP pile, the three emptiest supply piles; l.210-212).
  Near the end the weight falls to nothing, so only VP count, and the margin is read against a
  narrower scale: the leader's advantage counts more as the end nears.
- The turn in progress (ゲームの進行とフェイズ l.36-40): the active player's coins still to spend
  (coins made, plus treasures in hand — for another player, the hand's expected coins from its size)
  are worth the best buy they allow, so a treasure left unplayed or a buy left unused is a loss.
"""
import math
from functools import lru_cache
from itertools import groupby

from engine.games.shisoroku.cards import CARDS, COLONY, PROVINCE
from engine.games.shisoroku.state import all_cards
from engine.games.shisoroku.secrets import sees
from engine.games.shisoroku.views import supply_seen

HAND = 5
DRAW_VALUE = 0.9           # a drawn card is worth this share of the deck's average coins
BUY_VALUE = 0.5            # coins-equivalent of +1 buy
# coins-equivalent of the effects the counts above do not say (the heuristic's own guesses, after the
# Dominion card each plays as); anything else counts nothing
EFFECT_VALUE = {"choose": 1.5, "catacombs": 2.5, "tournament": 1.0, "gain": 0.8, "gain_choice": 0.8,
                "play_again": 0.5, "rebuild": 0.5, "trash_for_silvers": 0.5, "masquerade": 0.3,
                "lookout": 0.3, "oracle": 0.3, "remodel": 0.3, "discard_hand": 1.5}
CARD_VALUE = {"greeneyed": -1.0}     # 妬符 (Rats): each play trashes a card and adds another 妬符
ECON_PER_TURN_LEFT = 0.75  # weight of a coin of hand value per province-equivalent left
SCALE = 2.0                # VP: the margin's scale at the very end
SCALE_PER_TURN_LEFT = 0.6


def _fx_stats(effects):
    coins = cards = actions = buys = other = 0
    for fx in effects:
        do = fx["do"]
        if do == "coins":
            coins += fx["n"]
        elif do == "cards":
            cards += fx["n"]
        elif do == "actions":
            actions += fx["n"]
        elif do == "buys":
            buys += fx["n"]
        elif do == "duration":
            c, d, a, b, o = _fx_stats(fx["fx"])
            coins, cards, buys, other = coins + c, cards + d, buys + b, other + o
        else:
            other += EFFECT_VALUE.get(do, 0.0)
    return coins, cards, actions, buys, other


def _card_stats(card):
    """(coins, cards drawn, terminal, vp, vp per cards) of one copy."""
    coins, cards, actions, buys, other = _fx_stats(card.play)
    is_action = card.is_("action")
    coins += BUY_VALUE * buys + other + CARD_VALUE.get(card.id, 0.0)
    return coins, cards, is_action and actions == 0, card.vp, card.vp_per_cards


STATS = {cid: _card_stats(card) for cid, card in CARDS.items()}


class Deck:
    """The sums a player's owned cards are scored from; adding a card is O(1)."""
    __slots__ = ("n", "coins", "cards", "terminals", "terminal_coins", "vp", "gardens")

    def __init__(self, cards=()):
        self.n = self.coins = self.cards = self.terminals = self.terminal_coins = self.vp = self.gardens = 0
        for c in sorted(set(cards)):                   # in card order: the same sums however they lie
            self.add(c, cards.count(c))

    def add(self, c, k=1):
        coins, cards, terminal, vp, per = STATS[c]
        self.n += k
        self.vp += vp * k
        if per:
            self.gardens += k
        if terminal:
            self.terminals += k
            self.terminal_coins += coins * k
            self.cards += cards * k
        else:
            self.coins += coins * k
            self.cards += cards * k

    def points(self):
        return self.vp + (self.gardens * (self.n // 10))

    def hand_value(self):
        """The coins an average hand of this deck makes."""
        return _hand_value(self.n, self.coins, self.cards, self.terminals, self.terminal_coins)

    def worth(self, weight):
        return self.points() + weight * self.hand_value()

    def worth_with(self, c, weight):
        """``worth`` of this deck with one more ``c``, as a copy given ``add(c)`` would have it."""
        coins, cards, terminal, vp, per = STATS[c]
        n = self.n + 1
        points = self.vp + vp + (self.gardens + (1 if per else 0)) * (n // 10)
        if terminal:
            hand = _hand_value(n, self.coins, self.cards + cards, self.terminals + 1, self.terminal_coins + coins)
        else:
            hand = _hand_value(n, self.coins + coins, self.cards + cards, self.terminals, self.terminal_coins)
        return points + weight * hand

    def copy(self):
        d = Deck.__new__(Deck)
        d.n, d.coins, d.cards, d.terminals = self.n, self.coins, self.cards, self.terminals
        d.terminal_coins, d.vp, d.gardens = self.terminal_coins, self.vp, self.gardens
        return d


def _hand_value(n, coins, cards, terminals, terminal_coins):
    if n == 0:
        return 0.0
    density = coins / n
    total = coins + terminal_coins + DRAW_VALUE * density * cards
    expected_terminals = HAND * terminals / n
    if expected_terminals > 1:         # only one terminal can be played a turn
        total -= terminal_coins * (1 - 1 / expected_terminals)
    return HAND * total / n


@lru_cache(maxsize=4096)
def _deck_of(owned: tuple) -> Deck:
    """The Deck of a sorted tuple of card ids (a search meets the same decks again and again);
    shared, so never changed: ``_best_buy`` works on a copy."""
    deck = Deck()
    for c, copies in groupby(owned):
        deck.add(c, sum(1 for _ in copies))
    return deck


def deck_of(player) -> Deck:
    return _deck_of(tuple(sorted(all_cards(player))))


def turns_left(supply) -> float:
    """How far the end is, in 6-VP cards: the 6-VP pile, the three emptiest piles, or the 10-VP pile
    where it is laid out (l.210-212)."""
    left = {s["card"]: s["left"] for s in supply}
    piles = sorted(left.values())[:3]
    return min(left.get(PROVINCE, 99), sum(piles) / 3.0, left.get(COLONY, 99))


def _best_buy(supply, deck, coins, buys, weight):
    """What ``coins`` and ``buys`` are worth to ``deck``: the best cards they buy, one by one."""
    gain = 0.0
    deck = deck.copy()
    for _ in range(max(0, min(buys, 3))):
        base = deck.worth(weight)
        best, best_card = 0.0, None
        for s in supply:
            if s["left"] > 0 and s["cost"] <= coins:
                delta = deck.worth_with(s["card"], weight) - base
                if delta > best:
                    best, best_card = delta, s
        if best_card is None:
            break
        gain += best
        coins -= best_card["cost"]
        deck.add(best_card["card"])
    return gain


class Position:
    """What every seat's value is read from, worked out once: the supply as views show it, each
    player's owned cards, how far the end is. Only the turn in progress depends on the seat: the
    active player knows its own hand, the others only its size (``turn_potential``)."""

    def __init__(self, state):
        self.state = state
        self.supply = supply_seen(state)
        self.decks = [deck_of(p) for p in state["players"]]
        self.left = turns_left(self.supply)
        self.weight = ECON_PER_TURN_LEFT * self.left
        self.worth = [d.worth(self.weight) for d in self.decks]
        self._potential = {}

    def turn_potential(self, seat) -> float:
        """The active player's coins still to spend this turn, valued by the best buys, as ``seat``
        can know them: its own hand's treasures, or another's hand size at its deck's density."""
        state = self.state
        active = state["active"]
        if active is None or state["phase"] not in ("action", "buy") or state["buys"] <= 0:
            return 0.0
        knows_hand = active == seat and sees("hand", active, seat)
        if knows_hand not in self._potential:
            coins = state["coins"]
            if not state["bought"]:
                if knows_hand:
                    coins += sum(STATS[c][0] for c in state["players"][active]["hand"] if CARDS[c].is_("treasure"))
                else:
                    d = self.decks[active]
                    coins += len(state["players"][active]["hand"]) * (d.coins / d.n if d.n else 0.0)
            self._potential[knows_hand] = _best_buy(self.supply, self.decks[active], int(coins), state["buys"],
                                                    self.weight)
        return self._potential[knows_hand]

    def value(self, seat) -> float:
        worth = list(self.worth)
        active = self.state["active"]
        if active is not None:
            worth[active] += self.turn_potential(seat)
        best_other = max(w for s, w in enumerate(worth) if s != seat)
        scale = SCALE + SCALE_PER_TURN_LEFT * self.left
        margin = worth[seat] - best_other
        # a tenth of the value on a ten times wider scale: a big lead still prefers a bigger one
        return 0.9 * _sigmoid(margin / scale) + 0.1 * _sigmoid(margin / (10 * scale))


def evaluate(state, seat) -> float:
    return Position(state).value(seat)


def evaluate_seats(state) -> list:
    """``[evaluate(state, s) for s in seats]``, the position worked out once."""
    position = Position(state)
    return [position.value(s) for s in range(len(state["players"]))]


def _sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))
