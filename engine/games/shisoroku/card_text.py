"""Each 東方祀爭録 card's text, told from its data (cards.json): types and cost, what it plays as, its
VP, then its effects — one phrase per effect name of the vocabulary (vocabulary.py, effects.py, and
the few complex cards of complex_cards.py) — its reaction, when-bought / when-gained / when-trashed
effects and static rules. Served as ``text`` in describe(); ``provenance`` says which facts are
designed (which Dominion card a name plays as, costs, the 地霊 deck...).

Every phrase is a message of the shisoroku catalog (engine/core/i18n.py): the Japanese in the
rulebook's words for card instructions (カードの指示 l.81-141: 「+Xカードを引く」「+Xアクション」
「+1カードを購入」, 獲得する, 廃棄する, 捨て札にする, 公開する, 見る)."""
from engine.core.i18n import N_, Catalog
from engine.games.shisoroku.narration import listing, name, zone

_, ngettext = Catalog.of("shisoroku").functions()

TYPES = {"action": N_("Action"), "attack": N_("Attack"), "reaction": N_("Reaction"), "duration": N_("Duration"),
         "treasure": N_("Treasure"), "victory": N_("Victory"), "curse": N_("Curse"), "shelter": N_("Shelter"),
         "prize": N_("Prize")}
A_CARD_OF = {"action": N_("an action card"), "treasure": N_("a treasure card"), "victory": N_("a victory card")}
REACTIONS = {
    "attack": N_("When another player plays an attack, you may reveal this from your hand"),
    "trashed": N_("When you trash a card, you may discard this from your hand"),
    "would_gain": N_("When you would gain a card, you may reveal this from your hand"),
    "buy_victory": N_("When you buy a victory card"),
}
STATIC = {"unaffected_by_attacks": N_("While this is in play, other players' attacks do not affect you."),
          "costs_2_less": N_("While this is in play, cards cost 2 less (not below 0).")}
WHEN = (("on_buy", N_("When you buy this: %(effects)s.")), ("on_gain", N_("When you gain this: %(effects)s.")),
        ("on_trash", N_("When you trash this: %(effects)s.")))


def _gain(e) -> str:
    to = e.get("to")
    if to == "deck":
        return _("gain %(card)s onto your deck", card=name(e["card"]))
    if to == "hand":
        return _("gain %(card)s into your hand", card=name(e["card"]))
    return _("gain %(card)s", card=name(e["card"]))


def _remodel(e) -> str:
    if e.get("exact"):
        return _("trash a card from your hand and gain a card costing exactly %(n)s more", n=e["plus"])
    return _("trash a card from your hand and gain a card costing up to %(n)s more", n=e["plus"])


def _gain_choice(e) -> str:
    limit = _("costing less than this") if e.get("below_self") else _("costing up to %(n)s", n=e["max"])
    to = e.get("to")
    said = [_("gain a card %(limit)s", limit=limit) if to in (None, "discard") else
            _("gain a card %(limit)s to %(place)s", limit=limit, place=zone(to))]
    said += [_("if it is %(kind)s, %(effects)s", kind=_(A_CARD_OF[t]) if t in A_CARD_OF else t, effects=phrases(fx))
             for t, fx in (e.get("by_type") or {}).items()]
    return _("; ").join(said)


def _choose(e) -> str:
    options = " ".join(_("[%(i)s] %(effects)s", i=i, effects=phrases(fx))
                       for i, fx in enumerate(e["options"].values(), start=1))
    if e.get("by") == "self":
        return _("you choose %(n)s of: %(options)s", n=e["count"], options=options)
    return _("each of them chooses %(n)s of: %(options)s", n=e["count"], options=options)


def _trash_from_hand(e) -> str:
    said = {"least": e["min"], "most": e["max"]}
    if e.get("except"):
        said = [_("trash %(least)s–%(most)s cards from your hand (not %(cards)s)",
                  cards=listing(name(x) for x in e["except"]), **said)]
    else:
        said = [_("trash %(least)s–%(most)s cards from your hand", **said)]
    if e.get("reveal_if_none"):
        said.append(_("reveal your hand if you cannot"))
    return _("; ").join(said)


def _play_again(e) -> str:
    n = e["times"]
    said = [ngettext("you may play an action card from your hand %(n)s time (not a duration card)",
                     "you may play an action card from your hand %(n)s times (not a duration card)", n)
            if "duration" in e.get("exclude_types", []) else
            ngettext("you may play an action card from your hand %(n)s time",
                     "you may play an action card from your hand %(n)s times", n)]
    if e.get("then_trash"):
        said.append(_("then trash it and gain an action card costing exactly 1 more"))
    return _("; ").join(said)


def _discard_hand(e) -> str:
    if e.get("then"):
        return _("discard your hand; if you did, %(effects)s", effects=phrases(e["then"]))
    return _("discard your hand")


EFFECTS = {
    "coins": lambda e: ngettext("+%(n)s coin", "+%(n)s coins", e["n"]),
    "cards": lambda e: ngettext("+%(n)s card", "+%(n)s cards", e["n"]),
    "actions": lambda e: ngettext("+%(n)s action", "+%(n)s actions", e["n"]),
    "buys": lambda e: ngettext("+%(n)s buy", "+%(n)s buys", e["n"]),
    "gain": _gain,
    "gain_choice": _gain_choice,
    "choose": _choose,
    "each_player": lambda e: _("you: %(mine)s; each other player: %(theirs)s", mine=phrases(e["self"]),
                               theirs=phrases(e["others"])),
    "each_other": lambda e: _("each other player: %(effects)s", effects=phrases(e["fx"])),
    "duration": lambda e: _("at the start of your next turn: %(effects)s", effects=phrases(e["fx"])),
    "discard_top": lambda e: _("discards the top card of their deck"),
    "discard_down_to": lambda e: _("discards down to %(n)s cards in hand", n=e["n"]),
    "discard_from_hand": lambda e: ngettext("discards %(n)s card", "discards %(n)s cards", e["n"]),
    "discard_hand": _discard_hand,
    "trash_from_hand": _trash_from_hand,
    "trash_self": lambda e: _("trash this"),
    "victory_to_deck": lambda e: _("puts a victory card from their hand onto their deck (or reveals a hand with none)"),
    "play_again": _play_again,
    "coins_per_action": lambda e: _("+1 coin for each unused action"),
    "deck_to_discard": lambda e: _("put your deck into your discard pile"),
    "remodel": _remodel,
    "masquerade": lambda e: _("each player passes a card from their hand to the next player; then you may trash a "
                              "card from your hand"),
    "lookout": lambda e: _("look at the top 3 cards of your deck: trash one, discard one, put one back"),
    "rebuild": lambda e: _("name a card; reveal cards from your deck until a victory card that is not the named one: "
                           "trash it and gain a victory card costing up to 3 more"),
    "oracle": lambda e: _("each player reveals the top 2 cards of their deck; you choose for each: discard them or "
                          "put them back"),
    "catacombs": lambda e: _("look at the top 3 cards of your deck: put them into your hand, or discard them and +3 "
                             "cards"),
    "tournament": lambda e: _("each player may reveal a 6-VP card; if you do, discard it and gain a prize or a 6-VP "
                              "card onto your deck; if nobody else does, +1 card and +1 coin"),
    "trash_for_silvers": lambda e: _("trash a card from your hand and gain that many %(card)s as its cost",
                                     card=name("hounoumai")),
}
REACTION_EFFECTS = {
    "unaffected": lambda r: _("to be unaffected by it"),
    "discard_self_gain": lambda r: _("to gain %(card)s", card=name(r["card"])),
    "gain_instead": lambda r: _("to gain %(card)s instead", card=name(r["card"])),
    "trash_self": lambda r: _("you may trash this"),
}


def phrases(effects) -> str:
    return _("; ").join(EFFECTS[e["do"]](e) for e in effects)


def _reaction(r) -> str:
    effect = REACTION_EFFECTS[r["effect"]](r) if r["effect"] in REACTION_EFFECTS else r["effect"]
    when = _(REACTIONS[r["when"]]) if r["when"] in REACTIONS else _("When it applies")
    return _("%(when)s: %(effect)s.", when=when, effect=effect)


def text(card: dict) -> str:
    types = " / ".join(_(TYPES[t]) if t in TYPES else t.title() for t in card["types"])
    parts = [_("%(types)s · cost %(cost)s · plays as %(card)s.", types=types, cost=card["cost"], card=card["plays_as"])
             if card.get("plays_as") else _("%(types)s · cost %(cost)s.", types=types, cost=card["cost"])]
    if "vp" in card:
        parts.append(_("%(vp)s VP.", vp=card["vp"]))
    if card.get("vp_per_cards"):
        parts.append(_("1 VP for every %(n)s cards you own.", n=card["vp_per_cards"]))
    if card.get("play"):
        said = phrases(card["play"])
        parts.append(_("%(effects)s.", effects=said[:1].upper() + said[1:]))
    if card.get("reaction"):
        parts.append(_reaction(card["reaction"]))
    for key, when in WHEN:
        if card.get(key):
            parts.append(_(when, effects=phrases(card[key])))
    parts += [_(STATIC[s]) for s in card.get("static", [])]
    if card.get("prizes"):
        parts.append(_("Prizes: %(cards)s.", cards=listing(name(p) for p in card["prizes"])))
    return " ".join(parts)
