"""The turn (ゲームの進行) and the end of the game (勝利条件).

A turn opens in the ``main`` step (Ⅰ draw, Ⅱ spell, Ⅲ invest, Ⅳ roll); the square reached may wait
for a decision; then Ⅴ (hand limit) and the next player's turn follow by themselves.
"""
from engine.games.dokusenroku.board import HAND_LIMIT
from engine.games.dokusenroku.rulebook import rule
from engine.games.dokusenroku.state import assets, deck_of, next_seat, pile_index


def over(em) -> bool:
    return em.state["phase"] == "over"


def start_turn(em, seat, turn, cause):
    em.emit("TurnStarted", {"turn": turn, "seat": seat}, rule("turn.order"), cause=cause)


def draw(em, seat, count, rule_id, cause) -> bool:
    """Draw ``count`` cards one by one; drawing from an empty deck ends the game (False)."""
    for _ in range(count):
        if not deck_of(em.state, seat):
            end_game(em, seat, cause)
            return False
        pile = pile_index(em.state, seat)
        em.emit("CardDrawn", {"seat": seat, "pile": pile, "card": em.state["piles"][pile]["deck"][0]},
                rule(rule_id), cause=cause)
    return True


def end_game(em, seat, cause, actor=None):
    """勝利条件: the player who had to draw found the deck empty; the highest total assets win, ties share."""
    state = em.state
    totals = [assets(state, s) for s in range(len(state["players"]))]
    best = max(totals)
    em.emit("GameEnded", {
        "reason": "deck", "trigger": seat, "assets": totals,
        "money": [p["money"] for p in state["players"]],
        "winners": [s for s, a in enumerate(totals) if a == best],
    }, rule("end.draw" if state["variant"] == "standard" else "constructed.end"), actor, cause)


def finish_turn(em, cause):
    """After the square: Ⅴ hand limit (a decision when 7+ cards), then the turn passes on."""
    if over(em):
        return
    seat = em.state["active"]
    extra = len(em.state["players"][seat]["hand"]) - HAND_LIMIT
    if len(em.state["players"][seat]["hand"]) > HAND_LIMIT:
        em.emit("StepEntered", {"step": "discard", "seat": seat, "count": extra}, rule("turn.hand-limit"), cause=cause)
        return
    end_turn(em, cause)


def end_turn(em, cause):
    seat = em.state["active"]
    v = em.emit("TurnEnded", {"seat": seat}, rule("turn.end"), cause=cause)
    start_turn(em, next_seat(em.state, seat), em.state["turn"] + 1, v)


def wait(em, step, seat, cause, **data):
    em.emit("StepEntered", {"step": step, "seat": seat, **data}, rule(STEP_RULE[step]), cause=cause)


STEP_RULE = {"land": "square.empty", "own": "square.own", "other": "square.other", "event": "square.event",
             "defend": "battle.defender", "invader_support": "ability.third-eye", "refill": "money.refill",
             "discard": "turn.hand-limit"}
