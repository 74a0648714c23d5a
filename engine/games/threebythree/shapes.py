"""Checks of an action's JSON shape shared by every action handler."""
from engine.core import IllegalAction
from engine.core.i18n import Catalog
from engine.games.threebythree.rulebook import rule

_, ngettext = Catalog.of("threebythree").functions()


def card_ids(value, what) -> list:
    """A list of card ids, or IllegalAction naming the field."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise IllegalAction(rule("actions"), _("%(what)s must be a list of card ids", what=what))
    return value


def echo(value) -> str:
    """What a message may repeat of what the seat sent, cut to 40 characters (never huge junk)."""
    return str(value)[:40]
