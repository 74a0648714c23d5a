"""The one way anything is appended to a running match, and what it returns: ``commit``.

A decision that ends the match is followed, in the same atomic batch, by the platform's
``SeedRevealed`` event, so the secret seed becomes public exactly when the outcome does. Table
events go in batches of their own with a ``note`` command, so re-deciding a match (engine.audit)
re-decides every game batch and only folds theirs. What follows the append — the bots' moves and
the deadlines the new position needs, notices, the listing, a continued original's seed, the
verification of an ended match — is the store's list of reactions (``match.reactions``), run alike
for every appender around every append.
"""
import json
from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass, field

import orjson

from engine.core import Game, apply, clone, match_outcome, seed_revealed
from service.application.errors import Conflict
from service.application.match import reactions
from service.application.match.loading import client_items
from service.application.storage.records import now, seal
from service.application.turns.deadlines import read_waiting, waiting_after
from service.i18n import _


@dataclass(frozen=True)
class Committed:
    """What one append committed, as its appender and every reaction see it."""

    match_id: str
    game: Game
    before: dict | None        # the state before (None: a new match's opening batch)
    state: dict                # the state after
    records: tuple             # the stored events appended, in order
    meta: Mapping              # the match's meta as it stands once appended
    previous: Mapping          # the meta before ({} for a new match)
    by: str                    # who appended: seat, bot, deadline, table, reclaim, dispute, created
    ended: bool = False        # this append ended the match (an outcome; or a continued original closed)
    answer: dict | None = None     # what the appender is answered (as its seat may see it)
    repeated: bool = False     # the command had been answered before: nothing was appended now
    # the commits its reactions made for it once it was stored, in order: the automatic steps that
    # followed it (match/automatic.py), which its appender's answer takes in (match/answering.py)
    followed: list = field(default_factory=list, compare=False, repr=False)

    @property
    def version(self) -> int:
        return self.state["version"] if self.state else self.answer["version"]

    @property
    def created(self) -> bool:
        return self.before is None

    @property
    def continued(self) -> bool:
        """Continued as another match after a dispute: it keeps no clock and waits on no one."""
        return bool(self.meta.get("continued_in"))

    def through_followed(self) -> tuple["Committed", list]:
        """The last of this commit and the ones its reactions made right after it (``followed``, each
        at the version the one before ended), and the records of them all."""
        last, records = self, list(self.records)
        for step in self.followed:
            if step.repeated or step.before["version"] != last.version:
                break
            last, records = step, records + list(step.records)
        return last, records

    @property
    def continues(self) -> str | None:
        """The match this one continues after a dispute (``<id>@<version>``), if it does."""
        return self.meta.get("continues")


def repeated(match_id: str, answer: dict) -> Committed:
    """A command answered before: its first answer, nothing appended."""
    return Committed(match_id, None, None, {}, (), {}, {}, "", answer=answer, repeated=True)


def commit(store, m, batches: list, *, by: str, seed: bytes | None = None, command_key: str = "",
           command_id: str = "", seat: int | None = None, acted: bool = False,
           meta: dict | None = None, folded: dict | None = None) -> Committed:
    """Fold the ``(command, events)`` batches onto the loaded match ``m`` and append them at its version
    in one atomic append (revealing the seed in the last batch if they end the match), with ``meta``
    (fields written with them) and the clock's new ``waiting``; the reactions around it. Returns what
    was committed, its ``answer`` as ``seat`` sees it. 409 when someone appended first; a repeated
    ``command_key`` returns the first answer. ``acted``: the batches are ``seat``'s own action
    (remembered for its digest of what happened since). ``by`` names the appender. ``folded``: the
    state after the first batch's events, as its decision folded them on a copy (``acting.decide``),
    handed over."""
    events = [e for _, batch in batches for e in batch]
    state, snapshots = fold(store, m.game, m.state, events, folded=folded, done=len(batches[0][1]))
    if seed is None and match_outcome(m.game, state) is not None:
        seed = store.secret(m.match_id)
    last = list(batches[-1][1])
    ended = reveal_if_over(store, m.game, state, last, seed, snapshots)
    batches = [*batches[:-1], (batches[-1][0], last)]
    at = now()
    records, prev = [], m.last_hash
    for command, batch in batches:
        records += seal(batch, m.version + len(records), prev, at, command_id, command=command)
        prev = records[-1].hash
    answer = {"version": m.version + len(records), "after": m.version,      # after: the full answer's rebuild
              "events": client_items(m.game, records, seat, with_hash=ended)}
    update = {f"acted:{seat}": str(answer["version"])} if acted else {}
    if ended:
        update["ended"] = str(state["version"])
        update["outcome"] = json.dumps(match_outcome(m.game, state), ensure_ascii=False)
    if not (m.meta.get("continued_in") or (meta or {}).get("continued_in")):
        update.update(clock_meta(m.game, state, read_waiting(m.meta),
                                 {command["seat"] for command, _ in batches if "action" in command}, at))
    update.update(meta or {})
    done = Committed(m.match_id, m.game, m.state, state, tuple(records), ChainMap(update, m.meta), m.meta, by,
                     ended="ended" in update and not m.meta.get("ended"), answer=answer)
    prepared = reactions.prepare(store, done)
    result = store.append(m.match_id, m.version, m.last_hash, records, command_key=command_key,
                          answer=stored_json(answer), meta=update or None)
    if result.status == "duplicate":
        return repeated(m.match_id, json.loads(result.answer))
    if result.status == "conflict":
        raise stale(m.version, result.version)
    stored(store, m.match_id, state, snapshots)
    reactions.follow(store, done, prepared)
    return done


def stored_json(answer: dict) -> str:
    """The answer as the store keeps it for a retried command (read back by ``json.loads``): orjson's
    compact JSON, the standard library's for what orjson does not write (an integer past 64 bits)."""
    try:
        return orjson.dumps(answer).decode("utf-8")
    except TypeError:
        return json.dumps(answer, ensure_ascii=False)


def clock_meta(game: Game, state: dict, before: dict, movers: set, at: str) -> dict:
    """The meta's new ``waiting`` (service.application.turns.deadlines), if the clock changes it."""
    waiting = waiting_after(game, state, before, movers, at)
    return {} if waiting is None else {"waiting": json.dumps(waiting, sort_keys=True)}


def stored(store, match_id: str, state: dict, snapshots: list) -> None:
    """After an append: its snapshots, and the state cache (``state`` is handed over to it: nothing
    changes it any more)."""
    for snapshot in snapshots:
        store.save_snapshot(match_id, snapshot)
    store.remember(match_id, state, handed_over=True)


def fold(store, game: Game, state: dict | None, events: list, copy: bool = True, folded: dict | None = None,
         done: int = 0) -> tuple[dict, list]:
    """Fold ``events`` into a copy of ``state``; also copies of the state at every snapshot version.
    ``folded``: ``state`` with the first ``done`` events already folded (a copy handed over), taken
    as it is unless a snapshot falls among those events' versions."""
    if folded is not None and not any(store.snapshot_due(v) for v in range(state["version"] + 1,
                                                                             folded["version"] + 1)):
        state, events, copy = folded, events[done:], False
    state = clone(state) if state is not None and copy else state
    snapshots = []
    for event in events:
        state = apply(game, state, event)
        if store.snapshot_due(state["version"]):
            snapshots.append(clone(state))
    return state, snapshots


def reveal_if_over(store, game: Game, state: dict, events: list, seed: bytes, snapshots: list) -> bool:
    """Append SeedRevealed to ``events`` (and fold it) when ``state`` has an outcome."""
    if match_outcome(game, state) is None or "seed" in state["match"]:
        return False
    reveal = seed_revealed(seed)
    events.append(reveal)
    snapshots += fold(store, game, state, [reveal], copy=False)[1]
    return True


def stale(expected: int, current: int) -> Conflict:
    return Conflict("stale_version",
                    _("expected_version %(expected)s is stale: the match is at version %(current)s",
                      expected=expected, current=current))
