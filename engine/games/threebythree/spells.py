"""The spell phase: removal (2.1), enhancement (2.2) and counters (2.3), checked and enumerated."""
from itertools import combinations, permutations, product

from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.threebythree.cards import DECK, TUNING_VALUES
from engine.games.threebythree.rulebook import rule
from engine.games.threebythree.shapes import echo
from engine.games.threebythree.state import has_trait, other

_, ngettext = Catalog.of("threebythree").functions()

MAX_COMBINED = 200      # legal_actions lists every one-target spell, then multi-target ones up to this


def value(card_id: str, as_map: dict):
    """The number a card shows when used as a spell: its cost, 調律's chosen value, None for 呪文砕き."""
    kind = DECK[card_id].kind
    if kind == "tuning":
        return as_map[card_id]
    if kind == "spellbreaker":
        return None
    return DECK[card_id].cost


def _check_cards(state, seat, spells, used):
    hand = state["players"][seat]["hand"]
    for sp in spells:
        cards, as_map = sp["with"], sp["as"]
        for c in cards:
            if c not in hand:
                raise IllegalAction(rule("actions"), _("card %(card)s is not in your hand", card=echo(c)))
            if c in used:
                raise IllegalAction(rule("2.0.simultaneous"), _("card %(card)s is used twice", card=c))
            used.add(c)
            if DECK[c].kind == "tuning" and as_map.get(c) not in TUNING_VALUES:
                raise IllegalAction(rule("card.調律"), _("調律 %(card)s needs its value: \"as\": {\"%(card)s\": 1|2|3}",
                                                       card=c))
        for c in as_map:
            if c not in cards or DECK[c].kind != "tuning":
                raise IllegalAction(rule("card.調律"), _("only a 調律 used in this spell takes a value (\"as\" names %(card)s)",
                                                       card=echo(c)))


def check_targets(state, spells, owner):
    seen = set()
    for sp in spells:
        t = sp["target"]
        if t not in state["players"][owner]["units"]:
            raise IllegalAction(rule("actions"), _("%(card)s is not a unit on your field", card=echo(t))
                                if owner == state["active"] else
                                _("%(card)s is not a unit on the opponent's field", card=echo(t)))
        if t in seen or t in state["flags"]["targeted"]:
            raise IllegalAction(rule("2.0.once-per-target"), _("%(card)s is already the target of a spell this turn",
                                                               card=t))
        seen.add(t)


def check_removal(state, seat, spells):
    check_targets(state, spells, other(seat))
    _check_cards(state, seat, spells, set())
    for sp in spells:
        cards, cost = sp["with"], DECK[sp["target"]].cost
        if any(DECK[c].kind == "spellbreaker" for c in cards):
            raise IllegalAction(rule("card.呪文砕き"), _("呪文砕き can only counter, not remove"))
        total = sum(value(c, sp["as"]) for c in cards)
        if len(cards) == 1 and total != cost:
            raise IllegalAction(rule("2.1.single"), _("one-card removal needs cost %(cost)s exactly; %(card)s counts %(total)s",
                                                      cost=cost, card=cards[0], total=total))
        if len(cards) == 2 and total < cost:
            raise IllegalAction(rule("2.1.double"), _("two-card removal needs costs adding up to %(cost)s; %(first)s+%(second)s make %(total)s",
                                                      cost=cost, first=cards[0], second=cards[1], total=total))


def enhancement(state, target, card, as_map):
    """(amount, gives 透過) for enhancing ``target`` with ``card``, or raise IllegalAction."""
    if has_trait(state, target, "強化不可"):
        raise IllegalAction(rule("trait.強化不可"), _("%(card)s has 強化不可 and cannot be enhanced", card=target))
    kind = DECK[card].kind
    if kind == "spellbreaker":
        raise IllegalAction(rule("card.呪文砕き"), _("呪文砕き can only counter, not enhance"))
    if kind == "unit" and has_trait(state, card, "透化"):
        return 0, True
    if kind == "tuning":
        return as_map[card], False
    if DECK[card].colour != DECK[target].colour:
        raise IllegalAction(rule("2.2"), _("%(card)s (%(colour)s) is not the colour of %(target)s (%(target_colour)s)",
                                           card=card, colour=DECK[card].colour, target=target, target_colour=DECK[target].colour))
    return DECK[card].cost, False


def check_enhance(state, seat, spells):
    check_targets(state, spells, seat)
    _check_cards(state, seat, spells, set())
    for sp in spells:
        if len(sp["with"]) != 1:
            raise IllegalAction(rule("2.2"), _("an enhancement uses exactly one card"))
        enhancement(state, sp["target"], sp["with"][0], sp["as"])


def counter_target(pending) -> dict:
    spell = pending["spells"][pending["index"]]
    return spell["chain"][-1] if spell["chain"] else spell


def _pair_ok(c, c_as, t, t_as) -> bool:
    if DECK[t].kind == "spellbreaker":
        return DECK[c].kind == "spellbreaker"
    if DECK[c].kind == "spellbreaker":
        return True
    return value(c, c_as) == value(t, t_as)


def counters(cards, as_map, top) -> bool:
    """Same count and same numbers as the spell it answers (呪文砕き: any number)."""
    if len(cards) != len(top["with"]):
        return False
    return any(all(_pair_ok(c, as_map, t, top["as"]) for c, t in zip(p, top["with"]))
               for p in permutations(cards))


def check_counter(state, seat, cards, as_map):
    top = counter_target(state["pending"])
    _check_cards(state, seat, [{"with": cards, "as": as_map}], set())
    if len(cards) != len(top["with"]):
        raise IllegalAction(rule("2.3"), _("a counter needs exactly %(count)s card(s), as many as the spell it answers",
                                           count=len(top["with"])))
    if not counters(cards, as_map, top):
        if any(DECK[t].kind == "spellbreaker" for t in top["with"]):
            raise IllegalAction(rule("card.呪文砕き"), _("only 呪文砕き can counter a 呪文砕き"))
        raise IllegalAction(rule("2.3"), _("a counter needs cards with exactly the same numbers as the spell it answers"))


# ---- enumeration for legal_actions -------------------------------------------------------------

def _tuned(cards, fix):
    return {c: fix for c in cards if DECK[c].kind == "tuning"}


def removal_options(state, seat, target) -> list:
    hand = sorted(c for c in state["players"][seat]["hand"] if DECK[c].kind != "spellbreaker")
    cost = DECK[target].cost
    out = []
    for c in hand:
        if DECK[c].kind == "tuning":
            if cost in TUNING_VALUES:
                out.append({"target": target, "with": [c], "as": {c: cost}})
        elif DECK[c].cost == cost:
            out.append({"target": target, "with": [c]})
    for a, b in combinations(hand, 2):
        as_map = _tuned((a, b), 3)
        if value(a, as_map) + value(b, as_map) >= cost:
            out.append({"target": target, "with": [a, b], **({"as": as_map} if as_map else {})})
    return out


def enhance_options(state, seat, target) -> list:
    if has_trait(state, target, "強化不可"):
        return []
    out = []
    for c in sorted(state["players"][seat]["hand"]):
        as_map = _tuned((c,), 3)
        try:
            enhancement(state, target, c, as_map)
        except IllegalAction:
            continue
        out.append({"target": target, "with": [c], **({"as": as_map} if as_map else {})})
    return out


def combined(per_target: list) -> list:
    """One-target spells, then spells on several targets at once with no card used twice."""
    singles = [[o] for opts in per_target for o in opts]
    multi = []
    if len(per_target) > 1:
        for choice in product(*[[None] + opts for opts in per_target]):
            spells = [o for o in choice if o is not None]
            if len(spells) < 2:
                continue
            cards = [c for o in spells for c in o["with"]]
            if len(cards) == len(set(cards)):
                multi.append(spells)
                if len(multi) >= MAX_COMBINED:
                    break
    return singles + multi


def counter_options(state, seat) -> list:
    top = counter_target(state["pending"])
    n = len(top["with"])
    out = []
    for cards in combinations(sorted(state["players"][seat]["hand"]), n):
        for perm in permutations(cards):
            as_map, ok = {}, True
            for c, t in zip(perm, top["with"]):
                if DECK[c].kind == "tuning" and DECK[t].kind not in ("spellbreaker", "tuning") and DECK[t].cost in TUNING_VALUES:
                    as_map[c] = DECK[t].cost
                elif DECK[c].kind == "tuning" and DECK[t].kind == "tuning":
                    as_map[c] = top["as"][t]
                elif DECK[c].kind == "tuning":
                    ok = False
                    break
                if not _pair_ok(c, as_map, t, top["as"]):
                    ok = False
                    break
            if ok:
                out.append({"type": "counter", "with": list(cards), **({"as": as_map} if as_map else {})})
                break
    return out
