"""The service's translations (issue 39; engine/core/i18n.py): the ``kifu`` domain, whose catalogs are
kept in service/locale. Every module of the service that says something to a player takes its
functions from here: ``from service.i18n import _, ngettext`` (error messages, notification texts,
sentences the service builds); operators' texts (the CLI, log lines) stay English."""
from engine.core.i18n import N_, Catalog

CATALOG = Catalog.of("kifu", __file__)
_, ngettext = CATALOG.functions()

__all__ = ["CATALOG", "N_", "_", "ngettext"]
