"""Playing, buying, gaining and trashing, with what each triggers, in the seed's order.

- Buying (購入時効果と獲得時効果 l.177-181): 1 buy, 2 when-bought effects (the card's own and
  reactions to the buy, in the order the buyer picks), 3 gain, 4 when-gained effects.
- Gaining (「獲得する」 l.113-115, l.171-173): one card at a time; a reaction may stop a gain
  (幽冥の住人チーム), and a gain that did not happen triggers nothing.
- Trashing (廃棄時効果 l.185-189): the trashed card's own effect and reactions to the trash first
  (either order, the owner picks), then the effect of the card that trashed it.
- Attacks (リアクションカード l.149-151, 複数人が効果を受けるカード l.162): before an attack
  resolves, each other player in turn order may reveal a reaction; 幽明結界 in play shields.

A reaction window opens whenever a copy of a reaction card could be in the player's hand as far as
the table can tell (some copy has left its pile), never because of what the hand holds: waiting
for a seat must not tell the others what it holds (rule kifu.waiting).
"""
from engine.games.shisoroku.cards import CARDS, SILVER
from engine.games.shisoroku.run import fx_frames, op
from engine.games.shisoroku.state import others_in_turn_order, owned_anywhere, unaffected

REACTORS = {}
for _cid, _c in CARDS.items():
    if _c.reaction:
        REACTORS.setdefault(_c.reaction["when"], []).append(_cid)


def live_reactions(state, when) -> list:
    """Reaction cards for ``when`` that some player might hold (public facts only)."""
    return [c for c in REACTORS.get(when, ()) if owned_anywhere(state, c)]


# ---- playing -------------------------------------------------------------------------------

def play_card(run, seat, card, from_zone, uses_action, cause, rule_id="action.play") -> int:
    v = run.emit("CardPlayed", {"seat": seat, "card": card, "from": from_zone, "uses_action": uses_action},
                 rule_id, seat=seat if cause is None else None, cause=cause)
    c = CARDS[card]
    if c.is_("attack"):
        run.push({"op": "attack_reactions", "by": seat, "card": card, "cause": v, "immune": [],
                  "targets": others_in_turn_order(run.state, seat)})
    else:
        fx_frames(run, seat, seat, card, c.play, v)
    return v


@op("attack_reactions")
def _attack_reactions(run, f):
    """Each other player, in turn order, may reveal a reaction to the attack; then it resolves."""
    targets = f["targets"]
    live = live_reactions(run.state, "attack")
    while targets:
        t = targets[0]
        if unaffected(run.state, t):
            f = {**f, "targets": targets[1:], "immune": f["immune"] + [t]}
        elif live:
            run.ask([t], "react", {**f, "op": "attack_reacted"}, f["cause"], "reaction",
                    when="attack", cards=live, source=f["card"], by=f["by"])
            return
        else:
            f = {**f, "targets": targets[1:]}
        targets = f["targets"]
    fx_frames(run, f["by"], f["by"], f["card"], CARDS[f["card"]].play, f["cause"], f["immune"])


@op("attack_reacted")
def _attack_reacted(run, f):
    t, rest = f["targets"][0], f["targets"][1:]
    immune = f["immune"]
    if f["answer"] is not None:
        run.emit("CardsRevealed", {"seat": t, "cards": [f["answer"]], "from": "hand"}, "reaction", cause=f["cause"])
        immune = immune + [t]
    run.push({"op": "attack_reactions", "by": f["by"], "card": f["card"], "cause": f["cause"],
              "immune": immune, "targets": rest})


# ---- simultaneous triggers: the player picks the order (seed l.157, l.186) -------------------

@op("triggers")
def _triggers(run, f):
    items = f["items"]
    if not items:
        return
    labels = list(dict.fromkeys(i["label"] for i in items))
    if len(labels) == 1:
        run.push({**f, "items": items[1:]})
        run.push(items[0]["frame"])
        return
    run.ask([f["seat"]], "order", {**f, "op": "trigger_chosen"}, f["cause"], f["rule"], options=labels)


@op("trigger_chosen")
def _trigger_chosen(run, f):
    items = f["items"]
    i = next(k for k, item in enumerate(items) if item["label"] == f["answer"])
    run.push({**f, "op": "triggers", "items": items[:i] + items[i + 1:]})
    run.push(items[i]["frame"])


@op("fxlist")
def _fxlist(run, f):
    fx_frames(run, f["seat"], f["by"], f["card"], f["fx"], f["cause"])


# ---- buying --------------------------------------------------------------------------------

def buy(run, seat, card, price):
    """1 buy, 2 when-bought effects, 3 gain, 4 when-gained effects (l.177-181)."""
    v = run.emit("CardBought", {"seat": seat, "card": card, "cost": price}, "buy.buy", seat=seat)
    run.push({"op": "gain", "seat": seat, "card": card, "to": "discard", "from": "supply", "cause": v,
              "after": None, "react": True, "rule": "buy-order"})
    items = []
    if CARDS[card].on_buy:
        items.append({"label": card, "frame": {"op": "fxlist", "seat": seat, "by": seat, "card": card,
                                                "fx": CARDS[card].on_buy, "cause": v}})
    if CARDS[card].is_("victory"):
        for r in live_reactions(run.state, "buy_victory"):
            items.append({"label": r, "frame": {"op": "react_window", "seat": seat, "when": "buy_victory",
                                                 "card": r, "cause": v, "subject": card}})
    run.push({"op": "triggers", "seat": seat, "items": items, "cause": v, "rule": "on-buy"})


# ---- gaining -------------------------------------------------------------------------------

def gain(run, seat, card, to, cause, after=None, source="supply", react=True):
    """Queue a gain (it may wait on a reaction). ``after`` (a frame) learns what was gained."""
    run.push({"op": "gain", "seat": seat, "card": card, "to": to, "from": source, "cause": cause,
              "after": after, "react": react, "rule": "gain"})


@op("gain")
def _gain(run, f):
    s = run.state
    card, seat = f["card"], f["seat"]
    available = s["supply"].get(card, 0) > 0 if f["from"] == "supply" else card in s["prizes"]
    if not available:
        run.emit("NothingGained", {"seat": seat, "card": card, "reason": "pile empty"}, "on-gain", cause=f["cause"])
        if f["after"]:
            run.push({**f["after"], "gained": None})
        return
    if f["react"] and card != SILVER:
        live = live_reactions(s, "would_gain")
        if live:
            run.ask([seat], "react", {**f, "op": "gain_reacted"}, f["cause"], "reaction",
                    when="would_gain", cards=live, gaining=card)
            return
    v = run.emit("CardGained", {"seat": seat, "card": card, "to": f["to"], "from": f["from"]}, f["rule"],
                 cause=f["cause"])
    if f["after"]:
        run.push({**f["after"], "gained": card})
    on_gain = CARDS[card].on_gain
    if on_gain:
        fx_frames(run, seat, seat, card, on_gain, v)


@op("gain_reacted")
def _gain_reacted(run, f):
    if f["answer"] is None:
        run.push({**f, "op": "gain", "react": False})
        return
    seat = f["seat"]
    v = run.emit("CardsRevealed", {"seat": seat, "cards": [f["answer"]], "from": "hand"}, "reaction", cause=f["cause"])
    run.emit("GainReplaced", {"seat": seat, "card": f["card"], "by": f["answer"], "instead": SILVER}, "on-gain", cause=v)
    run.push({**f, "op": "gain", "card": SILVER, "to": "discard", "from": "supply", "cause": v, "react": False})


# ---- trashing ------------------------------------------------------------------------------

def trash(run, seat, cards, zone, cause, rule_id="trash") -> int:
    """Trash ``cards`` (from the hand all at once); queue each card's triggers on top of the stack."""
    v = run.emit("CardsTrashed", {"seat": seat, "cards": list(cards), "from": zone}, rule_id, cause=cause)
    for c in reversed(cards):
        run.push({"op": "trashed", "seat": seat, "card": c, "cause": v})
    return v


@op("trashed")
def _trashed(run, f):
    """廃棄時効果 1: the card's own effect (1-1) and reactions to the trash (1-2), in the owner's order."""
    seat, card, v = f["seat"], f["card"], f["cause"]
    items = []
    if CARDS[card].on_trash:
        items.append({"label": card, "frame": {"op": "fxlist", "seat": seat, "by": seat, "card": card,
                                                "fx": CARDS[card].on_trash, "cause": v}})
    for r in live_reactions(run.state, "trashed"):
        items.append({"label": r, "frame": {"op": "react_window", "seat": seat, "when": "trashed", "card": r,
                                             "cause": v, "subject": card}})
    if items:
        run.push({"op": "triggers", "seat": seat, "items": items, "cause": v, "rule": "trash-order"})


# ---- reactions in your own turn's windows: trashed, buy_victory ------------------------------

@op("react_window")
def _react_window(run, f):
    run.ask([f["seat"]], "react", {**f, "op": "reacted"}, f["cause"], "reaction",
            when=f["when"], cards=[f["card"]], subject=f["subject"])


@op("reacted")
def _reacted(run, f):
    if f["answer"] is None:
        return
    seat, card, v = f["seat"], f["answer"], f["cause"]
    effect = CARDS[card].reaction
    if effect["effect"] == "discard_self_gain":              # 星熊勇儀: discard it, gain a 御神酒
        v = run.emit("CardsDiscarded", {"seat": seat, "cards": [card], "from": "hand"}, "reaction", cause=v)
        run.push({**f, "op": "react_window"})                 # any number, one at a time (l.151)
        gain(run, seat, effect["card"], "discard", v)
    elif effect["effect"] == "trash_self":                    # 地霊潜む風穴: trash it
        trash(run, seat, [card], "hand", v, "reaction")
