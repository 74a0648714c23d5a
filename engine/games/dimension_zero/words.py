"""Small phrases shared by the log, the choice protocol and the card text, in the caller's language
(engine/core/i18n.py; Japanese in locale/ja, with the rulebooks' words: glossary.json): lists of names
and the colours of energy (000 カードのコスト: 有色エネルギー, 無色エネルギー)."""
from engine.core.i18n import Catalog, N_

_, ngettext = Catalog.of("dimension_zero").functions()

COLOURS = {"W": N_("white"), "U": N_("blue"), "R": N_("red"), "G": N_("green"), "K": N_("black"),
           "X": N_("any colour")}


def colour(key: str) -> str:
    return _(COLOURS[key]) if key in COLOURS else key


def joined(items) -> str:
    """"A, B, C" ("A、B、C")."""
    items = [str(i) for i in items]
    head = items[0] if items else ""
    for item in items[1:]:
        head = _("%(first)s, %(next)s", first=head, next=item)
    return head


def listing(items) -> str:
    """"A", "A and B", "A, B and C" ("AとB", "A、BとC")."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s", items=joined(items[:-1]), last=items[-1])
