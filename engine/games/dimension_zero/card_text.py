"""Each ディメンション・ゼロ card's text, told from its data (cards.json) in the caller's language: kind,
timing, costs, power and smash, race and keywords, then each ability with its mark (★ static, ◆ trigger,
● activated, ○ strategy, ☆ play, the plan zone's, 隊列召喚) and one phrase per effect name of effects.py's
vocabulary; last, the facts kifu designed (``provenance``), marked as such (「kifu による設計」), never
told as printed. Japanese follows the rulebooks' card notation (000 テキストシンボル: ●[コスト]《タイミング》,
『』 for a zone's text). Served as ``text`` in describe()."""
from engine.core.i18n import Catalog, N_
from engine.games.dimension_zero.cards import FIELDS
from engine.games.dimension_zero.words import colour, joined, listing

_, ngettext = Catalog.of("dimension_zero").functions()

KINDS = {"unit": N_("Unit"), "base": N_("Base"), "strategy": N_("Strategy")}
TIMINGS = {"normal": N_("normal timing"), "quick": N_("quick"), "battle": N_("battle timing")}
WHEN = {"enters": N_("When this enters a square"), "leaves_to_grave": N_("When this goes to the graveyard"),
        "end_of_your_turn": N_("At the end of your turn")}
TARGETS = {"unit": N_("a unit"), "enemy_unit": N_("an enemy unit"), "own_unit": N_("a unit of yours"),
           "other_unit": N_("another unit")}
CONDITIONS = {"attacked_before_first_damage": N_("only when this is attacked, before the first damage"),
              "frozen_on_square": N_("if this is frozen on a square")}
ZONES = {"square": N_("on a square"), "graveyard": N_("from the graveyard"), "hand": N_("from the hand")}
FACTS = {"name": N_("name"), "colours": N_("colours"), "timing": N_("timing"), "cost": N_("cost"),
         "move": N_("move cost"), "power": N_("power"), "smash": N_("smash"), "race": N_("race"),
         "keywords": N_("keywords"), "abilities": N_("abilities")}


def cost(c: dict | None) -> str:
    if not c:
        return _("free")
    return " + ".join(_("%(n)s %(colour)s", n=n, colour=colour(k)) for k, n in c.items())


def _target(a) -> str:
    return _(TARGETS[a["target"]]) if a.get("target") in TARGETS else _("it")


def _signed(n: int) -> str:
    return f"{n:+}"


def _races(e) -> str:
    races = [str(r) for r in e.get("races", [])]
    head = races[0] if races else ""
    for race in races[1:]:
        head = _("%(first)s or %(next)s", first=head, next=race)
    return head


EFFECTS = {
    "damage": lambda e, a: _("deal %(n)s damage to %(target)s", n=e["amount"], target=_target(a)),
    "power": lambda e, a: _("%(target)s gets %(amount)s power until the end of the turn", target=_target(a),
                            amount=_signed(e["amount"])),
    "draw": lambda e, a: ngettext("draw %(n)s card", "draw %(n)s cards", e["n"]),
    "freeze": lambda e, a: _("freeze %(target)s", target=_target(a)),
    "untargetable": lambda e, a: _("%(target)s cannot be targeted this turn", target=_target(a)),
    "random_discard_opponent": lambda e, a: _("the opponent discards a card at random"),
    "move_self_adjacent": lambda e, a: _("move this to an empty adjacent square"),
    "put_unit": lambda e, a: _("you may put a %(races)s unit of cost %(n)s or less from your hand onto a square",
                               races=_races(e), n=e.get("max_cost")),
    "energy_from_deck": lambda e, a: _("put your deck's top card into your energy zone"),
    "damage_equal_power": lambda e, a: _("deal damage equal to this unit's power to %(target)s", target=_target(a)),
    "destroy_or_power": lambda e, a: _("destroy %(target)s if its cost is %(n)s or less, else it gets %(amount)s power",
                                       target=_target(a), n=e["max_cost"], amount=_signed(e["amount"])),
    "redirect_to_smash": lambda e, a: _("if %(target)s would go to the graveyard this turn, it goes to its owner's "
                                        "smash zone instead", target=_target(a)),
    "move_onto_source": lambda e, a: _("you may move %(target)s onto this unit's square", target=_target(a)),
    "place_self_base": lambda e, a: _("put this onto an empty base square of yours"),
    "destroy_if_cost": lambda e, a: _("destroy %(target)s if its cost is %(n)s or less", target=_target(a),
                                      n=e["max_cost"]),
    "place_self_unit": lambda e, a: _("put this onto an empty square of your area"),
}
STATICS = {
    "power_in_area": lambda a: _("In the centre this has +%(centre)s power; in the enemy area +%(enemy)s",
                                 centre=a["centre"], enemy=a["enemy"]),
    "area_as_own_released": lambda a: _("Units may be played onto the squares of this unit's row as if they were "
                                        "your own area, and enter released"),
    "damage_reduction_line": lambda a: _("Damage to units in this line is reduced by %(amount)s", amount=a["amount"]),
    "untargetable_by_opponent": lambda a: _("This cannot be targeted by your opponent's effects"),
    "opponent_unit_cost": lambda a: _("Your opponent's units cost %(n)s less for effects that read it",
                                      n=abs(a["amount"])),
    "own_units_power": lambda a: _("Your units get +%(amount)s power", amount=a["amount"]),
    "free_battle_if_opponent_smash": lambda a: _("If your opponent has %(n)s or more smash cards, play this at "
                                                 "battle timing for free", n=a["at_least"]),
}


def _effects(a: dict) -> str:
    told = [EFFECTS[e["do"]](e, a) for e in a.get("effects", [])]
    head = told[0] if told else ""
    for effect in told[1:]:
        head = _("%(first)s; %(next)s", first=head, next=effect)
    return head


def ability(a: dict) -> str:
    kind = a["type"]
    if kind == "static":
        return _("★ %(text)s.", text=STATICS[a["do"]](a))
    if kind == "zone":
        return _("In the plan zone: %(text)s.", text=STATICS[a["do"]](a))
    if kind == "play":
        return _("☆ %(text)s.", text=STATICS[a["do"]](a))
    if kind == "formation":
        return _("隊列召喚 (%(kind)s): for %(cost)s, may enter the centre square of a line where your unit stands "
                 "in your own area.", kind=a["kind"], cost=cost(a.get("cost")))
    effects = _effects(a)
    if kind == "strategy":
        return _("○ %(effects)s.", effects=effects[:1].upper() + effects[1:])
    if kind == "trigger":
        when = _(WHEN[a["when"]]) if a.get("when") in WHEN else _("When triggered")
        if a.get("condition"):
            return _("◆ %(when)s, %(condition)s: %(effects)s.", when=when, condition=_(CONDITIONS[a["condition"]]),
                     effects=effects)
        return _("◆ %(when)s: %(effects)s.", when=when, effects=effects)
    if kind == "activated":
        c = a.get("cost") or {}
        paid = cost(c.get("energy"))
        if c.get("freeze_self"):
            paid = _("%(cost)s, freeze this", cost=paid)
        where = _(ZONES[a["zone"]]) if a.get("zone") in ZONES else ""
        timing = _(TIMINGS[a["timing"]]) if a.get("timing") in TIMINGS else ""
        told = _("● %(cost)s, %(timing)s, %(zone)s (%(condition)s): %(effects)s.", cost=paid, timing=timing,
                 zone=where, condition=_(CONDITIONS[a["condition"]]), effects=effects) if a.get("condition") else \
            _("● %(cost)s, %(timing)s, %(zone)s: %(effects)s.", cost=paid, timing=timing, zone=where, effects=effects)
        if a.get("pact"):
            told += " " + _("盟約 with %(names)s.", names=listing(a["pact"]))
        return told
    return effects


def designed(card: dict) -> str | None:
    """The facts kifu designed that the card has, told as such ("Designed by kifu: power, smash.")."""
    has = [f for f in FIELDS if card.get(f) not in (None, [], {}, "")]
    facts = [f for f in has if (card.get("provenance") or {}).get(f) == "designed"]
    if not facts:
        return None
    if facts == has:
        return _("Designed by kifu: every fact of this card.")
    return _("Designed by kifu: %(facts)s.", facts=joined(_(FACTS[f]) for f in facts))


def text(card: dict) -> str:
    timing = _(TIMINGS[card["timing"]]) if card["timing"] in TIMINGS else card["timing"]
    facts = [_(KINDS[card["kind"]]) if card["kind"] in KINDS else card["kind"], timing,
             _("cost %(cost)s", cost=cost(card.get("cost")))]
    if card.get("move"):
        facts.append(_("move %(cost)s", cost=cost(card["move"])))
    if card.get("power") is not None:
        facts.append(_("power %(n)s", n=card["power"]))
    if card.get("smash"):
        facts.append(_("smash %(n)s", n=card["smash"]))
    if card.get("race"):
        facts.append(card["race"])
    head = _("%(facts)s.", facts=" · ".join(facts))
    keywords = [_("%(keyword)s.", keyword=k) for k in card.get("keywords") or []]
    marked = designed(card)
    return " ".join([head, *keywords, *(ability(a) for a in card.get("abilities") or []),
                     *([marked] if marked else [])])
