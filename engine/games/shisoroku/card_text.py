"""Each 東方祀爭録 card's text, told from its data (cards.json): types and cost, what it plays as, its
VP, then its effects — one phrase per effect name of the vocabulary (vocabulary.py, effects.py, and
the few complex cards of complex_cards.py) — its reaction, when-bought / when-gained / when-trashed
effects and static rules. Served as ``text`` in describe(); ``provenance`` says which facts are
designed (which Dominion card a name plays as, costs, the 地霊 deck...)."""
from engine.core.narration import listing
from engine.games.shisoroku.cards import CARDS

TO = {"discard": "", "deck": " onto your deck", "hand": " into your hand"}


def _name(card_id) -> str:
    return CARDS[card_id].name if card_id in CARDS else str(card_id)


def _n(n, one, many=None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _gain(e) -> str:
    return f"gain {_name(e['card'])}{TO.get(e.get('to'), '')}"


def _remodel(e) -> str:
    how = "exactly" if e.get("exact") else "up to"
    return f"trash a card from your hand and gain a card costing {how} {e['plus']} more"


def _gain_choice(e) -> str:
    limit = "costing less than this" if e.get("below_self") else f"costing up to {e['max']}"
    by_type = ""
    if e.get("by_type"):
        by_type = "; if it is " + ", ".join(f"{'an' if t[0] in 'aeiou' else 'a'} {t} card, {phrases(fx)}"
                                            for t, fx in e["by_type"].items())
    return f"gain a card {limit}{TO.get(e.get('to'), '')}{by_type}"


def _choose(e) -> str:
    options = "; ".join(f"{k}: {phrases(fx)}" for k, fx in e["options"].items())
    who = "you choose" if e.get("by") == "self" else "each of them chooses"
    return f"{who} {e['count']} of — {options}"


EFFECTS = {
    "coins": lambda e: f"+{_n(e['n'], 'coin')}",
    "cards": lambda e: f"+{_n(e['n'], 'card')}",
    "actions": lambda e: f"+{_n(e['n'], 'action')}",
    "buys": lambda e: f"+{_n(e['n'], 'buy')}",
    "gain": _gain,
    "gain_choice": _gain_choice,
    "choose": _choose,
    "each_player": lambda e: f"you: {phrases(e['self'])}; each other player: {phrases(e['others'])}",
    "each_other": lambda e: f"each other player: {phrases(e['fx'])}",
    "duration": lambda e: f"at the start of your next turn: {phrases(e['fx'])}",
    "discard_top": lambda e: "discards the top card of their deck",
    "discard_down_to": lambda e: f"discards down to {e['n']} cards in hand",
    "discard_from_hand": lambda e: f"discards {_n(e['n'], 'card')}",
    "discard_hand": lambda e: "discard your hand" + (f"; if you did, {phrases(e['then'])}" if e.get("then") else ""),
    "trash_from_hand": lambda e: f"trash {e['min']}–{e['max']} cards from your hand"
                                 + (f" (not {listing(_name(x) for x in e['except'])})" if e.get("except") else "")
                                 + ("; reveal your hand if you cannot" if e.get("reveal_if_none") else ""),
    "trash_self": lambda e: "trash this",
    "victory_to_deck": lambda e: "puts a victory card from their hand onto their deck (or reveals a hand with none)",
    "play_again": lambda e: f"you may play an action card from your hand {_n(e['times'], 'time')}"
                            + (" (not a duration card)" if "duration" in e.get("exclude_types", []) else "")
                            + ("; then trash it and gain an action card costing exactly 1 more" if e.get("then_trash") else ""),
    "coins_per_action": lambda e: "+1 coin for each unused action",
    "deck_to_discard": lambda e: "put your deck into your discard pile",
    "remodel": _remodel,
    "masquerade": lambda e: "each player passes a card from their hand to the next player; then you may trash a card from your hand",
    "lookout": lambda e: "look at the top 3 cards of your deck: trash one, discard one, put one back",
    "rebuild": lambda e: "name a card; reveal cards from your deck until a victory card that is not the named one: "
                         "trash it and gain a victory card costing up to 3 more",
    "oracle": lambda e: "each player reveals the top 2 cards of their deck; you choose for each: discard them or put them back",
    "catacombs": lambda e: "look at the top 3 cards of your deck: put them into your hand, or discard them and +3 cards",
    "tournament": lambda e: "each player may reveal a 6-VP card; if you do, discard it and gain a prize or a 6-VP card "
                            "onto your deck; if nobody else does, +1 card and +1 coin",
    "trash_for_silvers": lambda e: f"trash a card from your hand and gain that many {_name('hounoumai')} as its cost",
}
REACTIONS = {
    "attack": "When another player plays an attack, you may reveal this from your hand",
    "trashed": "When you trash a card, you may discard this from your hand",
    "would_gain": "When you would gain a card, you may reveal this from your hand",
    "buy_victory": "When you buy a victory card",
}
REACTION_EFFECTS = {
    "unaffected": "to be unaffected by it",
    "discard_self_gain": lambda r: f"to gain {_name(r['card'])}",
    "gain_instead": lambda r: f"to gain {_name(r['card'])} instead",
    "trash_self": "you may trash this",
}
STATIC = {"unaffected_by_attacks": "While this is in play, other players' attacks do not affect you.",
          "costs_2_less": "While this is in play, cards cost 2 less (not below 0)."}


def phrases(effects) -> str:
    return "; ".join(EFFECTS[e["do"]](e) for e in effects)


def _reaction(r) -> str:
    effect = REACTION_EFFECTS.get(r["effect"], r["effect"])
    effect = effect(r) if callable(effect) else effect
    return f"{REACTIONS.get(r['when'], 'When it applies')}: {effect}."


def text(card: dict) -> str:
    parts = [f"{' / '.join(t.title() for t in card['types'])} · cost {card['cost']}"
             + (f" · plays as {card['plays_as']}" if card.get("plays_as") else "") + "."]
    if "vp" in card:
        parts.append(f"{card['vp']} VP.")
    if card.get("vp_per_cards"):
        parts.append(f"1 VP for every {card['vp_per_cards']} cards you own.")
    if card.get("play"):
        said = phrases(card["play"])
        parts.append(said[:1].upper() + said[1:] + ".")
    if card.get("reaction"):
        parts.append(_reaction(card["reaction"]))
    for key, when in (("on_buy", "When you buy this"), ("on_gain", "When you gain this"), ("on_trash", "When you trash this")):
        if card.get(key):
            parts.append(f"{when}: {phrases(card[key])}.")
    parts += [STATIC[s] for s in card.get("static", [])]
    if card.get("prizes"):
        parts.append(f"Prizes: {listing(_name(p) for p in card['prizes'])}.")
    return " ".join(parts)
