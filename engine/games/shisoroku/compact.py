"""The compact path (``compact_step``): the moves most turns are made of, applied to the state
without building events, for bots, playouts and simulations (issue 22: a Big Money game through
the event path cost four times what it does here).

Three moves in their plainest form — every treasure played at once, a buy that nothing reacts to
and that has no when-bought or when-gained effect, a clean-up that starts a turn with no duration
to resolve — are carried out by the same evolve handlers (``evolve.HANDLERS``) with the same data,
in the order ``decide`` emits them (actions.py, moves.py ``buy`` / ``_gain``, turn.py
``end_turn``), and the version counts each event the event path would have made, so the rng of
every later decision is the same. Everything else (a pending decision, an action card, a reaction
window, an effect, durations, a ``top`` card, an illegal move) goes the event path
(``engine.core.step``). tests/shisoroku/test_compact.py plays the same games both ways and
compares the states after every move.
"""
from engine.core.match import step
from engine.games.shisoroku.cards import CARDS, SILVER
from engine.games.shisoroku.effects import treasure_coins
from engine.games.shisoroku.evolve import HANDLERS
from engine.games.shisoroku.moves import live_reactions
from engine.games.shisoroku.state import cost
from engine.games.shisoroku.turn import cleanup_order, ending


def compact_step(game, state: dict, seat: int, action: dict, rng) -> dict:
    if (state["pending"] is None and not state["stack"] and state["phase"] in ("action", "buy")
            and seat == state["active"] and isinstance(action, dict)):
        move = MOVES.get(action.get("type"))
        if move is not None and move(state, seat, action, rng):
            return state
    return step(game, state, seat, action, rng)[0]


def _apply(s: dict, type_: str, data: dict) -> None:
    """What ``engine.core.apply`` does with a game event: its handler, then one version more."""
    HANDLERS[type_](s, data)
    s["version"] += 1


def _leave_action_phase(s: dict) -> None:                 # actions.py _leave_action_phase
    if s["phase"] == "action":
        _apply(s, "PhaseStarted", {"phase": "buy"})


def _play_treasures(s: dict, seat: int, action: dict, rng) -> bool:
    """actions.py _play_treasures / _treasures."""
    if len(action) != 1 or s["bought"]:
        return False
    cards = [c for c in s["players"][seat]["hand"] if CARDS[c].is_("treasure")]
    if not cards:
        return False
    _leave_action_phase(s)
    coins = 0
    for c in cards:
        coins += treasure_coins(s, c)
    _apply(s, "TreasuresPlayed", {"seat": seat, "cards": cards, "coins": coins})
    return True


def _buy(s: dict, seat: int, action: dict, rng) -> bool:
    """actions.py _buy, moves.py buy (no on-buy effect, no buy_victory reaction: nothing to order)
    and _gain (no would_gain reaction, no on-gain effect)."""
    card = action.get("card")
    if len(action) != 2 or card not in CARDS or s["buys"] <= 0 or s["supply"].get(card, 0) <= 0:
        return False
    c = CARDS[card]
    price = cost(s, card)
    if (price > s["coins"] or c.on_buy or c.on_gain
            or (c.is_("victory") and live_reactions(s, "buy_victory"))
            or (card != SILVER and live_reactions(s, "would_gain"))):
        return False
    _leave_action_phase(s)
    _apply(s, "CardBought", {"seat": seat, "card": card, "cost": price})
    _apply(s, "CardGained", {"seat": seat, "card": card, "to": "discard", "from": "supply"})
    return True


def _end_turn(s: dict, seat: int, action: dict, rng) -> bool:
    """actions.py _end_turn, turn.py end_turn / check_end / start_turn (no duration waiting)."""
    following = (seat + 1) % s["seats"]
    if len(action) != 1 or s["stays"] or s["players"][following]["next_turn"]:
        return False
    _leave_action_phase(s)
    _apply(s, "CleanedUp", {"seat": seat, "order": cleanup_order(s, seat), "stays": []})
    _draw(s, seat, 5, rng)
    _apply(s, "TurnEnded", {"seat": seat})
    ended = ending(s)
    if ended is not None:
        _apply(s, "GameEnded", ended[0])
    else:
        _apply(s, "TurnStarted", {"seat": following, "turn": s["turn"] + 1})
    return True                    # turn.settle: a new turn starts with an action to play


def _draw(s: dict, seat: int, n: int, rng) -> None:
    """run.py from_deck / shuffle."""
    p = s["players"][seat]
    first = p["deck"][:n]
    if first:
        _apply(s, "CardsDrawn", {"seat": seat, "cards": first})
    if len(first) == n or not p["discard"]:
        return
    _apply(s, "DeckShuffled", {"seat": seat, "order": rng.shuffled(p["discard"])})
    rest = p["deck"][:n - len(first)]
    if rest:
        _apply(s, "CardsDrawn", {"seat": seat, "cards": rest})


MOVES = {"play_treasures": _play_treasures, "buy": _buy, "end_turn": _end_turn}
