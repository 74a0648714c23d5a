"""The turn (ゲームの進行とフェイズ): start with durations, action phase, buy phase, clean-up, and the
end of the game, checked only when a turn ends (ゲームの終了条件 and *3)."""
from engine.games.shisoroku.cards import CARDS, COLONY, PROVINCE
from engine.games.shisoroku.run import draw, fx_frames, op
from engine.games.shisoroku.state import all_cards, empty_piles


def start_turn(run, seat, cause):
    v = run.emit("TurnStarted", {"seat": seat, "turn": run.state["turn"] + 1}, "turn.order", cause=cause)
    if run.state["players"][seat]["next_turn"]:
        run.push({"op": "durations", "seat": seat, "cause": v})


@op("durations")
def _durations(run, f):
    """Duration effects set last turn resolve now, in the order their owner picks (持続カード l.157)."""
    entries = run.state["players"][f["seat"]]["next_turn"]
    if not entries:
        return
    labels = list(dict.fromkeys(e["card"] for e in entries))
    then = {"op": "duration_start", "seat": f["seat"], "cause": f["cause"]}
    run.push(f)                                   # what is left afterwards
    if len(labels) == 1:
        run.push({**then, "answer": labels[0]})
    else:
        run.ask([f["seat"]], "order", then, f["cause"], "duration", options=labels)


@op("duration_start")
def _duration_start(run, f):
    entries = run.state["players"][f["seat"]]["next_turn"]
    index = next(i for i, e in enumerate(entries) if e["card"] == f["answer"])
    fx = entries[index]["fx"]
    v = run.emit("DurationResolved", {"seat": f["seat"], "index": index, "card": f["answer"]}, "duration", cause=f["cause"])
    fx_frames(run, f["seat"], f["seat"], f["answer"], fx, v)


def settle(run, cause):
    """With nothing left to resolve: an action phase with no action left ends by itself (l.49)."""
    s = run.state
    if s["phase"] == "action" and s["actions"] <= 0 and s["pending"] is None:
        run.emit("PhaseStarted", {"phase": "buy"}, "action.end", cause=cause)


def cleanup_order(state, seat, top=None) -> list:
    """Bottom to top: the hand all at once, then the cards leaving play one by one in the order they
    were played; ``top`` (any of them) is put last, so the player picks the public top card (l.74)."""
    p = state["players"][seat]
    leaving = list(p["play"])
    for c in state["stays"]:
        leaving.remove(c)
    order = list(p["hand"]) + list(p["carried"]) + leaving
    if top is not None:
        order.remove(top)
        order.append(top)
    return order


def end_turn(run, seat, top):
    s = run.state
    v = run.emit("CleanedUp", {"seat": seat, "order": cleanup_order(s, seat, top), "stays": list(s["stays"])},
                 "cleanup", seat=seat)
    draw(run, seat, 5, v, "draw.cleanup")
    v = run.emit("TurnEnded", {"seat": seat}, "turn.order", cause=v)
    if not check_end(run, v):
        start_turn(run, (seat + 1) % s["seats"], v)


def end_reasons(state) -> list:
    """ゲームの終了条件 1-3 (the prizes are no supply pile, *4)."""
    reasons = []
    if state["supply"].get(PROVINCE) == 0:
        reasons.append("6vp-pile")
    if len(empty_piles(state)) >= 3:
        reasons.append("3-piles")
    if state["supply"].get(COLONY) == 0:
        reasons.append("10vp-pile")
    return reasons


def score(player) -> int:
    cards = all_cards(player)
    total = 0
    for c in cards:
        card = CARDS[c]
        total += card.vp + (len(cards) // card.vp_per_cards if card.vp_per_cards else 0)
    return total


def ending(s) -> tuple[dict, str] | None:
    """GameEnded's data and rule if the game ends now (a turn has just ended), else None."""
    reasons = end_reasons(s)
    if not reasons:
        return None
    scores = [score(p) for p in s["players"]]
    turns = [p["turns"] for p in s["players"]]
    best = max(scores)
    tied = [i for i, x in enumerate(scores) if x == best]
    fewest = min(turns[i] for i in tied)
    winners = [i for i in tied if turns[i] == fewest]
    return ({"reasons": reasons, "scores": scores, "turns": turns, "winners": winners,
             "winner": winners[0] if len(winners) == 1 else None, "shared": len(winners) > 1,
             "by": "score" if len(tied) == 1 else "fewer turns" if len(winners) == 1 else "shared win"},
            "score" if len(tied) == 1 else "tie")


def check_end(run, cause) -> bool:
    ended = ending(run.state)
    if ended is None:
        return False
    run.emit("GameEnded", ended[0], ended[1], cause=cause)
    return True
