"""The effect vocabulary of cards.json: one handler per effect name (seed カードの指示 l.81-141).

A handler gets the frame (``seat``: the player the effect is for, ``by``: who played the card,
``card``: the card, ``cause``: the event that set it off, ``immune``: players an attack skips) and
the effect's data. Every effect name used in cards.json must have a handler here or in
complex_cards.py: the package checks the data when it loads (vocabulary.check_vocabulary), so an
unknown name fails then, not in the middle of a game.
"""
from engine.games.shisoroku.cards import CARDS, SILVER
from engine.games.shisoroku.moves import gain, trash
from engine.games.shisoroku.run import draw, from_deck, fx_frames, op
from engine.games.shisoroku.state import cost, in_turn_order, others_in_turn_order
from engine.games.shisoroku.vocabulary import EFFECTS, effect

@op("fx")
def _fx(run, f):
    fx = f["fx"]
    EFFECTS[fx["do"]](run, f, fx)


# ---- +X (l.83-101) --------------------------------------------------------------------------

@effect("cards")
def _cards(run, f, fx):
    draw(run, f["seat"], fx["n"], f["cause"])


def _add(kind, rule_id):
    def handler(run, f, fx):
        run.emit(kind, {"seat": f["seat"], "n": fx["n"]}, rule_id, cause=f["cause"])
    return handler


EFFECTS["actions"] = _add("ActionsAdded", "plus.actions")
EFFECTS["coins"] = _add("CoinsAdded", "plus.coins")
EFFECTS["buys"] = _add("BuysAdded", "plus.buys")


@effect("coins_per_action")
def _coins_per_action(run, f, fx):
    """仏の御石の鉢 (Diadem): +1 coin per action left unused."""
    run.emit("CoinsAdded", {"seat": f["seat"], "n": run.state["actions"]}, "plus.coins", cause=f["cause"])


def treasure_coins(state, card) -> int:
    """What a treasure adds when played: its ``coins`` and ``coins_per_action`` effects, counted at once
    (treasures are played in one event; cards.py allows treasures no other effect)."""
    total = 0
    for fx in CARDS[card].play:
        total += fx["n"] if fx["do"] == "coins" else state["actions"]
    return total


# ---- gaining (l.111-115) --------------------------------------------------------------------

@effect("gain")
def _gain(run, f, fx):
    gain(run, f["seat"], fx["card"], fx["to"], f["cause"])


def gain_options(state, fx, source_card) -> list:
    """Supply cards that ``gain_choice`` may take now (costs as they are now)."""
    if fx.get("below_self"):
        limit, exact = cost(state, source_card) - 1, False
    else:
        limit, exact = fx["max"], fx.get("exact", False)
    types = fx.get("types")
    out = []
    for card, left in state["supply"].items():
        if left <= 0:
            continue
        c = cost(state, card)
        if (c == limit if exact else c <= limit) and (not types or any(CARDS[card].is_(t) for t in types)):
            out.append(card)
    return out


@effect("gain_choice")
def _gain_choice(run, f, fx):
    """Gain a card the player picks among those that fit (a public choice: asked only with 2+ options)."""
    options = gain_options(run.state, fx, f["card"])
    then = {"op": "gain_chosen", "seat": f["seat"], "to": fx.get("to", "discard"), "cause": f["cause"],
            "card": f["card"], "by_type": fx.get("by_type")}
    if len(options) == 1:
        run.push({**then, "answer": options[0]})
    elif options:
        run.ask([f["seat"]], "gain", then, f["cause"], "gain", options=options, source=f["card"])
    else:
        run.emit("NothingGained", {"seat": f["seat"], "card": None, "reason": "no card fits"}, "action.possible",
                 cause=f["cause"])


@op("gain_chosen")
def _gain_chosen(run, f):
    after = None
    if f.get("by_type"):
        after = {"op": "by_type", "seat": f["seat"], "card": f["card"], "by_type": f["by_type"], "cause": f["cause"]}
    gain(run, f["seat"], f["answer"], f["to"], f["cause"], after=after)


@op("by_type")
def _by_type(run, f):
    """河城にとり: each type of the gained card that is named gives its bonus (seed l.166-167: both if both)."""
    gained = f["gained"]
    if gained is None:
        return
    for kind in reversed(list(f["by_type"])):
        if CARDS[gained].is_(kind):
            fx_frames(run, f["seat"], f["seat"], f["card"], f["by_type"][kind], f["cause"])


# ---- trashing (l.117-121) -------------------------------------------------------------------

@effect("trash_self")
def _trash_self(run, f, fx):
    if f["card"] in run.state["players"][f["seat"]]["play"]:
        trash(run, f["seat"], [f["card"]], "play", f["cause"], f"card.{f['card']}")


@effect("trash_from_hand")
def _trash_from_hand(run, f, fx):
    hand = run.state["players"][f["seat"]]["hand"]
    allowed = [c for c in hand if c not in fx["except"]]
    if not allowed:
        if fx.get("reveal_if_none") and hand:
            run.emit("CardsRevealed", {"seat": f["seat"], "cards": list(hand), "from": "hand"}, f"card.{f['card']}",
                     cause=f["cause"])
        return
    run.ask([f["seat"]], "cards", {"op": "hand_trashed", "seat": f["seat"], "card": f["card"], "cause": f["cause"]},
            f["cause"], "trash", zone="hand", purpose="trash", min=fx["min"], max=fx["max"], source=f["card"],
            **({"except": fx["except"]} if fx["except"] else {}))


@op("hand_trashed")
def _hand_trashed(run, f):
    if f["answer"]:
        trash(run, f["seat"], f["answer"], "hand", f["cause"])


@effect("remodel")
def _remodel(run, f, fx):
    """Trash a card from your hand, gain one costing up to (or exactly) its cost + plus."""
    if not run.state["players"][f["seat"]]["hand"]:
        return
    then = {"op": "remodel_trashed", "seat": f["seat"], "card": f["card"], "cause": f["cause"], "fx": fx}
    run.ask([f["seat"]], "cards", then, f["cause"], "trash", zone="hand", purpose="trash",
            min=0 if fx.get("optional") else 1, max=1, source=f["card"])


@op("remodel_trashed")
def _remodel_trashed(run, f):
    if not f["answer"]:
        return
    fx, trashed = f["fx"], f["answer"][0]
    limit = cost(run.state, trashed) + fx["plus"]
    run.push({"op": "fx", "seat": f["seat"], "by": f["seat"], "card": f["card"], "cause": f["cause"], "immune": [],
              "fx": {"do": "gain_choice", "max": limit, "exact": fx["exact"], "types": fx.get("types"), "to": "discard"}})
    trash(run, f["seat"], [trashed], "hand", f["cause"])     # its triggers resolve before the gain (l.185-189)


@effect("trash_for_silvers")
def _trash_for_silvers(run, f, fx):
    """幽冥の住人チーム (Trader): trash a card from your hand, gain a 奉納米 per coin of its cost."""
    if not run.state["players"][f["seat"]]["hand"]:
        return
    run.ask([f["seat"]], "cards", {"op": "trashed_for_silvers", "seat": f["seat"], "card": f["card"],
                                   "cause": f["cause"]},
            f["cause"], "trash", zone="hand", purpose="trash", min=1, max=1, source=f["card"])


@op("trashed_for_silvers")
def _trashed_for_silvers(run, f):
    trashed = f["answer"][0]
    n = cost(run.state, trashed)
    for _ in range(n):
        gain(run, f["seat"], SILVER, "discard", f["cause"])
    trash(run, f["seat"], [trashed], "hand", f["cause"])


# ---- discarding (l.103-109) -----------------------------------------------------------------

def _ask_discard(run, f, n):
    run.ask([f["seat"]], "cards", {"op": "hand_discarded", "seat": f["seat"], "cause": f["cause"]}, f["cause"],
            "discard", zone="hand", purpose="discard", min=n, max=n, source=f["card"])


@op("hand_discarded")
def _hand_discarded(run, f):
    run.emit("CardsDiscarded", {"seat": f["seat"], "cards": f["answer"], "from": "hand"}, "discard", cause=f["cause"])


@effect("discard_down_to")
def _discard_down_to(run, f, fx):
    size = len(run.state["players"][f["seat"]]["hand"])
    if size > fx["n"]:
        _ask_discard(run, f, size - fx["n"])


@effect("discard_from_hand")
def _discard_from_hand(run, f, fx):
    hand = run.state["players"][f["seat"]]["hand"]
    if len(hand) > fx["n"]:
        _ask_discard(run, f, fx["n"])
    elif hand:
        run.emit("CardsDiscarded", {"seat": f["seat"], "cards": list(hand), "from": "hand"}, "discard", cause=f["cause"])


@effect("discard_hand")
def _discard_hand(run, f, fx):
    """永夜返し (Tactician): discard your hand; only if a card was discarded does the rest follow."""
    hand = run.state["players"][f["seat"]]["hand"]
    if not hand:
        return
    v = run.emit("CardsDiscarded", {"seat": f["seat"], "cards": list(hand), "from": "hand"}, "discard", cause=f["cause"])
    fx_frames(run, f["seat"], f["by"], f["card"], fx["then"], v)


@effect("discard_top")
def _discard_top(run, f, fx):
    from_deck(run, f["seat"], 1, "CardsDiscarded", f["cause"], "discard", {"from": "deck"})


@effect("deck_to_discard")
def _deck_to_discard(run, f, fx):
    """Put your whole deck into your discard pile (捨て札に置く, l.106): turned over, its bottom card on top."""
    deck = run.state["players"][f["seat"]]["deck"]
    if deck:
        run.emit("CardsDiscarded", {"seat": f["seat"], "cards": list(deck), "from": "deck", "put": True},
                 "discard.put", cause=f["cause"])


@effect("victory_to_deck")
def _victory_to_deck(run, f, fx):
    """想起「テリブルスーヴニール」 (Bureaucrat) on another player: a Victory card from hand onto the deck,
    or reveal a hand without one."""
    hand = run.state["players"][f["seat"]]["hand"]
    if any(CARDS[c].is_("victory") for c in hand):
        run.ask([f["seat"]], "cards", {"op": "hand_to_deck", "seat": f["seat"], "cause": f["cause"]}, f["cause"],
                f"card.{f['card']}", zone="hand", purpose="reveal_to_deck", min=1, max=1, types=["victory"],
                source=f["card"])
    elif hand:
        run.emit("CardsRevealed", {"seat": f["seat"], "cards": list(hand), "from": "hand"}, f"card.{f['card']}",
                 cause=f["cause"])


@op("hand_to_deck")
def _hand_to_deck(run, f):
    run.emit("CardsPutOnDeck", {"seat": f["seat"], "cards": f["answer"], "from": "hand", "revealed": True},
             "reveal", cause=f["cause"])


# ---- durations (持続カード l.153-158) ----------------------------------------------------------

@effect("duration")
def _duration(run, f, fx):
    """Set the next-turn effects; the card stays in play until the clean-up of the turn they resolve in."""
    s = run.state
    card, p = f["card"], s["players"][f["seat"]]
    stays = [card] if s["stays"].count(card) < p["play"].count(card) else []
    run.emit("DurationSet", {"seat": f["seat"], "card": card, "fx": fx["fx"], "stays": stays}, "duration",
             cause=f["cause"])


# ---- several players (複数人が効果を受けるカード l.162) -----------------------------------------

@effect("each_other")
def _each_other(run, f, fx):
    targets = [t for t in others_in_turn_order(run.state, f["by"]) if t not in f["immune"]]
    for t in reversed(targets):
        fx_frames(run, t, f["by"], f["card"], fx["fx"], f["cause"])


@effect("each_player")
def _each_player(run, f, fx):
    for t in reversed(in_turn_order(run.state, f["by"])):
        fx_frames(run, t, f["by"], f["card"], fx["self"] if t == f["by"] else fx["others"], f["cause"])


@effect("choose")
def _choose(run, f, fx):
    chooser = f["by"] if fx["by"] == "self" else f["seat"]
    run.ask([chooser], "mode", {**f, "op": "mode_chosen"}, f["cause"], f"card.{f['card']}",
            options=list(fx["options"]), count=fx["count"], source=f["card"], **({"for": f["seat"]}
                                                                                 if chooser != f["seat"] else {}))


@op("mode_chosen")
def _mode_chosen(run, f):
    """The chosen options resolve in the order the card lists them."""
    options = f["fx"]["options"]
    for label in reversed([k for k in options if k in f["answer"]]):
        fx_frames(run, f["seat"], f["by"], f["card"], options[label], f["cause"])
