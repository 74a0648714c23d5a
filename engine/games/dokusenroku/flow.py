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


# The two readings of the end (README.md "The end of the game"): the match option ``end``.
DECK_OUT = "deck-out"        # the game ends the moment a deck runs out (山札がなくなったタイミング): default
EMPTY_DRAW = "empty-draw"    # the game ends when a draw finds the deck empty (matches of card set kifu.1)
END_RULES = (DECK_OUT, EMPTY_DRAW)


def end_rule(state) -> str:
    """The match's reading of the end; a state folded from events that do not name one is kifu.1's."""
    return state.get("end", EMPTY_DRAW)


def draw(em, seat, count, rule_id, cause) -> bool:
    """Draw ``count`` cards one by one; False when the game ended (a draw from an empty deck, or, under
    ``deck-out``, the draw that took the deck's last card)."""
    for _ in range(count):
        if not deck_of(em.state, seat):
            end_game(em, seat, cause)
            return False
        pile = pile_index(em.state, seat)
        em.emit("CardDrawn", {"seat": seat, "pile": pile, "card": em.state["piles"][pile]["deck"][0]},
                rule(rule_id), cause=cause)
        if ran_out(em, seat, cause):
            return False
    return True


def ran_out(em, seat, cause, actor=None) -> bool:
    """``deck-out``: the moment ``seat``'s deck is empty (a draw or a search took its last card) the game
    ends (勝利条件, 追加ルール ~ゲーム終了条件~ 山札がなくなったタイミングで終了)."""
    if end_rule(em.state) != DECK_OUT or deck_of(em.state, seat) or over(em):
        return False
    end_game(em, seat, cause, actor)
    return True


def end_game(em, seat, cause, actor=None):
    """勝利条件: the deck ran out (deck-out) or the player who had to draw found it empty (empty-draw);
    the highest total assets win, ties share."""
    state = em.state
    totals = [assets(state, s) for s in range(len(state["players"]))]
    best = max(totals)
    rule_id = "constructed.end" if state["variant"] != "standard" else \
        "end.deck-out" if end_rule(state) == DECK_OUT else "end.draw"
    em.emit("GameEnded", {
        "reason": "deck", "trigger": seat, "assets": totals,
        "money": [p["money"] for p in state["players"]],
        "winners": [s for s, a in enumerate(totals) if a == best],
    }, rule(rule_id), actor, cause)


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
