"""Each 3x3Wars card's text, told from its data (cards.json): a unit's colour, cost and traits (each
trait with its rule from rulebook.py), a magic card's requirement, condition, effects (one phrase per
effect name of magic.py's vocabulary), traits and grand magic. Served as ``text`` in describe(), in the
caller's language (the Japanese in the manual's words: 必要魔力, 発動条件, 大魔術 ...). The card's
``provenance`` says which facts are designed; the text says it too, last ("Designed by kifu, not
printed: …", 「kifu による設計」), so no designed fact reads as printed."""
from engine.core.i18n import Catalog, N_
from engine.games.threebythree.cards import RAW
from engine.games.threebythree.rulebook import RULES, statement

_, ngettext = Catalog.of("threebythree").functions()

CONDITIONS = {"main_phase": N_("Only in your main phase."),
              "discard_3_units": N_("Condition: discard 3 different unit cards from your hand.")}


def _destroy_unit(e) -> str:
    if e.get("max_cost") and e.get("user_loses_cost"):
        return _("Destroy an opposing unit of cost %(cost)s or less; you lose life equal to its cost.",
                 cost=e["max_cost"])
    if e.get("max_cost"):
        return _("Destroy an opposing unit of cost %(cost)s or less.", cost=e["max_cost"])
    if e.get("user_loses_cost"):
        return _("Destroy an opposing unit; you lose life equal to its cost.")
    return _("Destroy an opposing unit.")


EFFECTS = {
    "damage": lambda e: _("Deal %(amount)s damage to the opponent.", amount=e["amount"]),
    "draw": lambda e: ngettext("Draw %(n)s card.", "Draw %(n)s cards.", e["count"]),
    "discard": lambda e: ngettext("Then discard %(n)s card.", "Then discard %(n)s cards.", e["count"]),
    "destroy_unit": _destroy_unit,
    "destroy_all": lambda e: _("Destroy every unit of cost %(cost)s or less.", cost=e["max_cost"]),
    "return_unit": lambda e: _("Return an opposing unit of cost %(cost)s or less to its owner's hand.",
                               cost=e["max_cost"]),
    "territory_bonus": lambda e: _("+%(amount)s territory this turn.", amount=e["amount"]),
    "increase_power": lambda e: _("Your units get +%(amount)s power this turn.", amount=e["amount"]),
    "decrease_power": lambda e: _("Opposing units get −%(amount)s power this turn.", amount=e["amount"]),
    "increase_unit": lambda e: _("One of your units gets +%(amount)s power (増加).", amount=e["amount"]),
    "enhance_units": lambda e: _("Enhance %(count)s of your units by +%(amount)s.", count=e["count"],
                                 amount=e["amount"]),
    "no_block": lambda e: _("An opposing unit does not defend this turn."),
    "expose_magic": lambda e: _("Turn one of the opponent's face-down magic cards face up."),
    "territory_from_deck": lambda e: _("The deck's top card becomes one of your territories."),
    "random_discard": lambda e: _("The opponent discards a card at random."),
    "extra_deploy": lambda e: _("Deploy one more unit (cost up to your territories)."),
}
MANIFEST = {"pierce_walls": N_("While face up, your 透過 attacks are not blocked by 双壁.")}
KINDS = {"tuning": "card.調律", "spellbreaker": "card.呪文砕き"}
FIELDS = {"name": N_("the name"), "colour": N_("the colour"), "cost": N_("the cost"), "traits": N_("the traits"),
          "attribute": N_("the attribute"), "requirement": N_("the requirement"), "condition": N_("the condition"),
          "effects": N_("the effects"), "manifest": N_("the 顕在 effect"), "grand_magic": N_("the grand magic")}


def _rule(rule_id: str) -> str:
    return statement(rule_id) if rule_id in RULES else ""


def _trait(name: str) -> str:
    said = _rule(f"trait.{name}") or _rule(f"magic.{name}") or RAW["trait_text"].get(name, {}).get("text", "")
    if RAW["trait_text"].get(name, {}).get("provenance") == "designed":
        said = _("%(text)s (designed by kifu)", text=said)
    return _("%(name)s: %(text)s", name=name, text=said) if said else name


def _requirement(req: dict) -> str:
    total = sum(req.values())
    if not total:
        return _("No requirement.")
    coloured = _(", ").join(_("%(count)s %(colour)s", count=n, colour=c) for c, n in req.items() if c != "any")
    if coloured:
        return ngettext("Needs %(n)s unit on the fields (%(coloured)s among them).",
                        "Needs %(n)s units on the fields (%(coloured)s among them).", total, coloured=coloured)
    return ngettext("Needs %(n)s unit on the fields.", "Needs %(n)s units on the fields.", total)


def _designed(card: dict) -> str | None:
    """The facts kifu designed (cards.json provenance), said as such: they are never printed text."""
    designed = [_(FIELDS[f]) for f, how in (card.get("provenance") or {}).items() if how == "designed" and f in FIELDS]
    return _("Designed by kifu, not printed: %(facts)s.", facts=_(", ").join(designed)) if designed else None


def _sentences(parts) -> str:
    """Sentences one after another, each closed ("A. B." / 「A。B。」)."""
    closed = [p if p.endswith((".", "。")) else _("%(sentence)s.", sentence=p) for p in parts if p]
    text = closed[0] if closed else ""
    for p in closed[1:]:
        text = _("%(text)s %(sentence)s", text=text, sentence=p)
    return text


def deck_text(card: dict) -> str:
    if card["kind"] in KINDS:
        return _sentences([_rule(KINDS[card["kind"]]), _designed(card)])
    parts = [_("Unit · %(colour)s · cost %(cost)s.", colour=card["colour"], cost=card["cost"])]
    parts += [_trait(t) for t in card["traits"]]
    return _sentences(parts + [_designed(card)])


def _grand(grand: str) -> str:
    said = _rule(f"grand.{grand.lstrip('★')}") or RAW["grand_magic"].get(grand, {}).get("text", "")
    return _("Grand magic %(name)s: %(text)s", name=grand, text=said)


def magic_text(card: dict) -> str:
    attribute = card.get("attribute")
    parts = [_("Magic of %(attribute)s.", attribute=attribute) if attribute else _("Magic.")]
    parts.append(_requirement(card.get("requirement") or {}))
    if card.get("condition"):
        parts.append(_(CONDITIONS[card["condition"]]) if card["condition"] in CONDITIONS else card["condition"])
    parts += [EFFECTS[e["do"]](e) for e in card["effects"]]
    if card.get("manifest"):
        manifest = card["manifest"]
        parts.append(_("顕在: %(text)s", text=_(MANIFEST[manifest]) if manifest in MANIFEST else manifest))
    parts += [_trait(t) for t in card.get("traits", []) if t != "顕在"]
    if card.get("grand_magic"):
        parts.append(_grand(card["grand_magic"]))
    return _sentences(parts + [_designed(card)])


def text(card: dict) -> str:
    return magic_text(card) if card["type"] == "magic" else deck_text(card)
