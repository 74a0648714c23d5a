"""What follows a commit: one ordered list of reactions, the same for every appender — a person's
action, a bot's job, a missed deadline, a table move, a dispute record, a new match, the CLI.

The list is put together once, by the composition root (``service.composition``), and held by the
event store (``store.reactions``); ``match.committing`` runs it around every append. A reaction has two
halves, both optional:

- ``before(store, commit)`` runs once the batch is sealed and before it is appended. It records
  what must exist if the append lands — a due job (a bot's move, a deadline, a notice), an index
  entry — so a crash between the append and ``after`` loses nothing. What it returns is handed to
  ``after``. A failure here fails the commit (nothing is appended), unless the reaction is
  ``best_effort``; a store that does not answer always fails it, like any write.
- ``after(store, commit, prepared)`` runs once the append is stored (never for an append that found
  its command already answered, or lost its race): queue what is due now, tell, update, verify. A
  failure here is logged and the next reaction runs: the events are stored, and whatever ``before``
  recorded runs anyway.

A reaction never appends to the match it reacts to through anything but ``commit`` (revealing a
continued original is a commit of the original), so what follows that commit follows it too.
"""
import logging

from service.application.storage.connections import UNAVAILABLE

log = logging.getLogger(__name__)


class Reaction:
    """One thing that follows every commit (``name`` for the logs); override either half."""

    name = "reaction"
    best_effort = False          # a failure of ``before`` is logged, not raised (it loses only a message)

    def before(self, store, commit):
        return None

    def after(self, store, commit, prepared) -> None:
        return None


def prepare(store, commit) -> list:
    """Every reaction's ``before``, in order; what each returned, for ``follow``."""
    prepared = []
    for reaction in store.reactions:
        try:
            prepared.append(reaction.before(store, commit))
        except UNAVAILABLE:
            raise
        except Exception:
            if not reaction.best_effort:
                raise
            log.exception("%s: could not prepare what follows the commit of %s", reaction.name, commit.match_id)
            prepared.append(None)
    return prepared


def follow(store, commit, prepared: list) -> None:
    """Every reaction's ``after``, in order; a failure is logged and the rest still run."""
    for reaction, ready in zip(store.reactions, prepared):
        try:
            reaction.after(store, commit, ready)
        except Exception:  # noqa: BLE001 - the events are stored; what ``before`` recorded runs anyway
            log.exception("%s: could not follow the commit of %s at version %s", reaction.name,
                          commit.match_id, commit.version)
