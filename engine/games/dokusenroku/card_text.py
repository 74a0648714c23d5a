"""Each 東方独占録 card's text, told from its data (cards.json): a character's cost, attack and HP, its
abilities (each with its rule from rulebook.py and its numbers) and what it gives as a support; a
spell's cost, target and effect; the カリスマ card's support. Served as ``text`` in describe();
``provenance`` says which facts are designed, and the text says so too (every card's numbers are kifu's
design: no card list is public), never presenting them as printed.

A spell's effect is told in English by its ``text`` in cards.json (kifu's own wording) and in Japanese
from its effects (cards.EFFECTS), one sentence per effect in the rulebook's terms (スペルカード ②)."""
from engine.core.i18n import Catalog, N_, current
from engine.games.dokusenroku.board import RAW
from engine.games.dokusenroku.rulebook import RULES

_, ngettext = Catalog.of("dokusenroku").functions()

NAMES = {"first_strike": "先制攻撃", "jamming": "妨害", "third_eye": "第三の目", "fairy": "妖精", "assault": "強襲",
         "guard": "堅守", "terrain": "地の利", "breaker": "結界破り", "resurrect": "リザレクション", "bounty": "略奪"}
TARGETS = {"other": N_("Targets another player."), "own_land": N_("Targets one of your lands."),
           "other_land": N_("Targets another player's land.")}
NUMBERS = {"fairy": lambda a: _(" (+%(atk)s attack each)", atk=a["atk"]),
           "assault": lambda a: _(" (+%(atk)s attack)", atk=a["atk"]),
           "guard": lambda a: _(" (+%(hp)s HP)", hp=a["hp"]),
           "terrain": lambda a: _(" (%(area)s lands, +%(hp)s HP)", area=RAW["areas"][a["area"]]["name"], hp=a["hp"]),
           "bounty": lambda a: _(" (%(amount)s圓)", amount=a["amount"])}
EFFECTS = {      # the Japanese of a spell's effects (the English: its text in cards.json)
    "move_plus": lambda e: _("This turn you move the dice total + %(n)s.", n=e["n"]),
    "move_choose": lambda e: _("This turn you do not roll: you move the number of squares you choose, "
                               "%(min)s to %(max)s.", min=e["min"], max=e["max"]),
    "move_fixed": lambda e: ngettext("Another player's next move is exactly %(n)s square, without rolling.",
                                     "Another player's next move is exactly %(n)s squares, without rolling.", e["n"]),
    "level_up": lambda e: ngettext("Raise one of your lands by %(n)s level (max 5) without paying its investment.",
                                   "Raise one of your lands by %(n)s levels (max 5) without paying its investment.",
                                   e.get("levels", 1)),
    "level_down": lambda e: ngettext("Lower another player's land by %(n)s level (not below 1).",
                                     "Lower another player's land by %(n)s levels (not below 1).", e["levels"]),
    "burn": lambda e: _("Another player pays %(amount)s圓 to the bank (as much as they have).", amount=e["amount"]),
    "draw": lambda e: ngettext("Draw %(n)s card.", "Draw %(n)s cards.", e["count"]),
    "all_draw": lambda e: ngettext("Each player draws %(n)s card, you first, then in turn order.",
                                   "Each player draws %(n)s cards, you first, then in turn order.", e["count"]),
    "search": lambda e: _("Look through your deck (with the cards set aside by the deck-size adjustment put back) "
                          "and take a card of your choice into your hand; then shuffle and set aside again."),
    "discard_random": lambda e: ngettext("Another player discards %(n)s card at random.",
                                         "Another player discards %(n)s cards at random.", e["count"]),
    "tribute": lambda e: _("Each other player gives you %(amount)s圓 (as much as they have).", amount=e["amount"]),
    "take": lambda e: _("Another player gives you %(amount)s圓 (as much as they have).", amount=e["amount"]),
    "gain": lambda e: _("Gain %(amount)s圓.", amount=e["amount"]),
    "gain_per_land": lambda e: _("Gain %(amount)s圓 for each land you own.", amount=e["amount"]),
    "recover": lambda e: _("Take a character card from the graveyard (your own in constructed) into your hand."),
    "toll_half": lambda e: _("This turn, each toll you pay is halved (rounded up)."),
    "fine": lambda e: _("Pay %(amount)s圓 to the bank (as much as you have).", amount=e["amount"]),
}


def _ability(a: dict) -> str:
    do = a["do"]
    statement = RULES.get(f"ability.{do.replace('_', '-')}", ("", ""))[1]
    return _("【%(name)s】%(numbers)s: %(statement)s", name=NAMES.get(do, do),
             numbers=NUMBERS[do](a) if do in NUMBERS else "", statement=_(statement) if statement else "")


def _support(s: dict) -> str:
    if s["do"] == "atk":
        return _("+%(n)s attack", n=s["n"])
    if s["do"] == "hp":
        return _("+%(n)s HP", n=s["n"])
    return f"【{NAMES.get(s['do'], s['do'])}】"


def _effect(card: dict) -> list:
    if current() == "en" or not card.get("effects"):
        return [card["text"]] if card.get("text") else []
    told = [EFFECTS[e["do"]](e) for e in card["effects"]]
    return told + ([_("Does not count as your one spell of the turn.")] if card.get("free") else [])


def sentences(parts) -> str:
    """Sentences one after another ("A. B." / 「A。B。」: Japanese puts no space between them)."""
    parts = [p for p in parts if p]
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = _("%(first)s %(then)s", first=out, then=part)
    return out


def text(card: dict) -> str:
    designed = _("Its numbers and effects are designed by kifu.")
    if card["type"] == "spell":
        target = _(TARGETS[card["target"]]) if card.get("target") in TARGETS else ""
        return sentences([_("Spell · cost %(cost)s圓.", cost=card["cost"]), target, *_effect(card), designed])
    support = _("As a support: %(support)s.", support=_(", ").join(_support(s) for s in card.get("support") or [])
                or _("nothing"))
    if card["type"] == "charisma":
        return sentences([_("Support only · cost %(cost)s圓.", cost=card["cost"]), support, designed])
    head = _("Character · cost %(cost)s圓 · attack %(attack)s · HP %(hp)s.", cost=card["cost"],
             attack=card["attack"], hp=card["hp"])
    return sentences([head, *(_ability(a) for a in card.get("ability") or []), support, designed])
