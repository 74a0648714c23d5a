"""Bespoke effects: the cards the small vocabulary cannot say (each registered as one effect name).

play_again (幻想風靡 / 熱かい悩む神の火), masquerade (奇術「ミスディレクション」), lookout
(魂魄妖夢), rebuild (上白沢慧音), oracle (古明地さとり), catacombs (火焔猫燐), tournament (五つの難題).
"""
from engine.games.shisoroku.cards import CARDS, DUCHY, PROVINCE
from engine.games.shisoroku.moves import gain, play_card, trash
from engine.games.shisoroku.run import draw, from_deck, fx_frames, op, shuffle
from engine.games.shisoroku.state import cost, in_turn_order, owned_anywhere
from engine.games.shisoroku.vocabulary import effect


# ---- play an action card from your hand several times ----------------------------------------

@effect("play_again")
def _play_again(run, f, fx):
    """幻想風靡 (King's Court): you may play an action from your hand 3 times. 霊烏路空 (Procession): a
    non-duration action twice, trash it, gain an action costing exactly 1 more."""
    if not run.state["players"][f["seat"]]["hand"]:
        return
    run.ask([f["seat"]], "cards", {"op": "play_again_chosen", "seat": f["seat"], "card": f["card"], "fx": fx,
                                   "cause": f["cause"]},
            f["cause"], f"card.{f['card']}", zone="hand", purpose="play", min=0, max=1, types=["action"],
            exclude_types=fx["exclude_types"], source=f["card"])


@op("play_again_chosen")
def _play_again_chosen(run, f):
    if not f["answer"]:
        return
    card, seat = f["answer"][0], f["seat"]
    run.push({"op": "play_again_done", "seat": seat, "host": f["card"], "card": card, "fx": f["fx"],
              "cause": f["cause"], "before": len(run.state["players"][seat]["next_turn"])})
    for i in reversed(range(f["fx"]["times"])):
        run.push({"op": "replay", "seat": seat, "card": card, "host": f["card"], "from": "hand" if i == 0 else "play",
                  "cause": f["cause"]})


@op("replay")
def _replay(run, f):
    """Each play resolves completely before the next (アクションフェイズ l.47); no action is used."""
    play_card(run, f["seat"], f["card"], f["from"], False, f["cause"], f"card.{f['host']}")


@op("play_again_done")
def _play_again_done(run, f):
    s, seat, card, fx = run.state, f["seat"], f["card"], f["fx"]
    p = s["players"][seat]
    if fx["then_trash"]:
        then_gain = fx["then_gain"]
        run.push({"op": "fx", "seat": seat, "by": seat, "card": f["host"], "cause": f["cause"], "immune": [],
                  "fx": {"do": "gain_choice", "max": cost(s, card) + then_gain["plus"], "exact": then_gain["exact"],
                         "types": then_gain["types"], "to": "discard"}})
        if card in p["play"]:
            trash(run, seat, [card], "play", f["cause"], f"card.{f['host']}")
    elif len(p["next_turn"]) > f["before"] and s["stays"].count(f["host"]) < p["play"].count(f["host"]):
        # the card it played is a duration still to resolve: it stays in play with it (duration l.155-158)
        run.emit("CardStays", {"seat": seat, "card": f["host"]}, "duration", cause=f["cause"])


# ---- 奇術「ミスディレクション」 (Masquerade) ------------------------------------------------------

@effect("masquerade")
def _masquerade(run, f, fx):
    """Each player with cards in hand passes one to the next such player on the left, all at once;
    then you may trash a card from your hand."""
    s, by = run.state, f["by"]
    fx_frames(run, by, by, f["card"], [{"do": "trash_from_hand", "min": 0, "max": 1, "except": []}], f["cause"])
    seats = [t for t in in_turn_order(s, by) if s["players"][t]["hand"]]
    if seats:
        run.ask(seats, "cards", {"op": "masquerade_passed", "seats": seats, "cause": f["cause"]}, f["cause"],
                f"card.{f['card']}", zone="hand", purpose="pass", min=1, max=1, source=f["card"])


@op("masquerade_passed")
def _masquerade_passed(run, f):
    seats, answers = f["seats"], f["answers"]
    passes = [{"from": t, "to": seats[(i + 1) % len(seats)], "card": answers[i][0]} for i, t in enumerate(seats)]
    run.emit("CardsPassed", {"passes": passes}, "card.misdirection", cause=f["cause"])


# ---- 半分幻の庭師「魂魄妖夢」 (Lookout) ----------------------------------------------------------

@effect("lookout")
def _lookout(run, f, fx):
    """Look at the top 3 cards; trash one, discard one, put the other back on top."""
    if from_deck(run, f["seat"], 3, "CardsLookedAt", f["cause"], "look"):
        run.push({"op": "lookout_step", "stage": "trash", "seat": f["seat"], "card": f["card"], "cause": f["cause"]})


@op("lookout_step")
def _lookout_step(run, f):
    looking = run.state["players"][f["seat"]]["looking"]
    if not looking:
        return
    if f["stage"] == "back":
        run.emit("CardsPutOnDeck", {"seat": f["seat"], "cards": list(looking), "from": "looking"}, "look",
                 cause=f["cause"])
        return
    then = {**f, "op": "lookout_chosen"}
    if len(looking) == 1:                      # how many are left is public: no choice to make
        run.push({**then, "answer": [looking[0]]})
    else:
        run.ask([f["seat"]], "cards", then, f["cause"], "card.youmu", zone="looking", purpose=f["stage"],
                min=1, max=1, source=f["card"])


@op("lookout_chosen")
def _lookout_chosen(run, f):
    if f["stage"] == "trash":
        run.push({**f, "op": "lookout_step", "stage": "discard"})
        trash(run, f["seat"], f["answer"], "looking", f["cause"])
    else:
        run.push({**f, "op": "lookout_step", "stage": "back"})
        run.emit("CardsDiscarded", {"seat": f["seat"], "cards": f["answer"], "from": "looking"}, "discard",
                 cause=f["cause"])


# ---- 歴史喰い「上白沢慧音」 (Rebuild) ------------------------------------------------------------

@effect("rebuild")
def _rebuild(run, f, fx):
    run.ask([f["seat"]], "name", {"op": "rebuild_named", "seat": f["seat"], "card": f["card"], "cause": f["cause"]},
            f["cause"], "card.keine", source=f["card"])


@op("rebuild_named")
def _rebuild_named(run, f):
    """Reveal until a Victory card not named (reshuffling as for draws, l.127), discard the rest,
    trash it, gain a Victory card costing up to 3 more."""
    seat, named = f["seat"], f["answer"]
    found = None
    while True:
        deck = run.state["players"][seat]["deck"]
        idx = next((i for i, c in enumerate(deck) if c != named and CARDS[c].is_("victory")), None)
        if idx is not None:
            found = deck[idx]
            run.emit("CardsRevealed", {"seat": seat, "cards": deck[:idx + 1], "from": "deck"}, "reveal", cause=f["cause"])
            break
        if deck:
            run.emit("CardsRevealed", {"seat": seat, "cards": list(deck), "from": "deck"}, "reveal", cause=f["cause"])
        if not shuffle(run, seat, f["cause"], "reveal"):
            break
    rest = list(run.state["players"][seat]["revealed"])
    if found:
        rest.remove(found)
    if rest:
        run.emit("CardsDiscarded", {"seat": seat, "cards": rest, "from": "revealed"}, "discard", cause=f["cause"])
    if found:
        run.push({"op": "fx", "seat": seat, "by": seat, "card": f["card"], "cause": f["cause"], "immune": [],
                  "fx": {"do": "gain_choice", "max": cost(run.state, found) + 3, "types": ["victory"], "to": "discard"}})
        trash(run, seat, [found], "revealed", f["cause"])


# ---- 怨霊も恐れ怯む少女「古明地さとり」 (Oracle) -------------------------------------------------

@effect("oracle")
def _oracle(run, f, fx):
    """Each player (you too, then in turn order) reveals the top 2 cards of their deck; you choose:
    they discard them, or put them back in an order they choose."""
    by = f["by"]
    targets = [t for t in in_turn_order(run.state, by) if t == by or t not in f["immune"]]
    for t in reversed(targets):
        run.push({"op": "oracle_player", "target": t, "by": by, "card": f["card"], "cause": f["cause"]})


@op("oracle_player")
def _oracle_player(run, f):
    if from_deck(run, f["target"], 2, "CardsRevealed", f["cause"], "reveal", {"from": "deck"}):
        run.ask([f["by"]], "mode", {**f, "op": "oracle_mode"}, f["cause"], "card.satori", options=["discard", "back"],
                count=1, source=f["card"], **{"for": f["target"]})


@op("oracle_mode")
def _oracle_mode(run, f):
    t = f["target"]
    revealed = list(run.state["players"][t]["revealed"])
    if f["answer"] == ["discard"]:
        run.emit("CardsDiscarded", {"seat": t, "cards": revealed, "from": "revealed"}, "discard", cause=f["cause"])
    elif len(set(revealed)) > 1:
        run.ask([t], "cards", {"op": "put_back", "seat": t, "cause": f["cause"]}, f["cause"], "card.satori",
                zone="revealed", purpose="order", min=len(revealed), max=len(revealed), source=f["card"])
    else:
        run.emit("CardsPutOnDeck", {"seat": t, "cards": revealed, "from": "revealed"}, "reveal", cause=f["cause"])


@op("put_back")
def _put_back(run, f):
    run.emit("CardsPutOnDeck", {"seat": f["seat"], "cards": f["answer"], "from": "revealed"}, "reveal",
             cause=f["cause"])


# ---- 地獄の輪禍「火焔猫燐」 (Catacombs) ----------------------------------------------------------

@effect("catacombs")
def _catacombs(run, f, fx):
    """Look at the top 3 cards: put them into your hand, or discard them and draw 3."""
    if from_deck(run, f["seat"], 3, "CardsLookedAt", f["cause"], "look"):
        run.ask([f["seat"]], "mode", {"op": "catacombs_mode", "seat": f["seat"], "cause": f["cause"]}, f["cause"],
                "card.rin", options=["hand", "discard"], count=1, source=f["card"])


@op("catacombs_mode")
def _catacombs_mode(run, f):
    seat = f["seat"]
    looking = list(run.state["players"][seat]["looking"])
    if f["answer"] == ["hand"]:
        run.emit("CardsPutInHand", {"seat": seat, "cards": looking, "from": "looking"}, "card.rin", cause=f["cause"])
    else:
        v = run.emit("CardsDiscarded", {"seat": seat, "cards": looking, "from": "looking"}, "discard", cause=f["cause"])
        draw(run, seat, 3, v)


# ---- 五つの難題 (Tournament) -------------------------------------------------------------------

@effect("tournament")
def _tournament(run, f, fx):
    """Each player (you first) may reveal a 6-VP card from hand. If you do, discard it and gain a prize
    or a 3-VP card onto your deck. If no one else does, +1 card and +1 coin."""
    order = in_turn_order(run.state, f["by"]) if owned_anywhere(run.state, PROVINCE) else []
    run.push({"op": "tournament_ask", "by": f["by"], "card": f["card"], "cause": f["cause"], "order": order,
              "revealed": []})


@op("tournament_ask")
def _tournament_ask(run, f):
    if f["order"]:
        run.ask([f["order"][0]], "cards", {**f, "op": "tournament_answer"}, f["cause"], "card.nandai", zone="hand",
                purpose="reveal", min=0, max=1, only=[PROVINCE], source=f["card"])
        return
    by = f["by"]
    if not [t for t in f["revealed"] if t != by]:
        fx_frames(run, by, by, f["card"], [{"do": "cards", "n": 1}, {"do": "coins", "n": 1}], f["cause"])
    if by in f["revealed"]:
        run.push({"op": "tournament_prize", "by": by, "card": f["card"], "cause": f["cause"]})


@op("tournament_answer")
def _tournament_answer(run, f):
    t = f["order"][0]
    revealed = f["revealed"]
    if f["answer"]:
        run.emit("CardsRevealed", {"seat": t, "cards": [PROVINCE], "from": "hand"}, "card.nandai", cause=f["cause"])
        revealed = revealed + [t]
    run.push({**f, "op": "tournament_ask", "order": f["order"][1:], "revealed": revealed})


@op("tournament_prize")
def _tournament_prize(run, f):
    by, s = f["by"], run.state
    v = run.emit("CardsDiscarded", {"seat": by, "cards": [PROVINCE], "from": "hand"}, "card.nandai", cause=f["cause"])
    options = list(s["prizes"]) + ([DUCHY] if s["supply"].get(DUCHY, 0) > 0 else [])
    then = {"op": "prize_chosen", "by": by, "cause": v}
    if len(options) == 1:
        run.push({**then, "answer": options[0]})
    elif options:
        run.ask([by], "gain", then, v, "card.nandai", options=options, source=f["card"])


@op("prize_chosen")
def _prize_chosen(run, f):
    source = "prizes" if f["answer"] in run.state["prizes"] else "supply"
    gain(run, f["by"], f["answer"], "deck", f["cause"], source=source)
