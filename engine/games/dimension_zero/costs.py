"""Paying costs (001 ch.2 Column コストの支払い, 000 カードのコスト): never on the stack.

Coloured energy is paid by freezing released energy-zone cards of that colour (a multicolour card
pays one of its colours); colourless by freezing any released energy- or smash-zone card.
"""
from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.secrets import echo
from engine.games.dimension_zero.state import card
from engine.games.dimension_zero.words import colour, joined

_, ngettext = Catalog.of("dimension_zero").functions()


def sources(state, seat, exclude=()) -> list:
    """Released cards that can pay: energy zone first, then smash zone (less ``exclude``: the cards a
    盟約 removes, under the ruling pact-pays "separate")."""
    p = state["players"][seat]
    return [c for c in p["energy"] + p["smash"] if c not in state["frozen"] and c not in exclude]


def _colours(state, seat, cid):
    return card(state, cid)["colours"] if cid in state["players"][seat]["energy"] else []


def _match(needs, cards, colours_of):
    """Assign each coloured need a distinct card of that colour (augmenting paths); None if impossible."""
    assigned = {}                        # card -> need index

    def augment(i, seen):
        for c in cards:
            if needs[i] in colours_of(c) and c not in seen:
                seen.add(c)
                if c not in assigned or augment(assigned[c], seen):
                    assigned[c] = i
                    return True
        return False

    for i in range(len(needs)):
        if not augment(i, set()):
            return None
    return assigned


def _needs(cost):
    return [col for col in sorted(k for k in cost if k != "X") for _n in range(cost[col])]


def check_payment(state, seat, cost: dict, pay) -> list:
    """The cards to freeze, or IllegalAction(cost)."""
    if not isinstance(pay, list) or not all(isinstance(c, str) for c in pay) or len(set(pay)) != len(pay):
        raise IllegalAction(rule("actions"), _('"pay" must be a list of different card ids'))
    usable = set(sources(state, seat))
    bad = [c for c in pay if c not in usable]
    if bad:
        raise IllegalAction(rule("cost.freeze"), _("%(id)s: not a released card of your energy or smash zone",
                                                   id=echo(bad[0])))
    total = sum(cost.values())
    if len(pay) != total:
        raise IllegalAction(rule("cost"), _("the cost %(cost)s needs exactly %(n)s cards, not %(given)s",
                                            cost=words(cost), n=total, given=len(pay)))
    if _match(_needs(cost), pay, lambda c: _colours(state, seat, c)) is None:
        raise IllegalAction(rule("cost"), _("%(cards)s cannot pay the coloured part of %(cost)s", cards=pay,
                                            cost=words(cost)))
    return list(pay)


def completable(state, seat, cost: dict, chosen: list, exclude=()) -> bool:
    """Whether the cards ``chosen`` so far (different, released, of this seat, not in ``exclude``) can
    be completed to a payment of ``cost``: the coloured needs matched to as many chosen cards as
    possible (augmenting paths keep a matched card matched), the rest of the chosen cards paying X."""
    avail = sources(state, seat, exclude)
    total = sum(cost.values())
    if len(set(chosen)) != len(chosen) or any(c not in avail for c in chosen) or len(chosen) > total \
            or len(avail) < total:
        return False
    needs = _needs(cost)
    assigned = {}

    def augment(i, seen, cards):
        for c in cards:
            if needs[i] in _colours(state, seat, c) and c not in seen:
                seen.add(c)
                if c not in assigned or augment(assigned[c], seen, cards):
                    assigned[c] = i
                    return True
        return False

    for i in range(len(needs)):
        augment(i, set(), chosen)
    for i in range(len(needs)):
        if i not in assigned.values() and not augment(i, set(), avail):
            return False
    outside = sum(1 for c in assigned if c not in chosen)
    return len(chosen) + outside <= total


def find_payment(state, seat, cost: dict, exclude=()):
    """One way to pay (single-colour cards before multicolour, smash before energy for colourless),
    without the cards of ``exclude``; None if there is none."""
    avail = sources(state, seat, exclude)
    if len(avail) < sum(cost.values()):
        return None
    energy = [c for c in avail if c in state["players"][seat]["energy"]]
    energy.sort(key=lambda c: (len(card(state, c)["colours"]), c))
    assigned = _match(_needs(cost), energy, lambda c: _colours(state, seat, c))
    if assigned is None:
        return None
    pay = sorted(assigned)
    rest = [c for c in avail if c not in assigned]
    rest.sort(key=lambda c: (c in state["players"][seat]["energy"], c))
    pay += rest[:cost.get("X", 0)]
    return sorted(pay) if len(pay) == sum(cost.values()) else None


def can_pay(state, seat, cost) -> bool:
    return find_payment(state, seat, cost) is not None


def words(cost: dict) -> str:
    """A cost as a player reads it: "3 energy (1 white, 2 of any colour)" (「エネルギー3（白1、無色2）」),
    never "W1 X2"."""
    total = sum(cost.values())
    if not total:
        return _("nothing")
    parts = [_("%(n)s %(colour)s", n=v, colour=colour(k)) for k, v in cost.items() if v and k != "X"]
    if cost.get("X"):
        parts.append(_("%(n)s of any colour", n=cost["X"]) if parts else _("any colour"))
    return _("%(total)s energy (%(parts)s)", total=total, parts=joined(parts))
